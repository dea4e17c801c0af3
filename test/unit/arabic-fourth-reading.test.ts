// A fourth reading of the whole Arabic board (issue 25), at 390 and 1280 px, by a reader of Gulf job sites: the
// employer's screens and mails, Spotlight and the operator console. Each case fails on the old wording and passes on
// the new; the layout and bidi points it found are browser tests (arabic-native.spec.mjs).
import { describe, expect, it } from "vitest";
import { t } from "../../worker/lib/i18n";

const ar = (id: string, values: Record<string, unknown> = {}) => t("ar", id as never, values as never);

describe("the fourth reading: words", () => {
  it.each([
    // «30 يومًا متبقيًا»: an adjective after a counted noun does not agree so; «بقي 30 يومًا» does.
    ["account.jobs.activateFree", { days: 30 }, "استأنف النشر مجانًا (بقي 30 يومًا)"],
    ["account.jobs.activateFree", { days: 3 }, "استأنف النشر مجانًا (بقي 3 أيام)"],
    // The repost dialog read as translated: «تأخذ الوظيفة المعاد نشرها الخطة…», «ما زال أمام هذه الوظيفة…».
    // «وسيلة الدفع» is a card; what is chosen here is a credit or the subscription (the 25th reading).
    ["account.jobs.repostRenews", {}, "يُعاد نشر الوظيفة بالخطة والإضافات التي يشملها الرصيد أو الاشتراك الذي تختاره."],
    ["account.jobs.repostLeftAfter", { count: 3 }, "بعد إعادة النشر سيبقى في رصيدك 3\u00a0إعلانات."],
    // Pausing a job: «إيقاف» alone read as closing it for good, and «غير نشطة» said nothing of coming back.
    ["account.job.deactivate", {}, "إيقاف مؤقت"],
    ["account.job.activate", {}, "استئناف النشر"],
    ["account.job.status.inactive", {}, "متوقفة مؤقتًا"],
    // «الطلبات» is both purchase orders and job applications: the notices are about applications.
    ["account.settings.notices", {}, "إشعارات طلبات التقديم"],
    ["mail.application.notice.subject", { title: "مصمم منتجات" }, "طلب تقديم جديد لوظيفة «\u2068مصمم منتجات\u2069»"],
    // A credit's end, said one way on Billing, the dashboard and the posting banner («ينتهي» here, «تنتهي» there).
    ["account.bundle.expires", { date: "28 فبراير 2027" }, "تنتهي الصلاحية في\u00a028 فبراير 2027"],
    ["posting.creditsDone.refreshNote", {}, "لم يظهر الرصيد في لوحة التحكم بعد؟ حدّث الصفحة بعد قليل."],
    ["posting.credits.payInstead", {}, "ادفع بدلًا من استخدام الرصيد"],
    // The credit purchase mail says what the page says.
    ["mail.credits.activated", { bundle: "الباقة القياسية" }, "تم تفعيل الباقة القياسية."],
    ["mail.jobConfirmation.thanks", { siteName: "وظائف الشركات الناشئة" }, "شكرًا لنشرك وظيفتك على منصة «وظائف الشركات الناشئة»."],
    ["mail.refund.body", { amount: "100 US$", what: "إعلان واحد" }, "أعدنا إليك 100 US$، وهو كامل ما دفعته مقابل إعلان واحد."],
    ["mail.spotlight.paymentFailedSubject", {}, "تعذّر تحصيل رسوم اشتراك سبوتلايت"],
    // In a sentence («… مقابل {what}») and on Billing the subscription is named whole (it read «مقابل سبوتلايت
    // (شهري)»); the receipt's row «الاشتراك: سبوتلايت (شهري)» already says it is a subscription.
    ["server.billing.spotlightMonthly", {}, "اشتراك سبوتلايت الشهري"],
    ["mail.receipt.spotlightMonthly", {}, "سبوتلايت (شهري)"],
    // Spotlight: «موقع التقديم» read as a place; «الجولة» was also the funding round on the same screen; a draft
    // said «نُشرت الآن».
    ["spotlight.jobForm.website", {}, "رابط التقديم"],
    ["spotlight.tour.skip", {}, "تخطَّ الجولة التعريفية"],
    ["spotlight.jobs.created", {}, "أُنشئت <t>{ago}</t>"],
    ["spotlight.live.published", {}, "الصفحة منشورة"],
    ["spotlight.onboarding.toPayment", {}, "متابعة إلى الدفع"],
    // The operator console: a count with its noun, one gender for a status in the filter and the rows.
    ["spotlight.admin.filter.paid", {}, "مدفوع"],
    ["spotlight.admin.posts", { count: 1, plan: "خطة بريميوم" }, "إعلان واحد بخطة بريميوم"],
    ["spotlight.admin.accounts.since", { when: "28/11/2026" }, "تاريخ التسجيل: 28/11/2026"],
    ["spotlight.admin.audit.action", { action: "order_refund", label: "order.refund" }, "استرداد مبلغ طلب شراء"],
    ["spotlight.admin.audit.detail", { key: "amountCents", value: "100.00 US$" }, "المبلغ: 100.00 US$"],
    ["spotlight.admin.audit.subject", { type: "order", id: "98bcdcaa" }, "طلب الشراء 98bcdcaa"],
    // From the public and candidate side of the same reading.
    ["mail.verify.changeSubject", {}, "أكّد بريدك الإلكتروني الجديد"],
    ["server.search.unknownPay", { value: "XYZ" }, "تم تجاهل قيمة غير معروفة في تصفية الراتب: «\u2066XYZ\u2069»."],
    ["server.search.unknownSort", { value: "salary-desc" }, "تم تجاهل الترتيب غير المعروف «\u2066salary-desc\u2069»."],
    ["public.list.reset", {}, "مسح خيارات التصفية"],
    ["public.list.noJobs", {}, "لم نعثر على وظائف تطابق بحثك"],
    ["server.spotlight.notifyThanks", {}, "شكرًا! أرسلنا إليك رسالة تأكيد."],
    ["server.advertise.sticky", { price: "149 US$" }, "تثبيت الإعلان أعلى النتائج مقابل 149 US$\u00a0إضافية"],
    ["value.subject.Islamic Crypto Position", {}, "وظائف العملات الرقمية المتوافقة مع الشريعة"],
    ["account.signUp.lead", {}, "أنشئ حسابًا لحفظ الوظائف ومتابعة طلباتك، أو لنشر وظائف شركتك وإدارة إعلاناتها."],
    ["account.settings.fixFields", {}, "يُرجى تصحيح ما أشرنا إليه أعلاه."],
    ["common.nav.settings", {}, "الإعدادات"],
  ])("%s %j reads «%s»", (id, values, expected) => {
    expect(ar(id, values)).toBe(expected);
  });

  it("the refund form counts unused credits with their noun, never a bare «4 غير مستخدم»", () => {
    expect(ar("spotlight.admin.refund.credits", { unspent: 4, max: 4 })).toBe("إعلانات الرصيد غير المستخدمة المراد سحبها (غير المستخدم: 4 إعلانات، والحد الأقصى مع هذا الاسترداد: 4)");
    expect(ar("spotlight.admin.refund.effectCredits", { count: 1, left: 0 })).toBe("إعلانًا واحدًا غير مستخدم من الرصيد (لا يتبقى في الرصيد شيء)");
  });
});
