// Issue 25, section 1: what an Arabic buyer reads after paying. Stripe's line items, the credit receipt
// and the failed bank transfer e-mail are in the buyer's language, bundle and plan names come from the
// catalogue (never the English stored with the order), and money reads one way ("896 US$").
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { EMULATOR_WEBHOOK_SECRET } from "../../worker/payments/provider";
import { signStripePayload } from "../../worker/payments/signature";
import { call, cookiesFrom, GOOD_PASSWORD, uniqueEmail, verifyAddress } from "../support/auth";
import { jobDetails, purchase } from "../support/fixtures";

const AR = { "Accept-Language": "ar" };
const LATIN_WORD = /[A-Za-z]{3,}/;
let n = 0;

async function arabicBuyer(): Promise<{ cookie: string; email: string }> {
  const email = uniqueEmail("ar-buyer");
  const res = await call("/api/auth/sign-up", { method: "POST", json: { email, password: GOOD_PASSWORD, name: "سارة" }, headers: { "CF-Connecting-IP": `203.0.113.${++n}`, ...AR } });
  expect(res.status).toBe(201);
  // Paying waits for a confirmed address (issue 23): the verification link is followed, as the buyer would.
  await verifyAddress({ email });
  return { cookie: cookiesFrom(res), email };
}

async function sessionParams(id: string) {
  const row = await env.DB.prepare("SELECT params FROM emulator_sessions WHERE id = ?").bind(id).first<{ params: string }>();
  return JSON.parse(row!.params) as { lineItems: { name: string; unitAmountCents: number; quantity: number }[] };
}

async function emulator(sessionId: string, action: "pay" | "pay-later" | "settle", outcome?: "succeeded" | "failed") {
  const res = await exports.default.fetch(`http://localhost/api/emulator/checkout/${sessionId}/${action}`, {
    method: "POST",
    redirect: "manual",
    ...(outcome ? { body: new URLSearchParams({ outcome }), headers: { "Content-Type": "application/x-www-form-urlencoded" } } : {}),
  });
  expect(res.status).toBe(303);
}

async function mailsTo(to: string) {
  const { results } = await env.DB.prepare(`SELECT kind, subject, text, html FROM mail_outbox WHERE "to" = ? ORDER BY created_at`).bind(to).all<Record<string, string>>();
  return results;
}

describe("checkout line items in the buyer's language", () => {
  it("a job order from /ar: the plan and each enhancement named in Arabic; English from /", async () => {
    const s = await arabicBuyer();
    const body = { job: jobDetails(), purchase: purchase({ plan: "premium", enhancements: ["featured"] }), submissionId: crypto.randomUUID() };
    const ar = await call("/api/checkout/job", { method: "POST", cookie: s.cookie, json: body, headers: AR });
    expect(ar.status, await ar.clone().text()).toBe(200);
    const names = (await sessionParams(((await ar.json()) as { id: string }).id)).lineItems.map((l) => l.name);
    expect(names).toEqual(["إعلان وظيفي بخطة بريميوم", "إضافة «تمييز»"]);
    const en = await call("/api/checkout/job", { method: "POST", cookie: s.cookie, json: { ...body, submissionId: crypto.randomUUID() } });
    expect((await sessionParams(((await en.json()) as { id: string }).id)).lineItems.map((l) => l.name)).toEqual(["Premium job post", "Featured enhancement"]);
  });

  it("a discounted credit order: one line, the discount in Arabic too", async () => {
    const s = await arabicBuyer();
    const res = await call("/api/checkout/credits", { method: "POST", cookie: s.cookie, json: { customQuantity: 20 }, headers: AR });
    expect(res.status).toBe(200);
    const [line] = (await sessionParams(((await res.json()) as { id: string }).id)).lineItems;
    expect(line!.name).toMatch(/^رصيد 20 إعلانًا \(خصم الكمية 25/);
    expect(line!.name).not.toMatch(LATIN_WORD);
  });
});

describe("the credit receipt in Arabic", () => {
  it("names the bundle and what it posts in Arabic, with one money format", async () => {
    const s = await arabicBuyer();
    const res = await call("/api/checkout/credits", { method: "POST", cookie: s.cookie, json: { bundleId: "premium-enhanced" }, headers: AR });
    const { id } = (await res.json()) as { id: string };
    await emulator(id, "pay");
    const [mail] = (await mailsTo(s.email)).filter((m) => m.kind === "credit_purchase");
    // Named by what it contains (issue 22 item 12), in the buyer's language (issue 25).
    // One colon, the bundle's own: «جاهز: الباقة …: …» chained two (issue 25's second reading of the mails).
    // The subject says what was bought, short (a thirteenth reading: the bundle's whole name ran long); the body names it.
    expect(mail!.subject).toBe("رصيد إعلاناتك جاهز: إعلان واحد بخطة بريميوم");
    expect(mail!.text).toContain("باقة بريميوم المحسّنة");
    // What it saves against the wizard's $399 for one Premium post (the seventeenth reading).
    expect(mail!.text).toContain("تم تفعيل باقة بريميوم المحسّنة: إعلان واحد بخطة بريميوم، بتوفير\u00a0\u200f100\u00a0\u2066US$\u2069.");
    expect(mail!.text).toContain("رصيد الإعلانات: \u2068إعلان واحد بخطة بريميوم");
    expect(mail!.text).toMatch(/299\s\u2066US\$\u2069/);
    expect(mail!.text).not.toContain("USD");
    expect(
      mail!.subject +
        mail!.text
          .split("\n")
          .filter((l) => !l.includes("http"))
          .join("\n"),
    ).not.toMatch(/Premium|Standard|Enhanced|posts/);
  });
});

describe("a custom quantity of credits", () => {
  it("is added to the balance, not activated as a bundle: the mail and the success page say «أضفنا إلى رصيدك»", async () => {
    const s = await arabicBuyer();
    const res = await call("/api/checkout/credits", { method: "POST", cookie: s.cookie, json: { customQuantity: 3 }, headers: AR });
    const { id } = (await res.json()) as { id: string };
    await emulator(id, "pay");
    const [mail] = (await mailsTo(s.email)).filter((m) => m.kind === "credit_purchase");
    expect(mail!.text).toContain("أضفنا إلى رصيدك 3 إعلانات بالخطة القياسية.");
    expect(mail!.text).not.toContain("تم تفعيل");
    const verify = (await (await call(`/api/checkout/verify?session_id=${id}`, { cookie: s.cookie, headers: AR })).json()) as { credits: { custom: boolean } };
    expect(verify.credits).toMatchObject({ bundle: "3 إعلانات بالخطة القياسية", credits: 3, custom: true });
  });

  it("bought after a bundle, both are listed with their posts left, in the order they are spent: the payment step shows a banner for each", async () => {
    const s = await arabicBuyer();
    for (const json of [{ bundleId: "standard" }, { customQuantity: 3 }]) {
      const { id } = (await (await call("/api/checkout/credits", { method: "POST", cookie: s.cookie, json, headers: AR })).json()) as { id: string };
      await emulator(id, "pay");
    }
    const credits = (await (await call("/api/credits", { cookie: s.cookie })).json()) as {
      bundles: { bundle: string; postsRemaining: number; jobCount: number }[];
      activeBundle: { bundle: string };
      totalPostsRemaining: number;
    };
    expect(credits.bundles.map((b) => [b.bundle, b.postsRemaining, b.jobCount])).toEqual([
      ["standard", 5, 5],
      ["custom", 3, 3],
    ]);
    expect(credits.activeBundle.bundle).toBe("custom");
    expect(credits.totalPostsRemaining).toBe(8);
  });

  it("a bundle is still activated", async () => {
    const s = await arabicBuyer();
    const { id } = (await (await call("/api/checkout/credits", { method: "POST", cookie: s.cookie, json: { bundleId: "standard" }, headers: AR })).json()) as { id: string };
    await emulator(id, "pay");
    const [mail] = (await mailsTo(s.email)).filter((m) => m.kind === "credit_purchase");
    expect(mail!.text).toContain("تم تفعيل الباقة القياسية: 5 إعلانات بالخطة القياسية، بتوفير\u00a010%.");
    expect(((await (await call(`/api/checkout/verify?session_id=${id}`, { cookie: s.cookie, headers: AR })).json()) as { credits: { custom: boolean } }).credits.custom).toBe(false);
  });
});

describe("the failed bank transfer e-mail", () => {
  it("is in the language the order was placed in (the order keeps it)", async () => {
    const s = await arabicBuyer();
    const res = await call("/api/checkout/credits", { method: "POST", cookie: s.cookie, json: { customQuantity: 5 }, headers: AR });
    const { id, orderId } = (await res.json()) as { id: string; orderId: string };
    expect((await env.DB.prepare("SELECT locale FROM orders WHERE id = ?").bind(orderId).first<{ locale: string }>())!.locale).toBe("ar");
    await emulator(id, "pay-later");
    const payload = JSON.stringify({
      id: `evt_${crypto.randomUUID()}`,
      object: "event",
      type: "checkout.session.async_payment_failed",
      created: Math.floor(Date.now() / 1000),
      data: { object: { id, object: "checkout.session", metadata: {} } },
    });
    const hook = await call("/api/stripe/webhook", {
      method: "POST",
      body: payload,
      headers: { "Stripe-Signature": await signStripePayload(payload, EMULATOR_WEBHOOK_SECRET), "Content-Type": "application/json" },
    });
    expect(hook.status).toBe(200);
    const [failed] = (await mailsTo(s.email)).filter((m) => m.kind === "payment_failed");
    expect(failed!.subject).toBe("لم يكتمل تحويلك البنكي");
    expect(failed!.text).toContain("5 إعلانات بالخطة القياسية");
    // A credit order publishes nothing, so the mail says no credit was added (the ninth reading: «ولم يُنشر أي
    // شيء» was wrong here, and «بتوفير 10%، لذلك …» read the saving as the cause).
    expect(failed!.text).toContain("5 إعلانات بالخطة القياسية. لم يُخصم منك أي مبلغ، ولم يُضَف أي رصيد إلى حسابك.");
    expect(failed!.text).not.toContain("لم يُنشر");
    expect(failed!.text).toContain("/ar/buy-credits");
    expect(
      failed!.text
        .split("\n")
        .filter((l) => !l.includes("http"))
        .join("\n")
        // The order's reference is hex ("3E9FEEFF"): letters, but not English.
        .replace(/\b[0-9A-F]{8}\b/g, ""),
    ).not.toMatch(LATIN_WORD);
  });
});

describe("the account's language follows its last checkout (decision 0509)", () => {
  it("an account made in English that subscribes from the Arabic pages gets the receipt and the welcome in Arabic (they came in two languages)", async () => {
    const { withCompany } = await import("../support/spotlight");
    const s = await withCompany();
    const locale = () => env.DB.prepare("SELECT locale FROM accounts WHERE id = ?").bind(s.userId).first<{ locale: string }>();
    expect((await locale())!.locale).toBe("en");
    const res = await call("/api/spotlight/checkout", { method: "POST", cookie: s.cookie, json: {}, headers: AR });
    expect(res.status).toBe(200);
    expect((await locale())!.locale).toBe("ar");
    const { id } = (await res.json()) as { id: string };
    await emulator(id, "pay");
    const mails = (await mailsTo(s.email)).filter((m) => m.kind === "spotlight_receipt" || m.kind === "spotlight_welcome");
    expect(mails.map((m) => m.kind).sort()).toEqual(["spotlight_receipt", "spotlight_welcome"]);
    for (const m of mails) expect(m.subject, m.kind).toMatch(/\p{Script=Arabic}/u);
  });

  it("a credit checkout from the English pages makes it English again; the same language twice writes nothing", async () => {
    const s = await arabicBuyer();
    const row = () => env.DB.prepare("SELECT locale, updated_at FROM accounts WHERE email = ?").bind(s.email).first<{ locale: string; updated_at: number }>();
    await call("/api/checkout/credits", { method: "POST", cookie: s.cookie, json: { bundleId: "standard" }, headers: AR });
    const before = (await row())!;
    expect(before.locale).toBe("ar");
    await call("/api/checkout/credits", { method: "POST", cookie: s.cookie, json: { bundleId: "standard" }, headers: AR });
    expect((await row())!.updated_at).toBe(before.updated_at);
    await call("/api/checkout/credits", { method: "POST", cookie: s.cookie, json: { bundleId: "standard" } });
    expect((await row())!.locale).toBe("en");
  });
});

describe("the language of an account's mails, chosen on Settings (decision 0509)", () => {
  const reset = async (email: string, headers: Record<string, string> = {}) => {
    expect((await call("/api/auth/forgot-password", { method: "POST", json: { email }, headers })).status).toBe(200);
    return (await mailsTo(email)).filter((m) => m.kind === "reset_password").at(-1)!;
  };

  it("the account's mails follow it, whatever the language of the page that sends them", async () => {
    const s = await arabicBuyer();
    const account = async () => (await (await call("/api/account", { cookie: s.cookie })).json()) as { locale: string };
    expect((await account()).locale).toBe("ar");
    expect((await reset(s.email)).subject).toMatch(/\p{Script=Arabic}/u);

    const res = await call("/api/account/language", { method: "PUT", cookie: s.cookie, json: { locale: "en" }, headers: AR });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ locale: "en" });
    expect((await account()).locale).toBe("en");
    // Asked for from the Arabic pages, the reset link still comes in the account's language.
    expect((await reset(s.email, AR)).subject).not.toMatch(/\p{Script=Arabic}/u);

    await call("/api/account/language", { method: "PUT", cookie: s.cookie, json: { locale: "ar" } });
    expect((await reset(s.email)).subject).toMatch(/\p{Script=Arabic}/u);
  });

  it("ten saves at once leave one language; a checkout from the other pages changes it, as Settings says", async () => {
    const s = await arabicBuyer();
    const saves = await Promise.all(Array.from({ length: 10 }, () => call("/api/account/language", { method: "PUT", cookie: s.cookie, json: { locale: "en" } })));
    expect(saves.map((r) => r.status)).toEqual(Array(10).fill(200));
    const locale = async () => (await env.DB.prepare("SELECT locale FROM accounts WHERE email = ?").bind(s.email).first<{ locale: string }>())!.locale;
    expect(await locale()).toBe("en");
    await call("/api/checkout/credits", { method: "POST", cookie: s.cookie, json: { bundleId: "standard" }, headers: AR });
    expect(await locale()).toBe("ar");
  });

  it("a language it does not have is refused, in the page's language, and changes nothing; signed out is refused", async () => {
    const s = await arabicBuyer();
    for (const json of [{ locale: "fr" }, { locale: "" }, {}, { locale: ["en"] }]) {
      const res = await call("/api/account/language", { method: "PUT", cookie: s.cookie, json, headers: AR });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(((await res.json()) as { error: string }).error).toMatch(/\p{Script=Arabic}/u);
    }
    const malformed = await call("/api/account/language", { method: "PUT", cookie: s.cookie, headers: { "Content-Type": "application/json", ...AR }, body: "{" });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error: string }).error).toMatch(/\p{Script=Arabic}/u);
    expect((await call("/api/account/language", { method: "PUT", json: { locale: "en" } })).status).toBe(401);
    expect((await env.DB.prepare("SELECT locale FROM accounts WHERE email = ?").bind(s.email).first<{ locale: string }>())!.locale).toBe("ar");
  });
});
