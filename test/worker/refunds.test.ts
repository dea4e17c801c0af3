// Issue 22, items 1–3: a refund returns money; what else it takes back (the job, unspent credits) is the
// operator's explicit choice, at most what the refund pays for; every refund is told to the customer once,
// in their language; Billing lists each refund under its order; the operator's category, reason and note
// are stored; a key reused with another amount and a second refund of a refunded order are refused.
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { DEV_ADMIN_EMAIL } from "../../worker/admin/gate";
import type { BillingResponse } from "../../worker/rules/billing";
import { GOOD_PASSWORD, call, cookiesFrom, signUp, uniqueEmail, verifyAddress } from "../support/auth";
import type { Session } from "../support/auth";
import { checkoutJob, jobDetails, purchase } from "../support/fixtures";

let admin: Session;
beforeAll(async () => {
  admin = await signUp(DEV_ADMIN_EMAIL);
});

const post = (path: string, cookie: string | undefined, json: unknown) => call(path, { method: "POST", cookie, json });
const pay = (sessionId: string) => exports.default.fetch(`http://localhost/api/emulator/checkout/${sessionId}/pay`, { method: "POST", redirect: "manual" });

/** 5 × Premium + Highlight + Sticky: $2,822, the job plus 4 credits. */
const BIG = { plan: "premium", enhancements: ["highlight", "sticky"], quantity: 5 };

async function paidJob(s: Session, buy: Record<string, unknown> = {}, submissionId: string = crypto.randomUUID(), headers: Record<string, string> = {}) {
  const res = await checkoutJob(s.cookie, { job: jobDetails(), purchase: purchase({ email: s.email, ...buy }), submissionId }, headers);
  expect(res.status, await res.clone().text()).toBe(200);
  const { id, orderId, jobId } = (await res.json()) as { id: string; orderId: string; jobId: string };
  await pay(id);
  return { sessionId: id, orderId, jobId, submissionId };
}

async function paidCredits(s: Session, bundleId: string) {
  const res = await post("/api/checkout/credits", s.cookie, { bundleId });
  const { id, orderId } = (await res.json()) as { id: string; orderId: string };
  await pay(id);
  return { sessionId: id, orderId };
}

const refund = (orderId: string, body: Record<string, unknown>) => post(`/api/admin/orders/${orderId}/refund`, admin.cookie, { reason: "Customer asked", key: crypto.randomUUID(), ...body });
const credits = async (s: Session) => ((await (await call("/api/credits", { cookie: s.cookie })).json()) as { totalPostsRemaining: number }).totalPostsRemaining;
const published = async (jobId: string) => (await env.DB.prepare("SELECT published FROM jobs WHERE id = ?").bind(jobId).first<{ published: number }>())!.published;
const refundMails = async (to: string) =>
  (
    await env.DB.prepare(`SELECT key, subject, text, html FROM mail_outbox WHERE kind = 'refund' AND "to" = ? ORDER BY created_at`)
      .bind(to)
      .all<{ key: string; subject: string; text: string; html: string }>()
  ).results;
async function billing(s: Session): Promise<BillingResponse> {
  return (await (await call("/api/billing", { cookie: s.cookie })).json()) as BillingResponse;
}
async function detail(orderId: string) {
  return (await (await call(`/api/admin/orders/${orderId}`, { cookie: admin.cookie })).json()) as {
    refundFacts: { amount: number; refunded: number; posts: number; takenBack: number; job: { id: string; state: string } | null; unspentCredits: number };
    refunds: { reason: string; note: string | null; customer_note: string | null; job_unpublished: number; credits_removed: number }[];
  };
}

describe("item 1: a partial refund returns money; what it takes back is the operator's choice", () => {
  it("$1 of a $2,822 order (5 × Premium + Highlight + Sticky) leaves the job live and its 4 credits", async () => {
    const s = await signUp();
    const { orderId, jobId } = await paidJob(s, BIG);
    expect(await credits(s)).toBe(4);
    const facts = (await detail(orderId)).refundFacts;
    expect(facts).toMatchObject({ amount: 282200, refunded: 0, posts: 5, takenBack: 0, unspentCredits: 4, job: { id: jobId, state: "live" } });
    const res = await refund(orderId, { amountCents: 100 });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await published(jobId)).toBe(1);
    expect(await credits(s)).toBe(4);
    // Nothing more than the $1 pays for: no credit, even when asked.
    const tooMany = await refund(orderId, { amountCents: 100, takeBack: { job: false, credits: 1 } });
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as { error: string }).error).toBe("This refund can remove at most 0 unspent credits");
    // The owner's Deactivate and Activate still work: the job is paid for.
    expect((await post(`/api/dashboard/jobs/${jobId}/deactivate`, s.cookie, {})).status).toBe(200);
    expect((await post(`/api/dashboard/jobs/${jobId}/activate`, s.cookie, {})).status).toBe(200);
  });

  it("$169.20 of the $1,692 10-pack keeps its 10 credits; removing 1 credit is allowed, 2 are not", async () => {
    const s = await signUp();
    const { orderId } = await paidCredits(s, "premium");
    expect(await credits(s)).toBe(10);
    expect((await refund(orderId, { amountCents: 16920 })).status).toBe(200);
    expect(await credits(s)).toBe(10);
    // A second $169.20: the two refunds pay for 2 posts, so this one may take back at most 2.
    expect((await refund(orderId, { amountCents: 16920, takeBack: { job: false, credits: 3 } })).status).toBe(400);
    expect((await refund(orderId, { amountCents: 16920, takeBack: { job: false, credits: 2 } })).status).toBe(200);
    expect(await credits(s)).toBe(8);
    const grant = (await billing(s)).grants[0]!;
    expect(grant).toMatchObject({ postsRemaining: 8, creditsRemoved: 2 });
  });

  it("$1 of a $199 job leaves it live and Activate works; taking the job back is explicit and Activate then answers 409 refunded", async () => {
    const s = await signUp();
    const { orderId, jobId } = await paidJob(s);
    expect((await refund(orderId, { amountCents: 100 })).status).toBe(200);
    expect(await published(jobId)).toBe(1);
    expect((await post(`/api/dashboard/jobs/${jobId}/deactivate`, s.cookie, {})).status).toBe(200);
    expect((await post(`/api/dashboard/jobs/${jobId}/activate`, s.cookie, {})).status).toBe(200);
    const res = await refund(orderId, { amountCents: 100, takeBack: { job: true, credits: 0 } });
    expect(res.status).toBe(200);
    expect(await published(jobId)).toBe(0);
    const activate = await post(`/api/dashboard/jobs/${jobId}/activate`, s.cookie, {});
    expect(activate.status).toBe(409);
    expect(((await activate.json()) as { code: string }).code).toBe("refunded");
    expect((await detail(orderId)).refundFacts.job).toBeNull();
    // Once taken back, the job cannot be taken back again.
    expect((await refund(orderId, { amountCents: 100, takeBack: { job: true, credits: 0 } })).status).toBe(400);
  });

  it("a full refund defaults to taking back what it paid for: the job and the unspent credits", async () => {
    const s = await signUp();
    const { orderId, jobId } = await paidJob(s, BIG);
    const res = await refund(orderId, {});
    expect(res.status).toBe(200);
    expect(await published(jobId)).toBe(0);
    expect(await credits(s)).toBe(0);
    expect((await detail(orderId)).refunds[0]).toMatchObject({ job_unpublished: 1, credits_removed: 4 });
    expect((await post(`/api/dashboard/jobs/${jobId}/activate`, s.cookie, {})).status).toBe(409);
  });

  it("a full refund can be money only when the operator says so", async () => {
    const s = await signUp();
    const { orderId, jobId } = await paidJob(s, BIG);
    expect((await refund(orderId, { takeBack: { job: false, credits: 0 } })).status).toBe(200);
    expect(await published(jobId)).toBe(1);
    expect(await credits(s)).toBe(4);
  });

  it("10 simultaneous $1 refunds that each take back a credit, after a money-only $169.20: one credit goes, for what they pay for together", async () => {
    const s = await signUp();
    const { orderId } = await paidCredits(s, "premium");
    expect((await refund(orderId, { amountCents: 16920 })).status).toBe(200);
    // Each alone pays with the $169.20 for one post; together they still pay for one.
    const results = await Promise.all(Array.from({ length: 10 }, () => refund(orderId, { amountCents: 100, takeBack: { job: false, credits: 1 } })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200)) expect([400, 409]).toContain(r.status);
    expect(await credits(s)).toBe(9);
    const refunded = (await env.DB.prepare("SELECT COALESCE(SUM(amount), 0) AS n FROM refunds WHERE order_id = ?").bind(orderId).first<{ n: number }>())!.n;
    expect(refunded).toBe(16920 + 100);
  });
});

describe("a job a refund took back stays down until it is paid for again (the 30th reading)", () => {
  const status = async (s: Session, jobId: string) => ((await (await call(`/api/dashboard/jobs/${jobId}`, { cookie: s.cookie })).json()) as { job: { status: string } }).job.status;

  it("it reads 'Refunded', and Activate answers 409 refunded, in the account's words, not 'not paid'", async () => {
    const s = await signUp();
    const { orderId, jobId } = await paidJob(s);
    expect((await refund(orderId, {})).status).toBe(200);
    expect(await status(s, jobId)).toBe("refunded");
    const activate = await call(`/api/dashboard/jobs/${jobId}/activate`, { method: "POST", cookie: s.cookie, json: {}, headers: { "Accept-Language": "ar" } });
    expect(activate.status).toBe(409);
    expect(await activate.json()).toEqual({ error: "استُرد مبلغ هذه الوظيفة، فلا يمكن تفعيلها من جديد. أعد نشرها برصيد إعلاناتك لتُنشر مرة أخرى.", code: "refunded" });
  });

  it("ten Activates at once are all refused and another account's is a 404; ten reposts at once publish it once, for one credit", async () => {
    const s = await signUp();
    const { orderId, jobId } = await paidJob(s);
    await paidCredits(s, "standard");
    expect((await refund(orderId, {})).status).toBe(200);
    const activates = await Promise.all(Array.from({ length: 10 }, () => post(`/api/dashboard/jobs/${jobId}/activate`, s.cookie, {})));
    expect(activates.map((r) => r.status)).toEqual(Array(10).fill(409));
    expect(await published(jobId)).toBe(0);
    const other = await signUp();
    expect((await post(`/api/dashboard/jobs/${jobId}/activate`, other.cookie, {})).status).toBe(404);
    expect(await credits(s)).toBe(5);
    const reposts = await Promise.all(Array.from({ length: 10 }, () => post(`/api/dashboard/jobs/${jobId}/repost`, s.cookie, {})));
    expect(reposts.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await published(jobId)).toBe(1);
    expect(await credits(s)).toBe(4);
    expect(await status(s, jobId)).toBe("active");
  });

  it("a credit spent on a repost before the refund does not let Activate bring it back; a repost after it does, and then it pauses and resumes", async () => {
    const s = await signUp();
    const { orderId, jobId } = await paidJob(s);
    await paidCredits(s, "standard");
    expect((await post(`/api/dashboard/jobs/${jobId}/deactivate`, s.cookie, {})).status).toBe(200);
    expect((await post(`/api/dashboard/jobs/${jobId}/repost`, s.cookie, {})).status).toBe(200);
    expect(await published(jobId)).toBe(1);
    // The operator refunds the card order and takes the job back, as the console says: "its owner can bring it back only by reposting it".
    expect((await refund(orderId, {})).status).toBe(200);
    expect(await published(jobId)).toBe(0);
    const activate = await post(`/api/dashboard/jobs/${jobId}/activate`, s.cookie, {});
    expect(activate.status).toBe(409);
    expect(((await activate.json()) as { code: string }).code).toBe("refunded");
    expect(await published(jobId)).toBe(0);
    // Paid for again: a repost with a credit publishes it, and the owner's pause and resume work as for any paid job.
    expect((await post(`/api/dashboard/jobs/${jobId}/repost`, s.cookie, {})).status).toBe(200);
    expect(await status(s, jobId)).toBe("active");
    expect((await post(`/api/dashboard/jobs/${jobId}/deactivate`, s.cookie, {})).status).toBe(200);
    expect((await post(`/api/dashboard/jobs/${jobId}/activate`, s.cookie, {})).status).toBe(200);
  });

  it("an operator's Restore gives the job back for its period: its owner pauses and resumes it; the refund still stands", async () => {
    const s = await signUp();
    const { orderId, jobId } = await paidJob(s);
    expect((await refund(orderId, {})).status).toBe(200);
    // Ten Restores at once: one is recorded, and the console's job reads restored after a refund.
    const restores = await Promise.all(Array.from({ length: 10 }, () => post(`/api/admin/jobs/${jobId}/restore`, admin.cookie, { reason: "Kept as a courtesy" })));
    expect(restores.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    const once = async (sql: string) => (await env.DB.prepare(sql).bind(jobId).first<{ n: number }>())!.n;
    expect(await once("SELECT count(*) AS n FROM admin_audit WHERE action = 'job.restore' AND target_id = ?")).toBe(1);
    expect(await once(`SELECT count(*) AS n FROM mail_outbox WHERE kind = 'job_restored' AND key LIKE '%' || ? || '%'`)).toBe(1);
    expect(await published(jobId)).toBe(1);
    expect(await status(s, jobId)).toBe("active");
    // The operator's word holds: a pause and a resume work as for any paid job (before, Activate answered 409 refunded).
    expect((await post(`/api/dashboard/jobs/${jobId}/deactivate`, s.cookie, {})).status).toBe(200);
    expect(await status(s, jobId)).toBe("inactive");
    const resumed = await post(`/api/dashboard/jobs/${jobId}/activate`, s.cookie, {});
    expect(resumed.status, await resumed.clone().text()).toBe(200);
    expect(await published(jobId)).toBe(1);
    // The refund is not undone: the order still reads refunded, in full.
    expect((await detail(orderId)).refundFacts).toMatchObject({ amount: 19900, refunded: 19900 });
    // A restore is not a repost: it gives no new period.
    const { expires_at } = (await env.DB.prepare("SELECT expires_at FROM jobs WHERE id = ?").bind(jobId).first<{ expires_at: number }>())!;
    expect(expires_at).toBeLessThanOrEqual(Date.now() + 31 * 86_400_000);
  });
});

describe("item 2: every refund is told to the customer, and Billing shows it", () => {
  it("an operator's refund sends one e-mail: amount, order, what was taken back, the note for the customer", async () => {
    const s = await signUp();
    const { orderId, jobId } = await paidJob(s, BIG);
    const title = (await env.DB.prepare("SELECT title FROM jobs WHERE id = ?").bind(jobId).first<{ title: string }>())!.title;
    const body = { reason: "Charged twice by mistake", key: "item2-key-0001", customerNote: "Sorry for the trouble with your posting." };
    const results = await Promise.all(Array.from({ length: 10 }, () => post(`/api/admin/orders/${orderId}/refund`, admin.cookie, body)));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    const mails = await refundMails(s.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Your refund of $2,822.00 USD");
    expect(mails[0]!.text).toContain(orderId.replace(/-/g, "").slice(0, 8).toUpperCase());
    // And the way back (the 31st reading: it never said how to get the job back).
    expect(mails[0]!.text).toContain(`your job “${title}” is no longer on the board: you can repost it from your dashboard, paid for again`);
    expect(mails[0]!.text).toContain("4 unspent credits were removed from your account");
    // The whole order, so not partial; the operator's note is a note from the team, not a reason.
    expect(mails[0]!.text).toContain("We have refunded $2,822.00 USD, the full amount you paid for");
    expect(mails[0]!.text).toContain("A note from our team: Sorry for the trouble with your posting.");
    expect(mails[0]!.text).not.toContain("Why:");
    // The operator's own reason is for the audit log, not the customer.
    expect(mails[0]!.text).not.toContain("Charged twice");
  });

  it("a money-only refund's e-mail says nothing else changes; an Arabic account's e-mail is in Arabic", async () => {
    const email = uniqueEmail("ar");
    const res = await call("/api/auth/sign-up", { method: "POST", json: { email, password: GOOD_PASSWORD, name: "Test" }, headers: { "Accept-Language": "ar", "CF-Connecting-IP": "10.9.9.9" } });
    expect(res.status).toBe(201);
    const s: Session = { cookie: cookiesFrom(res), userId: "", email };
    // Paying waits for a confirmed address (issue 23).
    await verifyAddress(s);
    // Bought on the Arabic pages, as an Arabic account does (its language follows its last checkout, decision 0509).
    const { orderId } = await paidJob(s, {}, crypto.randomUUID(), { "Accept-Language": "ar" });
    expect((await refund(orderId, { amountCents: 5000, customerNote: "نعتذر عن التأخير." })).status).toBe(200);
    const [mail] = await refundMails(email);
    // Part of what was paid: the mail says so, and of how much (issue 25).
    const plain = (text: string) => text.replace(/[\u200e\u200f\u2066-\u2069]/g, "").replace(/\u00a0/g, " ");
    expect(plain(mail!.subject)).toBe("أعدنا إليك جزءًا من المبلغ: 50 US$");
    expect(plain(mail!.text)).toContain("أعدنا إليك 50 US$ من أصل 199 US$ دفعتها مقابل");
    expect(mail!.text).toContain("هذا استرداد جزئي.");
    expect(mail!.text).toContain("ملاحظة من فريقنا: \u2068نعتذر عن التأخير.\u2069");
    expect(mail!.text).not.toContain("السبب:");
    // The rest, after that part: not «جزئي» again, but all of it back (the fifth reading).
    expect((await refund(orderId, { amountCents: 14900 })).status).toBe(200);
    const [, rest] = await refundMails(email);
    expect(plain(rest!.subject)).toBe("أعدنا إليك باقي المبلغ: 149 US$");
    expect(plain(rest!.text)).toContain("أعدنا إليك 149 US$، وبذلك استرددت كامل ما دفعته (199 US$) مقابل");
    expect(rest!.text).not.toContain("جزئي");
    expect(mail!.text).toContain("لم يتغيّر شيء آخر");
    expect(mail!.html).toContain('lang="ar" dir="rtl"');
  });

  it("the automatic refunds send their e-mail: a superseded session paid late, a deleted job's payment", async () => {
    const s = await signUp();
    const submissionId = crypto.randomUUID();
    const first = (await (await checkoutJob(s.cookie, { job: jobDetails(), purchase: purchase({ email: s.email }), submissionId })).json()) as { id: string; orderId: string };
    // A second tab: its checkout supersedes the first; both get paid (the first one late: a real Stripe
    // session can be completed while it is being expired, so the emulator's is re-opened here).
    const second = (await (await checkoutJob(s.cookie, { job: jobDetails(), purchase: purchase({ email: s.email }), submissionId })).json()) as { id: string; orderId: string };
    await pay(second.id);
    await env.DB.prepare("UPDATE emulator_sessions SET status = 'open' WHERE id = ?").bind(first.id).run();
    await pay(first.id);
    const auto = await refundMails(s.email);
    expect(auto).toHaveLength(1);
    expect(auto[0]!.text).toContain("This posting had already been paid for with another checkout");

    // A job deleted before its payment arrived.
    const other = await signUp();
    const started = (await (await checkoutJob(other.cookie, { job: jobDetails(), purchase: purchase({ email: other.email }), submissionId: crypto.randomUUID() })).json()) as {
      id: string;
      jobId: string;
    };
    await env.DB.prepare("DELETE FROM jobs WHERE id = ?").bind(started.jobId).run();
    await pay(started.id);
    const deleted = await refundMails(other.email);
    expect(deleted).toHaveLength(1);
    expect(deleted[0]!.text).toContain("The job was deleted before this payment arrived");
  });

  it("Billing lists each refund under its order (date, amount) and reads 'Partially refunded'; grants show the credits removed", async () => {
    const s = await signUp();
    const { orderId } = await paidJob(s, BIG);
    expect((await refund(orderId, { amountCents: 100 })).status).toBe(200);
    let order = (await billing(s)).orders.find((o) => o.id === orderId)!;
    expect(order).toMatchObject({ statusLabel: "Partially refunded", refundedCents: 100, refunded: "$1.00 USD" });
    expect(order.refunds).toHaveLength(1);
    expect(order.refunds[0]).toMatchObject({ amountCents: 100, amount: "$1.00 USD", jobUnpublished: false, creditsRemoved: 0 });
    expect(Number.isNaN(Date.parse(order.refunds[0]!.date))).toBe(false);
    expect((await refund(orderId, {})).status).toBe(200);
    const after = await billing(s);
    order = after.orders.find((o) => o.id === orderId)!;
    expect(order).toMatchObject({ statusLabel: "Refunded", refundedCents: 282200 });
    expect(order.refunds.map((r) => r.amountCents)).toEqual([100, 282100]);
    expect(after.grants[0]).toMatchObject({ postsRemaining: 0, creditsRemoved: 4 });
  });
});

describe("item 3: what the operator chose and typed is stored; reused keys and refunded orders are refused", () => {
  it("stores the category, the reason as typed and the customer's note", async () => {
    const s = await signUp();
    const { orderId } = await paidJob(s);
    const res = await post(`/api/admin/orders/${orderId}/refund`, admin.cookie, {
      reason: "Goodwill: the posting went live late",
      key: "item3-key-0001",
      amountCents: 2000,
      category: "goodwill",
      customerNote: "A small thank-you for your patience.",
    });
    expect(res.status).toBe(200);
    expect((await detail(orderId)).refunds[0]).toMatchObject({ reason: "goodwill", note: "Goodwill: the posting went live late", customer_note: "A small thank-you for your patience." });
    expect((await post(`/api/admin/orders/${orderId}/refund`, admin.cookie, { reason: "ok reason", key: "item3-key-0002", category: "nope" })).status).toBe(400);
  });

  it("a refund key reused with another amount is a clear 409; the same amount is the same refund", async () => {
    const s = await signUp();
    const { orderId } = await paidJob(s);
    expect((await refund(orderId, { key: "item3-reuse-01", amountCents: 1000 })).status).toBe(200);
    const again = await refund(orderId, { key: "item3-reuse-01", amountCents: 1000 });
    expect(again.status).toBe(200);
    const other = await refund(orderId, { key: "item3-reuse-01", amountCents: 2500 });
    expect(other.status).toBe(409);
    expect((await other.json()) as { error: string; code: string }).toEqual({
      error: "This refund key was already used for a refund of $10.00 USD; a different amount needs a new key",
      code: "key_reused",
    });
    expect((await env.DB.prepare("SELECT count(*) AS n FROM refunds WHERE order_id = ?").bind(orderId).first<{ n: number }>())!.n).toBe(1);
  });

  it("a second refund of a fully refunded order says it is already refunded", async () => {
    const s = await signUp();
    const { orderId } = await paidJob(s);
    expect((await refund(orderId, {})).status).toBe(200);
    const second = await refund(orderId, {});
    expect(second.status).toBe(409);
    expect((await second.json()) as { error: string; code: string }).toEqual({ error: "This order has already been refunded in full", code: "already_refunded" });
  });
});
