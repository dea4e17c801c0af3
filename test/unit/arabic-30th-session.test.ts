// The 30th reading (a helper session: the money screens and e-mails in Arabic at 390 px). Each case fails on the old
// catalogue or code (the key did not exist, or said otherwise).
import { describe, expect, it } from "vitest";
import { t } from "../../worker/lib/i18n";
import { creditBundleSummary } from "../../worker/mail/receipts";
import { spotlightCancelScheduledMail } from "../../worker/mail/templates";

const say = (locale: "en" | "ar", id: string, values: Record<string, unknown> = {}) => t(locale, id as never, values as never);

describe("the 30th reading", () => {
  it("a partial refund of a bundle names it without its sales line, in one sentence", () => {
    // «مقابل الباقة القياسية: 5 إعلانات بالخطة القياسية، بتوفير 10%. هذا استرداد جزئي.»
    const what = creditBundleSummary({ bundleId: "standard", credits: 5 }, "ar", { saving: false });
    expect(what).toBe("الباقة القياسية (5 إعلانات بالخطة القياسية)");
    expect(say("ar", "mail.refund.bodyPartial", { amount: "300 US$", paid: "896 US$", what })).toBe(
      "أعدنا إليك 300 US$ من أصل 896 US$ دفعتها مقابل الباقة القياسية (5 إعلانات بالخطة القياسية)، وهذا استرداد جزئي.",
    );
    expect(creditBundleSummary({ bundleId: "standard", credits: 5 }, "en", { saving: false })).toBe("Standard bundle (5 Standard posts)");
    // The purchase's own e-mail and Billing keep the whole sales label (issue 22 item 12).
    expect(creditBundleSummary({ bundleId: "standard", credits: 5 }, "en")).toBe("Standard bundle: 5 Standard posts, save 10%");
  });

  it("Spotlight's cancellation says until when it stays active, and that nothing more is charged", () => {
    const endsAt = Date.UTC(2026, 11, 29, 12);
    const ar = spotlightCancelScheduledMail({ locale: "ar", endsAt, billingUrl: "https://x/ar/dashboard/billing" });
    expect(ar.text.replace(/[\u00a0\u2066-\u2069]/g, (c) => (c === "\u00a0" ? " " : ""))).toContain(
      "ألغيت اشتراكك في سبوتلايت، وسيبقى فعّالًا حتى 29 ديسمبر 2026 دون تجديد أو رسوم إضافية، وتبقى وظائفك منشورة حتى ذلك الحين.",
    );
    const en = spotlightCancelScheduledMail({ locale: "en", endsAt: null, billingUrl: "https://x/dashboard/billing" });
    expect(en.text).toContain("You cancelled your Spotlight subscription. It stays active until the end of the paid period, with no renewal or further charge; your jobs stay live until then.");
  });

  it.each([
    // «المبلغ المسترد» read as an amount already refunded.
    ["spotlight.admin.order.refundAmount", { amount: "896.00 US$" }, "المبلغ المراد استرداده (اتركه فارغًا لاسترداد المبلغ كاملًا: 896.00 US$)"],
    ["spotlight.admin.order.items", {}, "البنود"],
    // The footer's link to the privacy page broke across two lines at 390 px.
    ["common.nav.privacy", {}, "سياسة\u00a0الخصوصية"],
    ["account.billing.grantRemoved", { count: 1 }, "حُذف إعلان واحد غير مستخدم من الرصيد إثر استرداد مبلغ"],
    // A job a refund took back: it read «متوقفة مؤقتًا», as if its owner had paused it.
    ["account.job.status.refunded", {}, "استُرد مبلغها"],
    ["account.job.banner.refunded", {}, "استُرد مبلغها · لا يراها المرشحون حتى تُعيد نشرها"],
    ["server.posting.refunded", {}, "استُرد مبلغ هذه الوظيفة، فلا يمكن تفعيلها من جديد. أعد نشرها برصيد إعلاناتك لتُنشر مرة أخرى."],
    ["spotlight.admin.refund.job", { title: "مهندس", state: "منشورة" }, "إزالة الوظيفة «مهندس» من الموقع (حالتها الآن: منشورة)؛ ولا يعيدها صاحبها إلى الموقع إلا بإعادة نشرها والدفع من جديد"],
  ])("%s", (id, values, ar) => {
    expect(say("ar", id, values)).toBe(ar);
  });
});
