// The operator console (/api/admin/*): who may use it (ADMIN_EMAILS, Cloudflare Access), that everyone
// else gets 404 with nothing changed, refunds exactly once (replayed requests and charge.refunded events),
// the audit log written for every action, resend, disabling accounts, replaying failed webhook events.
import { env, exports } from "cloudflare:workers";
import { SignJWT, exportJWK, generateKeyPair } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { DEV_ADMIN_EMAIL, clearAccessKeyCache } from "../../worker/admin/gate";
import { app } from "../../worker/app";
import { emulatorPaymentIntentId } from "../../worker/payments/emulator";
import { EMULATOR_WEBHOOK_SECRET } from "../../worker/payments/provider";
import { signStripePayload } from "../../worker/payments/signature";
import { ORIGIN, call, cookiesFrom, signUp } from "../support/auth";
import type { Session } from "../support/auth";
import { checkoutJob, jobDetails, purchase } from "../support/fixtures";

let admin: Session;
beforeAll(async () => {
  admin = await signUp(DEV_ADMIN_EMAIL);
});

const post = (path: string, cookie: string | undefined, json: unknown) => call(path, { method: "POST", cookie, json });
const reason = { reason: "Reported as spam by two visitors" };

async function paidJob(s: Session) {
  const res = await checkoutJob(s.cookie, { job: jobDetails(), purchase: purchase(), submissionId: crypto.randomUUID() });
  const { id, orderId, jobId } = (await res.json()) as { id: string; orderId: string; jobId: string };
  await exports.default.fetch(`http://localhost/api/emulator/checkout/${id}/pay`, { method: "POST", redirect: "manual" });
  return { sessionId: id, orderId, jobId };
}

async function paidCredits(s: Session) {
  const res = await post("/api/checkout/credits", s.cookie, { bundleId: "standard" });
  const { id, orderId } = (await res.json()) as { id: string; orderId: string };
  await exports.default.fetch(`http://localhost/api/emulator/checkout/${id}/pay`, { method: "POST", redirect: "manual" });
  return { sessionId: id, orderId };
}

const count = async (sql: string, ...params: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...params)
    .first<{ n: number }>())!.n;
const auditRows = () => count("SELECT count(*) AS n FROM admin_audit");
const onBoard = async (jobId: string) => ((await (await call(`/api/jobs?limit=100`)).json()) as { jobs: { id: string }[] }).jobs.some((j) => j.id === jobId);

async function deliverEvent(event: Record<string, unknown>) {
  const payload = JSON.stringify(event);
  const signature = await signStripePayload(payload, EMULATOR_WEBHOOK_SECRET);
  return exports.default.fetch(`${ORIGIN}/api/stripe/webhook`, { method: "POST", headers: { "Stripe-Signature": signature, "Content-Type": "application/json" }, body: payload });
}

describe("who may use the operator console", () => {
  it("every admin route is refused to a normal user and to a signed-out visitor: 404 { error: 'Not found' }, nothing changed", async () => {
    const user = await signUp();
    const target = await signUp();
    const { orderId, jobId } = await paidJob(target);
    const routes: [string, string, unknown?][] = [
      ["GET", "/api/admin/me"],
      ["GET", "/api/admin/jobs"],
      ["POST", `/api/admin/jobs/${jobId}/unpublish`, reason],
      ["POST", `/api/admin/jobs/${jobId}/restore`, reason],
      ["POST", `/api/admin/jobs/${jobId}/delete`, reason],
      ["POST", `/api/admin/jobs/${jobId}/enhancement`, { ...reason, enhancement: "sticky", on: true }],
      ["GET", "/api/admin/orders?status=paid"],
      ["GET", `/api/admin/orders/${orderId}`],
      ["POST", `/api/admin/orders/${orderId}/refund`, { ...reason, key: "refused-key-1" }],
      ["GET", "/api/admin/webhook-events"],
      ["POST", "/api/admin/webhook-events/evt_x/replay", reason],
      ["GET", "/api/admin/outbox"],
      ["POST", "/api/admin/outbox/x/resend", reason],
      ["GET", "/api/admin/accounts"],
      ["POST", `/api/admin/accounts/${target.userId}/disable`, reason],
      ["POST", `/api/admin/accounts/${target.userId}/enable`, reason],
      ["GET", "/api/admin/contact-messages"],
      ["POST", "/api/admin/contact-messages/x/handled", reason],
      ["GET", "/api/admin/audit"],
      ["GET", "/api/admin/no-such-route"],
    ];
    const before = await env.DB.prepare(
      "SELECT (SELECT count(*) FROM admin_audit) AS audit, (SELECT count(*) FROM refunds) AS refunds, (SELECT published FROM jobs WHERE id = ?) AS published, (SELECT enhancements FROM jobs WHERE id = ?) AS enh, (SELECT count(*) FROM refresh_tokens WHERE revoked_at IS NOT NULL) AS revoked",
    )
      .bind(jobId, jobId)
      .first();
    for (const cookie of [user.cookie, undefined]) {
      for (const [method, path, body] of routes) {
        const res = await call(path, { method, cookie, ...(body ? { json: body } : {}) });
        expect(res.status, `${method} ${path} ${cookie ? "as a user" : "signed out"}`).toBe(404);
        expect(await res.json()).toEqual({ error: "Not found" });
      }
    }
    const after = await env.DB.prepare(
      "SELECT (SELECT count(*) FROM admin_audit) AS audit, (SELECT count(*) FROM refunds) AS refunds, (SELECT published FROM jobs WHERE id = ?) AS published, (SELECT enhancements FROM jobs WHERE id = ?) AS enh, (SELECT count(*) FROM refresh_tokens WHERE revoked_at IS NOT NULL) AS revoked",
    )
      .bind(jobId, jobId)
      .first();
    expect(after).toEqual(before);
    expect(await onBoard(jobId)).toBe(true);
  });

  it("the /admin page answers the app's HTML with 404 to a normal user and a signed-out visitor, 200 to an admin, never cached", async () => {
    const user = await signUp();
    for (const cookie of [user.cookie, undefined]) {
      const res = await call("/admin", { cookie });
      expect(res.status).toBe(404);
      expect(res.headers.get("Content-Type")).toMatch(/^text\/html/);
      expect(res.headers.get("Cache-Control")).toBe("private, no-store");
      await res.body?.cancel();
    }
    const mine = await call("/admin", { cookie: admin.cookie });
    expect(mine.status).toBe(200);
    expect(await mine.text()).toContain('<div id="root"');
  });

  it("an account whose e-mail is in ADMIN_EMAILS is an admin; others are not (and the local default applies only without ADMIN_EMAILS)", async () => {
    const ops = await signUp("ops-person@example.com");
    const ask = (cookie: string, vars: Record<string, string | undefined>) => app.request("/api/admin/me", { headers: { Cookie: cookie } }, { ...env, ...vars });
    expect((await ask(ops.cookie, { ADMIN_EMAILS: "someone@example.com, OPS-person@example.com" })).status).toBe(200);
    expect(await (await ask(ops.cookie, { ADMIN_EMAILS: "ops-person@example.com" })).json()).toEqual({ admin: { email: "ops-person@example.com", via: "account" } });
    expect((await ask(ops.cookie, { ADMIN_EMAILS: "someone@example.com" })).status).toBe(404);
    // With ADMIN_EMAILS set, the local default admin is not an admin any more.
    expect((await ask(admin.cookie, { ADMIN_EMAILS: "ops-person@example.com" })).status).toBe(404);
    expect((await ask(admin.cookie, {})).status).toBe(200);
    // Off a local host there is no default admin.
    const remote = await app.request("https://jobs.example.com/api/admin/me", { headers: { Cookie: admin.cookie } }, { ...env, APP_URL: "https://jobs.example.com" });
    expect(remote.status).toBe(404);
  });

  it("a Cloudflare Access JWT is accepted when valid (signature, audience, issuer, expiry) and refused otherwise", async () => {
    const { publicKey, privateKey } = await generateKeyPair("RS256");
    const { privateKey: otherKey } = await generateKeyPair("RS256");
    const jwk = { ...(await exportJWK(publicKey)), kid: "acc1", alg: "RS256", use: "sig" };
    const certs = "https://myteam.cloudflareaccess.com/cdn-cgi/access/certs";
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL) => {
      if (String(input instanceof Request ? input.url : input) === certs) return Response.json({ keys: [jwk] });
      throw new Error(`unexpected fetch ${String(input)}`);
    }) as typeof fetch;
    clearAccessKeyCache();
    try {
      const vars = { ...env, ACCESS_TEAM_DOMAIN: "myteam", ACCESS_AUD: "aud-tag-123" };
      const sign = (o: { aud?: string; iss?: string; exp?: string | number; key?: CryptoKey } = {}) =>
        new SignJWT({ email: "Operator@Example.com" })
          .setProtectedHeader({ alg: "RS256", kid: "acc1" })
          .setSubject("access-user-1")
          .setIssuer(o.iss ?? "https://myteam.cloudflareaccess.com")
          .setAudience(o.aud ?? "aud-tag-123")
          .setIssuedAt()
          .setExpirationTime(o.exp ?? "5m")
          .sign(o.key ?? privateKey);
      const ask = async (token: string) => app.request("/api/admin/me", { headers: { "Cf-Access-Jwt-Assertion": token } }, vars);
      const ok = await ask(await sign());
      expect(ok.status).toBe(200);
      expect(await ok.json()).toEqual({ admin: { email: "operator@example.com", via: "access" } });
      expect((await ask(await sign({ aud: "another-app" }))).status).toBe(404);
      expect((await ask(await sign({ iss: "https://evil.cloudflareaccess.com" }))).status).toBe(404);
      expect((await ask(await sign({ exp: Math.floor(Date.now() / 1000) - 60 }))).status).toBe(404);
      expect((await ask(await sign({ key: otherKey }))).status).toBe(404);
      expect((await ask("not-a-jwt")).status).toBe(404);
      // Without the Access variables, the header counts for nothing.
      expect((await app.request("/api/admin/me", { headers: { "Cf-Access-Jwt-Assertion": await sign() } }, env)).status).toBe(404);
    } finally {
      globalThis.fetch = realFetch;
      clearAccessKeyCache();
    }
  });

  it("configuration: ACCESS_TEAM_DOMAIN and ACCESS_AUD are both set or neither; ADMIN_EMAILS must be e-mail addresses", async () => {
    const { configProblem } = await import("../../worker/config");
    const base = { APP_URL: "https://jobs.example.com", JWT_SECRET: "x".repeat(40) };
    const url = "https://jobs.example.com/";
    expect(configProblem({ ...base, ACCESS_TEAM_DOMAIN: "myteam" }, url)).toMatch(/^ACCESS_AUD is required/);
    expect(configProblem({ ...base, ACCESS_AUD: "aud" }, url)).toMatch(/^ACCESS_TEAM_DOMAIN is required/);
    expect(configProblem({ ...base, ACCESS_TEAM_DOMAIN: "myteam", ACCESS_AUD: "aud" }, url)).toBeNull();
    expect(configProblem({ ...base, ADMIN_EMAILS: "ops@example.com, not-an-address" }, url)).toMatch(/^ADMIN_EMAILS must be/);
    expect(configProblem({ ...base, ADMIN_EMAILS: "ops@example.com,cto@example.com" }, url)).toBeNull();
  });
});

describe("refunds from the console", () => {
  it("refund exactly once under 10 identical requests at once; the job leaves search; one audit row", async () => {
    const employer = await signUp();
    const { orderId, jobId, sessionId } = await paidJob(employer);
    expect(await onBoard(jobId)).toBe(true);
    const audit0 = await auditRows();
    const body = { reason: "Customer asked for a refund", key: "refund-key-0001" };
    const results = await Promise.all(Array.from({ length: 10 }, () => post(`/api/admin/orders/${orderId}/refund`, admin.cookie, body)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await count("SELECT count(*) AS n FROM refunds WHERE order_id = ?", orderId)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM emulator_refunds WHERE payment_intent_id = ?", emulatorPaymentIntentId(sessionId))).toBe(1);
    expect(await env.DB.prepare("SELECT amount, status FROM refunds WHERE order_id = ?").bind(orderId).first()).toEqual({ amount: 19900, status: "succeeded" });
    expect(await auditRows()).toBe(audit0 + 1);
    expect(await env.DB.prepare("SELECT actor, action, target_type, target_id, reason FROM admin_audit ORDER BY created_at DESC LIMIT 1").first()).toEqual({
      actor: DEV_ADMIN_EMAIL,
      action: "order.refund",
      target_type: "order",
      target_id: orderId,
      reason: "Customer asked for a refund",
    });
    expect((await env.DB.prepare("SELECT status FROM orders WHERE id = ?").bind(orderId).first<{ status: string }>())!.status).toBe("refunded");
    expect(await onBoard(jobId)).toBe(false);
    // The same request again: nothing more.
    expect((await post(`/api/admin/orders/${orderId}/refund`, admin.cookie, body)).status).toBe(200);
    expect(await count("SELECT count(*) AS n FROM refunds WHERE order_id = ?", orderId)).toBe(1);
    expect(await auditRows()).toBe(audit0 + 1);
    // Nothing left to refund: a new key is refused with 409 and changes nothing.
    const more = await post(`/api/admin/orders/${orderId}/refund`, admin.cookie, { reason: "Again", key: "refund-key-0002" });
    expect(more.status).toBe(409);
    expect(await auditRows()).toBe(audit0 + 1);
    const detail = (await (await call(`/api/admin/orders/${orderId}`, { cookie: admin.cookie })).json()) as { refunds: unknown[]; payments: unknown[]; events: { type: string }[] };
    expect(detail.refunds).toHaveLength(1);
    expect(detail.payments).toHaveLength(1);
    expect(detail.events.map((e) => e.type)).toContain("checkout.session.completed");
  });

  it("a partial refund of a credit order returns money only by default; taking credits back is explicit (spent ones stay spent)", async () => {
    const employer = await signUp();
    const { orderId } = await paidCredits(employer);
    const posted = await post("/api/jobs/with-credit", employer.cookie, { job: jobDetails(), submissionId: crypto.randomUUID() });
    expect(posted.status).toBe(201);
    expect(((await (await call("/api/credits", { cookie: employer.cookie })).json()) as { totalPostsRemaining: number }).totalPostsRemaining).toBe(4);
    const res = await post(`/api/admin/orders/${orderId}/refund`, admin.cookie, { reason: "Partial goodwill refund", key: "partial-key-01", amountCents: 10000 });
    expect(res.status).toBe(200);
    expect(((await (await call("/api/credits", { cookie: employer.cookie })).json()) as { totalPostsRemaining: number }).totalPostsRemaining).toBe(4);
    expect(await env.DB.prepare("SELECT amount, status FROM refunds WHERE order_id = ?").bind(orderId).first()).toEqual({ amount: 10000, status: "succeeded" });
    // Partly refunded: the order is not marked refunded in full, but it is listed under "refunded".
    expect((await env.DB.prepare("SELECT status FROM orders WHERE id = ?").bind(orderId).first<{ status: string }>())!.status).toBe("paid");
    const listed = (await (await call("/api/admin/orders?status=refunded", { cookie: admin.cookie })).json()) as { orders: { id: string; refunded: number }[] };
    expect(listed.orders.find((o) => o.id === orderId)?.refunded).toBe(10000);
  });

  it("bad refund input is a 400 naming the field and changes nothing", async () => {
    const employer = await signUp();
    const { orderId } = await paidJob(employer);
    const audit0 = await auditRows();
    for (const body of [
      { key: "bad-input-key-1" },
      { reason: "ok reason", key: "bad-input-key-1", amountCents: -5 },
      { reason: "ok reason", key: "bad-input-key-1", amountCents: 1.5 },
      { reason: "ok reason" },
    ]) {
      const res = await post(`/api/admin/orders/${orderId}/refund`, admin.cookie, body);
      expect(res.status).toBe(400);
    }
    expect(((await (await post(`/api/admin/orders/${orderId}/refund`, admin.cookie, { key: "bad-input-key-1" })).json()) as { error: string }).error).toMatch(/reason/);
    expect(await count("SELECT count(*) AS n FROM refunds WHERE order_id = ?", orderId)).toBe(0);
    expect(await auditRows()).toBe(audit0);
    expect((await post(`/api/admin/orders/nope/refund`, admin.cookie, { reason: "ok reason", key: "bad-input-key-1" })).status).toBe(404);
  });

  it("a refund made in the Stripe Dashboard (charge.refunded) unpublishes the job once; the replayed event changes nothing", async () => {
    const employer = await signUp();
    const { orderId, jobId, sessionId } = await paidJob(employer);
    const event = {
      id: `evt_refund_${crypto.randomUUID().slice(0, 8)}`,
      type: "charge.refunded",
      data: {
        object: {
          id: "ch_1",
          object: "charge",
          payment_intent: emulatorPaymentIntentId(sessionId),
          amount: 19900,
          amount_refunded: 19900,
          refunds: { data: [{ id: `re_${crypto.randomUUID().slice(0, 8)}`, amount: 19900, status: "succeeded", metadata: {} }] },
        },
      },
    };
    expect((await deliverEvent(event)).status).toBe(200);
    expect(await onBoard(jobId)).toBe(false);
    expect(await env.DB.prepare("SELECT amount, status FROM refunds WHERE order_id = ?").bind(orderId).first()).toEqual({ amount: 19900, status: "succeeded" });
    expect((await env.DB.prepare("SELECT status FROM orders WHERE id = ?").bind(orderId).first<{ status: string }>())!.status).toBe("refunded");
    // An admin restores the job meanwhile; the replayed event must not take it down again or record a second refund.
    expect((await post(`/api/admin/jobs/${jobId}/restore`, admin.cookie, { reason: "Kept as a courtesy" })).status).toBe(200);
    const replays = await Promise.all(Array.from({ length: 10 }, () => deliverEvent(event)));
    expect(replays.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await count("SELECT count(*) AS n FROM refunds WHERE order_id = ?", orderId)).toBe(1);
    expect(await onBoard(jobId)).toBe(true);
    // And the event of a refund this app made itself (its key in the metadata) only links the row.
    const other = await paidJob(employer);
    await post(`/api/admin/orders/${other.orderId}/refund`, admin.cookie, { reason: "Duplicate posting", key: "own-refund-key-1" });
    const own = await env.DB.prepare("SELECT key, provider_refund_id FROM refunds WHERE order_id = ?").bind(other.orderId).first<{ key: string; provider_refund_id: string }>();
    await deliverEvent({
      ...event,
      id: `evt_own_${crypto.randomUUID().slice(0, 8)}`,
      data: {
        object: {
          ...event.data.object,
          payment_intent: emulatorPaymentIntentId(other.sessionId),
          refunds: { data: [{ id: own!.provider_refund_id, amount: 19900, status: "succeeded", metadata: { refundKey: own!.key } }] },
        },
      },
    });
    expect(await count("SELECT count(*) AS n FROM refunds WHERE order_id = ?", other.orderId)).toBe(1);
  });
});

describe("jobs, outbox, accounts, contact messages, webhook events: each action writes exactly one audit row", () => {
  it("unpublish, restore, delete, mark featured and sticky for free, each with a required reason", async () => {
    const employer = await signUp();
    const { jobId } = await paidJob(employer);
    const audit0 = await auditRows();
    const noReason = await post(`/api/admin/jobs/${jobId}/unpublish`, admin.cookie, { reason: " " });
    expect(noReason.status).toBe(400);
    expect(((await noReason.json()) as { error: string }).error).toBe("Please give a reason (at least 3 characters)");
    expect(await auditRows()).toBe(audit0);

    const act = async (path: string, body: Record<string, unknown>) => {
      const res = await post(`/api/admin/jobs/${jobId}/${path}`, admin.cookie, { reason: `because ${path}`, ...body });
      expect(res.status, path).toBe(200);
      return ((await res.json()) as { job: { state: string; enhancements: string[] } }).job;
    };
    expect((await act("unpublish", {})).state).toBe("removed");
    expect(await onBoard(jobId)).toBe(false);
    expect((await act("restore", {})).state).toBe("live");
    expect(await onBoard(jobId)).toBe(true);
    expect((await act("enhancement", { enhancement: "sticky", on: true })).enhancements).toContain("sticky");
    const pinned = (await (await call("/api/jobs")).json()) as { pinned: { id: string }[] };
    expect(pinned.pinned.map((j) => j.id)).toContain(jobId);
    expect((await act("enhancement", { enhancement: "featured", on: true })).enhancements).toEqual(expect.arrayContaining(["sticky", "featured"]));
    expect((await act("delete", {})).state).toBe("deleted");
    expect((await call(`/api/jobs/${jobId}`)).status).toBe(410);
    const searched = (await (await call(`/api/admin/jobs?q=${encodeURIComponent(jobId)}`, { cookie: admin.cookie })).json()) as { jobs: { id: string; state: string }[] };
    expect(searched.jobs).toEqual([expect.objectContaining({ id: jobId, state: "deleted" })]);
    expect(await auditRows()).toBe(audit0 + 5);
    const { entries } = (await (await call("/api/admin/audit", { cookie: admin.cookie })).json()) as { entries: { action: string; target_id: string; reason: string; actor: string }[] };
    expect(
      entries
        .filter((e) => e.target_id === jobId)
        .map((e) => e.action)
        .sort(),
    ).toEqual(["job.delete", "job.mark_featured", "job.mark_sticky", "job.restore", "job.unpublish"]);
    expect(entries[0]).toMatchObject({ action: "job.delete", target_id: jobId, reason: "because delete", actor: DEV_ADMIN_EMAIL });
    expect((await post(`/api/admin/jobs/no-such-job/unpublish`, admin.cookie, reason)).status).toBe(404);
  });

  it("the audit log is append-only: the database refuses to change or remove a row", async () => {
    await post(`/api/admin/contact-messages/none/handled`, admin.cookie, reason);
    await env.DB.prepare("INSERT INTO admin_audit (id, actor, action, target_type, target_id, reason, detail, created_at) VALUES ('a1', 'x', 'y', 'job', 'j', 'r', '{}', 1)").run();
    await expect(env.DB.prepare("UPDATE admin_audit SET reason = 'changed' WHERE id = 'a1'").run()).rejects.toThrow(/append-only/);
    await expect(env.DB.prepare("DELETE FROM admin_audit WHERE id = 'a1'").run()).rejects.toThrow(/append-only/);
  });

  it("resend of a failed e-mail: back to pending, delivered to the mailbox, one audit row; only a failed one can be resent", async () => {
    const id = crypto.randomUUID();
    await env.DB.prepare(
      `INSERT INTO mail_outbox (id, key, kind, "to", subject, text, html, status, attempts, last_error, next_attempt_at, created_at) VALUES (?, ?, 'contact', 'someone@example.com', 'Resend me', 'text', '<p>html</p>', 'failed', 12, 'Resend 500: down', 0, 0)`,
    )
      .bind(id, `test:${id}`)
      .run();
    const listed = (await (await call("/api/admin/outbox?status=failed", { cookie: admin.cookie })).json()) as { mail: { id: string; last_error: string }[] };
    expect(listed.mail.find((m) => m.id === id)?.last_error).toBe("Resend 500: down");
    const audit0 = await auditRows();
    expect((await post(`/api/admin/outbox/${id}/resend`, admin.cookie, { reason: "Provider was down" })).status).toBe(200);
    await expect.poll(async () => (await env.DB.prepare("SELECT status FROM mail_outbox WHERE id = ?").bind(id).first<{ status: string }>())!.status).toBe("sent");
    const mailbox = (await (await call("/api/dev/mailbox")).json()) as { messages: { subject: string }[] };
    expect(JSON.stringify(mailbox)).toContain("Resend me");
    expect(await auditRows()).toBe(audit0 + 1);
    const again = await post(`/api/admin/outbox/${id}/resend`, admin.cookie, { reason: "Provider was down" });
    expect(again.status).toBe(409);
    expect(await auditRows()).toBe(audit0 + 1);
  });

  it("disabling an account signs it out everywhere (refresh fails, the access token is useless) and stops posting; enabling lets it sign in again", async () => {
    const employer = await signUp();
    const second = cookiesFrom(await call("/api/auth/sign-in", { method: "POST", json: { email: employer.email, password: "Str0ng!Passw0rd" } }));
    const audit0 = await auditRows();
    expect((await post(`/api/admin/accounts/${employer.userId}/disable`, admin.cookie, { reason: "Fraudulent postings" })).status).toBe(200);
    expect(await auditRows()).toBe(audit0 + 1);
    for (const cookie of [employer.cookie, second]) {
      expect(((await (await call("/api/auth/me", { cookie })).json()) as { user: unknown }).user).toBeNull();
      expect((await call("/api/auth/refresh", { method: "POST", cookie })).status).toBe(401);
      const posting = await checkoutJob(cookie, { job: jobDetails(), purchase: purchase(), submissionId: crypto.randomUUID() });
      expect(posting.status).toBe(401);
      expect((await post("/api/jobs/with-credit", cookie, { job: jobDetails(), submissionId: crypto.randomUUID() })).status).toBe(401);
    }
    const signIn = await call("/api/auth/sign-in", { method: "POST", json: { email: employer.email, password: "Str0ng!Passw0rd" } });
    expect(signIn.status).toBe(403);
    expect(await signIn.json()).toMatchObject({ code: "account_disabled" });
    const listed = (await (await call(`/api/admin/accounts?q=${encodeURIComponent(employer.email)}`, { cookie: admin.cookie })).json()) as { accounts: { id: string; disabled: boolean }[] };
    expect(listed.accounts).toEqual([expect.objectContaining({ id: employer.userId, disabled: true })]);
    expect((await post(`/api/admin/accounts/${employer.userId}/enable`, admin.cookie, { reason: "Cleared after review" })).status).toBe(200);
    expect(await auditRows()).toBe(audit0 + 2);
    expect((await call("/api/auth/sign-in", { method: "POST", json: { email: employer.email, password: "Str0ng!Passw0rd" } })).status).toBe(200);
  });

  it("contact messages: read, mark handled (one audit row)", async () => {
    const sent = await call("/api/contact", {
      method: "POST",
      json: { name: "Visitor", email: "visitor@example.com", subject: "Job Posting Help", message: "The job at /jobs/x looks like a scam to me." },
      headers: { "CF-Connecting-IP": "10.9.9.9" },
    });
    expect(sent.status).toBe(201);
    const open = (await (await call("/api/admin/contact-messages", { cookie: admin.cookie })).json()) as { messages: { id: string; subject: string }[] };
    const msg = open.messages.find((m) => m.subject === "Job Posting Help")!;
    expect(msg).toBeTruthy();
    const audit0 = await auditRows();
    expect((await post(`/api/admin/contact-messages/${msg.id}/handled`, admin.cookie, { reason: "Job removed" })).status).toBe(200);
    expect(await auditRows()).toBe(audit0 + 1);
    const handled = (await (await call("/api/admin/contact-messages?status=handled", { cookie: admin.cookie })).json()) as { messages: { id: string; handled_by: string }[] };
    expect(handled.messages.find((m) => m.id === msg.id)?.handled_by).toBe(DEV_ADMIN_EMAIL);
    expect((await call("/api/admin/contact-messages?status=bogus", { cookie: admin.cookie })).status).toBe(400);
  });

  it("webhook events: received, processed or failed; a failed one is replayed (one audit row) and then processed", async () => {
    const employer = await signUp();
    const { orderId, sessionId } = await paidJob(employer);
    const processed = (await (await call("/api/admin/webhook-events?status=processed", { cookie: admin.cookie })).json()) as { events: { type: string; status: string }[] };
    expect(processed.events.some((e) => e.type === "checkout.session.completed")).toBe(true);
    // A charge.refunded for this order that failed when it arrived (simulated by recording it as failed).
    const refundId = `re_${crypto.randomUUID().slice(0, 8)}`;
    const event = {
      id: `evt_failed_${crypto.randomUUID().slice(0, 8)}`,
      type: "charge.refunded",
      data: { object: { id: "ch_2", payment_intent: emulatorPaymentIntentId(sessionId), refunds: { data: [{ id: refundId, amount: 5000, status: "succeeded", metadata: {} }] } } },
    };
    await env.DB.prepare("INSERT INTO stripe_events (id, type, received_at, status, error, payload) VALUES (?, ?, ?, 'failed', 'D1 was unavailable', ?)")
      .bind(event.id, event.type, Date.now(), JSON.stringify(event))
      .run();
    const failed = (await (await call("/api/admin/webhook-events?status=failed", { cookie: admin.cookie })).json()) as { events: { id: string; error: string; replayable: boolean }[] };
    expect(failed.events.find((e) => e.id === event.id)).toMatchObject({ error: "D1 was unavailable", replayable: true });
    const audit0 = await auditRows();
    const replay = await post(`/api/admin/webhook-events/${event.id}/replay`, admin.cookie, { reason: "Database is back" });
    expect(replay.status).toBe(200);
    expect(await replay.json()).toMatchObject({ ok: true, event: { status: "processed" } });
    expect(await auditRows()).toBe(audit0 + 1);
    expect(await env.DB.prepare("SELECT amount, status FROM refunds WHERE order_id = ?").bind(orderId).first()).toEqual({ amount: 5000, status: "succeeded" });
    expect((await post(`/api/admin/webhook-events/${event.id}/replay`, admin.cookie, { reason: "Again" })).status).toBe(409);
    expect(await auditRows()).toBe(audit0 + 1);
  });
});
