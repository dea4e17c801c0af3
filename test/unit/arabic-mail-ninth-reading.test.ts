// A ninth reading (issue 25), of every e-mail in Arabic: a Latin title reversed in the HTML, two mails about one refund
// that disagreed, two colons in a row, «المصرفي» beside the site's «البنكي», a reminder that named one thing three
// ways and left a sentence out of its text, dates that could break, «بالوسوم», and a company named twice. Each case
// fails on the code before the fix; the failed-transfer and custom-credit mails are worker tests
// (arabic-native-mail.test.ts, billing.test.ts), through the webhook.
import { describe, expect, it } from "vitest";
import { t } from "../../worker/lib/i18n";
import { describeFiltersIn } from "../../worker/discovery/locale";
import { applicationDigestMail } from "../../worker/mail/applicationMails";
import { jobDecisionMail } from "../../worker/mail/decisions";
import { alertConfirmMail, alertDigestMail, companyNewJobMail, companyNotifyConfirmMail, creditPurchaseMail, jobExpiryReminderMail, paymentFailedMail, refundMail } from "../../worker/mail/templates";
import { filtersFromParams } from "../../worker/rules/searchParams";
import { refundMailData } from "../support/fixtures";

const arabicCatalogues = import.meta.glob<Record<string, string>>("../../worker/rules/locales/ar/*.json", { eager: true, import: "default" });
const SITE = "https://startupjobs.example";
const at = Date.UTC(2026, 11, 1, 9);
const job = { title: "Backend Engineer (KSA)", company: "أفق للتقنية", location: "الرياض، السعودية", salary: "", url: `${SITE}/ar/jobs/1` };
const FSI = "\u2068";
const PDI = "\u2069";

describe("the ninth reading of the e-mails", () => {
  it("a Latin title in an Arabic mail's HTML is isolated: «Backend Engineer (KSA)» showed as «(Backend Engineer (KSA»", () => {
    const digest = alertDigestMail({ summary: "«مهندس»", jobs: [job], searchUrl: `${SITE}/ar/jobs`, unsubscribeUrl: `${SITE}/u`, locale: "ar" });
    expect(digest.html).toContain(`>${FSI}Backend Engineer (KSA)${PDI}</a>`);
    const newJob = companyNewJobMail({ company: job.company, job, companyUrl: `${SITE}/ar/company/afaq`, unsubscribeUrl: `${SITE}/u`, locale: "ar" });
    expect(newJob.html).toContain(`>${FSI}Backend Engineer (KSA)${PDI}</a>`);
    const applications = applicationDigestMail({
      locale: "ar",
      jobs: [{ title: job.title, company: job.company, count: 1, candidates: ["Sara Al-Amin (CV)"], inboxUrl: `${SITE}/ar/dashboard/applications` }],
      settingsUrl: `${SITE}/ar/dashboard/settings`,
    } as never);
    expect(applications.html).toContain(`<li>${FSI}Sara Al-Amin (CV)${PDI}</li>`);
  });

  it("the company's new-job mail names the company once above the job, not again in its line", () => {
    const mail = companyNewJobMail({ company: job.company, job, companyUrl: `${SITE}/ar/company/afaq`, unsubscribeUrl: `${SITE}/u`, locale: "ar" });
    expect(mail.text.split("\n").find((l) => l.startsWith("- "))).toBe(`- ${FSI}Backend Engineer (KSA)${PDI} (${FSI}الرياض، السعودية${PDI})`);
  });

  it("a rejection with a refund and the refund's own mail say the same: the card or the bank account, 5 to 10 business days", () => {
    const refund = refundMail(refundMailData({ billingUrl: `${SITE}/ar/dashboard/billing` }));
    const rejected = jobDecisionMail({
      title: "مهندس",
      company: job.company,
      decision: { kind: "rejected", reason: "x", returned: "refund" },
      jobUrl: job.url,
      dashboardUrl: `${SITE}/ar/dashboard/jobs`,
      contactUrl: `${SITE}/ar/contact`,
      locale: "ar",
    });
    for (const text of [refund.text, rejected.text]) expect(text).toContain("بطاقتك أو حسابك البنكي خلال 5\u00a0إلى\u00a010\u00a0أيام عمل");
    expect(t("en", "mail.refund.when")).toContain("card or bank account within 5\u00a0to\u00a010 business days");
    expect(t("en", "mail.decision.refunded")).toContain("card or bank account within 5\u00a0to\u00a010 business days");
    // The billing link is named as the page is.
    expect(refund.text).toContain(`\nالفواتير: ${SITE}/ar/dashboard/billing\n`);
  });

  it("one colon, the bundle's own: «عن طلبك: الباقة الموسّعة: …» is now «مقابل الباقة الموسّعة: …»", () => {
    const what = "الباقة الموسّعة: 10 إعلانات بالخطة القياسية، بتوفير\u00a015%";
    for (const id of ["mail.refund.body", "mail.refund.bodyPartial", "mail.refund.bodyRest"] as const) {
      const said = t("ar", id, { amount: "100 US$", paid: "1,692 US$", what });
      expect(said.split(":").length - 1, said).toBe(1);
      expect(said).toContain(`مقابل ${what}`);
    }
    expect(t("ar", "mail.paymentFailed.body", { amount: "199 US$", what: "إعلان واحد" })).toBe("لم يكتمل تحويلك البنكي بقيمة 199 US$ مقابل إعلان واحد. لم يُخصم منك أي مبلغ، ولم يُنشر أي شيء.");
  });

  it("a bank transfer is «تحويل بنكي» everywhere, as the site says it", () => {
    for (const [file, catalogue] of Object.entries(arabicCatalogues)) for (const [id, text] of Object.entries(catalogue)) expect(text, `${file} ${id}`).not.toMatch(/مصرفي/);
  });

  it("the expiry reminder: a listing ends, the button reposts the listing, and the text says why to repost as the HTML does", () => {
    const mail = jobExpiryReminderMail({
      title: "مهندس",
      company: job.company,
      expiresAt: at,
      now: at - 3 * 86_400_000,
      jobUrl: job.url,
      repostUrl: `${SITE}/ar/dashboard/jobs?repost=1`,
      locale: "ar",
    });
    expect(mail.subject).toBe(`ينتهي إعلانك «${FSI}مهندس${PDI}» خلال 3\u00a0أيام`);
    expect(mail.text).toContain("ينتهي إعلانك «");
    expect(mail.text).toContain("بعد انتهائه، يمكنك إعادة نشره بالزر أدناه ليعود ظاهرًا للمرشحين 30\u00a0يومًا أخرى.");
    expect(mail.html).toContain("أعد نشر الإعلان");
    const english = jobExpiryReminderMail({ title: "Engineer", company: "Acme", expiresAt: at, now: at - 3 * 86_400_000, jobUrl: job.url, repostUrl: `${SITE}/dashboard/jobs?repost=1` });
    expect(english.text).toContain("Once it has expired, repost it with the button below to keep it in front of candidates for another 30 days.");
  });

  it("a re-reading: the reminder's time is «بتوقيت غرينتش», as the console says it, and its link does not say «أعد نشره» again", () => {
    const mail = jobExpiryReminderMail({ title: "مهندس", company: job.company, expiresAt: at, now: at - 3 * 86_400_000, jobUrl: job.url, repostUrl: `${SITE}/r`, locale: "ar" });
    expect(mail.text).toContain("(بتوقيت\u00a0غرينتش).");
    expect(mail.text).toContain(`إعادة النشر بعد انتهائه (يلزم تسجيل الدخول): ${SITE}/r`);
    expect(mail.text.split("نشره").length - 1).toBe(1);
  });

  it("a re-reading: a company's mails end with «إلغاء المتابعة», as its button follows it; an alert's with «إلغاء الاشتراك»", () => {
    const newJob = companyNewJobMail({ company: job.company, job, companyUrl: `${SITE}/ar/company/afaq`, unsubscribeUrl: `${SITE}/u`, locale: "ar" });
    expect(newJob.text).toContain(`إلغاء المتابعة: ${SITE}/u`);
    expect(newJob.html).toContain(">إلغاء المتابعة</a>");
    const digest = alertDigestMail({ summary: "«مهندس»", jobs: [job], searchUrl: `${SITE}/ar/jobs`, unsubscribeUrl: `${SITE}/u`, locale: "ar" });
    expect(digest.html).not.toContain("إلغاء المتابعة");
  });

  it("an alert's confirmation offers to cancel the request, not to unsubscribe from an alert not yet on, in one piece (a sixteenth reading)", () => {
    const mail = alertConfirmMail({ summary: "«مهندس»", confirmUrl: `${SITE}/c`, unsubscribeUrl: `${SITE}/u`, locale: "ar" });
    expect(mail.text).toContain(`ألغِ هذا الطلب: ${SITE}/u`);
    expect(mail.html).toContain('style="white-space:nowrap">ألغِ هذا الطلب</a>');
    expect(mail.text).not.toContain("إلغاء الاشتراك");
    // A company follow's confirmation too: it offered «إلغاء المتابعة» from a follow not yet on (the nineteenth reading).
    const follow = companyNotifyConfirmMail({ company: "Stripe", confirmUrl: `${SITE}/c`, unsubscribeUrl: `${SITE}/u`, locale: "ar" });
    expect(follow.text).toContain(`ألغِ هذا الطلب: ${SITE}/u`);
    expect(follow.html).toContain('style="white-space:nowrap">ألغِ هذا الطلب</a>');
    expect(follow.text + follow.html).not.toContain("إلغاء المتابعة");
  });

  it("an employer told of a withdrawal reads who withdrew it, plainly: not «تم سحب طلب التقديم المقدَّم من» (the nineteenth reading)", () => {
    expect(t("ar", "mail.application.withdrawn.intro", { candidate: "عمر الحربي", title: "مهندس" })).toBe("سُحب طلب ⁨عمر الحربي⁩ لوظيفة «⁨مهندس⁩»، وحذفنا الطلب والسيرة الذاتية المرفقة به.");
  });

  it("a date in a reminder or a decision never breaks between its parts", () => {
    const reminder = jobExpiryReminderMail({ title: "مهندس", company: job.company, expiresAt: at, now: at - 3 * 86_400_000, jobUrl: job.url, repostUrl: `${SITE}/r`, locale: "ar" });
    expect(reminder.text).toContain("الثلاثاء\u00a01\u00a0ديسمبر\u00a02026");
    const approved = jobDecisionMail({
      title: "مهندس",
      company: job.company,
      decision: { kind: "approved", expiresAt: at },
      jobUrl: job.url,
      dashboardUrl: `${SITE}/d`,
      contactUrl: `${SITE}/c`,
      locale: "ar",
    });
    expect(approved.text).toContain("1\u00a0ديسمبر\u00a02026");
    expect(jobDecisionMail({ title: "X", company: "Y", decision: { kind: "approved", expiresAt: at }, jobUrl: job.url, dashboardUrl: "d", contactUrl: "c" }).text).toContain(
      "December\u00a01,\u00a02026",
    );
  });

  it("an alert's tags: «الوسوم: …», each isolated («بالوسوم c++» showed «++c»)", () => {
    expect(describeFiltersIn("ar", filtersFromParams(new URLSearchParams("tags=c%2B%2B&tags=Go")))).toBe(`الوسوم: ${FSI}c++${PDI}، ${FSI}Go${PDI}`);
  });

  it("a custom quantity is added, its count in the object's case; a bundle activated", () => {
    const added = (credits: number) => creditPurchaseMail({ bundle: "x", contents: "x", custom: true, credits, dashboardUrl: "d", postUrl: "p", locale: "ar" }).text;
    expect(added(3)).toContain("أضفنا إلى رصيدك 3 إعلانات بالخطة القياسية.");
    // A re-reading: «أضفنا إلى رصيدك إعلانان» (the nominative of the order's summary) is «إعلانين» as an object.
    expect(added(2)).toContain("أضفنا إلى رصيدك إعلانين بالخطة القياسية.");
    expect(added(1)).toContain("أضفنا إلى رصيدك إعلانًا واحدًا بالخطة القياسية.");
    expect(added(11)).toContain("أضفنا إلى رصيدك 11 إعلانًا بالخطة القياسية.");
    expect(creditPurchaseMail({ bundle: "x", contents: "x", custom: true, credits: 2, dashboardUrl: "d", postUrl: "p" }).text).toContain("Your purchase is complete — 2 Standard posts.");
    expect(creditPurchaseMail({ bundle: "الباقة القياسية", contents: "5 إعلانات بالخطة القياسية", credits: 5, dashboardUrl: "d", postUrl: "p", locale: "ar" }).text).toContain(
      "تم تفعيل الباقة القياسية.",
    );
    expect(t("ar", "posting.creditsDone.added", { count: 2 })).toBe("أضفنا إلى رصيدك إعلانين بالخطة القياسية.");
  });

  it("after «مقابل» two posts are «إعلانين» (the genitive), in the failed transfer's and the refund's mails", () => {
    const failed = paymentFailedMail({ what: "إعلانان بالخطة القياسية", amountCents: 39800, currency: "usd", orderReference: "A", retryUrl: "r", credits: true, locale: "ar" });
    expect(failed.text).toContain("مقابل إعلانين بالخطة القياسية.");
    const refund = refundMail(refundMailData({ amountCents: 100, paidCents: 100, what: "إعلانان بالخطة القياسية" }));
    expect(refund.text).toContain("مقابل إعلانين بالخطة القياسية.");
    // A bundle's name comes first, and is left as it is.
    expect(paymentFailedMail({ what: "الباقة القياسية: 5 إعلانات", amountCents: 1, currency: "usd", orderReference: "A", retryUrl: "r", locale: "ar" }).text).toContain(
      "مقابل الباقة القياسية: 5 إعلانات.",
    );
  });

  it.each([
    // Without «بعناية»: a rejection sent to many at once is not a careful review of each (a sixteenth reading).
    ["mail.application.rejected.body", { job: "مهندس" }, "نشكرك على تقدّمك لوظيفة مهندس وعلى الوقت الذي خصّصته لذلك. راجعت الشركة طلبك، ونأسف لإبلاغك بأنها قرّرت عدم المضي فيه."],
    ["mail.application.digest.subject", { count: 3 }, "الملخص اليومي: 3 طلبات جديدة لوظائفك"],
    ["mail.spotlight.noRetry", {}, "لن نحاول الخصم من بطاقتك مرة أخرى. يُرجى تحديث بطاقتك لتبقى وظائفك منشورة."],
    ["mail.spotlight.ended", { date: "28 نوفمبر 2026" }, "انتهى اشتراكك في سبوتلايت بتاريخ 28 نوفمبر 2026. لم تعد صفحة شركتك ووظائف سبوتلايت ظاهرة للعموم."],
    ["mail.companyConfirm.subject", { company: "أفق" }, `أكّد رغبتك في متابعة وظائف ${FSI}أفق${PDI}`],
    ["mail.common.confirm", {}, "أكّد المتابعة"],
  ])("%s", (id, values, arabic) => {
    expect(t("ar", id as never, values as never)).toBe(arabic);
  });
});
