// The English catalogue: one JSON file per area of the product, merged. Keys are "area.name"; messages
// are ICU MessageFormat. The Arabic catalogue (./ar.ts) has exactly the same keys (test/unit/catalogues.test.ts).
import account from "./en/account.json";
import common from "./en/common.json";
import discovery from "./en/discovery.json";
import mail from "./en/mail.json";
import posting from "./en/posting.json";
import publicSide from "./en/public.json";
import server from "./en/server.json";
import spotlight from "./en/spotlight.json";

export const en = { ...common, ...server, ...publicSide, ...posting, ...account, ...spotlight, ...discovery, ...mail };
export type MessageId = keyof typeof en;
/** The server's own messages (validation and domain errors): what `localise` reads English text back against. */
export const serverEn: Readonly<Record<string, string>> = server;
