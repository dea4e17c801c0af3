// The Arabic messages of the listing (/ and /jobs) and of everything on every page (header, footer, the
// lists' values, the server's messages, which `localise` needs for the listing's notices and errors): what
// web/main.tsx loads before the first render of an Arabic page.
// Precompiled to ICU AST by the build (vite.messages.ts, "?ast"), so the browser ships no ICU parser.
import common from "@rules/locales/ar/common.json?ast";
import discovery from "@rules/locales/ar/discovery.json?ast";
import publicSide from "@rules/locales/ar/public.json?ast";
import server from "@rules/locales/ar/server.json?ast";

export const messages = { ...common, ...server, ...publicSide, ...discovery };
