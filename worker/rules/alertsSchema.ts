// The job alert schemas: POST /api/alerts validates with them, and the signup form (web/components/AlertSignup.tsx)
// checks the address with alertEmailSchema, loading this module (and zod) only when the form is sent.
import { z } from "zod";
import { m } from "./serverMessages";
import { ALERT_MESSAGES } from "./alerts";

export const alertEmailSchema = z
  .string({ error: ALERT_MESSAGES.email })
  .transform((s) => s.trim().toLowerCase())
  .pipe(z.string().min(1, ALERT_MESSAGES.email).max(254, ALERT_MESSAGES.emailFormat).pipe(z.email(ALERT_MESSAGES.emailFormat)));

/** POST /api/alerts: the address and the /jobs query string the filters come from. */
export const alertRequestSchema = z.object({
  email: alertEmailSchema,
  query: z.string().max(2000, m("server.alerts.filtersLong")).default(""),
});
