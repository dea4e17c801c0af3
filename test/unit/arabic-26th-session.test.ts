// What this session added to the catalogue (issue 25), read in both languages: the repost's e-mail (the 25th reading:
// a repost said nothing but "Job reposted successfully") and the wizard's banner, which named the first field to fix
// and not that seven others waited. Each case fails on the old catalogue (the key did not exist).
import { describe, expect, it } from "vitest";
import { t } from "../../worker/lib/i18n";
import { jobExpiryReminderMail, receiptDate } from "../../worker/mail/templates";

const arabicCatalogues = import.meta.glob<Record<string, string>>("../../worker/rules/locales/ar/*.json", { eager: true, import: "default" });
const say = (locale: "en" | "ar", id: string, values: Record<string, unknown> = {}) => t(locale, id as never, values as never);

describe("the wizard's banner counts the other fields to fix, with Arabic number agreement", () => {
  it.each([
    [1, "One more field below needs attention.", "يحتاج حقل آخر أدناه إلى تصحيح."],
    [2, "2 more fields below need attention.", "يحتاج حقلان آخران أدناه إلى تصحيح."],
    [7, "7 more fields below need attention.", "تحتاج 7 حقول أخرى أدناه إلى تصحيح."],
    [11, "11 more fields below need attention.", "يحتاج 11 حقلًا آخر أدناه إلى تصحيح."],
  ])("%i", (count, en, ar) => {
    expect(say("en", "posting.post.moreErrors", { count })).toBe(en);
    expect(say("ar", "posting.post.moreErrors", { count })).toBe(ar);
  });
});

describe("the repost's e-mail", () => {
  it("says the job is live again, and until when", () => {
    expect(say("ar", "mail.repost.subject", { title: "مهندس", company: "أفق" })).toBe("أُعيد نشر وظيفتك: \u2068مهندس\u2069 لدى \u2068أفق\u2069");
    expect(say("en", "mail.repost.subject", { title: "Engineer", company: "Ufuq" })).toBe("Your job is live again: Engineer at Ufuq");
    expect(say("ar", "mail.repost.live", { date: "29 ديسمبر 2026" })).toBe("أُعيد نشر وظيفتك، وستبقى ظاهرة للمرشحين 30\u00a0يومًا، حتى 29 ديسمبر 2026 (بتوقيت\u00a0غرينتش).");
    expect(say("ar", "spotlight.admin.mailKind.job_repost")).toBe("إعادة نشر وظيفة");
  });
});

describe("the confirmed address's page", () => {
  // Under «تم تأكيد بريدك الإلكتروني» its first line began «تم تأكيد بريدك الإلكتروني …» again (the 25th reading).
  it.each(["account.verify.done", "account.verify.doneChanged", "account.verify.doneCandidate"])("%s does not say the heading again", (id) => {
    expect(say("ar", id, { email: "sara@example.com" })).not.toMatch(/تأكيد|مؤكد/);
    expect(say("en", id, { email: "sara@example.com" })).not.toMatch(/confirmed/i);
    expect(say("ar", id, { email: "sara@example.com" })).toContain("سنراسلك");
  });
});

describe("the 26th reading", () => {
  it("the expiry reminder offers a repost once the job has expired («ليعود ظاهرًا», the 27th), as it arrives while the job is live", () => {
    expect(say("ar", "mail.expiry.keep")).toBe("بعد انتهائه، يمكنك إعادة نشره بالزر أدناه ليعود ظاهرًا للمرشحين 30\u00a0يومًا أخرى.");
    expect(say("ar", "mail.expiry.repostLine")).toBe("إعادة النشر بعد انتهائه (يلزم تسجيل الدخول)");
    expect(say("en", "mail.expiry.keep")).toMatch(/^Once it has expired, repost it/);
  });

  it("a date in a mail keeps «(بتوقيت غرينتش)» on one line, and its weekday takes no comma", () => {
    expect(say("ar", "mail.expiry.expires", { title: "مهندس", company: "أفق", date: "الثلاثاء 1 ديسمبر 2026" })).toBe(
      "ينتهي إعلانك «\u2068مهندس\u2069» لدى \u2068أفق\u2069 يوم الثلاثاء 1 ديسمبر 2026 (بتوقيت\u00a0غرينتش).",
    );
    expect(receiptDate(Date.UTC(2026, 11, 1), "ar", "full")).toBe("الثلاثاء\u00a01\u00a0ديسمبر\u00a02026");
    expect(receiptDate(Date.UTC(2026, 11, 1), "en", "full")).toBe("Tuesday,\u00a0December\u00a01,\u00a02026");
  });

  it("a free Spotlight renewal says it cost nothing more; «طريقة الدفع»", () => {
    expect(say("ar", "mail.repost.spotlightIncluded")).toBe("مشمولة في اشتراك سبوتلايت، دون رسوم إضافية");
    expect(say("ar", "mail.jobConfirmation.paidWith")).toBe("طريقة الدفع");
  });

  it.each([
    ["mail.common.quotedJobAtCompany", { title: "مهندس واجهات أمامية أول", company: "نخلة" }, "«\u2068مهندس واجهات أمامية أول\u2069» لدى \u2068نخلة\u2069"],
    ["public.applications.withdrawn", { title: "مهندس واجهات أمامية أول" }, "سُحب طلبك لوظيفة «\u2068مهندس واجهات أمامية أول\u2069» وحُذفت سيرتك الذاتية."],
    ["public.apply.sentText", { title: "مهندس" }, "وصل طلبك لوظيفة «\u2068مهندس\u2069» إلى صاحب العمل. أرسلنا إلى بريدك رابطًا لمتابعته أو سحبه."],
    ["mail.application.notice.subject", { title: "مهندس" }, "طلب تقديم جديد لوظيفة «\u2068مهندس\u2069»"],
  ])("a job's title is quoted in an Arabic sentence: %s", (id, values, expected) => {
    expect(say("ar", id, values)).toBe(expected);
  });

  it("the repost dialog: what one repost takes, how many are left beside it, and what is left after it", () => {
    expect(say("ar", "account.jobs.repostLeftAfter", { count: 3 })).toBe("بعد إعادة النشر سيبقى في رصيدك 3\u00a0إعلانات.");
    expect(say("ar", "account.jobs.repostLeftAfter", { count: 0 })).toBe("بعد إعادة النشر لن يبقى في رصيدك أي إعلان.");
    expect(say("en", "account.jobs.repostLeftAfter", { count: 0 })).toBe("After this repost, you will have no job posts left.");
    // «لمدة 30 / يومًا» broke between the number and its unit at 390 px.
    expect(say("ar", "account.jobs.repostText", { title: "مدير منتج", days: 30, b: (c: unknown) => c })).toContain("30\u00a0يومًا");
  });
});

describe("the 26th reading, smaller points", () => {
  it("an alert's confirmation asks about «بحثك», not «ما يلي: في الرياض»", () => {
    expect(say("ar", "mail.alertConfirm.intro")).toBe("يُرجى تأكيد رغبتك في تلقي رسالة يومية بالوظائف الجديدة المطابقة لبحثك:");
  });
  it("the Spotlight card's views keep their figure on the line of their label («0» dropped to its own line at 390 px)", () => {
    expect(say("ar", "account.spotlightCard.views", { views: 0, b: (c: unknown) => c })).toBe("مشاهدات صفحة الشركة خلال آخر 30\u00a0يومًا:\u00a00");
  });
});

describe("the 27th reading", () => {
  it("the expiry reminder counts the days it has left, in agreement", () => {
    const at = Date.UTC(2026, 11, 1);
    const mail = (days: number, locale: "en" | "ar") => jobExpiryReminderMail({ title: "مهندس", company: "أفق", expiresAt: at, now: at - days * 86_400_000, jobUrl: "u", repostUrl: "r", locale });
    expect(mail(1, "ar").subject).toBe("ينتهي إعلانك «\u2068مهندس\u2069» خلال يوم");
    expect(mail(2, "ar").subject).toBe("ينتهي إعلانك «\u2068مهندس\u2069» خلال يومين");
    expect(mail(3, "ar").subject).toBe("ينتهي إعلانك «\u2068مهندس\u2069» خلال 3\u00a0أيام");
    expect(mail(2.5, "en").subject).toBe('Your job "مهندس" expires in 3 days');
    // An expired job comes back; it does not «remain» visible.
    expect(mail(3, "ar").text).toContain("ليعود ظاهرًا للمرشحين 30\u00a0يومًا أخرى.");
  });

  it.each([
    // What a confirmed employer can do, not «الدفع … من رصيد الإعلانات».
    ["account.verify.done", { email: "x@example.com" }, "سنراسلك على \u2068x@example.com\u2069. يمكنك الآن نشر الوظائف وشراء رصيد الإعلانات والاشتراك في سبوتلايت."],
    // A purchase's own posts, not the balance («نشر وظيفتين» read as the total of 7).
    ["posting.creditsDone.useCredits", { count: 2 }, "يكفي ذلك لنشر وظيفتين."],
    // The success heading breaks only after «!».
    ["posting.live.title", {}, "تهانينا! وظيفتك\u00a0منشورة\u00a0الآن"],
    // «No equity» one way under its label.
    ["posting.equity.none", {}, "لا توجد"],
    ["value.equity.No equity", {}, "لا توجد"],
    ["public.notFound.text", {}, "ربما نُقلت الصفحة التي تبحث عنها إلى عنوان آخر أو حُذفت (خطأ\u00a0404)."],
    ["account.applications.heading", { title: "مهندس" }, "المتقدّمون لوظيفة «\u2068مهندس\u2069»"],
    ["mail.jobConfirmation.oneCredit", { bundle: "الباقة القياسية" }, "رصيد الإعلانات (\u2068الباقة القياسية\u2069)"],
    ["public.filters.title", {}, "تصفية النتائج"],
    ["account.jobs.repostCreditLabel", { source: "الباقة القياسية", what: "إعلان واحد بالخطة القياسية" }, "إعلان واحد بالخطة القياسية من الباقة القياسية"],
    ["account.jobs.repostCreditDetail", { count: 4, date: "28 فبراير 2027" }, "المتبقي فيها: 4\u00a0إعلانات · صالحة حتى 28 فبراير 2027"],
  ])("%s", (id, values, expected) => {
    expect(say("ar", id, values)).toBe(expected);
  });

  it("no «ميغابايت», «عوامل التصفية» or «بالتوقيت العالمي» is left in the Arabic catalogue", () => {
    for (const [file, catalogue] of Object.entries(arabicCatalogues))
      for (const [id, text] of Object.entries(catalogue)) expect(text, `${file} ${id}`).not.toMatch(/ميغابايت|عوامل التصفية|بالتوقيت[\s\u00a0]العالمي/);
  });
});
