// The Arabic messages of every other screen (posting, the account and its dashboard, Spotlight): loaded
// before any of them renders (web/App.tsx), never with the listing. Precompiled (vite.messages.ts) like ./listing-ar.ts.
import account from "@rules/locales/ar/account.json?ast";
import posting from "@rules/locales/ar/posting.json?ast";
import laterPublic from "@rules/locales/ar/public.json?ast&part=screens";
import spotlight from "@rules/locales/ar/spotlight.json?ast";

export const messages = { ...laterPublic, ...posting, ...account, ...spotlight };
