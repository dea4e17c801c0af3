// Checkout and fulfilment (issue 3): server pricing, the webhook's verification and idempotency,
// unpaid-then-async payments, duplicate marking, the confirmation e-mail written once, credits.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { EMULATOR_WEBHOOK_SECRET, webhookSecret } from "../../worker/payments/provider";
import { signStripePayload } from "../../worker/payments/signature";
import { MESSAGES } from "../../worker/rules/posting";
import { call, signUp } from "../support/auth";
import type { Session } from "../support/auth";
import { checkoutJob, jobDetails, purchase } from "../support/fixtures";
import { clearJobs, search } from "../support/jobs";
import { expectConsoleError } from "../support/console-guard";

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
  const q = (sql: string, ...p: unknown[]) =>
    env.DB.prepare(sql)
      .bind(...p)
      .first<{ n: number }>()
      .then((r) => r!.n);
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
    ["salary", { salary: "lots" }, "Invalid salary format. Give a range and its currency, such as $100k - $150k or AED 15,000 - 20,000 monthly"],
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
    const { jobId } = await startCheckout(
      s,
      {},
      jobDetails({ website: "acme.example", description: `<p onclick="x()">${"Long enough text for the minimum. ".repeat(4)}</p><script>alert(1)</script>` }),
    );
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
    const grant = await env.DB.prepare("SELECT kind, job_count, posts_remaining, expires_at, created_at FROM bundle_purchases WHERE order_id = ?")
      .bind(c.orderId)
      .first<Record<string, number | string>>();
    expect(grant).toMatchObject({ kind: "individual", job_count: 4, posts_remaining: 4 });
    expect(Number(grant!.expires_at) - Number(grant!.created_at)).toBeGreaterThanOrEqual(89 * 86400000);
    const mail = await env.DB.prepare('SELECT "to", subject, text FROM mail_outbox WHERE key = ?').bind(`job_confirmation:${c.jobId}`).first<{ to: string; text: string }>();
    expect(mail!.to).toBe("buyer@example.com");
    expect(mail!.text).toContain(c.jobId.slice(0, 8).toUpperCase());
    expect((await search({ keywords: "Backend Engineer" })).jobs.map((j) => j.id)).toContain(c.jobId);
  });

  it("locally, a webhook secret declared empty (.dev.vars, worker/cli/devVars.mjs) is unset: the emulator's own secret signs and verifies", () => {
    const local = { ...env, STRIPE_SECRET_KEY: "", STRIPE_WEBHOOK_SECRET: "" };
    expect(webhookSecret(local, "http://localhost:8787/api/stripe/webhook")).toBe(EMULATOR_WEBHOOK_SECRET);
    expect(() => webhookSecret(local, "https://jobs.example.com/api/stripe/webhook")).toThrow(/not configured/);
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
    expectConsoleError(/"event":"checkout\.amount_mismatch"/); // the mismatch is logged as an error
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

  const confirmation = (jobId: string) => env.DB.prepare("SELECT text, html FROM mail_outbox WHERE key = ?").bind(`job_confirmation:${jobId}`).first<{ text: string; html: string }>();

  it("a credit post's confirmation says it was paid with a credit, and the credits left after it (issue 25)", async () => {
    const s = await signUp();
    await buyPosts(s, 3);
    const { job } = (await (await postWithCredit(s)).json()) as { job: { id: string } };
    const mail = (await confirmation(job.id))!;
    expect(mail.text).toContain("Paid with: 1 credit from your balance (Individual posts)");
    expect(mail.text).not.toContain("Job posts:");
    expect(mail.text).toContain("Credits left: 1");
    expect(mail.html).toMatch(/Credits left<\/td>\s*<td[^>]*>1<\/td>/);
    expect(mail.text + mail.html).not.toContain("credits-left-");
    // In Arabic, the bundle and the label in Arabic; the count as the one format writes numbers.
    const arabic = (await (
      await call("/api/jobs/with-credit", { method: "POST", cookie: s.cookie, headers: { "Accept-Language": "ar" }, json: { job: jobDetails(), submissionId: crypto.randomUUID() } })
    ).json()) as { job: { id: string } };
    const ar = (await confirmation(arabic.job.id))!;
    expect(ar.text).toContain("طريقة الدفع: \u2068رصيد الإعلانات (\u2068إعلانات فردية\u2069)\u2069");
    expect(ar.text).toContain("الإعلانات المتبقية في رصيدك: \u20680\u2069");
  });

  it("ten credit posts at once: each confirmation says the credits left after its own spend", async () => {
    const s = await signUp();
    await buyPosts(s, 11); // 10 credits
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => postWithCredit(s, `At once ${i}`)));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(201));
    const ids = await Promise.all(answers.map(async (r) => ((await r.json()) as { job: { id: string } }).job.id));
    const left = await Promise.all(ids.map(async (id) => Number(/Credits left: (\d+)/.exec((await confirmation(id))!.text)![1])));
    expect(left.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("without a choice, the credit bought first is spent (a later bundle waits its turn)", async () => {
    const s = await signUp();
    await buyPosts(s, 2); // 1 individual credit, bought first
    const b = await startCheckout(s, { purchase: purchase({ plan: null, selectedBundle: "boosted" }) }); // 2 posts: 1 bundle credit
    await markPaid(b.id);
    await deliver(completedEvent(b.id));
    expect(await (await call("/api/credits", { cookie: s.cookie })).json()).toMatchObject({ bundlePostsRemaining: 1, individualPostsRemaining: 1 });
    await postWithCredit(s);
    expect(await (await call("/api/credits", { cookie: s.cookie })).json()).toMatchObject({ bundlePostsRemaining: 1, individualPostsRemaining: 0 });
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
    await env.DB.prepare("UPDATE bundle_purchases SET expires_at = ? WHERE user_id = ?")
      .bind(Date.now() - 1000, s.userId)
      .run();
    expect(await (await call("/api/credits", { cookie: s.cookie })).json()).toMatchObject({ totalPostsRemaining: 0 });
    expect((await postWithCredit(s)).status).toBe(409);
  });

  it("signed out: 401 with the posting message", async () => {
    const res = await call("/api/jobs/with-credit", { method: "POST", json: { job: jobDetails(), submissionId: crypto.randomUUID() } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: MESSAGES.signInToPost });
  });
});

describe("credits carry what was bought (issue 10, item 1)", () => {
  interface Grant {
    id: string;
    description: string;
    plan: string;
    enhancements: string[];
    postsRemaining: number;
    expiresAt: string;
    createdAt: string;
  }
  const creditsOf = async (s: Session) => (await (await call("/api/credits", { cookie: s.cookie })).json()) as { totalPostsRemaining: number; grants: Grant[] };
  const postWith = (s: Session, extra: Record<string, unknown> = {}, submissionId: string = crypto.randomUUID()) =>
    call("/api/jobs/with-credit", { method: "POST", cookie: s.cookie, json: { job: jobDetails(), submissionId, ...extra } });
  const jobOf = (id: string) => env.DB.prepare("SELECT plan, enhancements, published FROM jobs WHERE id = ?").bind(id).first<{ plan: string; enhancements: string; published: number }>();
  async function pay(s: Session, p: Record<string, unknown>) {
    const c = await startCheckout(s, { purchase: purchase(p) });
    await markPaid(c.id);
    await deliver(completedEvent(c.id));
    return c;
  }
  async function buyCredits(s: Session, bundleId: string) {
    const res = await call("/api/checkout/credits", { method: "POST", cookie: s.cookie, json: { bundleId } });
    const { id } = (await res.json()) as { id: string };
    await markPaid(id);
    await deliver(completedEvent(id));
  }
  async function postedJob(res: Response) {
    expect(res.status, await res.clone().text()).toBe(201);
    const { job } = (await res.json()) as { job: { id: string } };
    return (await jobOf(job.id))!;
  }

  it("Premium + Highlight + Sticky × 5: each credit posts a premium job with Highlight and Sticky, and says so", async () => {
    const s = await signUp();
    await pay(s, { plan: "premium", enhancements: ["highlight", "sticky"], quantity: 5 });
    const before = await creditsOf(s);
    expect(before.grants).toEqual([expect.objectContaining({ description: "4 Premium posts with Highlight and Sticky", plan: "premium", enhancements: ["highlight", "sticky"], postsRemaining: 4 })]);
    // The browser cannot choose what a credit posts: a plan sent along is ignored.
    const job = await postedJob(await postWith(s, { plan: "standard", enhancements: [] }));
    expect(job).toEqual({ plan: "premium", enhancements: '["highlight","sticky"]', published: 1 });
    expect((await creditsOf(s)).grants[0]!.description).toBe("3 Premium posts with Highlight and Sticky");
  });

  it("the Premium Success bundle (3 posts, Premium + Featured): every job posted with its credits gets them", async () => {
    const s = await signUp();
    await pay(s, { plan: null, selectedBundle: "premium-success" });
    for (let i = 0; i < 2; i++) expect(await postedJob(await postWith(s))).toMatchObject({ plan: "premium", enhancements: '["featured"]' });
    expect((await creditsOf(s)).totalPostsRemaining).toBe(0);
  });

  it.each([
    ["complete-bundle", "standard", ["highlight", "sticky", "featured", "company-profile"], "1 Standard post with Highlight, Sticky, Featured and Company Profile"],
    ["premium-enhanced", "premium", [], "1 Premium post"],
    ["highlight-bundle", "standard", ["highlight"], "1 Standard post with Highlight"],
  ])("the 1-post credit bundle %s posts a %s job with its enhancements", async (bundleId, plan, enhancements, description) => {
    const s = await signUp();
    await buyCredits(s, bundleId);
    expect((await creditsOf(s)).grants.map((g) => g.description)).toEqual([description]);
    expect(await postedJob(await postWith(s))).toMatchObject({ plan, enhancements: JSON.stringify(enhancements) });
  });

  it("credits of different kinds: the one bought first by default, or the one chosen; someone else's or a used-up grant is refused and nothing changes", async () => {
    const s = await signUp();
    await buyCredits(s, "basic");
    await buyCredits(s, "premium-enhanced");
    const { grants } = await creditsOf(s);
    expect(grants.map((g) => g.description)).toEqual(["1 Standard post", "1 Premium post"]);
    expect(Date.parse(grants[0]!.createdAt)).toBeLessThanOrEqual(Date.parse(grants[1]!.createdAt));
    const [basic, premium] = grants as [Grant, Grant];

    const other = await signUp();
    const stranger = await postWith(other, { grantId: premium.id });
    expect(stranger.status).toBe(404);
    expect(await stranger.json()).toEqual({ error: "Credit not found" });
    expect((await postWith(s, { grantId: "no-such-grant" })).status).toBe(404);
    expect((await postWith(s, { grantId: "" })).status).toBe(400);

    expect(await postedJob(await postWith(s, { grantId: premium.id }))).toMatchObject({ plan: "premium" });
    const usedUp = await postWith(s, { grantId: premium.id });
    expect(usedUp.status).toBe(409);
    expect(await usedUp.json()).toEqual({ error: "This credit has no posts left or has expired. Choose another credit or buy more posts." });
    expect((await creditsOf(s)).grants.map((g) => g.id)).toEqual([basic.id]);
    expect(await postedJob(await postWith(s))).toMatchObject({ plan: "standard", enhancements: "[]" });
    expect((await env.DB.prepare("SELECT count(*) AS n FROM jobs WHERE user_id = ?").bind(s.userId).first<{ n: number }>())!.n).toBe(2);
  });

  it("10 identical credit posts at once: one job, one credit spent, nine clear 409s", async () => {
    const s = await signUp();
    await pay(s, { plan: "premium", enhancements: ["sticky"], quantity: 6 }); // 5 credits
    const submissionId = crypto.randomUUID();
    const answers = await Promise.all(Array.from({ length: 10 }, () => postWith(s, {}, submissionId)));
    expect(answers.map((r) => r.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    for (const r of answers.filter((r) => r.status === 409)) expect(await r.json()).toEqual({ error: "This job has already been posted." });
    expect((await creditsOf(s)).totalPostsRemaining).toBe(4);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM credit_uses WHERE user_id = ?").bind(s.userId).first<{ n: number }>())!.n).toBe(1);
  });
});

describe("fulfilment publishes exactly what the paid order bought (issue 10, item 2)", () => {
  const jobOf = (id: string) => env.DB.prepare("SELECT plan, enhancements, published, relevance_rank FROM jobs WHERE id = ?").bind(id).first<Record<string, unknown>>();

  it("two checkouts of one submission, Standard ($199) then Premium with all four enhancements ($825): paying the $199 one publishes a Standard job without enhancements", async () => {
    const s = await signUp();
    const submissionId = crypto.randomUUID();
    const cheap = await startCheckout(s, { submissionId });
    const dear = await startCheckout(s, { submissionId, purchase: purchase({ plan: "premium", enhancements: ["highlight", "sticky", "featured", "company-profile"] }) });
    expect(dear.jobId).toBe(cheap.jobId);
    expect((await jobOf(cheap.jobId))!.plan).toBe("premium"); // the row now holds the second checkout
    await markPaid(cheap.id);
    expect((await deliver(completedEvent(cheap.id))).status).toBe(200);
    expect(await jobOf(cheap.jobId)).toEqual({ plan: "standard", enhancements: "[]", published: 1, relevance_rank: 0 });
    expect((await env.DB.prepare("SELECT amount FROM payments WHERE order_id = ?").bind(cheap.orderId).first<{ amount: number }>())!.amount).toBe(19900);
  });

  it("the same event and the success page's check, 10 of each at once: one fulfilment with the order's items", async () => {
    const s = await signUp();
    const c = await startCheckout(s, { purchase: purchase({ plan: "premium", enhancements: ["featured"], quantity: 2 }) });
    await env.DB.prepare("UPDATE jobs SET plan = 'standard', enhancements = '[]' WHERE id = ?").bind(c.jobId).run();
    await markPaid(c.id);
    const payload = completedEvent(c.id);
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => deliver(payload)),
      ...Array.from({ length: 10 }, () => call(`/api/checkout/verify?session_id=${c.id}`, { cookie: s.cookie })),
    ]);
    expect(answers.every((r) => r.status === 200)).toBe(true);
    expect(await counts(c.orderId, c.jobId)).toEqual({ payments: 1, grants: 1, mails: 1, published: 1 });
    expect(await jobOf(c.jobId)).toMatchObject({ plan: "premium", enhancements: '["featured"]', relevance_rank: 6 });
    const grant = await env.DB.prepare("SELECT plan, enhancements, posts_remaining FROM bundle_purchases WHERE order_id = ?").bind(c.orderId).first();
    expect(grant).toEqual({ plan: "premium", enhancements: '["featured"]', posts_remaining: 1 });
  });
});

describe("a stale checkout session never charges twice (issue 10, item 4)", () => {
  const orderStatus = (id: string) =>
    env.DB.prepare("SELECT status FROM orders WHERE id = ?")
      .bind(id)
      .first<{ status: string }>()
      .then((r) => r!.status);

  it("a new checkout session for the same posting expires the previous one; the emulator refuses to pay it", async () => {
    const s = await signUp();
    const submissionId = crypto.randomUUID();
    const s1 = await startCheckout(s, { submissionId });
    const s2 = await startCheckout(s, { submissionId, purchase: purchase({ enhancements: ["featured"] }) });
    expect((await env.DB.prepare("SELECT status FROM emulator_sessions WHERE id = ?").bind(s1.id).first<{ status: string }>())!.status).toBe("expired");
    expect(await orderStatus(s1.orderId)).toBe("superseded");
    expect(await (await call(`/api/emulator/checkout/${s1.id}`)).text()).toContain("This checkout session is expired. It cannot be paid.");
    const pay = await call(`/api/emulator/checkout/${s1.id}/pay`, { method: "POST", redirect: "manual" });
    expect(pay.status).toBe(409);
    expect(await counts(s1.orderId, s1.jobId)).toEqual({ payments: 0, grants: 0, mails: 0, published: 0 });
    const paid = await call(`/api/emulator/checkout/${s2.id}/pay`, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    expect(await env.DB.prepare("SELECT published, enhancements FROM jobs WHERE id = ?").bind(s2.jobId).first()).toEqual({ published: 1, enhancements: '["featured"]' });
  });

  it("a payment that still arrives for a superseded session after the posting was paid is refunded once through the adapter, even delivered 10 times at once", async () => {
    const s = await signUp();
    const submissionId = crypto.randomUUID();
    const s1 = await startCheckout(s, { submissionId });
    const s2 = await startCheckout(s, { submissionId, purchase: purchase({ enhancements: ["featured"] }) });
    await markPaid(s2.id);
    await deliver(completedEvent(s2.id));
    // S1 is paid anyway (say, in a tab opened before it expired): its event arrives, 10 times at once.
    await markPaid(s1.id);
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () => deliver(completedEvent(s1.id))),
      ...Array.from({ length: 5 }, () => call(`/api/checkout/verify?session_id=${s1.id}`, { cookie: s.cookie })),
    ]);
    expect(answers.map((r) => r.status)).toEqual(Array(15).fill(200));
    expect(await (await call(`/api/checkout/verify?session_id=${s1.id}`, { cookie: s.cookie })).json()).toMatchObject({ status: "refunded" });
    expect(await orderStatus(s1.orderId)).toBe("refunded");
    const s1Intent = `pi_emu_${s1.id.slice("cs_emu_".length)}`;
    // This posting's refunds (its two orders): other test files that ran in this runtime made theirs.
    const refunds = await env.DB.prepare("SELECT order_id, payment_intent_id, amount, currency, reason, status, provider_refund_id FROM refunds WHERE order_id IN (?, ?)")
      .bind(s1.orderId, s2.orderId)
      .all<Record<string, unknown>>();
    expect(refunds.results).toEqual([
      {
        order_id: s1.orderId,
        payment_intent_id: s1Intent,
        amount: 19900,
        currency: "usd",
        reason: "already_paid",
        status: "succeeded",
        provider_refund_id: expect.stringMatching(/^re_emu_/),
      },
    ]);
    const emulated = await env.DB.prepare("SELECT payment_intent_id, amount FROM emulator_refunds WHERE payment_intent_id IN (?, ?)")
      .bind(s1Intent, `pi_emu_${s2.id.slice("cs_emu_".length)}`)
      .all();
    expect(emulated.results).toEqual([{ payment_intent_id: s1Intent, amount: 19900 }]);
    // The posting keeps exactly what S2 bought; S1's payment is recorded, not kept silently.
    expect(await env.DB.prepare("SELECT published, enhancements, amount_paid FROM jobs WHERE id = ?").bind(s2.jobId).first()).toEqual({
      published: 1,
      enhancements: '["featured"]',
      amount_paid: 29800,
    });
    expect(await counts(s1.orderId, s1.jobId)).toMatchObject({ payments: 1, grants: 0, mails: 1 });
  });
});

describe("back from a card checkout to Use Credits (issue 10, smaller defect)", () => {
  it("10 identical credit posts at once for a submission with a started card checkout: one job, one credit, nine clear 409s", async () => {
    const s = await signUp();
    const bought = await startCheckout(s, { purchase: purchase({ quantity: 3 }) }); // 2 credits
    await markPaid(bought.id);
    await deliver(completedEvent(bought.id));
    const submissionId = crypto.randomUUID();
    const card = await startCheckout(s, { submissionId });
    const answers = await Promise.all(Array.from({ length: 10 }, () => call("/api/jobs/with-credit", { method: "POST", cookie: s.cookie, json: { job: jobDetails(), submissionId } })));
    expect(answers.map((r) => r.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM credit_uses WHERE user_id = ?").bind(s.userId).first<{ n: number }>())!.n).toBe(1);
    expect(
      await env.DB.prepare("SELECT id, published FROM jobs WHERE submission_id = ?")
        .bind(submissionId)
        .all()
        .then((r) => r.results),
    ).toEqual([{ id: card.jobId, published: 1 }]);
  });

  it("a posting whose card checkout was started but not paid can still go out with a credit; the open session is expired, and a late payment for it is refunded", async () => {
    const s = await signUp();
    const bought = await startCheckout(s, { purchase: purchase({ plan: "premium", quantity: 2 }) }); // 1 Premium credit
    await markPaid(bought.id);
    await deliver(completedEvent(bought.id));
    const submissionId = crypto.randomUUID();
    const card = await startCheckout(s, { submissionId, purchase: purchase({ enhancements: ["featured"] }) });
    const res = await call("/api/jobs/with-credit", { method: "POST", cookie: s.cookie, json: { job: jobDetails({ title: "Went back to credits" }), submissionId } });
    expect(res.status, await res.clone().text()).toBe(201);
    const { job } = (await res.json()) as { job: { id: string } };
    expect(job.id).toBe(card.jobId);
    expect(await env.DB.prepare("SELECT plan, enhancements, published FROM jobs WHERE id = ?").bind(job.id).first()).toEqual({ plan: "premium", enhancements: "[]", published: 1 });
    expect((await env.DB.prepare("SELECT count(*) AS n FROM jobs WHERE submission_id = ?").bind(submissionId).first<{ n: number }>())!.n).toBe(1);
    expect((await env.DB.prepare("SELECT status FROM emulator_sessions WHERE id = ?").bind(card.id).first<{ status: string }>())!.status).toBe("expired");
    expect((await env.DB.prepare("SELECT status FROM orders WHERE id = ?").bind(card.orderId).first<{ status: string }>())!.status).toBe("superseded");
    // The card session is paid anyway: it buys nothing, so it is refunded.
    await markPaid(card.id);
    await deliver(completedEvent(card.id));
    expect((await env.DB.prepare("SELECT status FROM orders WHERE id = ?").bind(card.orderId).first<{ status: string }>())!.status).toBe("refunded");
    expect(await env.DB.prepare("SELECT amount, status FROM refunds WHERE order_id = ?").bind(card.orderId).first()).toEqual({ amount: 29800, status: "succeeded" });
    expect(await env.DB.prepare("SELECT plan, enhancements FROM jobs WHERE id = ?").bind(job.id).first()).toEqual({ plan: "premium", enhancements: "[]" });
    // Posting the same submission again is refused, and another user's unpublished submission is not taken over.
    expect((await call("/api/jobs/with-credit", { method: "POST", cookie: s.cookie, json: { job: jobDetails(), submissionId } })).status).toBe(409);
    const other = await signUp();
    const theirs = await startCheckout(other, {});
    const theirSubmission = (await env.DB.prepare("SELECT submission_id FROM jobs WHERE id = ?").bind(theirs.jobId).first<{ submission_id: string }>())!.submission_id;
    expect((await call("/api/jobs/with-credit", { method: "POST", cookie: s.cookie, json: { job: jobDetails(), submissionId: theirSubmission } })).status).toBe(409);
    await env.DB.batch([env.DB.prepare("DELETE FROM refunds"), env.DB.prepare("DELETE FROM emulator_refunds")]);
  });
});

describe("a payment that buys nothing is never kept silently", () => {
  it("the job of an unpaid checkout was deleted from the dashboard, then its session is paid: the payment is refunded", async () => {
    const s = await signUp();
    const c = await startCheckout(s);
    expect((await call(`/api/dashboard/jobs/${c.jobId}`, { method: "DELETE", cookie: s.cookie })).status).toBe(200);
    await markPaid(c.id);
    expect((await deliver(completedEvent(c.id))).status).toBe(200);
    expect((await env.DB.prepare("SELECT status FROM orders WHERE id = ?").bind(c.orderId).first<{ status: string }>())!.status).toBe("refunded");
    expect(await env.DB.prepare("SELECT amount, reason, status FROM refunds WHERE order_id = ?").bind(c.orderId).first()).toEqual({ amount: 19900, reason: "job_deleted", status: "succeeded" });
    await env.DB.batch([env.DB.prepare("DELETE FROM refunds"), env.DB.prepare("DELETE FROM emulator_refunds")]);
  });
});
