// What the eighth Arabic reading left (issue 25): the credits step said the posts left twice, in the banner
// («المتبقي: 3 من 3») and again in the card («المتبقي في رصيد إعلاناتك: 3 إعلانات»); the banner's title and the
// receipt's bundle line said «باقة» twice («الباقة المفعّلة: الباقة القياسية», «الباقة: الباقة القياسية»). Each case
// fails on the code before the fix; arabic.spec.mjs and posting.spec.mjs look at the step itself.
import { describe, expect, it } from "vitest";
import { t } from "../../worker/lib/i18n";
import { creditOrderLines, jobOrderLines } from "../../worker/mail/receipts";
import { bannersTellTotal } from "../../web/components/CreditBanners";

const bundle = (postsRemaining: number) => ({ postsRemaining }) as never;

describe("the credits step says how many posts are left once", () => {
  it("one banner whose number is the total: the card does not repeat it", () => {
    expect(bannersTellTotal({ activeBundle: bundle(3), individualPostsRemaining: 0, totalPostsRemaining: 3 })).toBe(true);
    expect(bannersTellTotal({ activeBundle: null, individualPostsRemaining: 4, totalPostsRemaining: 4 })).toBe(true);
    // A used-up bundle shows no banner.
    expect(bannersTellTotal({ activeBundle: bundle(0), individualPostsRemaining: 2, totalPostsRemaining: 2 })).toBe(true);
  });

  it("two banners, or a second bundle the banner does not name: the card gives the sum", () => {
    expect(bannersTellTotal({ activeBundle: bundle(1), individualPostsRemaining: 2, totalPostsRemaining: 3 })).toBe(false);
    expect(bannersTellTotal({ activeBundle: bundle(3), individualPostsRemaining: 0, totalPostsRemaining: 8 })).toBe(false);
    expect(bannersTellTotal({ activeBundle: null, individualPostsRemaining: 0, totalPostsRemaining: 0 })).toBe(false);
  });

  it("without the count, the card still says what posting costs, in both languages", () => {
    expect(t("en", "posting.credits.uses")).toBe("Posting this job uses 1 credit, and it goes live at once.");
    expect(t("ar", "posting.credits.uses")).toBe("يستهلك نشر هذه الوظيفة إعلانًا واحدًا من رصيدك، وتُنشر فورًا.");
  });
});

describe("a bundle is not called «باقة» twice", () => {
  it("the active bundle's banner: «الباقة القياسية مفعّلة»", () => {
    expect(t("ar", "posting.banner.activeBundle", { name: "الباقة القياسية" })).toBe("الباقة القياسية مفعّلة");
    expect(t("en", "posting.banner.activeBundle", { name: "Standard" })).toBe("Active bundle: Standard");
  });

  it("the receipt's line: «المنتج: الباقة القياسية», for a credit order and a job order", () => {
    expect(creditOrderLines({ bundleId: "standard", credits: 5 }, "ar")[0]).toEqual({ label: "المنتج", value: "الباقة القياسية" });
    expect(jobOrderLines({ bundleId: "premium-enhanced", plan: "premium" }, "ar")[0]).toEqual({ label: "المنتج", value: "باقة بريميوم المحسّنة" });
    expect(creditOrderLines({ bundleId: "standard", credits: 5 }, "en")[0]).toEqual({ label: "Bundle", value: "Standard" });
  });
});
