// Checkout and fulfilment (issue 3): server pricing, the webhook's verification and idempotency,
// unpaid-then-async payments, duplicate marking, the confirmation e-mail written once, credits.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { EMULATOR_WEBHOOK_SECRET } from "../../worker/payments/provider";
import { signStripePayload } from "../../worker/payments/signature";
import { MESSAGES } from "../../worker/rules/posting";
import { call, signUp } from "../support/auth";
import type { Session } from "../support/auth";
import { checkoutJob, jobDetails, purchase } from "../support/fixtures";
import { clearJobs, search } from "../support/jobs";

interface CheckoutAnswer {
  id: string;
  url: string;
  jobId: string;
  orderId: string;
}

async function startCheckout(s: Session, over: Record<string, unknown> = {}, job = jobDetails()): Promise<CheckoutAnswer> {
  const res = await checkoutJob(s.cookie, { job, purchase: purchase(), submissionId: crypto.randomUUID(), ...over });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as CheckoutAnswer;
}

/** Marks the emulator's session paid (what paying on its page does) without delivering an event. */
async function markPaid(sessionId: string, paymentStatus: "paid" | "unpaid" = "paid") {
  await env.DB.prepare("UPDATE emulator_sessions SET status = 'complete', payment_status = ? WHERE id = ?").bind(paymentStatus, sessionId).run();
}

function completedEvent(sessionId: string, id = `evt_${crypto.randomUUID()}`, type = "checkout.session.completed") {
  return JSON.stringify({ id, object: "event", type, created: Math.floor(Date.now() / 1000), data: { object: { id: sessionId, object: "checkout.session", metadata: {} } } });
}

async function deliver(payload: string, signature?: string) {
  const sig = signature ?? (await signStripePayload(payload, EMULATOR_WEBHOOK_SECRET));
  return call("/api/stripe/webhook", { method: "POST", body: payload, headers: { "Stripe-Signature": sig, "Content-Type": "application/json" } });
}

async function counts(orderId: string, jobId: string) {
  const q = (sql: string, ...p: unknown[]) => env.DB.prepare(sql).bind(...p).first<{ n: number }>().then((r) => r!.n);
  return {
    payments: await q("SELECT count(*) AS n FROM payments WHERE order_id = ?", orderId),
    grants: await q("SELECT count(*) AS n FROM bundle_purchases WHERE order_id = ?", orderId),
    mails: await q("SELECT count(*) AS n FROM mail_outbox WHERE key = ?", `job_confirmation:${jobId}`),
    published: await q("SELECT published AS n FROM jobs WHERE id = ?", jobId),
  };
}

beforeEach(clearJobs);

describe("POST /api/checkout/job", () => {
  it("signed out: 'You must be signed in to post a job. Please sign in first.'", async () => {
    const res = await checkoutJob("", { job: jobDetails(), purchase: purchase(), submissionId: crypto.randomUUID() });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: MESSAGES.signInToPost });
  });

  it("creates the job unpublished, owned by the user, and an order priced on the server (a tampered total is ignored)", async () => {
    const s = await signUp();
    const submissionId = crypto.randomUUID();
    const res = await checkoutJob(s.cookie, {
      job: jobDetails(),
      purchase: { ...purchase({ plan: "premium", enhancements: ["sticky"], quantity: 5 }), amount: 1, total: 1, price: 1 },
      submissionId,
      amount: 100,
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as CheckoutAnswer;
    expect(body.url).toContain(`/api/emulator/checkout/${body.id}`);
    const order = await env.DB.prepare("SELECT amount, currency, user_id, status FROM orders WHERE id = ?").bind(body.orderId).first();
    expect(order).toEqual({ amount: Math.round((399 + 149) * 5 * 0.9) * 100, currency: "usd", user_id: s.userId, status: "pending" });
    const job = await env.DB.prepare("SELECT published, user_id, submission_id, plan, enhancements, job_count FROM jobs WHERE id = ?").bind(body.jobId).first();
    expect(job).toEqual({ published: 0, user_id: s.userId, submission_id: submissionId, plan: "premium", enhancements: '["sticky"]', job_count: 5 });
    const session = await env.DB.prepare("SELECT params FROM emulator_sessions WHERE id = ?").bind(body.id).first<{ params: string }>();
    const params = JSON.parse(session!.params) as { amountTotal: number; metadata: Record<string, string>; successUrl: string; cancelUrl: string };
    expect(params.amountTotal).toBe(246600);
    expect(params.metadata).toMatchObject({ jobId: body.jobId, plan: "premium", enhancements: "sticky", clerkUserId: s.userId, submissionId, jobCount: "5" });
    expect(params.successUrl).toBe(`http://localhost:8787/job-posting-success?job_id=${body.jobId}&session_id={CHECKOUT_SESSION_ID}&submission_id=${submissionId}&reload_dashboard=true`);
    expect(params.cancelUrl).toBe(`http://localhost:8787/job-posting-cancel?job_id=${body.jobId}&submission_id=${submissionId}`);
  });

  it.each([
    ["title", { title: "   " }, "Job title is required"],
    ["company", { company: "" }, "Company name is required"],
    ["location", { location: "" }, "Location is required"],
    ["salary", { salary: "" }, "Salary range is required"],
    ["salary", { salary: "lots" }, "Invalid salary format. Use format: $100k - $150k"],
    ["equity", { equity: "" }, "Equity range is required"],
    ["equity", { equity: "some" }, "Invalid equity format. Use format: 0.5% - 1.0%"],
    ["stage", { stage: "" }, "Company stage is required"],
    ["category", { category: "" }, "Job category is required"],
    ["description", { description: "<p>  </p>" }, "Job description is required"],
    ["description", { description: "<p><strong>Short</strong> text</p>" }, "Job description must be at least 100 characters"],
    ["website", { website: "not a url" }, "Please enter a valid URL"],
    ["tags", { tags: [] }, "At least one skill is required"],
    ["logo", { logo: "" }, "Company logo is required"],
  ])("step 0: %s → %s", async (field, override, message) => {
    const s = await signUp();
    const res = await checkoutJob(s.cookie, { job: jobDetails(override as never), purchase: purchase(), submissionId: crypto.randomUUID() });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { issues: { path: string; message: string }[] };
    expect(body.issues).toContainEqual({ path: `job.${field}`, message });
    expect((await env.DB.prepare("SELECT count(*) AS n FROM jobs").first<{ n: number }>())!.n).toBe(0);
  });

  it("step 2: a plan or bundle, and a valid e-mail", async () => {
    const s = await signUp();
    const noPlan = await checkoutJob(s.cookie, { job: jobDetails(), purchase: purchase({ plan: null }), submissionId: crypto.randomUUID() });
    expect(((await noPlan.json()) as { issues: { message: string }[] }).issues.map((i) => i.message)).toContain("Please select a plan or bundle");
    const noEmail = await checkoutJob(s.cookie, { job: jobDetails(), purchase: purchase({ email: " " }), submissionId: crypto.randomUUID() });
    expect(((await noEmail.json()) as { issues: { message: string }[] }).issues.map((i) => i.message)).toContain("Email is required for purchase confirmation");
    const badEmail = await checkoutJob(s.cookie, { job: jobDetails(), purchase: purchase({ email: "nope" }), submissionId: crypto.randomUUID() });
    expect(((await badEmail.json()) as { issues: { message: string }[] }).issues.map((i) => i.message)).toContain("Please enter a valid email address");
    const tooMany = await checkoutJob(s.cookie, { job: jobDetails(), purchase: purchase({ quantity: 51 }), submissionId: crypto.randomUUID() });
    expect(tooMany.status).toBe(400);
  });

  it("website gets https:// added; description HTML is sanitised on the way in", async () => {
    const s = await signUp();
    const { jobId } = await startCheckout(s, {}, jobDetails({ website: "acme.example", description: `<p onclick="x()">${"Long enough text for the minimum. ".repeat(4)}</p><script>alert(1)</script>` }));
    const row = await env.DB.prepare("SELECT website, description FROM jobs WHERE id = ?").bind(jobId).first<{ website: string; description: string }>();
    expect(row!.website).toBe("https://acme.example/");
    expect(row!.description).not.toMatch(/script|onclick/);
  });
});

describe("POST /api/stripe/webhook", () => {
  it("valid: paying publishes the job, records the payment, queues one e-mail and grants the extra posts", async () => {
    const s = await signUp();
    const c = await startCheckout(s, { purchase: purchase({ plan: "premium", enhancements: ["sticky"], quantity: 5 }) });
    await markPaid(c.id);
    const res = await deliver(completedEvent(c.id));
    expect(res.status).toBe(200);
    expect(await counts(c.orderId, c.jobId)).toEqual({ payments: 1, grants: 1, mails: 1, published: 1 });
    const grant = await env.DB.prepare("SELECT kind, job_count, posts_remaining, expires_at, created_at FROM bundle_purchases WHERE order_id = ?").bind(c.orderId).first<Record<string, number | string>>();
    expect(grant).toMatchObject({ kind: "individual", job_count: 4, posts_remaining: 4 });
    expect(Number(grant!.expires_at) - Number(grant!.created_at)).toBeGreaterThanOrEqual(89 * 86400000);
    const mail = await env.DB.prepare("SELECT \"to\", subject, text FROM mail_outbox WHERE key = ?").bind(`job_confirmation:${c.jobId}`).first<{ to: string; text: string }>();
    expect(mail!.to).toBe("buyer@example.com");
    expect(mail!.text).toContain(c.jobId.slice(0, 8).toUpperCase());
    expect((await search({ keywords: "Backend Engineer" })).jobs.map((j) => j.id)).toContain(c.jobId);
  });

  it("forged, stale, wrong-secret and missing signatures: 400 and no effect", async () => {
    const s = await signUp();
    const c = await startCheckout(s);
    await markPaid(c.id);
    const payload = completedEvent(c.id);
    const good = await signStripePayload(payload, EMULATOR_WEBHOOK_SECRET);
    const cases = [
      good.replace(/v1=[0-9a-f]{4}/, "v1=0000"), // forged
      await signStripePayload(payload, EMULATOR_WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600), // stale
      await signStripePayload(payload, "whsec_wrong"), // wrong secret
      await signStripePayload(payload.replace("checkout.session.completed", "checkout.session.expired"), EMULATOR_WEBHOOK_SECRET), // other body
    ];
    for (const sig of cases) expect((await deliver(payload, sig)).status).toBe(400);
    const missing = await call("/api/stripe/webhook", { method: "POST", body: payload });
    expect(missing.status).toBe(400);
    expect(await counts(c.orderId, c.jobId)).toEqual({ payments: 0, grants: 0, mails: 0, published: 0 });
    const eventId = (JSON.parse(payload) as { id: string }).id;
    expect((await env.DB.prepare("SELECT count(*) AS n FROM stripe_events WHERE id = ?").bind(eventId).first<{ n: number }>())!.n).toBe(0);
  });

  it("the same event 10 times in a row: one fulfilment, duplicates acknowledged", async () => {
    const s = await signUp();
    const c = await startCheckout(s, { purchase: purchase({ quantity: 3 }) });
    await markPaid(c.id);
    const payload = completedEvent(c.id, "evt_sequential");
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push(await (await deliver(payload)).json());
    expect(answers[0]).toEqual({ received: true });
    expect(answers.slice(1).every((a) => (a as { duplicate?: boolean }).duplicate === true)).toBe(true);
    expect(await counts(c.orderId, c.jobId)).toEqual({ payments: 1, grants: 1, mails: 1, published: 1 });
  });

  it("the same event 10 times at once, and 10 different events for one session: exactly one fulfilment", async () => {
    const s = await signUp();
    const c = await startCheckout(s, { purchase: purchase({ quantity: 3 }) });
    await markPaid(c.id);
    const payload = completedEvent(c.id, "evt_concurrent");
    const results = await Promise.all(Array.from({ length: 10 }, () => deliver(payload)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const different = await Promise.all(Array.from({ length: 10 }, () => deliver(completedEvent(c.id))));
    expect(different.every((r) => r.status === 200)).toBe(true);
    expect(await counts(c.orderId, c.jobId)).toEqual({ payments: 1, grants: 1, mails: 1, published: 1 });
    const grant = await env.DB.prepare("SELECT posts_remaining FROM bundle_purchases WHERE order_id = ?").bind(c.orderId).first<{ posts_remaining: number }>();
    expect(grant!.posts_remaining).toBe(2);
  });

  it("unpaid, then async success: published only when the payment succeeds", async () => {
    const s = await signUp();
    const c = await startCheckout(s);
    await markPaid(c.id, "unpaid");
    expect((await deliver(completedEvent(c.id))).status).toBe(200);
    expect(await counts(c.orderId, c.jobId)).toEqual({ payments: 0, grants: 0, mails: 0, published: 0 });
    expect((await env.DB.prepare("SELECT status FROM orders WHERE id = ?").bind(c.orderId).first<{ status: string }>())!.status).toBe("awaiting_payment");
    await markPaid(c.id, "paid");
    expect((await deliver(completedEvent(c.id, undefined, "checkout.session.async_payment_succeeded"))).status).toBe(200);
    expect(await counts(c.orderId, c.jobId)).toMatchObject({ payments: 1, mails: 1, published: 1 });
  });

  it("async failure and expiry mark the order and publish nothing", async () => {
    const s = await signUp();
    const failed = await startCheckout(s);
    await markPaid(failed.id, "unpaid");
    await deliver(completedEvent(failed.id, undefined, "checkout.session.async_payment_failed"));
    const expired = await startCheckout(s);
    await deliver(completedEvent(expired.id, undefined, "checkout.session.expired"));
    const statuses = await env.DB.prepare("SELECT id, status FROM orders WHERE id IN (?, ?)").bind(failed.orderId, expired.orderId).all<{ id: string; status: string }>();
    expect(Object.fromEntries(statuses.results.map((r) => [r.id, r.status]))).toEqual({ [failed.orderId]: "failed", [expired.orderId]: "expired" });
    expect((await counts(failed.orderId, failed.jobId)).published).toBe(0);
  });

  it("a paid amount that differs from the order is not fulfilled", async () => {
    const s = await signUp();
    const c = await startCheckout(s);
    await env.DB.prepare("UPDATE emulator_sessions SET params = json_set(params, '$.amountTotal', 100) WHERE id = ?").bind(c.id).run();
    await markPaid(c.id);
    await deliver(completedEvent(c.id));
    expect(await counts(c.orderId, c.jobId)).toEqual({ payments: 0, grants: 0, mails: 0, published: 0 });
    expect((await env.DB.prepare("SELECT status FROM orders WHERE id = ?").bind(c.orderId).first<{ status: string }>())!.status).toBe("mismatch");
  });
});

describe("GET /api/checkout/verify (the success page)", () => {
  it("fulfils once even when the webhook is late, and only for the order's owner", async () => {
    const s = await signUp();
    const c = await startCheckout(s);
    await markPaid(c.id);
    const other = await signUp();
    expect((await call(`/api/checkout/verify?session_id=${c.id}`, { cookie: other.cookie })).status).toBe(404);
    expect((await call(`/api/checkout/verify?session_id=${c.id}`)).status).toBe(404);
    const answers = await Promise.all(Array.from({ length: 5 }, () => call(`/api/checkout/verify?session_id=${c.id}`, { cookie: s.cookie }).then((r) => r.json())));
    for (const a of answers) expect(a).toMatchObject({ status: "paid", kind: "job", job: { id: c.jobId, published: true } });
    await deliver(completedEvent(c.id));
    expect(await counts(c.orderId, c.jobId)).toEqual({ payments: 1, grants: 0, mails: 1, published: 1 });
  });

  it("an unpaid session reports pending", async () => {
    const s = await signUp();
    const c = await startCheckout(s);
    const a = await (await call(`/api/checkout/verify?session_id=${c.id}`, { cookie: s.cookie })).json();
    expect(a).toMatchObject({ status: "pending", job: { published: false } });
  });
});

describe("duplicate suppression", () => {
  it("the same user's job with the same title and company in the last 30 minutes becomes a duplicate of the new one", async () => {
    const s = await signUp();
    const details = jobDetails({ title: "Growth Lead", company: "Acme" });
    const first = await startCheckout(s, {}, details);
    await markPaid(first.id);
    await deliver(completedEvent(first.id));
    const second = await startCheckout(s, {}, { ...details, title: " growth lead " });
    await markPaid(second.id);
    await deliver(completedEvent(second.id));
    const older = await env.DB.prepare("SELECT is_duplicate, duplicate_of, published FROM jobs WHERE id = ?").bind(first.jobId).first();
    expect(older).toEqual({ is_duplicate: 1, duplicate_of: second.jobId, published: 0 });
    expect((await env.DEDUPE.get(`dup:${s.userId}:growth lead|acme`, "json")) as string[]).toEqual([first.jobId, second.jobId]);
    // Another user's identical job is not touched.
    const other = await signUp();
    const theirs = await startCheckout(other, {}, details);
    await markPaid(theirs.id);
    await deliver(completedEvent(theirs.id));
    expect((await env.DB.prepare("SELECT is_duplicate FROM jobs WHERE id = ?").bind(second.jobId).first<{ is_duplicate: number }>())!.is_duplicate).toBe(0);
  });
});

describe("credits", () => {
  async function buyPosts(s: Session, quantity: number) {
    const c = await startCheckout(s, { purchase: purchase({ quantity }) });
    await markPaid(c.id);
    await deliver(completedEvent(c.id));
    return c;
  }
  const postWithCredit = (s: Session, title = `Credit job ${crypto.randomUUID().slice(0, 5)}`) =>
    call("/api/jobs/with-credit", { method: "POST", cookie: s.cookie, json: { job: jobDetails({ title }), submissionId: crypto.randomUUID() } });

  it("the extra posts of a multi-post purchase become credits; posting with one publishes at once", async () => {
    const s = await signUp();
    await buyPosts(s, 3);
    expect(await (await call("/api/credits", { cookie: s.cookie })).json()).toMatchObject({ individualPostsRemaining: 2, bundlePostsRemaining: 0, totalPostsRemaining: 2 });
    const res = await postWithCredit(s, "Posted with a credit");
    expect(res.status).toBe(201);
    const { job } = (await res.json()) as { job: { id: string } };
    expect((await search({ keywords: "Posted with a credit" })).jobs.map((j) => j.id)).toEqual([job.id]);
    expect(await (await call("/api/credits", { cookie: s.cookie })).json()).toMatchObject({ totalPostsRemaining: 1 });
    expect((await env.DB.prepare("SELECT count(*) AS n FROM mail_outbox WHERE key = ?").bind(`job_confirmation:${job.id}`).first<{ n: number }>())!.n).toBe(1);
  });

  it("takes the bundle first, then individual credits", async () => {
    const s = await signUp();
    await buyPosts(s, 2); // 1 individual credit
    const b = await startCheckout(s, { purchase: purchase({ plan: null, selectedBundle: "boosted" }) }); // 2 posts: 1 bundle credit
    await markPaid(b.id);
    await deliver(completedEvent(b.id));
    expect(await (await call("/api/credits", { cookie: s.cookie })).json()).toMatchObject({ bundlePostsRemaining: 1, individualPostsRemaining: 1 });
    await postWithCredit(s);
    expect(await (await call("/api/credits", { cookie: s.cookie })).json()).toMatchObject({ bundlePostsRemaining: 0, individualPostsRemaining: 1 });
  });

  it("two concurrent posts with one credit left: exactly one published job and one clear error", async () => {
    const s = await signUp();
    await buyPosts(s, 2);
    const [a, b] = await Promise.all([postWithCredit(s, "Race A"), postWithCredit(s, "Race B")]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const loser = a.status === 409 ? a : b;
    expect(await loser.json()).toEqual({ error: "You have no job posts left. Purchase more posts to publish this job." });
    expect((await search({ keywords: "Race" })).total).toBe(1);
    expect(await (await call("/api/credits", { cookie: s.cookie })).json()).toMatchObject({ totalPostsRemaining: 0 });
  });

  it("expired grants stop counting even before the scheduled task runs", async () => {
    const s = await signUp();
    await buyPosts(s, 2);
    await env.DB.prepare("UPDATE bundle_purchases SET expires_at = ? WHERE user_id = ?").bind(Date.now() - 1000, s.userId).run();
    expect(await (await call("/api/credits", { cookie: s.cookie })).json()).toMatchObject({ totalPostsRemaining: 0 });
    expect((await postWithCredit(s)).status).toBe(409);
  });

  it("signed out: 401 with the posting message", async () => {
    const res = await call("/api/jobs/with-credit", { method: "POST", json: { job: jobDetails(), submissionId: crypto.randomUUID() } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: MESSAGES.signInToPost });
  });
});
