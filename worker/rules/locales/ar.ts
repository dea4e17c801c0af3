// The Arabic catalogue: one JSON file per area of the product, merged. Keys are "area.name"; messages
// are ICU MessageFormat. It has exactly the keys of the English one (./en.ts) (test/unit/catalogues.test.ts).
import account from "./ar/account.json";
import common from "./ar/common.json";
import discovery from "./ar/discovery.json";
import mail from "./ar/mail.json";
import posting from "./ar/posting.json";
import publicSide from "./ar/public.json";
import server from "./ar/server.json";
import spotlight from "./ar/spotlight.json";

export const ar: Record<string, string> = { ...common, ...server, ...publicSide, ...posting, ...account, ...spotlight, ...discovery, ...mail };
