// The e-mailed links (issue 23): prove an address (POST /verify-email, "Resend the e-mail" at
// /resend-verification), and a forgotten password (/forgot-password sends a link, /reset-password uses it).
// The links open web pages (/verify-email, /reset-password) that post the token here, so a mail scanner that
// follows links does not use them up.
import { Hono } from "hono";
import type { AppEnv, Env } from "../env";
import { HttpError } from "../http/errors";
import { validate } from "../http/validate";
import { tooManyEmails } from "../http/rateLimited";
import { clientAddress, hitRateLimit } from "../lib/rateLimit";
import { deliverSoon } from "../mail/deliverSoon";
import { FORGOT_PASSWORD_LIMITS, RESEND_VERIFICATION_LIMIT } from "../rules/auth";
import { forgotPasswordSchema, resetPasswordSchema, verifyEmailSchema } from "../rules/authSchema";
import { m } from "../rules/serverMessages";
import { requestPasswordReset, resetPassword, verificationStatements, verifyEmail } from "./identity";
import { requireUser } from "./middleware";
import { accountForIdentity, findSessionUser } from "./store";
import { subscriptionAndCompany } from "../spotlight/store";
import { logError } from "../lib/log";

/** Tells the account's Spotlight company (if any) its owner's confirmed address; a failure is logged, never the link's. */
async function spotlightOwnerAddress(env: Env, accountId: string, email: string): Promise<void> {
  try {
    const { company } = await subscriptionAndCompany(env.DB, accountId);
    if (company) await env.SPOTLIGHT.getByName(company.id).ownerAddressChanged(accountId, email);
  } catch (err) {
    logError("auth.verify_email.spotlight_address_failed", err);
  }
}

export const emailRoutes = new Hono<AppEnv>()
  .post("/verify-email", validate("json", verifyEmailSchema), async (c) => {
    const { accountId, email, changed, already } = await verifyEmail(c.env, c.req.valid("json").token);
    deliverSoon(c);
    // A Spotlight company's jobs that give no address of their own take applications at the owner's: the new one now.
    if (changed) await spotlightOwnerAddress(c.env, accountId, email);
    // `changed`: the link confirmed a new address for an account (Settings), not a new account's first one.
    // `already`: the link was used before (or has expired) and its address is confirmed.
    // `employer`: where the page offers to sign in to, when opened signed out (a candidate was sent to the dashboard).
    const employer = (await findSessionUser(c.env.DB, accountId, Date.now()))?.employer ?? false;
    return c.json({ verified: true, email, changed, already, employer });
  })
  .post("/resend-verification", async (c) => {
    const user = await requireUser(c);
    if (user.emailVerified) throw new HttpError(409, m("server.auth.alreadyVerified"), undefined, "already_verified");
    const limit = await hitRateLimit(c.env.DB, { key: `verify:account:${user.id}`, limit: RESEND_VERIFICATION_LIMIT.perAccount, windowMs: RESEND_VERIFICATION_LIMIT.windowMs });
    if (!limit.allowed) throw tooManyEmails(limit);
    const account = await accountForIdentity(c.env.DB, { id: user.id });
    if (!account) throw new HttpError(401, m("server.auth.sessionEnded"));
    await c.env.DB.batch(await verificationStatements(c.env, account, account.email, user.employer));
    deliverSoon(c);
    return c.json({ sent: true, email: account.email });
  })
  .post("/forgot-password", validate("json", forgotPasswordSchema), async (c) => {
    const { email } = c.req.valid("json");
    const { windowMs } = FORGOT_PASSWORD_LIMITS;
    // Counted for every address typed, with an account or not, so the limit reveals nothing either.
    const byClient = await hitRateLimit(c.env.DB, { key: `forgot:ip:${clientAddress(c.req.raw)}`, limit: FORGOT_PASSWORD_LIMITS.perClient, windowMs });
    if (!byClient.allowed) throw tooManyEmails(byClient);
    const byEmail = await hitRateLimit(c.env.DB, { key: `forgot:email:${email}`, limit: FORGOT_PASSWORD_LIMITS.perEmail, windowMs });
    if (!byEmail.allowed) throw tooManyEmails(byEmail);
    await requestPasswordReset(c.env, email);
    deliverSoon(c);
    // The same answer whether the address has an account or not.
    return c.json({ sent: true });
  })
  .post("/reset-password", validate("json", resetPasswordSchema), async (c) => {
    const { token, password } = c.req.valid("json");
    await resetPassword(c.env, token, password);
    deliverSoon(c);
    return c.json({ reset: true });
  });
