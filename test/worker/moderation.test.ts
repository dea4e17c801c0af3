// Optional moderation (issue 12): "with MODERATION=on, new paid or credit posts wait for approval before
// they are visible. The employer sees 'Waiting for review'. Approve publishes; reject refunds through the
// same path." The requests that post or pay run with { ...env, MODERATION: "on" } through app.fetch (as
// operations.test.ts does); the emulator's Pay delivers its webhook with the same env.
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { DEV_ADMIN_EMAIL } from "../../worker/admin/gate";
import { app } from "../../worker/app";
import { configProblem } from "../../worker/config";
import type { Env } from "../../worker/env";
import { NOT_WAITING, WAITING_FOR_REVIEW } from "../../worker/jobs/review";
import { emulatorPaymentIntentId } from "../../worker/payments/emulator";
import { ORIGIN, call, signUp } from "../support/auth";
import type { Session } from "../support/auth";
import { checkoutJob, jobDetails, purchase } from "../support/fixtures";

const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
const moderated = { ...env, MODERATION: "on" } as Env;

/** A browser-like request (cookie, Origin on writes) to the app running with `vars` over the test env. */
function callWith(vars: Env, path: string, init: { method?: string; cookie?: string; json?: unknown } = {}): Promise<Response> {
  const headers = new Headers();
  if (init.cookie) headers.set("Cookie", init.cookie);
  if (init.method && init.method !== "GET") headers.set("Origin", ORIGIN);
  if (init.json !== undefined) headers.set("Content-Type", "application/json");
  const req = new Request(`${ORIGIN}${path}`, { method: init.method ?? "GET", headers, body: init.json === undefined ? undefined : JSON.stringify(init.json), redirect: "manual" });
  return Promise.resolve(app.fetch(req, vars, ctx));
}

let admin: Session;
beforeAll(async () => {
  admin = await signUp(DEV_ADMIN_EMAIL);
});

const reason = { reason: "Checked the company and the listing" };
const count = async (sql: string, ...params: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...params)
    .first<{ n: number }>())!.n;
const onBoard = async (jobId: string) => ((await (await call(`/api/jobs?limit=100`)).json()) as { jobs: { id: string }[] }).jobs.some((j) => j.id === jobId);
const jobRow = (jobId: string) =>
  env.DB.prepare("SELECT published, published_at, expires_at, review, payment_status FROM jobs WHERE id = ?")
    .bind(jobId)
    .first<{ published: number; published_at: number | null; expires_at: number; review: string | null; payment_status: string | null }>();

/** A card-paid post: the checkout, then the emulator's Pay, whose webhook fulfils under `vars`. */
async function paidPost(s: Session, vars: Env) {
  const res = await checkoutJob(s.cookie, { job: jobDetails({ title: `Engineer ${crypto.randomUUID().slice(0, 8)}` }), purchase: purchase(), submissionId: crypto.randomUUID() });
  expect(res.status, await res.clone().text()).toBe(200);
  const { id, orderId, jobId } = (await res.json()) as { id: string; orderId: string; jobId: string };
  const paid = await callWith(vars, `/api/emulator/checkout/${id}/pay`, { method: "POST" });
  expect(paid.status).toBe(303);
  return { sessionId: id, orderId, jobId };
}

/** A credit post under `vars`, from a Standard bundle bought first. */
async function creditPost(s: Session, vars: Env) {
  const bought = await call("/api/checkout/credits", { method: "POST", cookie: s.cookie, json: { bundleId: "standard" } });
  const { id, orderId } = (await bought.json()) as { id: string; orderId: string };
  await exports.default.fetch(`http://localhost/api/emulator/checkout/${id}/pay`, { method: "POST", redirect: "manual" });
  const before = await count("SELECT posts_remaining AS n FROM bundle_purchases WHERE order_id = ?", orderId);
  const res = await callWith(vars, "/api/jobs/with-credit", {
    method: "POST",
    cookie: s.cookie,
    json: { job: jobDetails({ title: `Designer ${crypto.randomUUID().slice(0, 8)}` }), submissionId: crypto.randomUUID() },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const { job } = (await res.json()) as { job: { id: string; review: string | null } };
  return { job, orderId, before };
}

async function dashboardStatus(s: Session, jobId: string) {
  const { jobs } = (await (await call("/api/dashboard/jobs", { cookie: s.cookie })).json()) as { jobs: { id: string; status: string }[] };
  return jobs.find((j) => j.id === jobId)?.status;
}

const adminPost = (path: string, json: unknown = reason) => call(path, { method: "POST", cookie: admin.cookie, json });
const audits = (jobId: string, action: string) => count("SELECT count(*) AS n FROM admin_audit WHERE target_id = ? AND action = ?", jobId, action);

describe("MODERATION=on: new paid or credit posts wait for approval before they are visible", () => {
  it("a paid post is not in search nor at its URL, shows 'Waiting for review' to its owner, and its e-mail does not say it is live", async () => {
    const owner = await signUp();
    const { jobId, sessionId } = await paidPost(owner, moderated);
    expect(await jobRow(jobId)).toMatchObject({ published: 0, published_at: null, review: "waiting", payment_status: "completed" });
    expect(await onBoard(jobId)).toBe(false);
    expect((await call(`/api/jobs/${jobId}`)).status).toBe(404);
    expect(await dashboardStatus(owner, jobId)).toBe("waiting");
    const verify = (await (await call(`/api/checkout/verify?session_id=${sessionId}`, { cookie: owner.cookie })).json()) as { status: string; job: { review: string | null; published: boolean } };
    expect(verify).toMatchObject({ status: "paid", job: { review: "waiting", published: false } });
    const mail = (await env.DB.prepare("SELECT subject, text, html FROM mail_outbox WHERE key = ?").bind(`job_confirmation:${jobId}`).first<{ subject: string; text: string; html: string }>())!;
    expect(mail.subject).toMatch(/^Your job is waiting for review: /);
    for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(/is live/i);
    expect(mail.text).toContain("waiting for review");
  });

  it("a credit post is not in search, shows 'Waiting for review' and the success page's lookup says so", async () => {
    const owner = await signUp();
    const { job, orderId, before } = await creditPost(owner, moderated);
    expect(job.review).toBe("waiting");
    expect(await count("SELECT posts_remaining AS n FROM bundle_purchases WHERE order_id = ?", orderId)).toBe(before - 1);
    expect(await onBoard(job.id)).toBe(false);
    expect(await dashboardStatus(owner, job.id)).toBe("waiting");
    expect(await (await call(`/api/checkout/posted/${job.id}`, { cookie: owner.cookie })).json()).toMatchObject({ job: { review: "waiting", published: false } });
    const mail = (await env.DB.prepare("SELECT subject, text FROM mail_outbox WHERE key = ?").bind(`job_confirmation:${job.id}`).first<{ subject: string; text: string }>())!;
    expect(mail.subject).toMatch(/^Your job is waiting for review: /);
    expect(mail.text).not.toMatch(/is live/i);
  });

  it("the owner cannot publish a job waiting for review: activate and repost answer 409 waiting_for_review, nothing changes", async () => {
    const owner = await signUp();
    const { jobId } = await paidPost(owner, moderated);
    for (const action of ["activate", "repost"]) {
      const res = await call(`/api/dashboard/jobs/${jobId}/${action}`, { method: "POST", cookie: owner.cookie });
      expect(res.status, action).toBe(409);
      expect(await res.json()).toEqual({ error: WAITING_FOR_REVIEW, code: "waiting_for_review" });
    }
    // Nor does an operator's restore publish it: there is nothing to restore (409).
    expect((await adminPost(`/api/admin/jobs/${jobId}/restore`)).status).toBe(409);
    expect(await jobRow(jobId)).toMatchObject({ published: 0, review: "waiting" });
    expect(await onBoard(jobId)).toBe(false);
  });

  it("the admin Moderation queue lists the waiting jobs, oldest first, with how each was paid", async () => {
    const owner = await signUp();
    const paid = await paidPost(owner, moderated);
    const credit = await creditPost(owner, moderated);
    const { jobs } = (await (await call("/api/admin/moderation", { cookie: admin.cookie })).json()) as { jobs: { id: string; state: string; paidWith: string; orderId: string | null }[] };
    const mine = jobs.filter((j) => j.id === paid.jobId || j.id === credit.job.id);
    expect(mine).toEqual([
      expect.objectContaining({ id: paid.jobId, state: "waiting", paidWith: "card", orderId: paid.orderId }),
      expect.objectContaining({ id: credit.job.id, state: "waiting", paidWith: "credit", orderId: null }),
    ]);
    // Like every admin route, 404 to anyone else.
    expect((await call("/api/admin/moderation", { cookie: owner.cookie })).status).toBe(404);
    expect((await call(`/api/admin/jobs/${paid.jobId}/approve`, { method: "POST", cookie: owner.cookie, json: reason })).status).toBe(404);
    expect((await call(`/api/admin/jobs/${paid.jobId}/reject`, { method: "POST", json: reason })).status).toBe(404);
    expect(await jobRow(paid.jobId)).toMatchObject({ review: "waiting" });
  });

  it("approve publishes it for 30 days from the approval: 10 identical approvals at once publish once and write one audit row", async () => {
    const owner = await signUp();
    const { jobId } = await paidPost(owner, moderated);
    const t0 = Date.now();
    const answers = await Promise.all(Array.from({ length: 10 }, () => adminPost(`/api/admin/jobs/${jobId}/approve`)));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await audits(jobId, "job.approve")).toBe(1);
    const row = (await jobRow(jobId))!;
    expect(row).toMatchObject({ published: 1, review: "approved" });
    expect(row.published_at).toBeGreaterThanOrEqual(t0);
    expect(row.expires_at).toBe(row.published_at! + 30 * 24 * 60 * 60 * 1000);
    expect(await onBoard(jobId)).toBe(true);
    expect((await call(`/api/jobs/${jobId}`)).status).toBe(200);
    expect(await dashboardStatus(owner, jobId)).toBe("active");
    // Approving again, or rejecting an approved job, is refused and changes nothing.
    for (const action of ["approve", "reject"]) {
      const res = await adminPost(`/api/admin/jobs/${jobId}/${action}`);
      expect(res.status).toBe(409);
      expect(await res.json()).toEqual({ error: NOT_WAITING, code: "not_waiting" });
    }
    expect(await count("SELECT count(*) AS n FROM admin_audit WHERE target_id = ?", jobId)).toBe(1);
  });

  it("approve and reject need a reason: 400 naming it, nothing changed", async () => {
    const owner = await signUp();
    const { jobId } = await paidPost(owner, moderated);
    for (const action of ["approve", "reject"]) {
      const res = await adminPost(`/api/admin/jobs/${jobId}/${action}`, {});
      expect(res.status).toBe(400);
      expect(((await res.json()) as { issues: { path: string }[] }).issues[0]!.path).toBe("reason");
    }
    expect((await adminPost("/api/admin/jobs/no-such-job/approve")).status).toBe(404);
    expect(await jobRow(jobId)).toMatchObject({ published: 0, review: "waiting" });
    expect(await count("SELECT count(*) AS n FROM admin_audit WHERE target_id = ?", jobId)).toBe(0);
  });

  it("reject refunds a paid post once through the refund path (10 identical rejections at once) and the job never goes public", async () => {
    const owner = await signUp();
    const { jobId, orderId, sessionId } = await paidPost(owner, moderated);
    const answers = await Promise.all(Array.from({ length: 10 }, () => adminPost(`/api/admin/jobs/${jobId}/reject`, { reason: "Not a startup job", ownerReason: "not_startup" })));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    // One e-mail, with the reason picked from the list in the catalogue's words.
    const told = await env.DB.prepare("SELECT text FROM mail_outbox WHERE key = ?").bind(`job_decision:rejected:${jobId}`).all<{ text: string }>();
    expect(told.results).toHaveLength(1);
    expect(told.results[0]!.text).toContain("Reason: It is not a job at a startup, and this board lists only those.");
    expect(await count("SELECT count(*) AS n FROM refunds WHERE order_id = ?", orderId)).toBe(1);
    expect(await env.DB.prepare("SELECT amount, status, key FROM refunds WHERE order_id = ?").bind(orderId).first()).toEqual({ amount: 19900, status: "succeeded", key: `moderation:${jobId}` });
    expect(await count("SELECT count(*) AS n FROM emulator_refunds WHERE payment_intent_id = ?", emulatorPaymentIntentId(sessionId))).toBe(1);
    expect(await count("SELECT count(*) AS n FROM orders WHERE id = ? AND status = 'refunded'", orderId)).toBe(1);
    expect(await audits(jobId, "job.reject")).toBe(1);
    expect(await jobRow(jobId)).toMatchObject({ published: 0, review: "rejected", payment_status: "refunded" });
    expect(await onBoard(jobId)).toBe(false);
    expect(await dashboardStatus(owner, jobId)).toBe("rejected");
    // Neither the owner nor an operator's restore can publish it afterwards (a rejection is not a takedown: 409).
    expect((await call(`/api/dashboard/jobs/${jobId}/activate`, { method: "POST", cookie: owner.cookie })).status).toBe(409);
    expect((await adminPost(`/api/admin/jobs/${jobId}/restore`)).status).toBe(409);
    expect(await jobRow(jobId)).toMatchObject({ published: 0, review: "rejected" });
    expect(await onBoard(jobId)).toBe(false);
  });

  it("a refund of a waiting job's order (console or Stripe Dashboard) rejects it: it can never be approved unpaid", async () => {
    const owner = await signUp();
    const { jobId, orderId } = await paidPost(owner, moderated);
    const refund = await adminPost(`/api/admin/orders/${orderId}/refund`, { reason: "Customer changed their mind", key: crypto.randomUUID() });
    expect(refund.status, await refund.clone().text()).toBe(200);
    expect(await jobRow(jobId)).toMatchObject({ published: 0, review: "rejected", payment_status: "refunded" });
    expect((await adminPost(`/api/admin/jobs/${jobId}/approve`)).status).toBe(409);
    const { jobs } = (await (await call("/api/admin/moderation", { cookie: admin.cookie })).json()) as { jobs: { id: string }[] };
    expect(jobs.map((j) => j.id)).not.toContain(jobId);
    expect(await onBoard(jobId)).toBe(false);
  });

  it("reject gives the credit of a credit post back once (10 identical rejections at once) and the job never goes public", async () => {
    const owner = await signUp();
    const { job, orderId, before } = await creditPost(owner, moderated);
    const answers = await Promise.all(Array.from({ length: 10 }, () => adminPost(`/api/admin/jobs/${job.id}/reject`, { reason: "Duplicate of another listing" })));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await count("SELECT posts_remaining AS n FROM bundle_purchases WHERE order_id = ?", orderId)).toBe(before);
    expect(await count("SELECT count(*) AS n FROM refunds WHERE order_id = ?", orderId)).toBe(0);
    expect(await audits(job.id, "job.reject")).toBe(1);
    expect(await jobRow(job.id)).toMatchObject({ published: 0, review: "rejected" });
    expect(await onBoard(job.id)).toBe(false);
  });
});

describe("MODERATION off (unset or off): nothing changes", () => {
  it("a paid post and a credit post are live at once, with no review state, and the e-mail says the job is live", async () => {
    for (const vars of [env as Env, { ...env, MODERATION: "off" } as Env]) {
      const owner = await signUp();
      const { jobId } = await paidPost(owner, vars);
      expect(await jobRow(jobId)).toMatchObject({ published: 1, review: null });
      expect(await onBoard(jobId)).toBe(true);
      expect(await dashboardStatus(owner, jobId)).toBe("active");
      expect((await env.DB.prepare("SELECT subject FROM mail_outbox WHERE key = ?").bind(`job_confirmation:${jobId}`).first<{ subject: string }>())!.subject).toMatch(/^Your job is live: /);
      const { job } = await creditPost(owner, vars);
      expect(job.review).toBeNull();
      expect(await onBoard(job.id)).toBe(true);
      // Nothing is waiting: approve answers 409.
      expect((await adminPost(`/api/admin/jobs/${jobId}/approve`)).status).toBe(409);
    }
  });

  it("MODERATION accepts only on or off: anything else is one configuration error naming it", () => {
    const base = { APP_URL: "https://jobs.example.com", JWT_SECRET: "x".repeat(40) };
    expect(configProblem({ ...base, MODERATION: "yes" }, "https://jobs.example.com/")).toMatch(/^MODERATION must be on or off/);
    expect(configProblem({ ...base, MODERATION: "on" }, "https://jobs.example.com/")).toBeNull();
    expect(configProblem({ ...base, MODERATION: "off" }, "https://jobs.example.com/")).toBeNull();
  });
});
