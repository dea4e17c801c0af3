// Issue 23, item 5: "Download my data" (a JSON file: account, jobs, orders, credits, alerts, Spotlight) and
// "Delete my account" (asks for the password, unpublishes the jobs, erases personal data, ends sessions,
// cancels Spotlight at period end, keeps orders and refunds under an anonymised customer).
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { GOOD_PASSWORD, call, cookiesFrom, signUp } from "../support/auth";
import type { Session } from "../support/auth";
import { checkoutJob, jobDetails, purchase } from "../support/fixtures";
import { addJobs } from "../support/jobs";
import { subscribe, withCompany } from "../support/spotlight";

const post = (path: string, cookie: string | undefined, json: unknown = {}) => call(path, { method: "POST", cookie, json });
const signIn = (email: string, password = GOOD_PASSWORD) =>
  call("/api/auth/sign-in", { method: "POST", json: { email, password }, headers: { "CF-Connecting-IP": `10.99.${Math.floor(Math.random() * 250)}.2` } });

async function paidJob(s: Session): Promise<{ jobId: string; orderId: string }> {
  const res = await checkoutJob(s.cookie, { job: jobDetails(), purchase: purchase({ email: s.email }), submissionId: crypto.randomUUID() });
  expect(res.status).toBe(200);
  const { id, orderId, jobId } = (await res.json()) as { id: string; orderId: string; jobId: string };
  await exports.default.fetch(`http://localhost/api/emulator/checkout/${id}/pay`, { method: "POST", redirect: "manual" });
  return { jobId, orderId };
}

async function paidCredits(s: Session): Promise<void> {
  const res = await post("/api/checkout/credits", s.cookie, { bundleId: "standard" });
  const { id } = (await res.json()) as { id: string };
  await exports.default.fetch(`http://localhost/api/emulator/checkout/${id}/pay`, { method: "POST", redirect: "manual" });
}

async function alertFor(email: string): Promise<void> {
  const res = await exports.default.fetch("http://localhost/api/alerts", {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": `192.0.2.${Math.floor(Math.random() * 250)}` },
    body: JSON.stringify({ email, query: "keywords=go" }),
  });
  expect(res.status).toBeLessThan(300);
}

const one = async <T>(sql: string, ...params: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...params)
    .first<T>();

describe("Download my data", () => {
  it("a JSON file with the account, jobs, orders (payments, refunds), credits, alerts and Spotlight; no secrets; only the account's own", async () => {
    // The job is paid by card before subscribing: a subscriber's post is a Spotlight job, never a card checkout (issue 22 item 10).
    const company = await withCompany();
    const { jobId, orderId } = await paidJob(company);
    const s = { ...company, ...(await subscribe(company)) };
    await paidCredits(s);
    await alertFor(s.email);
    const other = await signUp();
    await paidJob(other);

    expect((await call("/api/account/export")).status).toBe(401);
    const res = await call("/api/account/export", { cookie: s.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="startup-jobs-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const text = await res.text();
    const data = JSON.parse(text) as Record<string, any>;
    expect(Object.keys(data)).toEqual(["exportedAt", "format", "account", "jobs", "orders", "credits", "alerts", "spotlight", "passkeys", "savedJobs", "applications"]);
    expect(data.account).toMatchObject({ id: s.userId, email: s.email, name: "Test User" });
    expect(data.account.email_verified_at).toEqual(expect.any(Number));
    expect(data.jobs.map((j: { id: string }) => j.id)).toContain(jobId);
    expect(data.orders.orders.map((o: { id: string }) => o.id)).toContain(orderId);
    expect(data.orders.orders.map((o: { kind: string }) => o.kind).sort()).toEqual(["credits", "job", "spotlight"]);
    expect(data.orders.payments.length).toBe(3);
    expect(data.credits.grants.length).toBeGreaterThan(0);
    expect(data.alerts).toEqual([expect.objectContaining({ kind: "alert" })]);
    expect(data.spotlight.subscriptions).toEqual([expect.objectContaining({ id: s.subscriptionId, status: "active" })]);
    expect(data.spotlight.company).toMatchObject({ id: s.companyId });
    // No secrets, and nothing of the other account.
    expect(text).not.toMatch(/password_hash|pbkdf2|"token"|search_text/);
    expect(text).not.toContain(other.userId);
    expect(text).not.toContain(other.email);
  });
});

describe("Delete my account", () => {
  it("asks for the password: a wrong or missing one is a 400 and changes nothing", async () => {
    const s = await signUp();
    const wrong = await post("/api/account/delete", s.cookie, { currentPassword: "Wrong!Passw0rd" });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: "Your current password is not correct.", issues: [{ path: "currentPassword" }] });
    expect((await post("/api/account/delete", s.cookie, {})).status).toBe(400);
    expect((await post("/api/account/delete", undefined, { currentPassword: GOOD_PASSWORD })).status).toBe(401);
    expect((await call("/api/auth/me", { cookie: s.cookie }).then((r) => r.json())) as { user: unknown }).toMatchObject({ user: { id: s.userId } });
  });

  it("unpublishes the jobs, erases personal data and alerts, ends every session, cancels Spotlight at period end, keeps orders under an anonymised customer", async () => {
    const company = await withCompany();
    const { jobId, orderId } = await paidJob(company);
    const s = { ...company, ...(await subscribe(company)) };
    const second = cookiesFrom(await signIn(s.email));
    expect((await call(`/api/jobs/${jobId}`)).status).toBe(200);
    await alertFor(s.email);
    const orders0 = (await one<{ n: number }>("SELECT count(*) AS n FROM orders WHERE user_id = ?", s.userId))!.n;

    const res = await post("/api/account/delete", s.cookie, { currentPassword: GOOD_PASSWORD });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deleted: true });

    // Jobs off the board.
    expect((await call(`/api/jobs/${jobId}`)).status).not.toBe(200);
    expect((await one<{ n: number }>("SELECT count(*) AS n FROM jobs WHERE user_id = ? AND published = 1", s.userId))!.n).toBe(0);
    // Personal data erased; the row keeps only its id.
    const account = await one<Record<string, unknown>>("SELECT email, name, company, password_hash, deleted_at FROM accounts WHERE id = ?", s.userId);
    expect(account).toMatchObject({ email: `deleted-${s.userId}@deleted.invalid`, name: "", company: "", password_hash: null, deleted_at: expect.any(Number) });
    expect((await one<{ n: number }>("SELECT count(*) AS n FROM subscriptions WHERE email = ?", s.email))!.n).toBe(0);
    expect((await one<{ n: number }>('SELECT count(*) AS n FROM mail_outbox WHERE "to" = ?', s.email))!.n).toBe(0);
    // Sessions ended; nobody signs in with the old address.
    for (const cookie of [s.cookie, second]) {
      expect(((await (await call("/api/auth/me", { cookie })).json()) as { user: unknown }).user).toBeNull();
      expect((await post("/api/auth/refresh", cookie)).status).toBe(401);
    }
    expect((await signIn(s.email)).status).toBe(401);
    // Spotlight runs to the end of its paid period, then stops.
    expect(await one("SELECT status, cancel_at_period_end FROM spotlight_subscriptions WHERE id = ?", s.subscriptionId)).toEqual({ status: "active", cancel_at_period_end: 1 });
    expect(await one("SELECT cancel_at_period_end FROM emulator_subscriptions WHERE id = ?", s.subscriptionId)).toEqual({ cancel_at_period_end: 1 });
    // Orders kept for accounting, under the anonymised customer.
    expect((await one<{ n: number }>("SELECT count(*) AS n FROM orders WHERE user_id = ?", s.userId))!.n).toBe(orders0);
    expect(await one("SELECT user_id, customer_email, status FROM orders WHERE id = ?", orderId)).toEqual({ user_id: s.userId, customer_email: "", status: "paid" });
    // The address is free for a new account.
    await signUp(s.email);
  });

  it("the account's jobs lose the addresses they were bought with: the account's and a purchase address typed at checkout", async () => {
    const s = await signUp();
    const { jobId } = await paidJob(s);
    const typed = `billing-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const res = await checkoutJob(s.cookie, { job: jobDetails(), purchase: purchase({ email: typed }), submissionId: crypto.randomUUID() });
    expect(res.status).toBe(200);
    const { jobId: typedJobId } = (await res.json()) as { jobId: string };
    const addresses = (sql: string, ...params: unknown[]) =>
      env.DB.prepare(sql)
        .bind(...params)
        .all<{ id: string; email: string; customer_email: string }>()
        .then((r) => r.results);
    const before = await addresses("SELECT id, email, customer_email FROM jobs WHERE user_id = ? ORDER BY id", s.userId);
    expect(before.map((j) => j.id).sort()).toEqual([jobId, typedJobId].sort());
    expect(before.flatMap((j) => [j.email, j.customer_email])).toEqual(expect.arrayContaining([s.email, typed]));

    expect((await post("/api/account/delete", s.cookie, { currentPassword: GOOD_PASSWORD })).status).toBe(200);
    const anonymised = `deleted-${s.userId}@deleted.invalid`;
    expect(await addresses("SELECT id, email, customer_email FROM jobs WHERE email IN (?, ?) OR customer_email IN (?, ?)", s.email, typed, s.email, typed)).toEqual([]);
    for (const job of await addresses("SELECT id, email, customer_email FROM jobs WHERE user_id = ?", s.userId)) {
      for (const value of [job.email, job.customer_email]) expect(["", anonymised]).toContain(value);
    }
  });

  it("the same delete twice (a stale tab): the second finds no session", async () => {
    const s = await signUp();
    const [a, b] = await Promise.all([post("/api/account/delete", s.cookie, { currentPassword: GOOD_PASSWORD }), post("/api/account/delete", s.cookie, { currentPassword: GOOD_PASSWORD })]);
    expect([a.status, b.status]).toContain(200);
    expect((await post("/api/account/delete", s.cookie, { currentPassword: GOOD_PASSWORD })).status).toBe(401);
  });

  it("a candidate's saved jobs and applications are in the download, and deleting the account deletes them and the CV", async () => {
    const owner = await signUp();
    const candidate = await signUp();
    const [jobId] = await addJobs({ title: "Data Engineer", company: "Afaq", applications: 1, userId: owner.userId });
    expect((await call(`/api/saved/${jobId}`, { method: "PUT", cookie: candidate.cookie })).status).toBeLessThan(300);
    const body = new FormData();
    for (const [k, v] of Object.entries({ name: "Layla Haddad", email: candidate.email, note: "Hello", links: "" })) body.set(k, v);
    body.set("cv", new File([new TextEncoder().encode("%PDF-1.4\n%%EOF\n")], "cv.pdf", { type: "application/pdf" }));
    const applied = await call(`/api/jobs/${jobId}/applications`, { method: "POST", body, cookie: candidate.cookie, headers: { "CF-Connecting-IP": "10.77.1.1" } });
    expect(applied.status).toBe(201);
    const { cv_key } = (await one<{ cv_key: string }>("SELECT cv_key FROM applications WHERE user_id = ?", candidate.userId))!;
    expect(await env.CVS.head(cv_key)).not.toBeNull();

    const data = (await (await call("/api/account/export", { cookie: candidate.cookie })).json()) as Record<string, any>;
    expect(data.savedJobs).toEqual([expect.objectContaining({ jobId })]);
    expect(data.applications).toEqual([expect.objectContaining({ jobId })]);

    expect((await post("/api/account/delete", candidate.cookie, { currentPassword: GOOD_PASSWORD })).status).toBe(200);
    expect((await one<{ n: number }>("SELECT count(*) AS n FROM applications WHERE user_id = ?", candidate.userId))!.n).toBe(0);
    expect((await one<{ n: number }>("SELECT count(*) AS n FROM saved_jobs WHERE user_id = ?", candidate.userId))!.n).toBe(0);
    expect(await env.CVS.head(cv_key)).toBeNull();
  });
});
