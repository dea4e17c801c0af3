// The job alert schemas: POST /api/alerts validates with them, and the signup form (web/components/AlertSignup.tsx)
// checks the address with alertEmailSchema, loading this module (and zod) only when the form is sent.
import { z } from "zod";
import { m } from "./serverMessages";
import { ALERT_MESSAGES } from "./alerts";
import { placeIn as placeInScript } from "./searchAliases";

// The alert box names a place typed in the other script in the page's (Dubai: «دبي» on /ar), as the alert's e-mails do;
// it loads the table with this module, on demand, as the listing's first load has no room for it.
export const placeIn = (locale: string, location: string) => placeInScript(locale === "ar" ? "arabic" : "latin", location);

export const alertEmailSchema = z
  .string({ error: ALERT_MESSAGES.email })
  .transform((s) => s.trim().toLowerCase())
  .pipe(z.string().min(1, ALERT_MESSAGES.email).max(254, ALERT_MESSAGES.emailFormat).pipe(z.email(ALERT_MESSAGES.emailFormat)));

/** POST /api/alerts: the address and the /jobs query string the filters come from. */
export const alertRequestSchema = z.object({
  email: alertEmailSchema,
  query: z.string().max(2000, m("server.alerts.filtersLong")).default(""),
});
