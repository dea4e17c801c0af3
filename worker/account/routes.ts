// Account settings: name and company, really saved (renaming the company also renames it on the user's jobs
// through the one company-rename path, worker/jobs/store.ts); the password, the e-mail address (proved before
// it takes over), "Sign out everywhere", "Download my data" and "Delete my account" (issue 23; the flows are in
// worker/auth/identity.ts, ./export.ts and ./deletion.ts).
import { Hono } from "hono";
import { clearSessionCookies } from "../auth/cookies";
import { changePassword, checkPassword, endEverySession, verificationStatements } from "../auth/identity";
import { requireUser } from "../auth/middleware";
import { startSession } from "../auth/session";
import { accountChoicesOf, accountLanguageStatement, emailTaken, saveApplicationNoticesStatement, saveSettingsStatement } from "../auth/store";
import type { AppEnv } from "../env";
import { HttpError } from "../http/errors";
import { tooManyEmails } from "../http/rateLimited";
import { validate } from "../http/validate";
import { renameCompanyStatements } from "../jobs/store";
import { hitRateLimit } from "../lib/rateLimit";
import { deliverSoon } from "../mail/deliverSoon";
import { applicationNoticesSchema } from "../rules/applications";
import { RESEND_VERIFICATION_LIMIT } from "../rules/auth";
import { accountLanguageSchema, changeEmailSchema, changePasswordSchema, deleteAccountSchema, settingsSchema } from "../rules/authSchema";
import { m } from "../rules/serverMessages";
import { deleteAccount } from "./deletion";
import { exportAccount } from "./export";

export const accountRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const user = await requireUser(c, "You must be signed in");
    return c.json({ email: user.email, name: user.name, company: user.company, ...(await accountChoicesOf(c.env.DB, user.id)) });
  })
  // How the employer hears of applications: an e-mail for each, or one daily digest (decision 0604).
  .put("/application-notices", validate("json", applicationNoticesSchema), async (c) => {
    const user = await requireUser(c, "You must be signed in");
    const { applicationNotices } = c.req.valid("json");
    await saveApplicationNoticesStatement(c.env.DB, user.id, applicationNotices).run();
    return c.json({ applicationNotices });
  })
  // The language of the account's mails (decision 0509); a checkout sets it too, to the language it was started in.
  .put("/language", validate("json", accountLanguageSchema), async (c) => {
    const user = await requireUser(c, "You must be signed in");
    const { locale } = c.req.valid("json");
    await accountLanguageStatement(c.env.DB, user.id, locale).run();
    return c.json({ locale });
  })
  .patch("/", validate("json", settingsSchema), async (c) => {
    const user = await requireUser(c, "You must be signed in");
    const { name, company } = c.req.valid("json");
    const now = Date.now();
    const renamed = company && user.company && company !== user.company ? await renameCompanyStatements(c.env.DB, user.id, { kind: "name", company: user.company }, { company }, now) : [];
    await c.env.DB.batch([saveSettingsStatement(c.env.DB, user.id, { name, company }, now), ...renamed]);
    return c.json({ email: user.email, name, company, ...(await accountChoicesOf(c.env.DB, user.id)) });
  })
  // Every other session ends; this client gets a new one.
  .post("/password", validate("json", changePasswordSchema), async (c) => {
    const user = await requireUser(c);
    const { currentPassword, newPassword } = c.req.valid("json");
    await changePassword(c.env, user.id, currentPassword, newPassword);
    deliverSoon(c);
    return c.json(await startSession(c, user.id));
  })
  // The new address gets a link; the account keeps the old one until it is followed (then the old one is told).
  .post("/email", validate("json", changeEmailSchema), async (c) => {
    const user = await requireUser(c);
    const { email, currentPassword } = c.req.valid("json");
    const account = await checkPassword(c.env, user.id, currentPassword);
    if (email === account.email) throw new HttpError(400, m("server.auth.sameEmail"), [{ path: "email", message: m("server.auth.sameEmail") }]);
    if (await emailTaken(c.env.DB, email)) throw new HttpError(409, m("server.auth.emailTaken"), undefined, "email_taken");
    const limit = await hitRateLimit(c.env.DB, { key: `verify:account:${user.id}`, limit: RESEND_VERIFICATION_LIMIT.perAccount, windowMs: RESEND_VERIFICATION_LIMIT.windowMs });
    if (!limit.allowed) throw tooManyEmails(limit);
    await c.env.DB.batch(await verificationStatements(c.env, account, email, user.employer));
    deliverSoon(c);
    return c.json({ pendingEmail: email }, 202);
  })
  .post("/sign-out-everywhere", async (c) => {
    const user = await requireUser(c);
    await endEverySession(c.env, user.id);
    clearSessionCookies(c);
    return c.json({ ok: true });
  })
  // "Download my data": a JSON file of everything kept about the account.
  .get("/export", async (c) => {
    const user = await requireUser(c);
    const data = await exportAccount(c.env.DB, user);
    c.header("Content-Disposition", `attachment; filename="startup-jobs-data-${new Date().toISOString().slice(0, 10)}.json"`);
    c.header("Cache-Control", "private, no-store");
    return c.json(data);
  })
  // "Delete my account", after the password (what is kept and why: docs/decisions/0301-account-deletion.md).
  .post("/delete", validate("json", deleteAccountSchema), async (c) => {
    const user = await requireUser(c);
    await deleteAccount(c.env, user.id, c.req.valid("json").currentPassword, c.req.url);
    // The employers of the applications it withdrew are told (worker/applications/withdrawal.ts), and the candidates
    // of the applications to its jobs, closed with it (worker/applications/closing.ts).
    deliverSoon(c);
    clearSessionCookies(c);
    return c.json({ deleted: true });
  });
