// The payment adapter: the emulator's pages run the real webhook and fulfilment; the real-Stripe path
// sends the right request (checked against a mocked Stripe API); no emulator off localhost.
import { env, exports } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { setStripeFetchForTests } from "../../worker/payments/provider";
import { call, signUp } from "../support/auth";
import { checkoutJob, jobDetails, purchase } from "../support/fixtures";
import { expectConsoleError } from "../support/console-guard";

afterEach(() => setStripeFetchForTests(undefined));

describe("the payment emulator", () => {
  it("shows the line items and total in test mode; Pay delivers a signed event and redirects to success_url", async () => {
    const s = await signUp();
    const res = await checkoutJob(s.cookie, { job: jobDetails(), purchase: purchase({ plan: "premium", enhancements: ["sticky"], quantity: 5 }), submissionId: crypto.randomUUID() });
    const { id, url, jobId } = (await res.json()) as { id: string; url: string; jobId: string };
    const page = await (await call(new URL(url).pathname)).text();
    expect(page).toContain("TEST MODE");
    expect(page).toContain("$2,466.00");
    expect(page).toContain("Premium job post");
    const paid = await exports.default.fetch(`http://localhost/api/emulator/checkout/${id}/pay`, { method: "POST", redirect: "manual" });
    expect(paid.status).toBe(303);
    expect(paid.headers.get("Location")).toContain(`/job-posting-success?job_id=${jobId}&session_id=${id}`);
    expect((await env.DB.prepare("SELECT published FROM jobs WHERE id = ?").bind(jobId).first<{ published: number }>())!.published).toBe(1);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM stripe_events").first<{ n: number }>())!.n).toBeGreaterThan(0);
  });

  it("Cancel goes to cancel_url and publishes nothing", async () => {
    const s = await signUp();
    const { id, jobId } = (await (await checkoutJob(s.cookie, { job: jobDetails(), purchase: purchase(), submissionId: crypto.randomUUID() })).json()) as { id: string; jobId: string };
    const res = await exports.default.fetch(`http://localhost/api/emulator/checkout/${id}/cancel`, { method: "POST", redirect: "manual" });
    expect(res.headers.get("Location")).toContain(`/job-posting-cancel?job_id=${jobId}`);
    expect((await env.DB.prepare("SELECT published FROM jobs WHERE id = ?").bind(jobId).first<{ published: number }>())!.published).toBe(0);
  });

  it("is not served off localhost, and checkout there says payments are not configured", async () => {
    expectConsoleError(/"event":"request".*"path":"\/api\/stripe\/webhook".*"status":503/); // the webhook's 503 without Stripe configured
    const res = await app.request("https://jobs.example.com/api/emulator/checkout/cs_emu_x", {}, { ...env, APP_URL: "https://jobs.example.com" });
    expect(res.status).toBe(404);
    const hook = await app.request(
      "https://jobs.example.com/api/stripe/webhook",
      { method: "POST", body: "{}", headers: { "Stripe-Signature": "t=1,v1=00" } },
      { ...env, APP_URL: "https://jobs.example.com" },
    );
    expect(hook.status).toBe(503);
  });
});

describe("the real Stripe path (mocked Stripe API)", () => {
  it("sends the server's amount, currency, metadata, URLs and an idempotency key", async () => {
    const requests: { url: string; body: URLSearchParams; headers: Headers }[] = [];
    setStripeFetchForTests((async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = new Request(input, init);
      requests.push({ url: req.url, body: new URLSearchParams(await req.text()), headers: req.headers });
      return Response.json({ id: "cs_test_123", object: "checkout.session", url: "https://checkout.stripe.com/c/pay/cs_test_123" });
    }) as typeof fetch);
    const stripeEnv = { ...env, STRIPE_SECRET_KEY: "sk_test_123", STRIPE_WEBHOOK_SECRET: "whsec_test" };
    const s = await signUp();
    const submissionId = crypto.randomUUID();
    const res = await app.request(
      "http://localhost/api/checkout/job",
      {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: s.cookie, Origin: "http://localhost" },
        body: JSON.stringify({ job: jobDetails({ title: "Stripe path" }), purchase: purchase({ plan: "premium", enhancements: ["featured", "highlight"], quantity: 10 }), submissionId }),
      },
      stripeEnv,
    );
    expect(res.status).toBe(200);
    const answer = (await res.json()) as { id: string; url: string; jobId: string; orderId: string };
    expect(answer).toMatchObject({ id: "cs_test_123", url: "https://checkout.stripe.com/c/pay/cs_test_123" });
    expect(requests).toHaveLength(1);
    const { url, body, headers } = requests[0]!;
    expect(url).toBe("https://api.stripe.com/v1/checkout/sessions");
    expect(headers.get("Authorization")).toBe("Bearer sk_test_123");
    expect(headers.get("Idempotency-Key")).toBe(`order:${answer.orderId}`);
    expect(body.get("mode")).toBe("payment");
    expect(body.get("customer_email")).toBe("buyer@example.com");
    expect(body.get("metadata[jobId]")).toBe(answer.jobId);
    expect(body.get("metadata[submissionId]")).toBe(submissionId);
    expect(body.get("metadata[jobCount]")).toBe("10");
    expect(body.get("metadata[enhancements]")).toBe("featured,highlight");
    expect(body.get("success_url")).toBe(`http://localhost:8787/job-posting-success?job_id=${answer.jobId}&session_id={CHECKOUT_SESSION_ID}&submission_id=${submissionId}&reload_dashboard=true`);
    expect(body.get("cancel_url")).toBe(`http://localhost:8787/job-posting-cancel?job_id=${answer.jobId}&submission_id=${submissionId}`);
    // Line items add up to exactly the order's amount: (399 + 99 + 79) × 10 × 0.85 = 4904.5, rounded to $4,905.
    let total = 0;
    for (let i = 0; body.has(`line_items[${i}][quantity]`); i++) {
      expect(body.get(`line_items[${i}][price_data][currency]`)).toBe("usd");
      total += Number(body.get(`line_items[${i}][price_data][unit_amount]`)) * Number(body.get(`line_items[${i}][quantity]`));
    }
    const order = await env.DB.prepare("SELECT amount FROM orders WHERE id = ?").bind(answer.orderId).first<{ amount: number }>();
    expect(order!.amount).toBe(Math.round((399 + 99 + 79) * 10 * 0.85) * 100);
    expect(total).toBe(order!.amount);
  });
});

describe("checkout line items", () => {
  it("always add up to exactly the priced total, for every plan, enhancement set, bundle and quantity", async () => {
    const { checkoutLineItems } = await import("../../worker/orders/lineItems");
    const { priceJobOrder, SOLD_BUNDLES } = await import("../../worker/rules/pricing");
    const { ENHANCEMENTS } = await import("../../worker/rules/lists");
    const subsets = ENHANCEMENTS.reduce<string[][]>((acc, x) => acc.concat(acc.map((s) => [...s, x])), [[]]);
    let checked = 0;
    for (let q = 1; q <= 50; q++) {
      const orders = [
        ...(["standard", "premium"] as const).flatMap((plan) => subsets.map((e) => priceJobOrder({ plan, enhancements: e as never, quantity: q }))),
        ...SOLD_BUNDLES.map((b) => priceJobOrder({ bundleId: b.id, quantity: q })),
      ];
      for (const priced of orders) {
        const sum = checkoutLineItems(priced).reduce((s, l) => s + l.unitAmountCents * l.quantity, 0);
        expect(sum).toBe(priced.totalCents);
        checked++;
      }
    }
    expect(checked).toBe(50 * (32 + 3));
  });
});

describe("stale sessions with the real Stripe path (mocked Stripe API, issue 10 item 4)", () => {
  it("a new checkout for the same posting expires the previous session; a payment that still arrives for it is refunded once with an idempotency key", async () => {
    const { signStripePayload } = await import("../../worker/payments/signature");
    const requests: { method: string; path: string; body: URLSearchParams; idempotencyKey: string | null }[] = [];
    const amounts = new Map<string, number>();
    let created = 0;
    setStripeFetchForTests((async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = new Request(input, init);
      const path = new URL(req.url).pathname;
      const body = new URLSearchParams(await req.text());
      requests.push({ method: req.method, path, body, idempotencyKey: req.headers.get("Idempotency-Key") });
      if (req.method === "POST" && path === "/v1/checkout/sessions") {
        const id = `cs_test_${++created}`;
        let total = 0;
        for (let i = 0; body.has(`line_items[${i}][quantity]`); i++) total += Number(body.get(`line_items[${i}][price_data][unit_amount]`)) * Number(body.get(`line_items[${i}][quantity]`));
        amounts.set(id, total);
        return Response.json({ id, object: "checkout.session", url: `https://checkout.stripe.com/c/pay/${id}` });
      }
      const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
      if (expire) return Response.json({ id: expire[1], object: "checkout.session", status: "expired" });
      const session = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
      if (session && req.method === "GET") {
        const id = session[1]!;
        return Response.json({
          id,
          object: "checkout.session",
          mode: "payment",
          status: "complete",
          payment_status: "paid",
          amount_total: amounts.get(id),
          currency: "usd",
          payment_intent: `pi_${id}`,
          metadata: {},
        });
      }
      if (path === "/v1/refunds") return Response.json({ id: "re_test_1", object: "refund", status: "succeeded" });
      return Response.json({ error: { message: `unexpected ${req.method} ${path}` } }, { status: 404 });
    }) as typeof fetch);
    const stripeEnv = { ...env, STRIPE_SECRET_KEY: "sk_test_123", STRIPE_WEBHOOK_SECRET: "whsec_test" };
    const s = await signUp();
    const submissionId = crypto.randomUUID();
    const post = (p: Record<string, unknown>) =>
      app.request(
        "http://localhost/api/checkout/job",
        {
          method: "POST",
          headers: { "Content-Type": "application/json", Cookie: s.cookie, Origin: "http://localhost" },
          body: JSON.stringify({ job: jobDetails(), purchase: purchase(p), submissionId }),
        },
        stripeEnv,
      );
    const s1 = (await (await post({})).json()) as { id: string; orderId: string; jobId: string };
    const s2 = (await (await post({ enhancements: ["featured"] })).json()) as { id: string; orderId: string; jobId: string };
    expect(requests.filter((r) => r.path.endsWith("/expire")).map((r) => r.path)).toEqual([`/v1/checkout/sessions/${s1.id}/expire`]);

    // S2 is paid and fulfilled (the success page's check), then S1's payment still arrives, twice.
    expect(((await (await app.request(`http://localhost/api/checkout/verify?session_id=${s2.id}`, { headers: { Cookie: s.cookie } }, stripeEnv)).json()) as { status: string }).status).toBe("paid");
    for (const eventId of ["evt_late_1", "evt_late_2"]) {
      const payload = JSON.stringify({
        id: eventId,
        object: "event",
        type: "checkout.session.completed",
        created: Math.floor(Date.now() / 1000),
        data: { object: { id: s1.id, object: "checkout.session", metadata: {} } },
      });
      const res = await app.request(
        "http://localhost/api/stripe/webhook",
        { method: "POST", body: payload, headers: { "Stripe-Signature": await signStripePayload(payload, "whsec_test"), "Content-Type": "application/json" } },
        stripeEnv,
      );
      expect(res.status).toBe(200);
    }
    const refundCalls = requests.filter((r) => r.path === "/v1/refunds");
    expect(refundCalls).toHaveLength(1);
    expect(refundCalls[0]!.idempotencyKey).toBe(`refund:auto:${s1.orderId}`);
    expect(Object.fromEntries(refundCalls[0]!.body)).toMatchObject({ payment_intent: `pi_${s1.id}`, amount: "19900", reason: "duplicate", "metadata[orderId]": s1.orderId });
    const refund = await env.DB.prepare("SELECT order_id, amount, status, provider_refund_id FROM refunds WHERE order_id = ?").bind(s1.orderId).first();
    expect(refund).toEqual({ order_id: s1.orderId, amount: 19900, status: "succeeded", provider_refund_id: "re_test_1" });
    expect((await env.DB.prepare("SELECT status FROM orders WHERE id = ?").bind(s1.orderId).first<{ status: string }>())!.status).toBe("refunded");
    expect(await env.DB.prepare("SELECT published, enhancements FROM jobs WHERE id = ?").bind(s2.jobId).first()).toEqual({ published: 1, enhancements: '["featured"]' });
  });
});

describe("refundOrder (the one refund path, for fulfilment and the admin console)", () => {
  it("refunds through the emulator once per key, and never more than was paid", async () => {
    const { refundOrder, RefundError } = await import("../../worker/payments/refunds");
    const { EmulatorProvider } = await import("../../worker/payments/emulator");
    const s = await signUp();
    const { id, orderId } = (await (await checkoutJob(s.cookie, { job: jobDetails(), purchase: purchase(), submissionId: crypto.randomUUID() })).json()) as { id: string; orderId: string };
    await exports.default.fetch(`http://localhost/api/emulator/checkout/${id}/pay`, { method: "POST", redirect: "manual" });
    const provider = new EmulatorProvider(env.DB, "http://localhost");
    const order = (await env.DB.prepare("SELECT * FROM orders WHERE id = ?").bind(orderId).first<import("../../worker/orders/store").OrderRow>())!;
    const results = await Promise.all(Array.from({ length: 10 }, () => refundOrder(env, provider, { order, amountCents: 5000, reason: "requested_by_customer", key: "manual:1" })));
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect(results[0]).toMatchObject({ amount: 5000, status: "succeeded", reason: "requested_by_customer" });
    await expect(refundOrder(env, provider, { order, amountCents: 15000, reason: "requested_by_customer", key: "manual:2" })).rejects.toBeInstanceOf(RefundError);
    await expect(refundOrder(env, provider, { order, amountCents: 0, reason: "requested_by_customer", key: "manual:3" })).rejects.toBeInstanceOf(RefundError);
    expect((await refundOrder(env, provider, { order, amountCents: 14900, reason: "requested_by_customer", key: "manual:4" })).status).toBe("succeeded");
    expect((await env.DB.prepare("SELECT sum(amount) AS n FROM emulator_refunds").first<{ n: number }>())!.n).toBe(19900);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM refunds WHERE order_id = ?").bind(orderId).first<{ n: number }>())!.n).toBe(2);
  });
});
