// An eleventh reading (issue 25), of the account's pages and e-mails in Arabic: a link's failure said twice, headings
// that stayed on the question after the answer, a deletion that said nothing, «لا يمكن التراجع» twice in one section,
// a sentence with no subject, «الدفع إلى» read as paying someone, a heading with a tab title's pipe, and tab titles
// without the site's name. Each case fails on the old catalogue (the key did not exist, or read otherwise); the pages
// are browser tests (arabic-native.spec.mjs, identity.spec.mjs) and the mails worker tests (account-pages-reading).
import { describe, expect, it } from "vitest";
import { t } from "../../worker/lib/i18n";

const say = (locale: "en" | "ar", id: string, values: Record<string, unknown> = {}) => t(locale, id as never, values as never);

describe("the eleventh reading: the account's pages", () => {
  it.each([
    // An expired reset link: said once, then the link to a new one (the server's message also asked for one).
    ["account.reset.expired", {}, "هذا الرابط غير صالح أو انتهت صلاحيته."],
    // The answer, not the question, heads the page once it is given.
    ["account.forgot.sentHeading", {}, "تحقّق من بريدك"],
    ["account.reset.doneHeading", {}, "تم تغيير كلمة المرور"],
    ["account.reset.done", {}, "يمكنك الآن تسجيل الدخول بكلمة المرور الجديدة."],
    ["account.verify.already", { email: "sara@example.com" }, "بريدك الإلكتروني \u2068sara@example.com\u2069 مؤكَّد بالفعل."],
    ["account.verify.signInForNew", {}, "سجّل الدخول لنرسل إليك رابطًا جديدًا"],
    ["account.settings.deleted", {}, "تم حذف حسابك."],
    // A fourteenth reading: the confirmation page's heading read as an instruction once the address was confirmed; a
    // status pill «لم يقع عليه الاختيار» had nothing for «عليه» to name; «تحديث» alone could be "update".
    ["account.verify.doneHeading", {}, "تم تأكيد بريدك الإلكتروني"],
    ["public.applications.status.rejected", {}, "لم يتم اختيارك"],
    ["account.jobs.refresh", {}, "تحديث القائمة"],
    // Sign out everywhere said nothing on the home page it leads to.
    ["account.settings.signedOutEverywhere", {}, "تم تسجيل خروجك من جميع الأجهزة."],
    // A sentence, as the line above it is (it read «ينهي كل جلسات…» with no subject, then «لإنهاء…» with no verb).
    ["account.settings.everywhereText", {}, "سجّل الخروج من حسابك على جميع الأجهزة، بما فيها هذا الجهاز."],
    ["account.forgot.sentHeading", {}, "تحقّق من بريدك"],
    ["account.forgot.sentTitle", {}, "تحقّق من بريدك | وظائف الشركات الناشئة"],
    ["account.reset.doneTitle", {}, "تم تغيير كلمة المرور | وظائف الشركات الناشئة"],
    ["public.contact.preferEmail", {}, "هل تفضّل التواصل عبر البريد الإلكتروني؟"],
    ["server.apply.emailFallback", { email: "jobs@example.com" }, "ستصل طلبات المرشحين إلى البريد jobs@example.com. أضف رابطًا أو بريدًا إلكترونيًا للتقديم لتغيير ذلك."],
    ["server.contact.replyPromise", {}, "سنردّ عليك خلال 24 ساعة."],
    [
      "mail.verify.introCandidate",
      { email: "sara@example.com" },
      "يُرجى تأكيد بريدك الإلكتروني \u2068sara@example.com\u2069 على منصة «وظائف الشركات الناشئة». يمكنك تصفح الوظائف والتقدّم لها في هذه الأثناء.",
    ],
    ["account.settings.passwordChanged", {}, "تم تغيير كلمة المرور وتسجيل خروجك من الأجهزة الأخرى."],
    ["account.settings.fixFields", {}, "يُرجى تصحيح ما أشرنا إليه أعلاه."],
    ["account.settings.changeEmailSent", { email: "sara@example.com" }, "افتح صندوق الوارد في \u2068sara@example.com\u2069 واضغط الرابط لإتمام التغيير."],
    ["mail.passwordChanged.body", { via: "settings" }, "تم تغيير كلمة مرور حسابك على منصة «وظائف الشركات الناشئة»، وسجّلنا خروجك من الأجهزة الأخرى."],
    ["mail.passwordChanged.body", { via: "reset" }, "تم تغيير كلمة مرور حسابك على منصة «وظائف الشركات الناشئة»، وسجّلنا خروجك من جميع الأجهزة."],
    ["public.notFound.heading", {}, "الصفحة غير موجودة"],
    ["public.notFound.title", {}, "الصفحة غير موجودة (404) | وظائف الشركات الناشئة"],
    ["public.saved.pageTitle", {}, "الوظائف المحفوظة | وظائف الشركات الناشئة"],
    ["public.applications.pageTitle", {}, "طلباتي | وظائف الشركات الناشئة"],
    ["server.contact.sent", {}, "شكرًا لتواصلك معنا."],
    ["mail.verify.ignore", { change: "false" }, "إذا لم تُنشئ هذا الحساب، فتجاهل هذه الرسالة."],
    ["mail.verify.ignore", { change: "true" }, "إذا لم تطلب هذا التغيير، فتجاهل هذه الرسالة."],
    ["account.settings.changeEmail", {}, "تغيير البريد الإلكتروني"],
    ["public.saved.browserOnlyEmpty", {}, "الوظائف التي تحفظها تبقى في هذا المتصفح فقط."],
  ])("%s reads «%s»", (id, values, expected) => {
    expect(say("ar", id, values)).toBe(expected);
  });

  // The thirteenth pass: the account's buttons mixed imperatives («غيّر كلمة المرور», «احذف حسابي») with verbal nouns
  // («حفظ التغييرات», «تسجيل الدخول»). A form's button names its action as a verbal noun, as sign-in and sign-up do.
  it.each([
    ["account.forgot.submit", "إرسال الرابط"],
    ["account.reset.submit", "حفظ كلمة المرور الجديدة"],
    ["account.settings.changeEmailSubmit", "إرسال الرابط"],
    ["account.settings.passwordSubmit", "تغيير كلمة المرور"],
    ["account.settings.passkeyAdd", "إضافة مفتاح مرور"],
    ["account.settings.download", "تنزيل بياناتي"],
    ["account.settings.deleteSubmit", "حذف حسابي"],
    ["public.apply.submit", "إرسال الطلب"],
  ])("the button %s names its action as a verbal noun, «%s»", (id, expected) => {
    expect(say("ar", id)).toBe(expected);
  });

  it("the mails' language says when it changes without «الدفع إلى» (read as paying someone)", () => {
    expect(say("ar", "account.settings.languageText")).toContain("وعند الدفع تتغيّر تلقائيًا إلى لغة الصفحة التي تدفع منها، وهي أيضًا لغة الإيصال.");
  });

  it("deleting an account says it cannot be undone once, in the section's lead", () => {
    for (const locale of ["en", "ar"] as const) {
      const said = ["account.settings.deleteText", "account.settings.deleteWarning", "account.settings.deleteWarningCandidate"].map((id) => say(locale, id)).join(" ");
      expect(said.split(locale === "ar" ? "التراجع" : "undone").length - 1, locale).toBe(1);
    }
  });

  it("English keeps the spec's 404 heading", () => {
    expect(say("en", "public.notFound.heading")).toBe("404 | Page Not Found");
  });
});
