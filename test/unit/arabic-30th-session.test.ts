// The 30th reading (a helper session: the money screens and e-mails in Arabic at 390 px). Each case fails on the old
// catalogue or code (the key did not exist, or said otherwise).
import { describe, expect, it } from "vitest";
import { t } from "../../worker/lib/i18n";
import { postsTakenByDefault } from "../../worker/rules/admin";
import { creditBundleSummary } from "../../worker/mail/receipts";
import { spotlightCancelScheduledMail } from "../../worker/mail/templates";

const say = (locale: "en" | "ar", id: string, values: Record<string, unknown> = {}) => t(locale, id as never, values as never);

describe("the refund dialog's note counts what the default takes back", () => {
  // A 5-post bundle, 300 US$ refunded with one credit taken back: the rest takes back 4, not the order's 5.
  it("the order's posts less those taken back", () => {
    const facts = { amount: 89600, refunded: 30000, posts: 5, takenBack: 1, job: null, unspentCredits: 4 };
    expect(postsTakenByDefault(facts, 59600)).toBe(4);
    expect(say("ar", "spotlight.admin.refund.defaultFull", { posts: postsTakenByDefault(facts, 59600) })).toContain("ما بقي مما دُفع مقابله (4 إعلانات)");
    // A job order of 5 with 2 credits spent: the job and the 2 left.
    expect(postsTakenByDefault({ amount: 282200, refunded: 0, posts: 5, takenBack: 0, job: { id: "j", title: "t", state: "live" }, unspentCredits: 2 }, 282200)).toBe(3);
  });
});

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
      "ألغيت اشتراكك في سبوتلايت، وسيبقى نشطًا حتى 29 ديسمبر 2026 ثم ينتهي دون أن يتجدد، ولن نخصم منك أي مبلغ آخر. وتبقى وظائفك منشورة حتى ذلك الحين.",
    );
    const en = spotlightCancelScheduledMail({ locale: "en", endsAt: null, billingUrl: "https://x/dashboard/billing" });
    expect(en.text).toContain("You cancelled your Spotlight subscription. It stays active until the end of the paid period, with no renewal or further charge; your jobs stay live until then.");
  });

  it.each([
    // «المبلغ المسترد» read as an amount already refunded.
    ["spotlight.admin.order.refundAmount", { amount: "896.00 US$" }, "المبلغ المراد استرداده (اتركه فارغًا لاسترداد كل ما لم يُسترد بعد: 896.00 US$)"],
    ["spotlight.admin.order.items", {}, "البنود"],
    // The 31st reading (this session's screens read again): «يعادل ثمن إعلان واحد» for 300 US$ that covers one whole
    // post; «لم يتبقَّ لديك…» to an employer who never had credits; the audit log's line in the list's «X: المدة» form.
    [
      "spotlight.admin.refund.defaultPartial",
      { paid: 1 },
      "الاسترداد الجزئي يعيد المبلغ وحده ما لم تختر غير ذلك. ولأنه لا يغطي إلا ثمن إعلان واحد كامل، فلا يمكنه أن يسحب من الرصيد أكثر من إعلان واحد.",
    ],
    ["server.posting.noPosts", {}, "ليس في رصيدك أي إعلان متاح. اشترِ إعلانًا لإعادة نشر هذه الوظيفة."],
    ["public.privacy.periods.audit", {}, "سجل إجراءات إدارة الموقع: يُحتفظ به دائمًا ولا يُعدَّل، ويرد فيه بريدك الإلكتروني إذا عطّلت إدارة الموقع حسابك أو أعادت تفعيله، أو أعادت إرسال رسالة إليك."],
    // A refund that took the job back says the way back (decision 0208).
    ["mail.refund.jobUnpublishedRepost", { title: "مهندس" }, "لم تعد وظيفتك «\u2068مهندس\u2069» معروضة على الموقع، ويمكنك إعادة نشرها من لوحة التحكم مقابل إعلان جديد"],
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
