// Issue 13: e-mails in the recipient's language. An alert keeps the language it was asked for in (the
// request's Accept-Language, which the web app sets to its board's locale); a checkout keeps the buyer's,
// for its return pages, Stripe's page and the receipt; an account keeps the one it signed up in.
import { env, exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { sendAlertDigests } from "../../worker/alerts/digest";
import { EMULATOR_WEBHOOK_SECRET } from "../../worker/payments/provider";
import { signStripePayload } from "../../worker/payments/signature";
import { checkoutLocale } from "../../worker/payments/stripe";
import { call, cookiesFrom, uniqueEmail, verifyAddress, GOOD_PASSWORD } from "../support/auth";
import { checkoutJob, jobDetails, purchase } from "../support/fixtures";
import { HOUR, addJobs, clearJobs } from "../support/jobs";
import {
  alertConfirmMail,
  alertDigestMail,
  companyNewJobMail,
  companyNotifyConfirmMail,
  creditPurchaseMail,
  jobConfirmationMail,
  jobExpiryReminderMail,
  paymentFailedMail,
  spotlightCancelScheduledMail,
  spotlightEndedMail,
  spotlightPaymentFailedMail,
  spotlightWelcomeMail,
} from "../../worker/mail/templates";

const SITE = "http://localhost:8787";
let n = 0;

function subscribe(email: string, query: string, language?: string): Promise<Response> {
  return exports.default.fetch("http://localhost/api/alerts", {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": `198.51.100.${++n}`, ...(language ? { "Accept-Language": language } : {}) },
    body: JSON.stringify({ email, query }),
  });
}

async function outbox(kind: string, to: string) {
  return env.DB.prepare(`SELECT key, "to", subject, text, html FROM mail_outbox WHERE kind = ? AND "to" = ? ORDER BY created_at, rowid`)
    .bind(kind, to)
    .all<Record<string, string>>()
    .then((r) => r.results);
}

function linkIn(text: string, path: string): string {
  const m = text.match(new RegExp(`${SITE}${path.replace(/[?]/g, "\\?")}[^\\s"<]+`));
  if (!m) throw new Error(`no ${path} link in:\n${text}`);
  return m[0].replace(SITE, "http://localhost");
}

beforeEach(async () => {
  await clearJobs();
  await env.DB.batch([env.DB.prepare("DELETE FROM subscriptions"), env.DB.prepare("DELETE FROM alert_deliveries"), env.DB.prepare("DELETE FROM mail_outbox")]);
});

describe("job alerts in the subscriber's language", () => {
  it("subscribed in Arabic: the confirmation and the digest are Arabic, with /ar links; the result page is /ar", async () => {
    const res = await subscribe("ar@example.com", "keywords=rust&remote=true", "ar");
    expect(res.status).toBe(201);
    expect((await env.DB.prepare("SELECT locale FROM subscriptions WHERE email = ?").bind("ar@example.com").first<{ locale: string }>())!.locale).toBe("ar");

    const [confirmation] = await outbox("alert_confirm", "ar@example.com");
    expect(confirmation!.subject).toBe("أكّد تنبيه الوظائف");
    expect(confirmation!.text).toContain("يُرجى تأكيد رغبتك في تلقي رسالة يومية بالوظائف الجديدة المطابقة لبحثك:");
    expect(confirmation!.text).toContain("«\u2068rust\u2069» · عن بُعد فقط");
    expect(confirmation!.html).toContain('<html lang="ar" dir="rtl">');
    expect(confirmation!.html).toContain("وظائف الشركات الناشئة");
    expect(confirmation!.html).not.toMatch(/Confirm your alert|Unsubscribe/);

    const confirmed = await exports.default.fetch(linkIn(confirmation!.text, "/api/alerts/confirm?token="), { redirect: "manual" });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("Location")).toBe("/ar/alerts/confirmed?kind=alert");

    const t = Date.now();
    const [a, b] = await addJobs(
      { title: "Rust Engineer", company: "Ferrous", location: "Remote", salary: "$150k - $190k", createdAt: t + 1000 },
      { title: "Senior Rust Engineer", company: "Ferrous", location: "Remote", createdAt: t + 2000 },
    );
    expect((await sendAlertDigests(env, t + HOUR)).digests).toBe(1);
    const [digest] = await outbox("alert_digest", "ar@example.com");
    expect(digest!.subject).toBe("وظيفتان جديدتان حسب بحثك («\u2068rust\u2069» · عن بُعد فقط)");
    expect(digest!.text).toContain("وظيفتان جديدتان مطابقتان لبحثك («\u2068rust\u2069» · عن بُعد فقط):");
    expect(digest!.text).toContain(`- \u2068Rust Engineer\u2069 لدى \u2068Ferrous\u2069 (\u2068Remote\u2069)، \u2068$150k - $190k\u2069\n  ${SITE}/ar/jobs/${a}`);
    expect(digest!.text).toContain(`${SITE}/ar/jobs/${b}`);
    expect(digest!.text).toContain(`اعرض كل الوظائف المطابقة: ${SITE}/ar/jobs?keywords=rust&remote=true`);
    expect(digest!.html).toContain('<html lang="ar" dir="rtl">');
    expect(digest!.html).toContain("<strong>«\u2068rust\u2069» · عن بُعد فقط</strong>");
    expect(digest!.html).not.toContain("New jobs matching");

    const unsubscribed = await exports.default.fetch(linkIn(digest!.text, "/api/alerts/unsubscribe?token="), { redirect: "manual" });
    expect(unsubscribed.headers.get("Location")).toBe("/ar/alerts/unsubscribed?kind=alert");
    // The confirmation's link, once the alert is gone, finds nothing: the page says so in Arabic, whatever the browser's
    // language (it was the English /alerts/invalid, the eighteenth reading). Unsubscribing again says it is done.
    const gone = await exports.default.fetch(linkIn(confirmation!.text, "/api/alerts/confirm?token="), { redirect: "manual", headers: { "Accept-Language": "en-US" } });
    expect(gone.headers.get("Location")).toBe("/ar/alerts/invalid");
    expect(linkIn(digest!.text, "/api/alerts/unsubscribe?token=")).toMatch(/&lang=ar$/);
  });

  it("subscribed in English (or with no language): the mails are the English ones", async () => {
    await subscribe("en@example.com", "keywords=rust", "en-US,en;q=0.9");
    await subscribe("none@example.com", "keywords=rust");
    for (const to of ["en@example.com", "none@example.com"]) {
      const [confirmation] = await outbox("alert_confirm", to);
      expect(confirmation!.subject).toBe("Confirm your job alert");
      expect(confirmation!.text.split("\n").slice(0, 4)).toEqual(["Hello,", "", "Please confirm that you want a daily e-mail with new jobs matching:", '"rust"']);
      expect(confirmation!.text.split("\n").slice(-2)).toEqual(["Best regards,", "The Startup Jobs team"]);
      expect(confirmation!.html).toContain('<html lang="en"><head>');
      expect(confirmation!.html).toContain("If you did not ask for this, ignore this e-mail and nothing will be sent. <a href=");
      const res = await exports.default.fetch(linkIn(confirmation!.text, "/api/alerts/confirm?token="), { redirect: "manual" });
      expect(res.headers.get("Location")).toBe("/alerts/confirmed?kind=alert");
    }
    const t = Date.now();
    const [id] = await addJobs({ title: "Rust Engineer", company: "Ferrous", location: "Remote", salary: "", createdAt: t + 1000 });
    await sendAlertDigests(env, t + HOUR);
    const [digest] = await outbox("alert_digest", "en@example.com");
    expect(digest!.subject).toBe('1 new job for "rust"');
    expect(digest!.text).toContain(`- Rust Engineer at Ferrous (Remote)\n  ${SITE}/jobs/${id}`);
    expect(digest!.html).toContain("A new job matching <strong>&quot;rust&quot;</strong>:");
    expect(digest!.html).toContain("You get this because you asked for job alerts.");
  });
});

describe("checkout in the buyer's language", () => {
  async function signUpIn(language: string): Promise<{ cookie: string; email: string }> {
    const email = uniqueEmail("i18n");
    const res = await call("/api/auth/sign-up", {
      method: "POST",
      json: { email, password: GOOD_PASSWORD, name: "Test User" },
      headers: { "CF-Connecting-IP": `203.0.113.${++n}`, "Accept-Language": language },
    });
    expect(res.status).toBe(201);
    // Paying needs a verified address (issue 23).
    await verifyAddress({ email });
    return { cookie: cookiesFrom(res), email };
  }

  it("an account keeps the language it signed up in", async () => {
    const ar = await signUpIn("ar");
    const en = await signUpIn("en");
    const locale = (email: string) =>
      env.DB.prepare("SELECT locale FROM accounts WHERE email = ?")
        .bind(email)
        .first<{ locale: string }>()
        .then((r) => r!.locale);
    expect(await locale(ar.email)).toBe("ar");
    expect(await locale(en.email)).toBe("en");
  });

  it("Accept-Language ar: /ar return URLs, Stripe's page in Arabic, and the receipt e-mail in Arabic", async () => {
    const s = await signUpIn("ar");
    const res = await call("/api/checkout/job", {
      method: "POST",
      cookie: s.cookie,
      json: { job: jobDetails(), purchase: purchase(), submissionId: crypto.randomUUID() },
      headers: { "Accept-Language": "ar" },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const c = (await res.json()) as { id: string; jobId: string };
    const row = await env.DB.prepare("SELECT params FROM emulator_sessions WHERE id = ?").bind(c.id).first<{ params: string }>();
    const params = JSON.parse(row!.params) as { successUrl: string; cancelUrl: string; metadata: Record<string, string> };
    expect(params.successUrl).toMatch(new RegExp(`^${SITE}/ar/job-posting-success\\?job_id=${c.jobId}&session_id=`));
    expect(params.cancelUrl).toMatch(new RegExp(`^${SITE}/ar/job-posting-cancel\\?job_id=${c.jobId}`));
    expect(params.metadata.locale).toBe("ar");
    expect(checkoutLocale(params.metadata.locale)).toBe("ar");

    await env.DB.prepare("UPDATE emulator_sessions SET status = 'complete', payment_status = 'paid' WHERE id = ?").bind(c.id).run();
    const payload = JSON.stringify({
      id: `evt_${crypto.randomUUID()}`,
      object: "event",
      type: "checkout.session.completed",
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: c.id, object: "checkout.session", metadata: {} } },
    });
    const hook = await call("/api/stripe/webhook", {
      method: "POST",
      body: payload,
      headers: { "Stripe-Signature": await signStripePayload(payload, EMULATOR_WEBHOOK_SECRET), "Content-Type": "application/json" },
    });
    expect(hook.status).toBe(200);
    const mail = await env.DB.prepare("SELECT subject, text, html FROM mail_outbox WHERE key = ?").bind(`job_confirmation:${c.jobId}`).first<Record<string, string>>();
    expect(mail!.subject).toMatch(/^وظيفتك منشورة الآن: /);
    expect(mail!.text).toContain("شكرًا لنشرك وظيفتك على منصة «وظائف الشركات الناشئة».");
    expect(mail!.text).toContain("الإيصال");
    expect(mail!.text).toContain(`${SITE}/ar/jobs/${c.jobId}`);
    expect(mail!.html).toContain('<html lang="ar" dir="rtl">');
    // The job's details and its receipt are two tables: their label columns have one width, so their values line
    // up (a thirteenth reading measured them 20 px apart).
    const labels = [...mail!.html.matchAll(/<tr><td( width="\d+")?[^>]*>/g)].filter((cell) => cell[0].includes("color:#6b7280"));
    expect(labels.length).toBeGreaterThan(4);
    expect(new Set(labels.map((cell) => cell[1]))).toEqual(new Set([' width="150"']));
  });

  it("an English checkout keeps its English return URLs", async () => {
    const s = await signUpIn("en");
    const res = await checkoutJob(s.cookie, { job: jobDetails(), purchase: purchase(), submissionId: crypto.randomUUID() });
    const c = (await res.json()) as { id: string; jobId: string };
    const row = await env.DB.prepare("SELECT params FROM emulator_sessions WHERE id = ?").bind(c.id).first<{ params: string }>();
    const params = JSON.parse(row!.params) as { successUrl: string; cancelUrl: string };
    expect(params.successUrl).toMatch(new RegExp(`^${SITE}/job-posting-success\\?job_id=${c.jobId}&`));
    expect(params.cancelUrl).toMatch(new RegExp(`^${SITE}/job-posting-cancel\\?`));
    expect(checkoutLocale(undefined)).toBe("auto");
  });
});

describe("every template in Arabic", () => {
  const at = Date.UTC(2026, 0, 5, 12);
  const job = { title: "Rust Engineer", company: "Ferrous", location: "Remote", salary: "$150k", url: `${SITE}/ar/jobs/1` };
  const receipt = { items: [], amountCents: 19900, currency: "usd", paidAt: at, orderReference: "ABCD1234", receiptUrl: null };
  const mails = {
    jobConfirmation: jobConfirmationMail({
      jobId: "abcdef12-x",
      title: "Rust Engineer",
      company: "Ferrous",
      jobCount: 1,
      bundle: null,
      jobUrl: job.url,
      dashboardUrl: `${SITE}/ar/dashboard/jobs`,
      receipt,
      locale: "ar",
    }),
    creditPurchase: creditPurchaseMail({ bundle: "Growth", contents: "5 إعلانات بالخطة القياسية", credits: 5, dashboardUrl: `${SITE}/ar/dashboard`, postUrl: `${SITE}/ar/post`, locale: "ar" }),
    paymentFailed: paymentFailedMail({ what: "Rust Engineer", amountCents: 19900, currency: "usd", orderReference: "ABCD1234", retryUrl: `${SITE}/ar/post`, locale: "ar" }),
    alertConfirm: alertConfirmMail({ summary: "«rust»", confirmUrl: `${SITE}/c`, unsubscribeUrl: `${SITE}/u`, locale: "ar" }),
    alertDigest: alertDigestMail({ summary: "«rust»", jobs: [job], searchUrl: `${SITE}/ar/jobs`, unsubscribeUrl: `${SITE}/u`, locale: "ar" }),
    companyConfirm: companyNotifyConfirmMail({ company: "Ferrous", confirmUrl: `${SITE}/c`, unsubscribeUrl: `${SITE}/u`, locale: "ar" }),
    companyNewJob: companyNewJobMail({ company: "Ferrous", job, companyUrl: `${SITE}/ar/company/ferrous`, unsubscribeUrl: `${SITE}/u`, locale: "ar" }),
    expiry: jobExpiryReminderMail({
      title: "Rust Engineer",
      company: "Ferrous",
      expiresAt: at,
      now: at - 3 * 86_400_000,
      jobUrl: job.url,
      repostUrl: `${SITE}/ar/dashboard/jobs?repost=1`,
      locale: "ar",
    }),
    spotlightWelcome: spotlightWelcomeMail({ renewsAt: at, dashboardUrl: `${SITE}/ar/spotlight/live`, billingUrl: `${SITE}/ar/dashboard/billing`, locale: "ar" }),
    spotlightFailed: spotlightPaymentFailedMail({ retryAt: at, billingUrl: `${SITE}/b`, locale: "ar" }),
    spotlightCancel: spotlightCancelScheduledMail({ endsAt: at, billingUrl: `${SITE}/b`, locale: "ar" }),
    spotlightEnded: spotlightEndedMail({ endedAt: at, resubscribeUrl: `${SITE}/s`, locale: "ar" }),
  };

  it("each has an Arabic subject and body, <html lang=ar dir=rtl>, and none of the English prose", () => {
    for (const [name, mail] of Object.entries(mails)) {
      expect(mail.subject, name).toMatch(/\p{Script=Arabic}/u);
      expect(mail.text, name).toMatch(/\p{Script=Arabic}/u);
      expect(mail.html, name).toContain('<html lang="ar" dir="rtl">');
      expect(`${mail.subject}\n${mail.text}`, name).not.toMatch(/\b(Your|Please|Thank|Confirm|Unsubscribe|View|Manage|Receipt|Amount|jobs? at)\b/);
    }
  });

  it("each greets and signs off in Arabic (the readers found them abrupt), in the text and the HTML", () => {
    for (const [name, mail] of Object.entries(mails)) {
      const lines = mail.text.split("\n");
      expect(lines[0], name).toBe("مرحبًا،");
      expect(lines.slice(-2), name).toEqual(["مع أطيب التحيات،", "فريق وظائف الشركات الناشئة"]);
      expect(mail.html, name).toContain('<p style="margin:0 0 12px">مرحبًا،</p>');
      expect(mail.html, name).toContain('<p style="margin:20px 0 16px">مع أطيب التحيات،<br>فريق وظائف الشركات الناشئة</p>');
    }
  });

  it("dates and money are in the Arabic format with Latin digits", () => {
    // A date never breaks between its parts (issue 25).
    expect(mails.jobConfirmation.text).toContain("5\u00a0يناير\u00a02026");
    // One money format in Arabic, the UI's (issue 25): "199 US$", not "199.00 US$ USD".
    expect(mails.jobConfirmation.text).toMatch(/199\s\u2066US\$\u2069/);
    expect(mails.jobConfirmation.text).not.toContain("USD");
    expect(mails.expiry.text).toContain("الاثنين\u00a05\u00a0يناير\u00a02026");
  });
});

describe("Spotlight mails in the subscriber's language", () => {
  it("an Arabic account's welcome and ended mails are Arabic and link to /ar pages; an English one's are unchanged", async () => {
    const { subscriptionMails } = await import("../../worker/spotlight/subscription");
    const now = Date.now();
    const info = { id: "sub_ar_mail", status: "active", customerId: "cus_1", currentPeriodStart: now, currentPeriodEnd: now + 30 * 24 * HOUR, cancelAtPeriodEnd: false, metadata: {} };
    await env.DB.batch(subscriptionMails(env.DB, { email: "layla@example.com", locale: "ar" }, "sub_ar_mail", "active", info, true, {}, SITE, now));
    await env.DB.batch(subscriptionMails(env.DB, { email: "ada@example.com", locale: "en" }, "sub_en_mail", "active", { ...info, id: "sub_en_mail" }, true, {}, SITE, now));
    const arabic = await env.DB.prepare(`SELECT subject, text, html FROM mail_outbox WHERE "to" = 'layla@example.com'`).first<Record<string, string>>();
    const english = await env.DB.prepare(`SELECT subject, text, html FROM mail_outbox WHERE "to" = 'ada@example.com'`).first<Record<string, string>>();
    expect(arabic?.subject).toMatch(/\p{Script=Arabic}/u);
    expect(arabic?.html).toContain('lang="ar" dir="rtl"');
    expect(arabic?.text).toContain(`${SITE}/ar/spotlight/live`);
    expect(arabic?.text).toContain(`${SITE}/ar/dashboard/billing`);
    expect(english?.subject).toBe(spotlightWelcomeMail({ renewsAt: info.currentPeriodEnd, dashboardUrl: "", billingUrl: "" }).subject);
    expect(english?.text).toContain(`${SITE}/spotlight/live`);
    expect(english?.html).toContain('<html lang="en">');
  });
});
