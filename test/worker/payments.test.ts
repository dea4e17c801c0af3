// The payment adapter: the emulator's pages run the real webhook and fulfilment; the real-Stripe path
// sends the right request (checked against a mocked Stripe API); no emulator off localhost.
import { env, exports } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import { setStripeFetchForTests } from "../../worker/payments/provider";
import { call, signUp } from "../support/auth";
import { checkoutJob, jobDetails, purchase } from "../support/fixtures";

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
    const res = await app.request("https://jobs.example.com/api/emulator/checkout/cs_emu_x", {}, { ...env, APP_URL: "https://jobs.example.com" });
    expect(res.status).toBe(404);
    const hook = await app.request("https://jobs.example.com/api/stripe/webhook", { method: "POST", body: "{}", headers: { "Stripe-Signature": "t=1,v1=00" } }, { ...env, APP_URL: "https://jobs.example.com" });
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
      { method: "POST", headers: { "Content-Type": "application/json", Cookie: s.cookie, Origin: "http://localhost" }, body: JSON.stringify({ job: jobDetails({ title: "Stripe path" }), purchase: purchase({ plan: "premium", enhancements: ["featured", "highlight"], quantity: 10 }), submissionId }) },
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
    const { checkoutLineItems } = await import("../../worker/checkout/routes");
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
