// What this session added to the catalogue (issue 25), read in both languages. Each case fails on the old catalogue
// (the key did not exist, or said otherwise).
import { describe, expect, it } from "vitest";
import { t } from "../../worker/lib/i18n";

const say = (locale: "en" | "ar", id: string, values: Record<string, unknown> = {}) => t(locale, id as never, values as never);

describe("the dashboard's balance says which posts expire first, with Arabic number agreement", () => {
  // With several grants it said no date at all (web/components/dashboard/BundleCard.tsx).
  it.each([
    [1, "Next to expire: 1 post on 28 Feb 2027", "أقرب موعد لانتهاء الصلاحية: إعلان واحد في\u00a028 Feb 2027"],
    [2, "Next to expire: 2 posts on 28 Feb 2027", "أقرب موعد لانتهاء الصلاحية: إعلانان في\u00a028 Feb 2027"],
    [5, "Next to expire: 5 posts on 28 Feb 2027", "أقرب موعد لانتهاء الصلاحية: 5 إعلانات في\u00a028 Feb 2027"],
    [11, "Next to expire: 11 posts on 28 Feb 2027", "أقرب موعد لانتهاء الصلاحية: 11 إعلانًا في\u00a028 Feb 2027"],
  ])("%i", (count, en, ar) => {
    expect(say("en", "account.bundle.nextExpiry", { count, date: "28 Feb 2027" })).toBe(en);
    expect(say("ar", "account.bundle.nextExpiry", { count, date: "28 Feb 2027" })).toBe(ar);
  });
});

describe("the 28th reading (a helper session: the wizard, settings, alerts, Spotlight and the sign-in pages at 390 px)", () => {
  // The order summary put a dual in the wrong case after «يشمل» («يشمل إعلانان وظيفيان») and a bare digit where a
  // word belongs («و1 تُضاف»). The count is now the sentence's subject, and the rest agree with what is left.
  it.each([
    [2, "إعلانان وظيفيان في هذا الطلب: واحد لهذه الوظيفة، والآخر يُضاف إلى رصيد إعلاناتك."],
    [3, "3 إعلانات وظيفية في هذا الطلب: واحد لهذه الوظيفة، والاثنان الآخران يُضافان إلى رصيد إعلاناتك."],
    [6, "6 إعلانات وظيفية في هذا الطلب: واحد لهذه الوظيفة، والباقي (5) يُضاف إلى رصيد إعلاناتك."],
  ])("the order of %i posts says what each is for", (posts, ar) => {
    const label = say("ar", "posting.posts", { count: posts });
    expect(say("ar", "posting.order.includesMany", { posts: label, credits: posts - 1 })).toBe(ar);
  });

  it.each([
    // «الموقع» alone beside «الموقع الإلكتروني», while its error said «موقع الوظيفة مطلوب».
    ["spotlight.jobForm.location", {}, "موقع الوظيفة"],
    // «2» ended one line at 390 px and «ميجابايت» began the next.
    ["posting.logo.hint", {}, "PNG أو JPG أو WebP أو GIF، بحد أقصى 2\u00a0ميجابايت"],
    // A bold title runs into its text on one line: «…رصيد الإعلانات الإعلانات التي تشتريها…».
    ["public.invitation.saveTitle", {}, "وفّر مع باقات رصيد الإعلانات."],
    ["public.invitation.saveText", {}, "ما تشتريه مسبقًا من إعلانات يبقى جاهزًا متى احتجت إلى التوظيف."],
    ["public.invitation.manageTitle", {}, "أدر جميع إعلاناتك."],
    ["public.invitation.payTitle", {}, "ادفع بأمان وانشر فورًا."],
    // The tiers ran on after the note with no words of their own, starting with a digit.
    ["posting.payment.tiers", { tiers: "5\u00a0إعلانات فأكثر بخصم\u00a010%" }, "خصم الكمية: 5\u00a0إعلانات فأكثر بخصم\u00a010%."],
    ["posting.preview.noDescription", {}, "لا يوجد وصف."],
    // The board speaks as «we» (تلقّينا، سنرسل).
    ["posting.jobDone.emailSent", { address: "sara@example.com" }, "أرسلنا رسالة تأكيد إلى sara@example.com."],
    // A screen reader read the «•» aloud.
    ["posting.editor.bulletLabel", {}, "قائمة نقطية"],
    ["server.auth.samePassword", {}, "كلمة المرور الجديدة مطابقة للحالية، فاختر كلمة مرور مختلفة."],
  ])("%s", (id, values, ar) => {
    expect(say("ar", id, values)).toBe(ar);
  });

  it("English titles of the invitation end as sentences too, and the tiers have their words", () => {
    expect(say("en", "public.invitation.saveTitle")).toBe("Save with credits and bundles.");
    expect(say("en", "posting.payment.tiers", { tiers: say("en", "posting.payment.tier", { from: 5, percent: "10%" }) })).toBe("Bulk discount: 5+ posts 10% off.");
  });
});

describe("the 29th reading (a helper session: the public side and applying on the board at 390 px, the applicants' side)", () => {
  it.each([
    // «+149 US$» was drawn «US$ 149+»: a reader saw "149 or more", not an extra 149.
    ["server.advertise.sticky", { price: "149 US$" }, "تثبيت الإعلان أعلى النتائج مقابل 149 US$\u00a0إضافية"],
    // «براتب 90,000 ر.س. فأكثر شهريًا» read as a translation.
    ["server.alerts.payMonth", { amount: "90,000 ر.س." }, "براتب شهري لا يقل عن 90,000 ر.س."],
    ["server.alerts.payYearOrNone", { amount: "100,000 US$" }, "براتب سنوي لا يقل عن 100,000 US$، أو دون ذكر الراتب"],
    // The text under «الوظيفة غير موجودة» said it again.
    ["public.job.notFoundText", {}, "ربما انتهت مدة الإعلان أو حذفه صاحب العمل."],
    ["discovery.job.notFoundDescription", {}, "ربما انتهت مدة الإعلان أو حذفه صاحب العمل."],
    // «هنا» said nothing, and there was no way back to the job.
    ["public.apply.closed", {}, "لا تستقبل هذه الوظيفة الطلبات عبر موقعنا، ويمكنك التقديم من صفحة الوظيفة."],
    ["public.apply.toJob", {}, "انتقل إلى صفحة الوظيفة"],
    ["value.subject.Feature Request", {}, "اقتراح ميزة جديدة"],
    // «عن بُعد، دبي، الإمارات» read as one address.
    ["posting.form.locationPlaceholder", {}, "مثال: دبي، الإمارات، أو عن بُعد"],
    ["spotlight.jobForm.locationPlaceholder", {}, "مثال: دبي، الإمارات، أو عن بُعد"],
    // The withdrawal's confirmation said the CV goes, not that the application is withdrawn.
    ["public.applications.confirmLead", {}, "سيُسحب طلبك وتُحذف سيرتك الذاتية نهائيًا، ولا يمكن التراجع عن ذلك."],
    // A line ended in «لا» at 390 px, and «5» could end one line with «ميجابايت» on the next.
    ["public.apply.cvHint", {}, "ملف PDF أو Word \u200f(DOCX)، بحد أقصى 5\u00a0ميجابايت. لن يطّلع عليها سوى صاحب العمل."],
  ])("%s", (id, values, ar) => {
    expect(say("ar", id, values)).toBe(ar);
  });

  it("the job's missing page keeps the spec's English sentence", () => {
    expect(say("en", "public.job.notFoundText")).toBe("The job you are looking for does not exist.");
  });
});

describe("one spelling of «يُرجى»", () => {
  // «يرجى اختيار موضوع» on the contact page beside «يُرجى تحديث الصفحة» elsewhere (the 29th reading).
  it("every Arabic message that asks writes «يُرجى»", () => {
    const catalogues = import.meta.glob<Record<string, string>>("../../worker/rules/locales/ar/*.json", { eager: true, import: "default" });
    const bare = Object.values(catalogues).flatMap((c) => Object.entries(c).filter(([, text]) => text.includes("يرجى")));
    expect(bare).toEqual([]);
  });
});

describe("a link that opens a new tab says so one way", () => {
  // «(تفتح …)» on the dashboard beside «(يفتح …)» on the board (the 29th reading): «يُفتح» fits a link and a page.
  it.each(["account.job.newTab", "public.job.newTab"])("%s", (id) => {
    expect(say("ar", id).trim()).toBe("(يُفتح في علامة تبويب جديدة)");
  });
});
