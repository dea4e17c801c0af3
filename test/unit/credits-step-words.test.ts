// What the eighth Arabic reading left (issue 25): the credits step said the posts left twice, in the banner
// («المتبقي: 3 من 3») and again in the card («المتبقي في رصيد إعلاناتك: 3 إعلانات»); the banner's title and the
// receipt's bundle line said «باقة» twice («الباقة المفعّلة: الباقة القياسية», «الباقة: الباقة القياسية»). Each case
// fails on the code before the fix; arabic.spec.mjs and posting.spec.mjs look at the step itself.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { t } from "../../worker/lib/i18n";
import { creditOrderLines, jobOrderLines } from "../../worker/mail/receipts";
import { CreditBanners, bannersTellTotal } from "../../web/components/CreditBanners";
import { loadCatalogue, loadScreenMessages } from "../../web/i18n";

beforeAll(async () => {
  await loadCatalogue();
  await loadScreenMessages();
});

const bundle = (postsRemaining: number) => ({ postsRemaining }) as never;

describe("the credits step says how many posts are left once", () => {
  it("one banner whose number is the total: the card does not repeat it", () => {
    expect(bannersTellTotal({ bundles: [bundle(3)], individualPostsRemaining: 0, totalPostsRemaining: 3 })).toBe(true);
    expect(bannersTellTotal({ bundles: [], individualPostsRemaining: 4, totalPostsRemaining: 4 })).toBe(true);
    // A used-up bundle shows no banner.
    expect(bannersTellTotal({ bundles: [bundle(0)], individualPostsRemaining: 2, totalPostsRemaining: 2 })).toBe(true);
  });

  it("two banners (a bundle and individual credits, or two bundles): the card gives the sum", () => {
    expect(bannersTellTotal({ bundles: [bundle(1)], individualPostsRemaining: 2, totalPostsRemaining: 3 })).toBe(false);
    // Two bundles: a banner each (only the newest had one, «المتبقي: 3 من 3» above a card counting 8).
    expect(bannersTellTotal({ bundles: [bundle(3), bundle(5)], individualPostsRemaining: 0, totalPostsRemaining: 8 })).toBe(false);
    expect(bannersTellTotal({ bundles: [], individualPostsRemaining: 0, totalPostsRemaining: 0 })).toBe(false);
  });

  it("a banner for each bundle with posts left, in the order given (the order they are spent), and one for individual credits", () => {
    const grant = (id: string, bundle: string, postsRemaining: number, jobCount: number) => ({ id, bundle, name: bundle, postsRemaining, jobCount, expiresAt: "2027-02-28T12:00:00.000Z" });
    const credits = { bundles: [grant("g0", "boosted", 0, 2), grant("g1", "standard", 5, 5), grant("g2", "custom", 3, 3)], individualPostsRemaining: 1, totalPostsRemaining: 9 };
    const html = renderToStaticMarkup(createElement(CreditBanners, { credits: credits as never }));
    // Only the newest had a banner: «باقة مخصّصة مفعّلة · المتبقي: 3 من 3» above a card counting 8.
    expect([...html.matchAll(/class="banner banner-bundle"[^>]*><strong>([^<]*)<\/strong><span>([^<·]*)/g)].map((m) => [m[1], m[2]!.trim()])).toEqual([
      ["Active bundle: Standard", "5 of 5 job posts remaining"],
      ["Active bundle: Custom", "3 of 3 job posts remaining"],
    ]);
    expect(html).toContain("banner-credits");
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
