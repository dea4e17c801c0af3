// The points the fourth reading left (issue 25): the mails that did not say what happened to money and credits,
// the pages that spoke of paying to a candidate or after an e-mail change, and one action named two ways. Each case
// fails on the old catalogue (the key did not exist, or read otherwise); the pages are browser tests
// (identity.spec.mjs, arabic-native.spec.mjs, admin.spec.mjs) and the mails worker tests (checkout, refunds).
import { describe, expect, it } from "vitest";
import { t } from "../../worker/lib/i18n";
import { MAIL_KINDS } from "../../worker/rules/mailbox";

const say = (locale: "en" | "ar", id: string, values: Record<string, unknown> = {}) => t(locale, id as never, values as never);

describe("the fifth reading: words", () => {
  it.each([
    // A credit post's confirmation says the credit it used and what is left (a bare figure: no plural to agree).
    ["mail.jobConfirmation.paidWith", {}, "طريقة الدفع"],
    ["mail.jobConfirmation.oneCredit", { bundle: "باقة النجاح" }, "رصيد الإعلانات (\u2068باقة النجاح\u2069)"],
    ["mail.jobConfirmation.creditsLeft", {}, "الإعلانات المتبقية في رصيدك"],
    // A partial refund says so, and of how much; the operator's note is a note, not «السبب».
    ["mail.refund.subjectPartial", { amount: "50 US$" }, "أعدنا إليك جزءًا من المبلغ: 50 US$"],
    ["mail.refund.bodyPartial", { amount: "50 US$", paid: "199 US$", what: "إعلان واحد" }, "أعدنا إليك 50 US$ من أصل 199 US$ دفعتها مقابل إعلان واحد، وهذا استرداد جزئي."],
    ["mail.refund.note", {}, "ملاحظة من فريقنا"],
    // The rest of an order after a part: not partial again, all of it back.
    ["mail.refund.subjectRest", { amount: "149 US$" }, "أعدنا إليك باقي المبلغ: 149 US$"],
    // The verify page after an e-mail change, and for a candidate: nothing of paying and posting.
    ["account.verify.doneChanged", { email: "sara@example.com" }, "سنراسلك من الآن فصاعدًا على عنوانك الجديد \u2068sara@example.com\u2069."],
    ["account.verify.doneCandidate", { email: "sara@example.com" }, "سنراسلك على \u2068sara@example.com\u2069."],
    ["account.verify.noticeCandidate", { email: "sara@example.com" }, "يُرجى تأكيد بريدك الإلكتروني: أرسلنا رابطًا إلى \u2068sara@example.com\u2069."],
    ["account.signUp.created", {}, "أهلًا بك! تم إنشاء حسابك."],
    // A candidate's Settings: nothing of job posts, and what leaving erases for them.
    ["account.settings.leadCandidate", {}, "بيانات حسابك."],
    ["account.settings.deleteWarningCandidate", {}, "يُمحى اسمك وبريدك الإلكتروني وتنبيهاتك ووظائفك المحفوظة وطلبات تقديمك مع سيرتك الذاتية، وتنتهي كل جلساتك."],
    // Following a company is not an alert to a search.
    ["public.alertStatus.following", {}, "أنت الآن تتابع هذه الشركة"],
    ["public.alertStatus.unsubscribedCompany", {}, "لن تصلك رسائل عن وظائف هذه الشركة بعد الآن. يمكنك متابعتها مجددًا من صفحتها في أي وقت."],
    // The two success pages name their ways on alike: «الانتقال إلى لوحة التحكم» (not a bare «لوحة التحكم»), «عرض إعلانك».
    ["posting.result.goToDashboard", {}, "الانتقال إلى لوحة التحكم"],
    ["posting.result.viewListing", {}, "عرض إعلانك"],
  ])("%s %j reads «%s»", (id, values, expected) => {
    expect(say("ar", id, values)).toBe(expected);
  });

  it("every kind of e-mail has its name in the console, in both languages, never the stored kind", () => {
    for (const kind of MAIL_KINDS) {
      for (const locale of ["en", "ar"] as const) {
        const name = say(locale, `spotlight.admin.mailKind.${kind}`);
        expect(name, `${locale} ${kind}`).not.toBe(`spotlight.admin.mailKind.${kind}`);
        expect(name, `${locale} ${kind}`).not.toMatch(/_/);
      }
    }
    expect(say("ar", "spotlight.admin.mailKind.job_confirmation")).toBe("تأكيد نشر وظيفة");
  });
});
