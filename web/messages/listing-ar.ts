// The Arabic messages of the listing (/ and /jobs) and of everything on every page (header, footer, the
// lists' values, the server's messages, which `localise` needs for the listing's notices and errors): what
// web/main.tsx loads before the first render of an Arabic page.
// Precompiled to ICU AST by the build (vite.messages.ts, "?ast"), so the browser ships no ICU parser.
import common from "@rules/locales/ar/common.json?ast";
import publicSide from "@rules/locales/ar/public.json?ast&part=listing";
import server from "@rules/locales/ar/server.json?ast";
// The English server catalogue, which `localise` reads back (web/i18n.tsx): only an Arabic page needs it.
export { default as serverEnglish } from "@rules/locales/en/server.json";

export const messages = { ...common, ...server, ...publicSide };
