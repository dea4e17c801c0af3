// /api/auth/passkeys: register a passkey (signed in), list and remove them, and sign in with one (issue 23).
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { HttpError } from "../http/errors";
import { validate } from "../http/validate";
import { clientAddress, hitRateLimit } from "../lib/rateLimit";
import { SIGN_IN_LIMITS } from "../rules/auth";
import { m } from "../rules/serverMessages";
import { externalAuthEnabled } from "./external";
import { requireUser } from "./middleware";
import { deletePasskey } from "./passkeyStore";
import { listPasskeys, passkeyNotFound, registerPasskey, registrationOptions, signInOptions, verifyPasskeySignIn } from "./passkeys";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { startSession } from "./session";
import { accountForIdentity } from "./store";

const NAME_MAX = 60;
// The authenticator's answer: checked field by field by the WebAuthn library; here only its shape and size.
const credentialJson = z.object({ id: z.string().min(1).max(1024), rawId: z.string().max(1024), type: z.literal("public-key"), response: z.record(z.string(), z.unknown()) }).passthrough();
const registerBody = z.object({
  response: credentialJson,
  name: z
    .string()
    .trim()
    .max(NAME_MAX, m("server.auth.passkeyNameMax", { max: NAME_MAX }))
    .optional()
    .default(""),
});
const signInBody = z.object({ response: credentialJson });

export const passkeyRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const user = await requireUser(c);
    return c.json({ passkeys: await listPasskeys(c.env.DB, user.id) });
  })
  .post("/register/options", async (c) => {
    const user = await requireUser(c);
    return c.json(await registrationOptions(c, user));
  })
  .post("/register", validate("json", registerBody), async (c) => {
    const user = await requireUser(c);
    const { response, name } = c.req.valid("json");
    const passkey = await registerPasskey(c, user.id, response as unknown as RegistrationResponseJSON, name || `Passkey ${new Date().toISOString().slice(0, 10)}`);
    return c.json({ passkey }, 201);
  })
  .delete("/:id", validate("param", z.object({ id: z.string().min(1).max(1024) })), async (c) => {
    const user = await requireUser(c);
    if (!(await deletePasskey(c.env.DB, user.id, c.req.valid("param").id))) throw passkeyNotFound();
    return c.json({ ok: true });
  })
  .post("/sign-in/options", async (c) => {
    if (externalAuthEnabled(c.env)) throw new HttpError(404, m("server.auth.signInUnavailable"));
    const limit = await hitRateLimit(c.env.DB, { key: `passkey:ip:${clientAddress(c.req.raw)}`, limit: SIGN_IN_LIMITS.perAddress, windowMs: SIGN_IN_LIMITS.windowMs });
    if (!limit.allowed) throw new HttpError(429, m("server.http.tooManyRequests"));
    return c.json(await signInOptions(c));
  })
  .post("/sign-in", validate("json", signInBody), async (c) => {
    if (externalAuthEnabled(c.env)) throw new HttpError(404, m("server.auth.signInUnavailable"));
    const accountId = await verifyPasskeySignIn(c, c.req.valid("json").response as unknown as AuthenticationResponseJSON);
    const account = await accountForIdentity(c.env.DB, { id: accountId });
    if (account?.disabled_at) throw new HttpError(403, m("server.auth.disabled"), undefined, "account_disabled");
    return c.json(await startSession(c, accountId));
  });
