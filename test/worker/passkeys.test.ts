// Issue 23, item 6: passkeys (WebAuthn) beside the password: register one in Settings, sign in with it, remove it.
// The ceremonies run for real against generated attestations and assertions (test/support/webauthn.ts).
import { env } from "cloudflare:workers";
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { GOOD_PASSWORD, ORIGIN, call, cookiesFrom, signUp } from "../support/auth";
import type { Session } from "../support/auth";
import { SoftAuthenticator } from "../support/webauthn";

const post = (path: string, cookie: string | undefined, json: unknown = {}) => call(path, { method: "POST", cookie, json });
const me = async (cookie: string) => ((await (await call("/api/auth/me", { cookie })).json()) as { user: { id: string } | null }).user;

async function registerWith(s: Session, authenticator = new SoftAuthenticator(), name = "My laptop") {
  const options = (await (await post("/api/auth/passkeys/register/options", s.cookie)).json()) as PublicKeyCredentialCreationOptionsJSON;
  const res = await post("/api/auth/passkeys/register", s.cookie, { response: await authenticator.register(options), name });
  return { res, authenticator, options };
}

async function signInWith(authenticator: SoftAuthenticator, overrides: { signer?: SoftAuthenticator } = {}) {
  const options = (await (await post("/api/auth/passkeys/sign-in/options", undefined)).json()) as PublicKeyCredentialRequestOptionsJSON;
  const response = await authenticator.assert(options, overrides);
  return { res: await post("/api/auth/passkeys/sign-in", undefined, { response }), response };
}

describe("register a passkey", () => {
  it("a signed-in account registers one (a 'none' attestation for its single-use challenge); it is listed by name", async () => {
    const s = await signUp();
    expect((await post("/api/auth/passkeys/register/options", undefined)).status).toBe(401);
    const { res, authenticator, options } = await registerWith(s);
    expect(options.rp).toEqual({ name: "Startup Jobs", id: "localhost" });
    expect(options.user.name).toBe(s.email);
    expect(options.authenticatorSelection?.residentKey).toBe("required");
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ passkey: { id: authenticator.id, name: "My laptop" } });
    const list = (await (await call("/api/auth/passkeys", { cookie: s.cookie })).json()) as { passkeys: { id: string; name: string }[] };
    expect(list.passkeys).toEqual([expect.objectContaining({ id: authenticator.id, name: "My laptop", lastUsedAt: null })]);
    // The next options exclude it, so the same authenticator is not registered twice.
    const again = (await (await post("/api/auth/passkeys/register/options", s.cookie)).json()) as PublicKeyCredentialCreationOptionsJSON;
    expect(again.excludeCredentials?.map((c) => c.id)).toEqual([authenticator.id]);
  });

  it("refused, with nothing stored: another site's origin, a challenge never issued, a used challenge, another account's challenge", async () => {
    const s = await signUp();
    const other = await signUp();
    const options = (await (await post("/api/auth/passkeys/register/options", s.cookie)).json()) as PublicKeyCredentialCreationOptionsJSON;
    const cases = [await new SoftAuthenticator().register(options, { origin: "https://evil.example" }), await new SoftAuthenticator().register(options, { challenge: "bm90LWlzc3VlZA" })];
    for (const response of cases) {
      const res = await post("/api/auth/passkeys/register", s.cookie, { response });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: "The passkey could not be verified. Please try again.", code: "passkey_failed" });
    }
    // The challenge was used by the first (refused) attempt: it never works again.
    expect((await post("/api/auth/passkeys/register", s.cookie, { response: await new SoftAuthenticator().register(options) })).status).toBe(400);
    // A challenge made for one account is refused to another (and stays its own account's); used once, never again.
    const fresh = (await (await post("/api/auth/passkeys/register/options", s.cookie)).json()) as PublicKeyCredentialCreationOptionsJSON;
    const response = await new SoftAuthenticator().register(fresh);
    expect((await post("/api/auth/passkeys/register", other.cookie, { response })).status).toBe(400);
    expect((await post("/api/auth/passkeys/register", s.cookie, { response })).status).toBe(201);
    const replay = await new SoftAuthenticator().register(fresh);
    expect((await post("/api/auth/passkeys/register", s.cookie, { response: replay })).status).toBe(400);
    const count = (id: string) => env.DB.prepare("SELECT count(*) AS n FROM passkeys WHERE account_id = ?").bind(id).first<{ n: number }>();
    expect((await count(s.userId))!.n).toBe(1);
    expect((await count(other.userId))!.n).toBe(0);
  });

  it("bad input is a 400 naming it, never a 500", async () => {
    const s = await signUp();
    for (const body of [
      {},
      { response: "x" },
      { response: { id: "a", rawId: "a", type: "other", response: {} } },
      { response: { id: "a", rawId: "a", type: "public-key", response: {} }, name: "x".repeat(61) },
    ]) {
      const res = await post("/api/auth/passkeys/register", s.cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe("sign in with a passkey", () => {
  it("a registered passkey signs its account in (a session like a password's); the assertion cannot be replayed", async () => {
    const s = await signUp();
    const { authenticator } = await registerWith(s);
    const { res, response } = await signInWith(authenticator);
    expect(res.status).toBe(200);
    const session = cookiesFrom(res);
    expect((await me(session))?.id).toBe(s.userId);
    const body = (await res.json()) as { user: { id: string } };
    expect(body.user.id).toBe(s.userId);
    const replay = await post("/api/auth/passkeys/sign-in", undefined, { response });
    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatchObject({ code: "passkey_failed" });
    const stored = await env.DB.prepare("SELECT counter, last_used_at FROM passkeys WHERE id = ?").bind(authenticator.id).first<{ counter: number; last_used_at: number | null }>();
    expect(stored).toMatchObject({ counter: 1, last_used_at: expect.any(Number) });
  });

  it("one assertion sent 10 times at once signs in once", async () => {
    const s = await signUp();
    const { authenticator } = await registerWith(s);
    const options = (await (await post("/api/auth/passkeys/sign-in/options", undefined)).json()) as PublicKeyCredentialRequestOptionsJSON;
    const response = await authenticator.assert(options);
    const results = await Promise.all(Array.from({ length: 10 }, () => post("/api/auth/passkeys/sign-in", undefined, { response })));
    expect(results.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(401)]);
  });

  it("refused: an unknown passkey, a signature by another key, a disabled account", async () => {
    const s = await signUp();
    const { authenticator } = await registerWith(s);
    const unknown = await signInWith(new SoftAuthenticator());
    expect(unknown.res.status).toBe(401);
    expect(await unknown.res.json()).toEqual({ error: "This passkey is not registered on this site.", code: "passkey_unknown" });
    const forged = await signInWith(authenticator, { signer: new SoftAuthenticator() });
    expect(forged.res.status).toBe(401);
    // Disabled by an operator: no sign-in with a passkey either.
    const admin = await signUp();
    const adminEnv = { ...env, ADMIN_EMAILS: admin.email };
    const disable = await app.request(
      `/api/admin/accounts/${s.userId}/disable`,
      { method: "POST", headers: { Cookie: admin.cookie, Origin: ORIGIN, "Content-Type": "application/json" }, body: JSON.stringify({ reason: "Checking" }) },
      adminEnv,
    );
    expect(disable.status).toBe(200);
    const disabled = await signInWith(authenticator);
    expect(disabled.res.status).toBe(403);
    expect(await disabled.res.json()).toMatchObject({ code: "account_disabled" });
  });
});

describe("remove a passkey", () => {
  it("the owner removes it and it no longer signs in; nobody else can remove it", async () => {
    const s = await signUp();
    const other = await signUp();
    const { authenticator } = await registerWith(s);
    const path = `/api/auth/passkeys/${encodeURIComponent(authenticator.id)}`;
    expect((await call(path, { method: "DELETE", cookie: other.cookie })).status).toBe(404);
    expect((await call(path, { method: "DELETE" })).status).toBe(401);
    expect((await call(path, { method: "DELETE", cookie: s.cookie })).status).toBe(200);
    expect((await call(path, { method: "DELETE", cookie: s.cookie })).status).toBe(404);
    expect((await signInWith(authenticator)).res.status).toBe(401);
    // The password still works.
    expect((await call("/api/auth/sign-in", { method: "POST", json: { email: s.email, password: GOOD_PASSWORD } })).status).toBe(200);
  });

  it("deleting the account removes its passkeys", async () => {
    const s = await signUp();
    const { authenticator } = await registerWith(s);
    expect((await post("/api/account/delete", s.cookie, { currentPassword: GOOD_PASSWORD })).status).toBe(200);
    expect((await signInWith(authenticator)).res.status).toBe(401);
  });
});
