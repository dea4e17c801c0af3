// The English messages of every other screen (posting, the account and its dashboard, Spotlight): loaded
// before any of them renders (web/App.tsx), never with the listing. Precompiled (vite.messages.ts) like ./listing-en.ts.
import account from "@rules/locales/en/account.json?ast";
import posting from "@rules/locales/en/posting.json?ast";
import laterPublic from "@rules/locales/en/public.json?ast&part=screens";
import server from "@rules/locales/en/server.json?ast&part=screens";
import spotlight from "@rules/locales/en/spotlight.json?ast";

export const messages = { ...laterPublic, ...server, ...posting, ...account, ...spotlight };
