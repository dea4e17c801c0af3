// Built-in accounts: sign-up, sign-in (rate-limited per account and per address), refresh, sign-out, me.
import { Hono } from "hono";
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "../env";
import { HttpError } from "../http/errors";
import { requestLocale } from "../http/locale";
import { validate } from "../http/validate";
import { clientAddress, hitRateLimit, minutesToWait, peekRateLimit, resetRateLimit } from "../lib/rateLimit";
import { SIGN_IN_LIMITS, SIGN_UP_LIMIT, isEmployer } from "../rules/auth";
import { signInSchema, signUpSchema } from "../rules/authSchema";
import type { SessionResponse } from "../rules/auth";
import { m } from "../rules/serverMessages";
import { deliverSoon } from "../mail/deliverSoon";
import { clearSessionCookies } from "./cookies";
import { emailRoutes } from "./emailRoutes";
import { externalAuthEnabled } from "./external";
import { passkeyRoutes } from "./passkeyRoutes";
import { verificationStatements } from "./identity";
import { currentUser } from "./middleware";
import { dummyHash, hashPassword, verifyPassword } from "./password";
import { startSession } from "./session";
import { accountForSignIn, emailTaken, insertAccountStatement } from "./store";
import { REFRESH_COOKIE, revokeRefreshToken, rotateRefreshToken } from "./tokens";

const WINDOW_MS = SIGN_IN_LIMITS.windowMs;
const ACCOUNT_DISABLED_MESSAGE = m("server.auth.disabled");

function tooMany(retryAfterSeconds: number): HttpError {
  const minutes = minutesToWait(retryAfterSeconds);
  return new HttpError(429, m(minutes === 1 ? "server.auth.tooManySignInsOne" : "server.auth.tooManySignIns", { minutes }));
}

function builtInOnly(c: Context<AppEnv>, what: "Sign-in" | "Sign-up"): void {
  if (externalAuthEnabled(c.env)) throw new HttpError(404, m(what === "Sign-in" ? "server.auth.signInUnavailable" : "server.auth.signUpUnavailable"));
}

export const authRoutes = new Hono<AppEnv>()
  .get("/me", async (c) => {
    const user = await currentUser(c);
    return c.json({ user, accessExpiresAt: user ? (c.get("accessExpiresAt") ?? null) : null } satisfies SessionResponse);
  })
  .post("/sign-up", validate("json", signUpSchema), async (c) => {
    builtInOnly(c, "Sign-up");
    const { email, password, name, company } = c.req.valid("json");
    const limit = await hitRateLimit(c.env.DB, { key: `signup:ip:${clientAddress(c.req.raw)}`, limit: SIGN_UP_LIMIT.perAddress, windowMs: SIGN_UP_LIMIT.windowMs });
    if (!limit.allowed) throw new HttpError(429, "Too many accounts created from this address. Please try again later.");
    if (await emailTaken(c.env.DB, email)) throw new HttpError(409, m("server.auth.emailTaken"), undefined, "email_taken");
    const id = crypto.randomUUID();
    // The account keeps the language it signed up in, for its e-mails.
    const account = { id, email, passwordHash: await hashPassword(password), name, company, locale: requestLocale(c) };
    try {
      // One verification e-mail, in the same batch: sign-up is never slowed down or refused for it (issue 23).
      await c.env.DB.batch([insertAccountStatement(c.env.DB, account), ...(await verificationStatements(c.env, account, email, isEmployer({ company, isSpotlightUser: false, posted: false })))]);
    } catch {
      throw new HttpError(409, m("server.auth.emailTaken"), undefined, "email_taken");
    }
    deliverSoon(c);
    return c.json(await startSession(c, id), 201);
  })
  .post("/sign-in", validate("json", signInSchema), async (c) => {
    builtInOnly(c, "Sign-in");
    const { email, password } = c.req.valid("json");
    const byAddress = await hitRateLimit(c.env.DB, { key: `signin:ip:${clientAddress(c.req.raw)}`, limit: SIGN_IN_LIMITS.perAddress, windowMs: WINDOW_MS });
    if (!byAddress.allowed) throw tooMany(byAddress.retryAfterSeconds);
    const accountRule = { key: `signin:account:${email}`, limit: SIGN_IN_LIMITS.perAccount, windowMs: WINDOW_MS };
    const byAccount = await peekRateLimit(c.env.DB, accountRule);
    if (!byAccount.allowed) throw tooMany(byAccount.retryAfterSeconds);
    const account = await accountForSignIn(c.env.DB, email);
    const ok = await verifyPassword(password, account?.password_hash ?? (await dummyHash()));
    if (!account || !ok) {
      await hitRateLimit(c.env.DB, accountRule);
      throw new HttpError(401, "Invalid email or password");
    }
    await resetRateLimit(c.env.DB, accountRule.key);
    if (account.disabled_at) throw new HttpError(403, ACCOUNT_DISABLED_MESSAGE, undefined, "account_disabled");
    return c.json(await startSession(c, account.id, { version: account.token_version }));
  })
  .post("/refresh", async (c) => {
    const token = getCookie(c, REFRESH_COOKIE);
    const rotated = token ? await rotateRefreshToken(c.env.DB, token) : null;
    if (!rotated) {
      clearSessionCookies(c);
      throw new HttpError(401, "Your session has ended. Please sign in again.");
    }
    return c.json(await startSession(c, rotated.accountId, { version: rotated.version, refresh: rotated.token }));
  })
  .post("/sign-out", async (c) => {
    const token = getCookie(c, REFRESH_COOKIE);
    if (token) await revokeRefreshToken(c.env.DB, token);
    clearSessionCookies(c);
    return c.json({ ok: true });
  })
  .route("/", emailRoutes)
  .route("/passkeys", passkeyRoutes);
