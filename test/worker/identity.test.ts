// Issue 23, identity (items 1-4): e-mail verification, admin rights only for a verified address, forgot
// password, and the settings that end sessions (password, e-mail, "Sign out everywhere", a token version per
// account so that a token issued before a disable stays useless after the enable).
import { env } from "cloudflare:workers";
import { SignJWT, exportJWK, generateKeyPair } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { DEV_ADMIN_EMAIL } from "../../worker/admin/gate";
import { app } from "../../worker/app";
import { clearJwksCache } from "../../worker/auth/external";
import { resetPassword, verifyEmail } from "../../worker/auth/identity";
import { FORGOT_PASSWORD_LIMITS, LINK_TTL_MS, RESEND_VERIFICATION_LIMIT } from "../../worker/rules/auth";
import { GOOD_PASSWORD, ORIGIN, call, cookiesFrom, linkTokenFromOutbox, signUp, uniqueEmail, verifyAddress } from "../support/auth";
import type { Session } from "../support/auth";
import { checkoutJob, jobDetails, purchase } from "../support/fixtures";

const NEW_PASSWORD = "An0ther!Passw0rd";
const post = (path: string, cookie: string | undefined, json?: unknown, headers?: Record<string, string>) => call(path, { method: "POST", cookie, json: json ?? {}, headers });
const me = async (cookie: string) => ((await (await call("/api/auth/me", { cookie })).json()) as { user: { id: string; email: string; emailVerified: boolean } | null }).user;
const signIn = (email: string, password: string) =>
  call("/api/auth/sign-in", { method: "POST", json: { email, password }, headers: { "CF-Connecting-IP": `10.77.${Math.floor(Math.random() * 250)}.1` } });
const mails = async (to: string, kind?: string) =>
  (
    await env.DB.prepare(`SELECT kind, subject, text, html FROM mail_outbox WHERE "to" = ?${kind ? " AND kind = ?" : ""} ORDER BY created_at, rowid`)
      .bind(...(kind ? [to, kind] : [to]))
      .all<{ kind: string; subject: string; text: string; html: string }>()
  ).results;
const count = async (sql: string, ...params: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...params)
    .first<{ n: number }>())!.n;

describe("1. e-mail verification", () => {
  it("a new account gets one verification e-mail, in its language: a link to /verify-email that works once", async () => {
    const s = await signUp(undefined, undefined, { verified: false });
    expect((await me(s.cookie))?.emailVerified).toBe(false);
    const sent = await mails(s.email);
    expect(sent.map((m) => m.kind)).toEqual(["verify_email"]);
    expect(sent[0]!.subject).toBe("Confirm your e-mail address");
    expect(sent[0]!.text).toMatch(/\/verify-email\?token=[\w-]{40,}/);
    expect(sent[0]!.text).toContain("24 hours");
    const token = await linkTokenFromOutbox(s.email, "verify_email");
    const first = await post("/api/auth/verify-email", undefined, { token });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ verified: true, email: s.email, changed: false, already: false, employer: false });
    expect((await me(s.cookie))?.emailVerified).toBe(true);
    // Used once: opened again, it confirms nothing new and says the address already is (account-pages-reading.test.ts).
    const again = await post("/api/auth/verify-email", undefined, { token });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ verified: true, email: s.email, changed: false, already: true, employer: false });
  });

  it("an Arabic sign-up gets its verification e-mail in Arabic, with an /ar link", async () => {
    const email = uniqueEmail("ar");
    const res = await call("/api/auth/sign-up", { method: "POST", json: { email, password: GOOD_PASSWORD }, headers: { "Accept-Language": "ar", "CF-Connecting-IP": "10.88.1.1" } });
    expect(res.status).toBe(201);
    const [mail] = await mails(email, "verify_email");
    expect(mail!.subject).toBe("أكّد بريدك الإلكتروني");
    expect(mail!.text).toMatch(/\/ar\/verify-email\?token=/);
    expect(mail!.html).toContain('dir="rtl"');
    // A candidate (no company) applies without the address: the mail says so, not what waits for an employer.
    expect(mail!.text).toContain("يمكنك تصفح الوظائف والتقدّم لها في هذه الأثناء.");
    expect(mail!.text).not.toContain("الدفع");
    // An employer's says what waits for it.
    const employer = uniqueEmail("ar-employer");
    await call("/api/auth/sign-up", { method: "POST", json: { email: employer, password: GOOD_PASSWORD, company: "أفق" }, headers: { "Accept-Language": "ar", "CF-Connecting-IP": "10.88.1.2" } });
    const [theirs] = await mails(employer, "verify_email");
    // Not «الدفع والنشر من رصيد الإعلانات», which read as paying from the credits (a sixteenth reading).
    expect(theirs!.text).toContain("وبعد التأكيد يمكنك الدفع والنشر والاشتراك في سبوتلايت.");
  });

  it("the link lasts 24 hours", async () => {
    const s = await signUp(undefined, undefined, { verified: false });
    const token = await linkTokenFromOutbox(s.email, "verify_email");
    const sentAt = (await env.DB.prepare("SELECT created_at FROM account_tokens WHERE account_id = ?").bind(s.userId).first<{ created_at: number }>())!.created_at;
    await expect(verifyEmail(env, token, sentAt + LINK_TTL_MS.verify_email + 1)).rejects.toMatchObject({ code: "link_invalid" });
    expect((await me(s.cookie))?.emailVerified).toBe(false);
    await verifyEmail(env, token, sentAt + LINK_TTL_MS.verify_email - 60_000);
    expect((await me(s.cookie))?.emailVerified).toBe(true);
  });

  it("bad tokens are a 400 with a clear error, never a 500", async () => {
    for (const body of [{}, { token: "" }, { token: "x".repeat(500) }, { token: "not-a-real-token" }]) {
      const res = await post("/api/auth/verify-email", undefined, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBeTruthy();
    }
  });

  it("until the address is verified: checkout, credit checkout, credit posts and Spotlight checkout answer 403 email_unverified and change nothing; browsing and the dashboard work", async () => {
    const s = await signUp(undefined, undefined, { verified: false });
    const orders0 = await count("SELECT count(*) AS n FROM orders WHERE user_id = ?", s.userId);
    const refused = [
      await checkoutJob(s.cookie, { job: jobDetails(), purchase: purchase(), submissionId: crypto.randomUUID() }),
      await post("/api/checkout/credits", s.cookie, { bundleId: "standard" }),
      await post("/api/jobs/with-credit", s.cookie, { job: jobDetails(), submissionId: crypto.randomUUID() }),
      await post("/api/spotlight/checkout", s.cookie, {}),
    ];
    for (const res of refused) {
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: "Please verify your e-mail address first: open the link we sent you, or ask for a new e-mail.", code: "email_unverified" });
    }
    expect(await count("SELECT count(*) AS n FROM orders WHERE user_id = ?", s.userId)).toBe(orders0);
    expect((await call("/api/dashboard/jobs", { cookie: s.cookie })).status).toBe(200);
    expect((await call("/api/jobs")).status).toBe(200);
    await verifyAddress(s);
    expect((await checkoutJob(s.cookie, { job: jobDetails(), purchase: purchase(), submissionId: crypto.randomUUID() })).status).toBe(200);
  });

  it("the 403 is in the request's language", async () => {
    const s = await signUp(undefined, undefined, { verified: false });
    const res = await post("/api/checkout/credits", s.cookie, { bundleId: "standard" }, { "Accept-Language": "ar" });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: "يُرجى تأكيد بريدك الإلكتروني أولًا: افتح الرابط الذي أرسلناه إليك، أو اطلب رسالة جديدة.", code: "email_unverified" });
  });

  it(`"Resend the e-mail" sends a new link (the old one still works), ${RESEND_VERIFICATION_LIMIT.perAccount} an hour, and 409 once verified`, async () => {
    const s = await signUp(undefined, undefined, { verified: false });
    expect((await post("/api/auth/resend-verification", undefined)).status).toBe(401);
    for (let i = 0; i < RESEND_VERIFICATION_LIMIT.perAccount; i++) {
      const res = await post("/api/auth/resend-verification", s.cookie);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ sent: true, email: s.email });
    }
    expect((await mails(s.email, "verify_email")).length).toBe(1 + RESEND_VERIFICATION_LIMIT.perAccount);
    const limited = await post("/api/auth/resend-verification", s.cookie);
    expect(limited.status).toBe(429);
    // When, from the window's real end, as the sign-in lockout says it: «يُرجى المحاولة لاحقًا» gave no time (the twentieth reading).
    const { error } = (await limited.json()) as { error: string };
    const minutes = Number(/^Too many e-mails asked for\. Please try again in (\d+) minutes?\.$/.exec(error)?.[1]);
    const windowEnd = (now: number) => Math.max(1, Math.ceil((now - (now % RESEND_VERIFICATION_LIMIT.windowMs) + RESEND_VERIFICATION_LIMIT.windowMs - now) / 60_000));
    expect(minutes).toBeGreaterThanOrEqual(windowEnd(Date.now()));
    expect(minutes).toBeLessThanOrEqual(60);
    const arabic = (await (await post("/api/auth/resend-verification", s.cookie, {}, { "Accept-Language": "ar" })).json()) as { error: string };
    expect(arabic.error).toMatch(/^طلبتَ عددًا كبيرًا من الرسائل لهذا البريد\. حاول مرة أخرى بعد (دقيقة واحدة|دقيقتين|\d+ (دقائق|دقيقة))\.$/u);
    expect((await mails(s.email, "verify_email")).length).toBe(1 + RESEND_VERIFICATION_LIMIT.perAccount);
    await verifyAddress(s);
    const t = await signUp();
    const done = await post("/api/auth/resend-verification", t.cookie);
    expect(done.status).toBe(409);
    expect(await done.json()).toMatchObject({ code: "already_verified" });
  });

  it("10 verifications of one link at once: one wins, the others are refused", async () => {
    const s = await signUp(undefined, undefined, { verified: false });
    const token = await linkTokenFromOutbox(s.email, "verify_email");
    const results = await Promise.all(Array.from({ length: 10 }, () => post("/api/auth/verify-email", undefined, { token })));
    expect(results.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(400)]);
  });

  it("an external identity provider's verified-e-mail claim counts as verified (and its absence does not)", async () => {
    const { publicKey, privateKey } = await generateKeyPair("RS256");
    const jwk = { ...(await exportJWK(publicKey)), kid: "k1", alg: "RS256", use: "sig" };
    const jwksUrl = "https://id.example/.well-known/jwks.json";
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL) => {
      if (String(input instanceof Request ? input.url : input) === jwksUrl) return Response.json({ keys: [jwk] });
      throw new Error(`unexpected fetch ${String(input)}`);
    }) as typeof fetch;
    clearJwksCache();
    try {
      const extEnv = { ...env, AUTH_JWKS_URL: jwksUrl, AUTH_ISSUER: "https://id.example", AUTH_AUDIENCE: "startup-jobs" };
      const sign = (sub: string, claims: Record<string, unknown>) =>
        new SignJWT(claims)
          .setProtectedHeader({ alg: "RS256", kid: "k1" })
          .setSubject(sub)
          .setIssuer("https://id.example")
          .setAudience("startup-jobs")
          .setIssuedAt()
          .setExpirationTime("5m")
          .sign(privateKey);
      const ask = async (t: string) => ((await (await app.request("/api/auth/me", { headers: { Authorization: `Bearer ${t}` } }, extEnv)).json()) as { user: { emailVerified: boolean } | null }).user;
      expect(await ask(await sign("ext_verified", { email: "ext-v@example.com", email_verified: true }))).toMatchObject({ emailVerified: true });
      expect(await ask(await sign("ext_unverified", { email: "ext-u@example.com" }))).toMatchObject({ emailVerified: false });
      // The same identity, verified later by its provider.
      expect(await ask(await sign("ext_unverified", { email: "ext-u@example.com", email_verified: true }))).toMatchObject({ emailVerified: true });
    } finally {
      globalThis.fetch = realFetch;
      clearJwksCache();
    }
  });
});

describe("2. admin rights only for a verified address", () => {
  const askAdmin = (cookie: string, path: string, vars: Record<string, string | undefined> = {}) => app.request(path, { headers: { Cookie: cookie } }, { ...env, ...vars });

  it("with ADMIN_EMAILS=ops@…, signing up first as OPS@… gives no rights until that account has verified the address", async () => {
    const vars = { ADMIN_EMAILS: "ops@board.example" };
    const s = await signUp("OPS@board.example", undefined, { verified: false });
    expect((await askAdmin(s.cookie, "/api/admin/me", vars)).status).toBe(404);
    expect((await askAdmin(s.cookie, "/api/admin/accounts", vars)).status).toBe(404);
    await verifyAddress({ email: "ops@board.example" });
    expect((await askAdmin(s.cookie, "/api/admin/me", vars)).status).toBe(200);
    expect((await askAdmin(s.cookie, "/api/admin/accounts", vars)).status).toBe(200);
  });

  it(`locally, signing up as ${DEV_ADMIN_EMAIL} is not enough: the address must be verified (the local mailbox)`, async () => {
    const s = await signUp(DEV_ADMIN_EMAIL, undefined, { verified: false });
    expect((await askAdmin(s.cookie, "/api/admin/me")).status).toBe(404);
    const page = await askAdmin(s.cookie, "/admin");
    expect(page.status).toBe(404);
    await page.body?.cancel();
    await verifyAddress(s);
    expect((await askAdmin(s.cookie, "/api/admin/me")).status).toBe(200);
    const granted = await askAdmin(s.cookie, "/admin");
    expect(granted.status).toBe(200);
    await granted.body?.cancel();
  });
});

describe("3. forgot password", () => {
  const forgot = (email: string, ip = `10.66.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`) =>
    post("/api/auth/forgot-password", undefined, { email }, { "CF-Connecting-IP": ip });

  it("the answer is the same whether the address has an account or not; only an account gets the e-mail (a link to /reset-password that lasts 1 hour)", async () => {
    const s = await signUp();
    const known = await forgot(s.email);
    const unknown = await forgot(uniqueEmail("nobody"));
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(await known.json()).toEqual(await unknown.json());
    const [mail] = await mails(s.email, "reset_password");
    expect(mail!.subject).toBe("Reset your password");
    expect(mail!.text).toMatch(/\/reset-password\?token=[\w-]{40,}/);
    expect(mail!.text).toContain("1 hour");
    expect(await count("SELECT count(*) AS n FROM mail_outbox WHERE kind = 'reset_password' AND \"to\" LIKE 'nobody%'")).toBe(0);
  });

  it(`rate-limited: ${FORGOT_PASSWORD_LIMITS.perEmail} an hour per address, ${FORGOT_PASSWORD_LIMITS.perClient} per client`, async () => {
    const s = await signUp();
    for (let i = 0; i < FORGOT_PASSWORD_LIMITS.perEmail; i++) expect((await forgot(s.email)).status).toBe(200);
    const limited = await forgot(s.email);
    expect(limited.status).toBe(429);
    // When, from the window's real end, as the sign-in lockout says it: «يُرجى المحاولة لاحقًا» gave no time (the twentieth reading).
    const { error } = (await limited.json()) as { error: string };
    const minutes = Number(/^Too many e-mails asked for\. Please try again in (\d+) minutes?\.$/.exec(error)?.[1]);
    const windowEnd = (now: number) => Math.max(1, Math.ceil((now - (now % FORGOT_PASSWORD_LIMITS.windowMs) + FORGOT_PASSWORD_LIMITS.windowMs - now) / 60_000));
    expect(minutes).toBeGreaterThanOrEqual(windowEnd(Date.now()));
    expect(minutes).toBeLessThanOrEqual(60);
    const arabic = (await (await post("/api/auth/forgot-password", undefined, { email: s.email }, { "Accept-Language": "ar" })).json()) as { error: string };
    expect(arabic.error).toMatch(/^طلبتَ عددًا كبيرًا من الرسائل لهذا البريد\. حاول مرة أخرى بعد (دقيقة واحدة|دقيقتين|\d+ (دقائق|دقيقة))\.$/u);
    expect((await mails(s.email, "reset_password")).length).toBe(FORGOT_PASSWORD_LIMITS.perEmail);
    const ip = "10.55.55.55";
    for (let i = 0; i < FORGOT_PASSWORD_LIMITS.perClient; i++) expect((await forgot(uniqueEmail("many"), ip)).status).toBe(200);
    expect((await forgot(uniqueEmail("many"), ip)).status).toBe(429);
  });

  it("setting the new password revokes every session and refresh token, sends 'Your password was changed', and the link works once", async () => {
    const s = await signUp();
    const second = cookiesFrom(await signIn(s.email, GOOD_PASSWORD));
    await forgot(s.email);
    const token = await linkTokenFromOutbox(s.email, "reset_password");
    const weak = await post("/api/auth/reset-password", undefined, { token, password: "short" });
    expect(weak.status).toBe(400);
    const res = await post("/api/auth/reset-password", undefined, { token, password: NEW_PASSWORD });
    expect(res.status).toBe(200);
    for (const cookie of [s.cookie, second]) {
      expect(await me(cookie)).toBeNull();
      expect((await post("/api/auth/refresh", cookie)).status).toBe(401);
    }
    expect((await mails(s.email, "password_changed")).map((m) => m.subject)).toEqual(["Your password was changed"]);
    expect((await signIn(s.email, GOOD_PASSWORD)).status).toBe(401);
    expect((await signIn(s.email, NEW_PASSWORD)).status).toBe(200);
    const again = await post("/api/auth/reset-password", undefined, { token, password: "Third!Passw0rd" });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ code: "link_invalid" });
  });

  it("an Arabic account's reset and 'password changed' e-mails are in Arabic, with /ar links", async () => {
    const email = uniqueEmail("ar-reset");
    await call("/api/auth/sign-up", { method: "POST", json: { email, password: GOOD_PASSWORD }, headers: { "Accept-Language": "ar", "CF-Connecting-IP": "10.88.2.2" } });
    expect((await forgot(email)).status).toBe(200);
    const [reset] = await mails(email, "reset_password");
    expect(reset!.subject).toBe("إعادة تعيين كلمة المرور");
    expect(reset!.text).toMatch(/\/ar\/reset-password\?token=/);
    expect(reset!.html).toContain('dir="rtl"');
    const token = await linkTokenFromOutbox(email, "reset_password");
    expect((await post("/api/auth/reset-password", undefined, { token, password: NEW_PASSWORD })).status).toBe(200);
    const [changed] = await mails(email, "password_changed");
    expect(changed!.subject).toBe("تم تغيير كلمة المرور");
    expect(changed!.text).toMatch(/\/ar\/forgot-password/);
  });

  it("one reset link used 10 times at once sets one password", async () => {
    const s = await signUp();
    await forgot(s.email);
    const token = await linkTokenFromOutbox(s.email, "reset_password");
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => post("/api/auth/reset-password", undefined, { token, password: `${NEW_PASSWORD}${i}` })));
    expect(results.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(400)]);
    expect((await mails(s.email, "password_changed")).length).toBe(1);
  });

  it("the reset link lasts 1 hour", async () => {
    const s = await signUp();
    await forgot(s.email);
    const token = await linkTokenFromOutbox(s.email, "reset_password");
    const sentAt = (await env.DB.prepare("SELECT created_at FROM account_tokens WHERE account_id = ? AND purpose = 'reset_password'").bind(s.userId).first<{ created_at: number }>())!.created_at;
    await expect(resetPassword(env, token, NEW_PASSWORD, sentAt + LINK_TTL_MS.reset_password + 1)).rejects.toMatchObject({ code: "link_invalid" });
    expect((await signIn(s.email, GOOD_PASSWORD)).status).toBe(200);
  });
});

describe("4. settings: password, e-mail, sessions, and a token version per account", () => {
  it("changing the password asks for the current one; other sessions end, this one stays, and the owner is told", async () => {
    const s = await signUp();
    const other = cookiesFrom(await signIn(s.email, GOOD_PASSWORD));
    const wrong = await post("/api/account/password", s.cookie, { currentPassword: "Wrong!Passw0rd", newPassword: NEW_PASSWORD });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: "Your current password is not correct.", issues: [{ path: "currentPassword" }] });
    expect(await me(other)).not.toBeNull();
    const weak = await post("/api/account/password", s.cookie, { currentPassword: GOOD_PASSWORD, newPassword: "weak" });
    expect(weak.status).toBe(400);
    // The current one again changes nothing, and is not reported as changed (the twentieth reading); in Arabic too.
    const same = await post("/api/account/password", s.cookie, { currentPassword: GOOD_PASSWORD, newPassword: GOOD_PASSWORD }, { "Accept-Language": "ar" });
    expect(same.status).toBe(400);
    expect(await same.json()).toMatchObject({ error: expect.stringContaining("كلمة المرور الجديدة مطابقة للحالية، فاختر كلمة مرور مختلفة."), issues: [{ path: "newPassword" }] });
    expect(await me(other)).not.toBeNull();
    expect(await mails(s.email, "password_changed")).toEqual([]);
    const res = await post("/api/account/password", s.cookie, { currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(200);
    const mine = cookiesFrom(res, s.cookie);
    expect((await me(mine))?.id).toBe(s.userId);
    expect(await me(other)).toBeNull();
    expect((await post("/api/auth/refresh", other)).status).toBe(401);
    // The old access cookie of this very client is useless too; the new one works.
    expect(await me(s.cookie)).toBeNull();
    expect((await post("/api/auth/refresh", mine)).status).toBe(200);
    expect((await mails(s.email, "password_changed")).length).toBe(1);
    expect((await signIn(s.email, NEW_PASSWORD)).status).toBe(200);
  });

  it("changing the e-mail: the new address is verified before it takes over, and the old one is told", async () => {
    const s = await signUp();
    const next = uniqueEmail("moved");
    expect((await post("/api/account/email", s.cookie, { email: next, currentPassword: "Wrong!Passw0rd" })).status).toBe(400);
    expect((await post("/api/account/email", s.cookie, { email: s.email, currentPassword: GOOD_PASSWORD })).status).toBe(400);
    const taken = await signUp();
    expect((await post("/api/account/email", s.cookie, { email: taken.email, currentPassword: GOOD_PASSWORD })).status).toBe(409);
    const res = await post("/api/account/email", s.cookie, { email: next.toUpperCase(), currentPassword: GOOD_PASSWORD });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ pendingEmail: next });
    expect((await me(s.cookie))?.email).toBe(s.email);
    const [mail] = await mails(next, "verify_email");
    expect(mail!.text).toContain(`Please confirm ${next} as the new address`);
    // Its own subject: the sign-up's «أكّد بريدك الإلكتروني» read as if the account were new (issue 25).
    expect(mail!.subject).toBe("Confirm your new e-mail address");
    // The answer says it was a change, so the page speaks of the new address, not of paying and posting (issue 25).
    const confirmed = await post("/api/auth/verify-email", undefined, { token: await linkTokenFromOutbox(next, "verify_email") });
    expect(await confirmed.json()).toEqual({ verified: true, email: next, changed: true, already: false, employer: false });
    expect(await me(s.cookie)).toMatchObject({ email: next, emailVerified: true });
    const told = await mails(s.email, "email_changed");
    expect(told.map((m) => m.subject)).toEqual(["Your e-mail address was changed"]);
    expect(told[0]!.text).toContain(next);
    expect((await signIn(next, GOOD_PASSWORD)).status).toBe(200);
    expect((await signIn(s.email, GOOD_PASSWORD)).status).toBe(401);
  });

  it("a change to an address another account proves first fails with 409 and leaves the account as it was", async () => {
    const s = await signUp();
    const wanted = uniqueEmail("wanted");
    expect((await post("/api/account/email", s.cookie, { email: wanted, currentPassword: GOOD_PASSWORD })).status).toBe(202);
    const token = await linkTokenFromOutbox(wanted, "verify_email");
    await signUp(wanted);
    const res = await post("/api/auth/verify-email", undefined, { token });
    expect(res.status).toBe(409);
    expect((await me(s.cookie))?.email).toBe(s.email);
  });

  it('"Sign out everywhere" ends every session, this one included', async () => {
    const s = await signUp();
    const other = cookiesFrom(await signIn(s.email, GOOD_PASSWORD));
    const res = await post("/api/account/sign-out-everywhere", s.cookie);
    expect(res.status).toBe(200);
    for (const cookie of [s.cookie, other]) {
      expect(await me(cookie)).toBeNull();
      expect((await post("/api/auth/refresh", cookie)).status).toBe(401);
    }
    expect((await signIn(s.email, GOOD_PASSWORD)).status).toBe(200);
  });

  describe("a disable", () => {
    let admin: Session;
    const asAdmin = (path: string, json: unknown) =>
      app.request(path, { method: "POST", headers: { Cookie: admin.cookie, Origin: ORIGIN, "Content-Type": "application/json" }, body: JSON.stringify(json) }, { ...env, ADMIN_EMAILS: admin.email });
    beforeAll(async () => {
      admin = await signUp(uniqueEmail("operator"));
    });

    it("an access token issued before a disable does not work after the re-enable", async () => {
      const s = await signUp();
      expect((await me(s.cookie))?.id).toBe(s.userId);
      expect((await asAdmin(`/api/admin/accounts/${s.userId}/disable`, { reason: "Checking a report" })).status).toBe(200);
      expect(await me(s.cookie)).toBeNull();
      expect((await asAdmin(`/api/admin/accounts/${s.userId}/enable`, { reason: "Report cleared" })).status).toBe(200);
      // Within the access token's 15 minutes: still refused.
      expect(await me(s.cookie)).toBeNull();
      expect((await checkoutJob(s.cookie, { job: jobDetails(), purchase: purchase(), submissionId: crypto.randomUUID() })).status).toBe(401);
      const again = await signIn(s.email, GOOD_PASSWORD);
      expect(again.status).toBe(200);
      expect((await me(cookiesFrom(again)))?.id).toBe(s.userId);
    });
  });

  it("a token without the version claim, or with another version, is refused", async () => {
    const s = await signUp();
    const secret = new TextEncoder().encode(env.JWT_SECRET);
    const build = (claims: Record<string, unknown>) =>
      new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).setSubject(s.userId).setIssuer("startup-jobs").setAudience("startup-jobs").setIssuedAt().setExpirationTime("5m").sign(secret);
    expect(await me(`sj_access=${await build({ ver: 0 })}`)).not.toBeNull();
    expect(await me(`sj_access=${await build({})}`)).toBeNull();
    expect(await me(`sj_access=${await build({ ver: 1 })}`)).toBeNull();
  });
});

describe("the same e-mail twice", () => {
  it("signing up twice with one address: one account, one verification e-mail", async () => {
    const email = uniqueEmail("twice");
    const [a, b] = await Promise.all([0, 1].map((i) => call("/api/auth/sign-up", { method: "POST", json: { email, password: GOOD_PASSWORD }, headers: { "CF-Connecting-IP": `10.44.0.${i}` } })));
    expect([a!.status, b!.status].sort()).toEqual([201, 409]);
    expect((await mails(email, "verify_email")).length).toBe(1);
  });
});
