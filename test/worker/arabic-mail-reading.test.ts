// The Arabic e-mails read as rendered (subject, text and HTML with real values), as a Gulf job-seeker or employer
// reads them: one phrase for "a job at a company" (لدى), Latin job titles and company names isolated (FSI … PDI) so
// "Sales Manager (KSA)" keeps its brackets in an Arabic line, a subject that starts in Arabic, a candidate's gender
// never assumed, no "UTC", no calques ("عزيزي/عزيزتي", "المضي قدمًا", "صندوق الطلبات", "لم نحصّل"), and each
// thing named as the rest of the board names it.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { t } from "../../worker/lib/i18n";
import { creditBundleSummary, jobOrderLines, orderSummary } from "../../worker/mail/receipts";
import { applicationDigestMail, applicationReceivedMail, applicationRejectedMail, newApplicationMail } from "../../worker/mail/applicationMails";
import { jobDecisionMail } from "../../worker/mail/decisions";
import { emailChangedMail, verifyEmailMail } from "../../worker/mail/identityTemplates";
import {
  alertDigestMail,
  companyNewJobMail,
  companyNotifyConfirmMail,
  jobConfirmationMail,
  jobExpiryReminderMail,
  paymentFailedMail,
  refundMail,
  spotlightReceiptMail,
  spotlightWelcomeMail,
} from "../../worker/mail/templates";
import type { MailContent } from "../../worker/mail/templates";
import { call, signUp } from "../support/auth";
import { refundMailData } from "../support/fixtures";
import { addJobs, clearJobs } from "../support/jobs";

const SITE = "http://localhost:8787";
const AT = Date.UTC(2026, 0, 5, 12);
/** A Gulf job title as employers type it: Latin, with a bracket at its end. */
const TITLE = "Sales Manager (KSA)";
const COMPANY = "Tabby";
const isolated = (s: string) => `\u2068${s}\u2069`;
const receipt = { items: [], amountCents: 19900, currency: "usd", paidAt: AT, orderReference: "ABCD1234", receiptUrl: null };
const job = { title: TITLE, company: COMPANY, location: "Riyadh", salary: "", url: `${SITE}/ar/jobs/1` };

const mails: Record<string, MailContent> = {
  jobConfirmation: jobConfirmationMail({
    jobId: "abcdef12-x",
    title: TITLE,
    company: COMPANY,
    jobCount: 5,
    bundle: null,
    jobUrl: job.url,
    dashboardUrl: `${SITE}/ar/dashboard/jobs`,
    receipt,
    locale: "ar",
  }),
  expiry: jobExpiryReminderMail({ title: TITLE, company: COMPANY, expiresAt: AT, now: AT - 3 * 86_400_000, jobUrl: job.url, repostUrl: `${SITE}/ar/dashboard/jobs?repost=1`, locale: "ar" }),
  approved: jobDecisionMail({ title: TITLE, company: COMPANY, decision: { kind: "approved", expiresAt: AT }, jobUrl: job.url, dashboardUrl: `${SITE}/d`, contactUrl: `${SITE}/c`, locale: "ar" }),
  rejected: jobDecisionMail({
    title: TITLE,
    company: COMPANY,
    decision: { kind: "rejected", reason: "مكرر", returned: "credit" },
    jobUrl: job.url,
    dashboardUrl: `${SITE}/d`,
    contactUrl: `${SITE}/c`,
    locale: "ar",
  }),
  removed: jobDecisionMail({
    title: TITLE,
    company: COMPANY,
    decision: { kind: "removed", reason: "مضلل", wasSeen: true },
    jobUrl: job.url,
    dashboardUrl: `${SITE}/d`,
    contactUrl: `${SITE}/c`,
    locale: "ar",
  }),
  restored: jobDecisionMail({ title: TITLE, company: COMPANY, decision: { kind: "restored", live: false }, jobUrl: job.url, dashboardUrl: `${SITE}/d`, contactUrl: `${SITE}/c`, locale: "ar" }),
  companyConfirm: companyNotifyConfirmMail({ company: COMPANY, confirmUrl: `${SITE}/c`, unsubscribeUrl: `${SITE}/u`, locale: "ar" }),
  companyNewJob: companyNewJobMail({ company: COMPANY, job, companyUrl: `${SITE}/ar/company/tabby`, unsubscribeUrl: `${SITE}/u`, locale: "ar" }),
  alertDigest: alertDigestMail({ summary: "«sales»", jobs: [job], searchUrl: `${SITE}/ar/jobs`, unsubscribeUrl: `${SITE}/u`, locale: "ar" }),
  received: applicationReceivedMail({ locale: "ar", title: TITLE, company: COMPANY, name: "Noura Al-Otaibi", applicationUrl: `${SITE}/ar/applications/1` }),
  notice: newApplicationMail({ locale: "ar", title: TITLE, company: COMPANY, candidate: "نورة العتيبي", inboxUrl: `${SITE}/ar/dashboard/applications` }),
  applicationRejected: applicationRejectedMail({ locale: "ar", title: TITLE, company: COMPANY, name: "نورة العتيبي" }),
  digest: applicationDigestMail({
    locale: "ar",
    jobs: [{ title: TITLE, company: COMPANY, count: 2, candidates: ["أحمد", "Omar Khan"], inboxUrl: `${SITE}/ar/dashboard/applications` }],
    settingsUrl: `${SITE}/ar/dashboard/settings`,
  }),
  paymentFailed: paymentFailedMail({ what: "إعلان واحد بالخطة القياسية", amountCents: 19900, currency: "usd", orderReference: "ABCD1234", retryUrl: `${SITE}/ar/post`, locale: "ar" }),
  refund: refundMail(refundMailData({ billingUrl: `${SITE}/ar/dashboard/billing` })),
  verify: verifyEmailMail({ locale: "ar", email: "1sara@example.com", verifyUrl: `${SITE}/ar/verify-email?token=x`, change: false }),
  emailChanged: emailChangedMail({ locale: "ar", previous: "old@example.com", current: "new@example.com", contactUrl: `${SITE}/ar/contact` }),
  spotlightWelcome: spotlightWelcomeMail({ renewsAt: AT, dashboardUrl: `${SITE}/ar/spotlight/live`, billingUrl: `${SITE}/ar/dashboard/billing`, locale: "ar" }),
  spotlightReceipt: spotlightReceiptMail({ locale: "ar", paidUntil: AT, billingUrl: `${SITE}/ar/dashboard/billing`, receipt }),
};

describe("a job at a company, in every Arabic e-mail", () => {
  it("is «title» لدى company, never في (the decisions' phrase, and the share text's)", () => {
    for (const [name, mail] of Object.entries(mails)) {
      expect(`${mail.subject}\n${mail.text}`, name).not.toContain(`${TITLE} في`);
      expect(`${mail.subject}\n${mail.text}`, name).not.toContain(`${isolated(TITLE)} في`);
    }
    expect(mails.jobConfirmation!.subject).toBe(`وظيفتك منشورة الآن: ${isolated(TITLE)} لدى ${isolated(COMPANY)}`);
    expect(mails.expiry!.text).toContain(`إعلانك «${isolated(TITLE)}» لدى ${isolated(COMPANY)}`);
  });

  it("keeps a Latin title and company isolated, in the subject, the text and the HTML, so '(KSA)' keeps its brackets", () => {
    for (const name of ["expiry", "approved", "rejected", "removed", "restored", "companyNewJob", "received", "applicationRejected", "digest"]) {
      const mail = mails[name]!;
      expect(mail.text, name).toContain(isolated(TITLE));
      expect(`${mail.subject}\n${mail.text}`, name).not.toMatch(/[^\u2068]Sales Manager/);
    }
    expect(mails.jobConfirmation!.subject).toContain(isolated(TITLE));
    for (const name of ["approved", "rejected", "removed", "restored", "expiry"]) expect(mails[name]!.html, name).toContain(`«\u2068<strong>${TITLE}</strong>\u2069»`);
    expect(mails.notice!.subject).toBe(`طلب تقديم جديد لوظيفة «${isolated(TITLE)}»`);
  });

  it("every subject starts in Arabic (a Latin company first would turn the inbox line left-to-right)", () => {
    for (const [name, mail] of Object.entries(mails)) expect(mail.subject, name).toMatch(/^[\d\s]*\p{Script=Arabic}/u);
    expect(mails.companyNewJob!.subject).toBe(`وظيفة جديدة لدى ${isolated(COMPANY)}: ${isolated(TITLE)}`);
  });

  it("an e-mail address in a sentence is isolated: one starting with a digit stays whole", () => {
    expect(mails.verify!.text).toContain(`بريدك الإلكتروني ${isolated("1sara@example.com")} على منصة`);
    expect(mails.emailChanged!.text).toContain(`من ${isolated("old@example.com")} إلى ${isolated("new@example.com")}.`);
  });
});

describe("words a Gulf reader would not write", () => {
  it.each([
    ["expiry", /UTC/, "(بتوقيت\u00a0غرينتش)"],
    ["applicationRejected", /عزيزي\/عزيزتي|المضي قدمًا/, "مرحبًا \u2068نورة العتيبي\u2069،"],
    ["applicationRejected", /عزيزي/, "راجعت الشركة طلبك، ونأسف لإبلاغك بأنها قرّرت عدم المضي فيه."],
    // The candidate's gender is not known: no تقدّم / تقدّمت.
    ["notice", /^تقدّم|\nتقدّم|صندوق الطلبات/, `وصل طلب تقديم جديد من ${isolated("نورة العتيبي")} لوظيفة «${isolated(TITLE)}».`],
    ["notice", /صندوق/, "اعرض الطلبات: "],
    ["digest", /في وظائف الشركات الناشئة|صندوق/, `طلبان لوظيفة «${isolated(TITLE)}» لدى ${isolated(COMPANY)}`],
    // The greeting names the candidate; the thanks does not name them a second time.
    ["received", /^طلبك:|يا |شكرًا لك، /, `مرحبًا ${isolated("Noura Al-Otaibi")}،\n\nشكرًا لك. أرسلنا طلبك لوظيفة`],
    ["paymentFailed", /لم نحصّل/, "لم يُخصم منك أي مبلغ، ولم يُنشر أي شيء"],
    ["refund", /لا شيء آخر يتغيّر/, "لم يتغيّر شيء آخر: تبقى وظائفك ورصيد إعلاناتك كما هي."],
    ["rejected", /الرصيد الذي استخدمته/, "أعدنا إلى رصيد إعلاناتك الإعلان الذي استخدمته لنشرها."],
    ["restored", /الخاصة بك/, "يمكنك تفعيلها متى شئت."],
    ["removed", /من قِبل/, "ولا يستطيع إعادتها إلا فريقنا."],
    ["companyNewJob", /توظّف/, `تصلك هذه الرسالة لأنك طلبت إعلامك بالوظائف الجديدة لدى ${isolated(COMPANY)}.`],
    ["verify", /يعمل الرابط|يرجى/, "الرابط صالح لمرة واحدة فقط، ولمدة 24 ساعة."],
    ["spotlightWelcome", /فعّال|لوحة تحكم سبوتلايت/, "اشتراكك في سبوتلايت مفعّل الآن"],
    ["spotlightReceipt", /دفعتك لسبوتلايت/, "إيصال اشتراك سبوتلايت"],
  ] as const)("%s: not %s; says «%s»", (name, not, says) => {
    const mail = mails[name]!;
    const all = `${mail.subject}\n${mail.text}\n${mail.html}`;
    expect(all).not.toMatch(not);
    expect(all).toContain(says);
  });

  it("the receipt names its lines as a label: عدد الإعلانات, and the job's number apart from the order's", () => {
    const text = jobConfirmationMail({ jobId: "abcdef12-x", title: TITLE, company: COMPANY, jobCount: 5, bundle: null, jobUrl: job.url, dashboardUrl: `${SITE}/d`, locale: "ar" }).text;
    expect(text).toContain(`عدد الإعلانات: ${isolated("5")}`);
    expect(text).toContain(`رقم الإعلان: ${isolated("ABCDEF12")}`);
    expect(text).not.toMatch(/إعلانات الوظائف|الرقم المرجعي: /);
    // One name for the order's number on every screen and mail (the third reading): «رقم الطلب», apart from the job's «رقم الإعلان».
    expect(mails.jobConfirmation!.text).toContain(`رقم الطلب: ${isolated("ABCD1234")}`);
    expect(t("ar", "mail.receipt.creditsExpire")).toBe("الرصيد صالح حتى");
  });

  it("Spotlight's dashboard is named as the account pages name it", () => {
    expect(t("ar", "mail.spotlight.dashboard")).toBe(t("ar", "account.spotlightCard.dashboard"));
    expect(mails.spotlightWelcome!.html).toContain("انتقل إلى لوحة سبوتلايت");
  });

  it("buttons and links say what to do, one way: اعرض …", () => {
    expect(mails.jobConfirmation!.text).toContain("اعرض إعلانك: ");
    expect(mails.approved!.text).toContain("اعرض إعلانك: ");
    expect(mails.received!.text).toContain("اعرض طلبك: ");
  });
});

describe("what an order bought, in Arabic (the credit receipt, Billing, the failed-payment e-mail)", () => {
  it("a bundle is named as a bundle (الباقة الموسّعة), never as the plan its English name shares a word with", () => {
    const summary = creditBundleSummary({ bundleId: "premium" }, "ar");
    expect(summary.startsWith("الباقة الموسّعة: ")).toBe(true);
    expect(summary).not.toContain("خطة بريميوم");
    expect(orderSummary({ kind: "job" }, { bundleId: "premium-success", plan: "premium", posts: 2 }, null, "ar")).toMatch(/^باقة النجاح: /);
    // English keeps its own wording.
    expect(creditBundleSummary({ bundleId: "premium" })).toMatch(/^Premium bundle: /);
  });

  it("a one-post bundle cheaper than its post bought alone says what it saves, in dollars as the page writes them", () => {
    expect(creditBundleSummary({ bundleId: "premium-enhanced" }, "ar")).toBe("باقة بريميوم المحسّنة: إعلان واحد بخطة بريميوم، بتوفير\u00a0\u200f100\u00a0\u2066US$\u2069");
    expect(creditBundleSummary({ bundleId: "premium-enhanced" })).toBe("Premium Enhanced bundle: 1 Premium post, save $100");
  });

  it("a receipt's plan line does not say plan twice (الخطة: خطة بريميوم), nor name the plan the ad's type (نوع الإعلان: الخطة القياسية)", () => {
    const line = (plan: string) => jobOrderLines({ plan, posts: 1 }, "ar").find((row) => row.label === "الخطة")?.value;
    expect(line("premium")).toBe("بريميوم");
    expect(line("standard")).toBe("القياسية");
    expect(jobOrderLines({ plan: "premium", posts: 1 }).find((row) => row.label === "Plan")?.value).toBe("Premium");
  });

  it("the job's title in a summary, and a receipt's and a listing's values, are isolated in an Arabic line", () => {
    // After «لوظيفة», in «»: in brackets, a title's own brackets nested (the 25th reading).
    expect(orderSummary({ kind: "job" }, { plan: "standard", posts: 1 }, TITLE, "ar")).toContain(`لوظيفة «${isolated(TITLE)}»`);
    expect(orderSummary({ kind: "job" }, { plan: "standard", posts: 1 }, TITLE, "ar")).not.toContain(`(${isolated(TITLE)})`);
    expect(orderSummary({ kind: "job" }, { plan: "standard", posts: 1 }, TITLE)).toContain(`(${TITLE})`);
    const confirmation = mails.jobConfirmation!;
    expect(confirmation.text).toContain(`${t("ar", "mail.jobConfirmation.jobTitle")}: ${isolated(TITLE)}`);
    expect(confirmation.html).toContain(isolated(TITLE));
    const digest = alertDigestMail({ locale: "ar", summary: "«مهندس»", jobs: [{ ...job, salary: "$80k - $120k" }], searchUrl: `${SITE}/ar/jobs`, unsubscribeUrl: `${SITE}/u` });
    expect(digest.text).toContain(`(${isolated("Riyadh")})، ${isolated("$80k - $120k")}`);
  });
});

describe("as the board sends them", () => {
  beforeEach(async () => {
    await clearJobs();
    await env.DB.batch([env.DB.prepare("DELETE FROM applications"), env.DB.prepare("DELETE FROM mail_outbox"), env.DB.prepare("DELETE FROM rate_limits")]);
  });

  it("an application from /ar: the candidate's confirmation and the Arabic employer's notice", async () => {
    const owner = await signUp();
    await env.DB.prepare("UPDATE accounts SET locale = 'ar' WHERE id = ?").bind(owner.userId).run();
    const [jobId] = await addJobs({ title: TITLE, company: COMPANY, applications: 1, userId: owner.userId });
    const form = new FormData();
    form.set("name", "نورة العتيبي");
    form.set("email", "noura@example.com");
    form.set("cv", new File([new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n")], "cv.pdf", { type: "application/pdf" }));
    const res = await call(`/api/jobs/${jobId}/applications`, { method: "POST", body: form, headers: { "Accept-Language": "ar", "CF-Connecting-IP": "10.61.1.1" } });
    expect(res.status).toBe(201);
    const rows = (await env.DB.prepare("SELECT kind, subject, text, html FROM mail_outbox ORDER BY kind").all<{ kind: string; subject: string; text: string; html: string }>()).results;
    const received = rows.find((r) => r.kind === "application_received")!;
    const notice = rows.find((r) => r.kind === "application_notice")!;
    expect(received.subject).toBe(`تم إرسال طلبك: ${isolated(TITLE)} لدى ${isolated(COMPANY)}`);
    expect(received.text).toContain(`مرحبًا ${isolated("نورة العتيبي")}،\n\nشكرًا لك. أرسلنا طلبك لوظيفة «${isolated(TITLE)}» لدى ${isolated(COMPANY)}.`);
    // The company once, not again as «صاحب العمل» (the nineteenth reading).
    expect(received.text).not.toContain("إلى صاحب العمل");
    expect(notice.subject).toBe(`طلب تقديم جديد لوظيفة «${isolated(TITLE)}»`);
    expect(notice.text).toContain(`وصل طلب تقديم جديد من ${isolated("نورة العتيبي")} لوظيفة «${isolated(TITLE)}».`);
    expect(notice.text).toContain("/ar/dashboard/applications?jobId=");
    for (const r of [received, notice]) expect(r.html).toContain('<html lang="ar" dir="rtl">');
  });
});
