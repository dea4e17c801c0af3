// Billing (issue 10, items 6, 14 and 16): receipts in the confirmation e-mails, the billing page's API,
// the Customer Portal through the adapter, and pending bank transfers that e-mail when they settle.
import { env, exports } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { DEV_ADMIN_EMAIL } from "../../worker/admin/gate";
import { app } from "../../worker/app";
import { EMULATOR_WEBHOOK_SECRET, setStripeFetchForTests } from "../../worker/payments/provider";
import { signStripePayload } from "../../worker/payments/signature";
import type { BillingResponse } from "../../worker/rules/billing";
import { adminSession, call, signUp } from "../support/auth";
import type { Session } from "../support/auth";
import { checkoutJob, jobDetails, purchase } from "../support/fixtures";
import { subscriber } from "../support/spotlight";

afterEach(() => setStripeFetchForTests(undefined));

interface Started {
  id: string;
  url: string;
  jobId?: string;
  orderId: string;
}

async function startJob(s: Session, p = purchase(), job = jobDetails()): Promise<Started & { jobId: string }> {
  const res = await checkoutJob(s.cookie, { job, purchase: p, submissionId: crypto.randomUUID() });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Started & { jobId: string };
}

async function startCredits(s: Session, body: Record<string, unknown>): Promise<Started> {
  const res = await call("/api/checkout/credits", { method: "POST", cookie: s.cookie, json: body });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as Started;
}

/** The emulator's page buttons, as a browser posts them. */
async function emulator(sessionId: string, action: "pay" | "pay-later" | "settle", outcome?: "succeeded" | "failed") {
  const res = await exports.default.fetch(`http://localhost/api/emulator/checkout/${sessionId}/${action}`, {
    method: "POST",
    redirect: "manual",
    ...(outcome ? { body: new URLSearchParams({ outcome }), headers: { "Content-Type": "application/x-www-form-urlencoded" } } : {}),
  });
  expect(res.status).toBe(303);
}

async function mailsTo(to: string) {
  const { results } = await env.DB.prepare(`SELECT key, kind, subject, text, html FROM mail_outbox WHERE "to" = ? ORDER BY created_at`)
    .bind(to)
    .all<{ key: string; kind: string; subject: string; text: string; html: string }>();
  return results;
}

async function billing(s: Session): Promise<BillingResponse> {
  const res = await call("/api/billing", { cookie: s.cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as BillingResponse;
}

// A mail's date never breaks: its spaces are no-break spaces (issue 25).
const today = () => new Date().toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }).replace(/ /g, "\u00a0");
const reference = (orderId: string) => orderId.replace(/-/g, "").slice(0, 8).toUpperCase();

describe("the confirmation e-mail is a receipt (item 6)", () => {
  it("a job order: what was bought (plan, enhancements, posts), the amount and currency paid, the date and the order reference; never 'Bundle: Standard' for a non-bundle order", async () => {
    const s = await signUp();
    const email = `receipt-${crypto.randomUUID().slice(0, 6)}@example.com`;
    const c = await startJob(s, purchase({ plan: "premium", enhancements: ["highlight", "sticky"], quantity: 5, email }), jobDetails({ title: "Receipt Engineer" }));
    await emulator(c.id, "pay");
    const [mail] = await mailsTo(email);
    expect(mail!.kind).toBe("job_confirmation");
    const text = mail!.text;
    expect(text).toContain("Plan: Premium");
    expect(text).toContain("Enhancements: Highlight, Sticky");
    expect(text).toContain("Job posts: 5 (1 for this job, 4 as credits)");
    // (399 + 79 + 149) × 5 × 0.9 = 2821.5 → $2,822
    expect(text).toContain("Amount paid: $2,822.00 USD");
    expect(text).toContain(`Date: ${today()}`);
    expect(text).toContain(`Order reference: ${reference(c.orderId)}`);
    expect(text).toContain(`Reference: ${c.jobId.slice(0, 8).toUpperCase()}`);
    expect(text).not.toContain("Bundle");
    expect(mail!.html).toContain("$2,822.00 USD");
    expect(mail!.html).not.toContain("Bundle");
    // The emulator has no hosted receipt: no link, and none stored.
    expect(text).not.toContain("payment provider");
    expect((await env.DB.prepare("SELECT receipt_url FROM payments WHERE order_id = ?").bind(c.orderId).first<{ receipt_url: string | null }>())!.receipt_url).toBeNull();
  });

  it("a bundle order names the bundle; a credit purchase says what its credits post", async () => {
    const s = await signUp();
    const email = `bundle-${crypto.randomUUID().slice(0, 6)}@example.com`;
    const b = await startJob(s, purchase({ plan: null, selectedBundle: "premium-success", email }));
    await emulator(b.id, "pay");
    const [bundleMail] = await mailsTo(email);
    expect(bundleMail!.text).toContain("Bundle: Premium Success");
    expect(bundleMail!.text).toContain("Plan: Premium");
    expect(bundleMail!.text).toContain("Enhancements: Featured");
    expect(bundleMail!.text).toContain("Amount paid: $499.00 USD");

    const custom = await startCredits(s, { customQuantity: 12 });
    await emulator(custom.id, "pay");
    const credit = (await mailsTo(s.email)).find((m) => m.key === `credit_purchase:${custom.orderId}`)!;
    expect(credit.text).toContain("Credits: 12 Standard posts");
    expect(credit.text).not.toContain("Bundle:");
    // 199 × 12 × 0.85 = 2029.8 → $2,030
    expect(credit.text).toContain("Amount paid: $2,030.00 USD");
    expect(credit.text).toContain(`Order reference: ${reference(custom.orderId)}`);

    const complete = await startCredits(s, { bundleId: "complete-bundle" });
    await emulator(complete.id, "pay");
    const completeMail = (await mailsTo(s.email)).find((m) => m.key === `credit_purchase:${complete.orderId}`)!;
    expect(completeMail.text).toContain("Bundle: Complete Bundle");
    expect(completeMail.text).toContain("Credits: 1 Standard post with Highlight, Sticky, Featured and Company Profile");
    expect(completeMail.text).toContain("Amount paid: $527.00 USD");
  });

  it("with real Stripe, the hosted receipt (the payment intent's latest charge receipt_url) is in the e-mail and stored on the payment row", async () => {
    const receiptUrl = "https://pay.stripe.com/receipts/payment/CAcaFwoVYWNjdF8xTest";
    const stripeEnv = { ...env, STRIPE_SECRET_KEY: "sk_test_123", STRIPE_WEBHOOK_SECRET: "whsec_test" };
    const requests: string[] = [];
    let sessionId = "";
    let orderId = "";
    setStripeFetchForTests((async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = new Request(input, init);
      requests.push(`${req.method} ${req.url}`);
      if (req.method === "POST") return Response.json({ id: "cs_test_receipt", object: "checkout.session", url: "https://checkout.stripe.com/c/pay/cs_test_receipt" });
      const expanded = [...new URL(req.url).searchParams.values()].includes("payment_intent.latest_charge");
      return Response.json({
        id: sessionId,
        object: "checkout.session",
        mode: "payment",
        status: "complete",
        payment_status: "paid",
        amount_total: 19_900,
        currency: "usd",
        customer: "cus_test_1",
        metadata: { orderId },
        payment_intent: expanded ? { id: "pi_test_1", object: "payment_intent", latest_charge: { id: "ch_test_1", object: "charge", receipt_url: receiptUrl } } : "pi_test_1",
        subscription: null,
      });
    }) as typeof fetch);
    const s = await signUp();
    const email = `stripe-${crypto.randomUUID().slice(0, 6)}@example.com`;
    const res = await app.request(
      "http://localhost/api/checkout/job",
      {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: s.cookie, Origin: "http://localhost" },
        body: JSON.stringify({ job: jobDetails(), purchase: purchase({ email }), submissionId: crypto.randomUUID() }),
      },
      stripeEnv,
    );
    expect(res.status).toBe(200);
    ({ id: sessionId, orderId } = (await res.json()) as { id: string; orderId: string });
    const payload = JSON.stringify({
      id: `evt_${crypto.randomUUID()}`,
      object: "event",
      type: "checkout.session.completed",
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: sessionId, object: "checkout.session" } },
    });
    const hook = await app.request(
      "http://localhost/api/stripe/webhook",
      { method: "POST", body: payload, headers: { "Stripe-Signature": await signStripePayload(payload, "whsec_test") } },
      stripeEnv,
    );
    expect(hook.status, await hook.clone().text()).toBe(200);
    expect(requests.some((r) => r.startsWith(`GET https://api.stripe.com/v1/checkout/sessions/${sessionId}`) && r.includes("expand"))).toBe(true);
    expect((await env.DB.prepare("SELECT receipt_url FROM payments WHERE order_id = ?").bind(orderId).first<{ receipt_url: string }>())!.receipt_url).toBe(receiptUrl);
    const [mail] = await mailsTo(email);
    expect(mail!.text).toContain(`Receipt from our payment provider: ${receiptUrl}`);
    expect(mail!.html).toContain(`href="${receiptUrl}"`);
    // The billing page links it.
    const orders = (await billing(s)).orders;
    expect(orders.find((o) => o.id === orderId)).toMatchObject({ status: "paid", statusLabel: "Paid", receiptUrl, amount: "$199.00 USD" });
  });

  it("the same paid session fulfilled 10 times at once sends one receipt", async () => {
    const s = await signUp();
    const email = `once-${crypto.randomUUID().slice(0, 6)}@example.com`;
    const c = await startJob(s, purchase({ email, quantity: 2 }));
    await env.DB.prepare("UPDATE emulator_sessions SET status = 'complete', payment_status = 'paid' WHERE id = ?").bind(c.id).run();
    const answers = await Promise.all(Array.from({ length: 10 }, () => call(`/api/checkout/verify?session_id=${c.id}`, { cookie: s.cookie })));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect((await mailsTo(email)).filter((m) => m.kind === "job_confirmation")).toHaveLength(1);
  });
});

describe("GET /api/billing (item 14)", () => {
  it("lists every order (date, what, amount, status) and every credit grant as its own row: two purchases are two grants", async () => {
    const s = await signUp();
    const first = await startCredits(s, { customQuantity: 3 });
    await emulator(first.id, "pay");
    const second = await startCredits(s, { bundleId: "premium-enhanced" });
    await emulator(second.id, "pay");
    const unpaid = await startJob(s, purchase({ plan: "premium", enhancements: ["featured"] }), jobDetails({ title: "Unpaid Role" }));
    const body = await billing(s);
    expect(body.grants).toHaveLength(2);
    const byName = Object.fromEntries(body.grants.map((g) => [g.name, g]));
    expect(byName.Custom).toMatchObject({ includes: "3 Standard posts", jobCount: 3, postsRemaining: 3, state: "active" });
    // A catalogue bundle is named by its contents (issue 22 item 12), as its order reads.
    expect(byName["Premium Enhanced bundle: 1 Premium post, save $100"]).toMatchObject({ jobCount: 1, postsRemaining: 1, state: "active" });
    // Billing shows a grant's contents only where its name does not already say them (web/screens/dashboard/
    // DashboardBilling.tsx): a catalogue bundle's name holds them, in either language.
    expect(body.grants.map((g) => g.name.includes(g.includes))).toEqual([true, false]);
    const arabic = (await (await call("/api/billing", { cookie: s.cookie, headers: { "Accept-Language": "ar" } })).json()) as BillingResponse;
    expect(arabic.grants.map((g) => [g.name, g.name.includes(g.includes)])).toEqual([
      ["باقة بريميوم المحسّنة: إعلان واحد بخطة بريميوم، بتوفير\u00a0\u200f100\u00a0\u2066US$\u2069", true],
      ["باقة مخصّصة", false],
    ]);
    for (const g of body.grants) expect(Date.parse(g.expiresAt)).toBeGreaterThan(Date.now() + 80 * 86_400_000);
    expect(body.orders).toHaveLength(3);
    const orders = Object.fromEntries(body.orders.map((o) => [o.id, o]));
    expect(orders[first.orderId]).toMatchObject({
      kind: "credits",
      what: "3 Standard posts",
      amount: "$597.00 USD",
      amountCents: 59_700,
      statusLabel: "Paid",
      receiptUrl: null,
      reference: reference(first.orderId),
    });
    expect(orders[second.orderId]).toMatchObject({ what: "Premium Enhanced bundle: 1 Premium post, save $100", amount: "$299.00 USD", statusLabel: "Paid" });
    expect(orders[unpaid.orderId]).toMatchObject({ kind: "job", what: "1 Premium post with Featured (Unpaid Role)", amount: "$498.00 USD", status: "pending", statusLabel: "Not paid" });
    for (const o of body.orders) expect(Number.isNaN(Date.parse(o.date))).toBe(false);
    expect(body.subscription).toBeNull();
  });

  it("after a card payment, a grant spent down still shows as its own row with its posts remaining", async () => {
    const s = await signUp();
    const c = await startJob(s, purchase({ quantity: 3 }));
    await emulator(c.id, "pay");
    const post = await call("/api/jobs/with-credit", { method: "POST", cookie: s.cookie, json: { job: jobDetails(), submissionId: crypto.randomUUID() } });
    expect(post.status).toBe(201);
    const { grants } = await billing(s);
    expect(grants).toEqual([expect.objectContaining({ name: "Individual posts", jobCount: 2, postsRemaining: 1, state: "active" })]);
  });

  it("is owner-only: signed out → 401 'You must be signed in'; another user sees none of it", async () => {
    const s = await signUp();
    const c = await startCredits(s, { customQuantity: 2 });
    await emulator(c.id, "pay");
    const out = await call("/api/billing");
    expect(out.status).toBe(401);
    expect(await out.json()).toEqual({ error: "You must be signed in" });
    const other = await signUp();
    expect(await billing(other)).toEqual({ orders: [], grants: [], subscription: null, subscriptions: [] });
    expect((await call("/api/billing/portal", { method: "POST" })).status).toBe(401);
  });
});

describe("E-mail me a copy: a paid order's receipt again, from Billing (the 30th reading: there was no way to see or resend one)", () => {
  const copy = (s: Session | null, orderId: string, headers: Record<string, string> = {}) => call(`/api/billing/orders/${orderId}/receipt`, { method: "POST", cookie: s?.cookie, json: {}, headers });
  const copies = async (to: string) => (await mailsTo(to)).filter((m) => m.kind === "receipt_copy");

  it("sends the account the receipt of a paid order: what was bought, the amount, the date paid and the reference; ten clicks at once send one", async () => {
    const s = await signUp();
    const started = await startJob(s, purchase({ email: s.email, plan: "premium", enhancements: ["highlight"] }));
    await emulator(started.id, "pay");
    const results = await Promise.all(Array.from({ length: 10 }, () => copy(s, started.orderId)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    // The others are told it has just gone, not that something failed.
    const later = results.find((r) => r.status !== 200)!;
    expect(later.status).toBe(429);
    expect(((await later.json()) as { code: string }).code).toBe("recently_sent");
    const ok = (await results.find((r) => r.status === 200)!.json()) as { message: string };
    expect(ok.message).toBe(`We sent a copy of the receipt to ${s.email}.`);
    const [mail, ...more] = await copies(s.email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe(`Your receipt for order ${reference(started.orderId)}`);
    for (const line of ["Plan: Premium", "Enhancements: Highlight", "Amount paid: $", `Date: ${today()}`, `Order reference: ${reference(started.orderId)}`]) expect(mail!.text).toContain(line);
    expect(mail!.html).toContain("data-receipt");
  });

  it("in Arabic from the Arabic page; a refund since is listed under the receipt; a credit order's copy too", async () => {
    const s = await signUp();
    const c = await startCredits(s, { bundleId: "standard" });
    await emulator(c.id, "pay");
    const admin = await adminSession(DEV_ADMIN_EMAIL);
    const refunded = await call(`/api/admin/orders/${c.orderId}/refund`, { method: "POST", cookie: admin.cookie, json: { reason: "Goodwill", key: crypto.randomUUID(), amountCents: 1000 } });
    expect(refunded.status, await refunded.clone().text()).toBe(200);
    const res = await copy(s, c.orderId, { "Accept-Language": "ar" });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { message: string }).message).toContain("أرسلنا نسخة من الإيصال إلى");
    const [mail] = await copies(s.email);
    const plain = (text: string) => text.replace(/[\u200e\u200f\u2066-\u2069]/g, "").replace(/\u00a0/g, " ");
    expect(plain(mail!.subject)).toBe(`إيصال طلب الشراء رقم ${reference(c.orderId)}`);
    expect(mail!.html).toContain('lang="ar" dir="rtl"');
    expect(plain(mail!.text)).toContain("5 إعلانات بالخطة القياسية");
    expect(plain(mail!.text)).toContain("أعدنا إليك 10 US$ في");
  });

  it("a Spotlight payment's copy names the subscription", async () => {
    const s = await subscriber();
    const order = (await billing(s)).orders.find((o) => o.kind === "spotlight");
    expect(order?.statusLabel).toBe("Paid");
    expect((await copy(s, order!.id)).status).toBe(200);
    const [mail] = await copies(s.email);
    expect(mail!.subject).toBe(`Your receipt for order ${order!.reference}`);
    expect(mail!.text).toContain("Subscription: Spotlight (monthly)");
    expect(mail!.text).toContain("Amount paid: $2,999.00 USD");
  });

  it("another account's order is a 404, an unpaid one a 409, signed out a 401; none sends anything", async () => {
    const s = await signUp();
    const paid = await startCredits(s, { customQuantity: 2 });
    await emulator(paid.id, "pay");
    const unpaid = await startCredits(s, { customQuantity: 3 });
    const other = await signUp();
    expect((await copy(other, paid.orderId)).status).toBe(404);
    expect((await copy(other, "not-an-order")).status).toBe(404);
    const notPaid = await copy(s, unpaid.orderId);
    expect(notPaid.status).toBe(409);
    expect(((await notPaid.json()) as { code: string }).code).toBe("not_paid");
    expect((await copy(null, paid.orderId)).status).toBe(401);
    expect(await copies(s.email)).toHaveLength(0);
    expect(await copies(other.email)).toHaveLength(0);
  });
});

describe("Manage subscription: the Customer Portal through the adapter (item 14)", () => {
  it("locally opens the emulator's subscription page for the subscriber's own subscription; without one, 404", async () => {
    const s = await subscriber();
    const res = await call("/api/billing/portal", { method: "POST", cookie: s.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ url: `http://localhost/api/emulator/subscriptions/${s.subscriptionId}` });
    expect((await billing(s)).subscription).toMatchObject({ id: s.subscriptionId, status: "active", manageable: true, cancelAtPeriodEnd: false, endedAt: null });
    const none = await signUp();
    const missing = await call("/api/billing/portal", { method: "POST", cookie: none.cookie });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "No Spotlight subscription found" });
  });

  it("with real Stripe, creates a billingPortal session for the stored customer, returning to /dashboard/billing", async () => {
    const s = await subscriber();
    const customer = (await env.DB.prepare("SELECT stripe_customer_id FROM spotlight_subscriptions WHERE id = ?").bind(s.subscriptionId).first<{ stripe_customer_id: string }>())!.stripe_customer_id;
    const seen: { url: string; body: URLSearchParams }[] = [];
    setStripeFetchForTests((async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = new Request(input, init);
      seen.push({ url: req.url, body: new URLSearchParams(await req.text()) });
      return Response.json({ id: "bps_test_1", object: "billing_portal.session", url: "https://billing.stripe.com/p/session/test_1" });
    }) as typeof fetch);
    const res = await app.request(
      "http://localhost/api/billing/portal",
      { method: "POST", headers: { Cookie: s.cookie, Origin: "http://localhost" } },
      { ...env, STRIPE_SECRET_KEY: "sk_test_123", STRIPE_WEBHOOK_SECRET: "whsec_test" },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ url: "https://billing.stripe.com/p/session/test_1" });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url).toBe("https://api.stripe.com/v1/billing_portal/sessions");
    expect(seen[0]!.body.get("customer")).toBe(customer);
    expect(seen[0]!.body.get("return_url")).toBe(`${env.APP_URL}/dashboard/billing`);
    // From the Arabic board, the customer comes back to the Arabic billing page (the 30th reading: it was English).
    const arabic = await app.request(
      "http://localhost/api/billing/portal",
      { method: "POST", headers: { Cookie: s.cookie, Origin: "http://localhost", "Accept-Language": "ar" } },
      { ...env, STRIPE_SECRET_KEY: "sk_test_123", STRIPE_WEBHOOK_SECRET: "whsec_test" },
    );
    expect(arabic.status).toBe(200);
    expect(seen[1]!.body.get("return_url")).toBe(`${env.APP_URL}/ar/dashboard/billing`);
  });
});

describe("pending bank transfers (item 16)", () => {
  it("a transfer in progress is reported as processing, not as a failure; when it clears, the receipt is e-mailed", async () => {
    const s = await signUp();
    const email = `transfer-${crypto.randomUUID().slice(0, 6)}@example.com`;
    const c = await startJob(s, purchase({ email }));
    await emulator(c.id, "pay-later");
    const pending = await (await call(`/api/checkout/verify?session_id=${c.id}`, { cookie: s.cookie })).json();
    expect(pending).toMatchObject({ status: "pending", paymentProcessing: true, job: { published: false } });
    expect(await mailsTo(email)).toEqual([]);
    expect((await billing(s)).orders[0]).toMatchObject({ statusLabel: "Payment processing" });
    await emulator(c.id, "settle", "succeeded");
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.kind)).toEqual(["job_confirmation"]);
    expect(mails[0]!.text).toContain("Amount paid: $199.00 USD");
    expect(await (await call(`/api/checkout/verify?session_id=${c.id}`, { cookie: s.cookie })).json()).toMatchObject({ status: "paid", paymentProcessing: false });
  });

  it("a failed transfer is e-mailed once (10 failure events at once), says the payment failed, and publishes or grants nothing", async () => {
    const s = await signUp();
    const c = await startCredits(s, { customQuantity: 5 });
    await emulator(c.id, "pay-later");
    expect(await (await call(`/api/checkout/verify?session_id=${c.id}`, { cookie: s.cookie })).json()).toMatchObject({ status: "pending", paymentProcessing: true, kind: "credits" });
    const payload = () =>
      JSON.stringify({
        id: `evt_${crypto.randomUUID()}`,
        object: "event",
        type: "checkout.session.async_payment_failed",
        created: Math.floor(Date.now() / 1000),
        data: { object: { id: c.id, object: "checkout.session", metadata: {} } },
      });
    const answers = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const p = payload();
        return call("/api/stripe/webhook", { method: "POST", body: p, headers: { "Stripe-Signature": await signStripePayload(p, EMULATOR_WEBHOOK_SECRET), "Content-Type": "application/json" } });
      }),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const failed = (await mailsTo(s.email)).filter((m) => m.kind === "payment_failed");
    expect(failed).toHaveLength(1);
    expect(failed[0]!.subject).toBe("Your bank transfer failed");
    expect(failed[0]!.text).toContain("Your bank transfer of $896.00 USD for 5 Standard posts did not go through, so nothing was charged and no credits were added.");
    expect(failed[0]!.text).toContain(`Order reference: ${reference(c.orderId)}`);
    expect(await (await call(`/api/checkout/verify?session_id=${c.id}`, { cookie: s.cookie })).json()).toMatchObject({ status: "failed", paymentProcessing: false });
    expect((await billing(s)).grants).toEqual([]);
    expect((await billing(s)).orders[0]).toMatchObject({ statusLabel: "Payment failed" });
  });

  it("the emulator's 'Bank transfer fails' button sends the failure e-mail for a job order, naming the job", async () => {
    const s = await signUp();
    const email = `fails-${crypto.randomUUID().slice(0, 6)}@example.com`;
    const c = await startJob(s, purchase({ email }), jobDetails({ title: "Transfer Role" }));
    await emulator(c.id, "pay-later");
    await emulator(c.id, "settle", "failed");
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.kind)).toEqual(["payment_failed"]);
    expect(mails[0]!.text).toContain("1 Standard post (Transfer Role) did not go through, so nothing was charged and nothing was published.");
    expect((await env.DB.prepare("SELECT published FROM jobs WHERE id = ?").bind(c.jobId).first<{ published: number }>())!.published).toBe(0);
  });
});
