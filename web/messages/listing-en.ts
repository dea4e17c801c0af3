// The English messages of the listing (/ and /jobs) and of everything on every page (header, footer, the
// lists' values): what web/main.tsx loads before the first render of an English page. The server's other
// messages are English text already (`localise` leaves them as they are), so they wait in ./screens-en.ts.
// Precompiled to ICU AST by the build (vite.messages.ts, "?ast"), so the browser ships no ICU parser.
import common from "@rules/locales/en/common.json?ast";
import publicSide from "@rules/locales/en/public.json?ast&part=listing";
import values from "@rules/locales/en/server.json?ast&part=listing";

export const messages = { ...common, ...values, ...publicSide };
