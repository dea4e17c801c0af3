// Banners on the payment step: each bundle with posts left, and individual post credits (from /api/credits).
import type { CreditsResponse } from "../useCredits";
import { useI18n } from "../i18n";
import { bundleLabel, postsLabel } from "../pricingDisplay";

type Shown = Pick<CreditsResponse, "bundles" | "individualPostsRemaining" | "totalPostsRemaining">;

/** The numbers the banners show: each bundle's posts left and the individual posts left, when above 0. */
function bannerCounts(credits: Shown): number[] {
  const bundles = credits.bundles.map((b) => b.postsRemaining).filter((n) => n > 0);
  return credits.individualPostsRemaining > 0 ? [...bundles, credits.individualPostsRemaining] : bundles;
}

/**
 * Whether the banners already say how many posts are left in all: one banner, whose number is the total. The
 * credits card then does not say it again (the eighth Arabic reading: «المتبقي: 3 من 3» above «المتبقي في رصيد
 * إعلاناتك: 3 إعلانات»); with two banners the card gives the sum.
 */
export function bannersTellTotal(credits: Shown): boolean {
  const counts = bannerCounts(credits);
  return counts.length === 1 && counts[0] === credits.totalPostsRemaining;
}

/**
 * A banner for each bundle with posts left, in the order they are spent, so the first names the one a post uses by
 * default (one for the newest alone hid an older bundle's posts: «باقة مخصّصة مفعّلة · المتبقي: 3 من 3» above a card
 * counting 8), and one for the individual credits.
 */
export function CreditBanners({ credits }: { credits: CreditsResponse }) {
  const { t, date } = useI18n();
  return (
    <div className="credit-banners">
      {credits.bundles
        .filter((bundle) => bundle.postsRemaining > 0)
        .map((bundle) => (
          <div key={bundle.id} className="banner banner-bundle" role="status">
            <strong>{t("posting.banner.activeBundle", { name: bundleLabel(bundle.bundle, bundle.name) })}</strong>
            <span>
              {t("posting.banner.remainingOf", { remaining: bundle.postsRemaining, total: bundle.jobCount })}
              {t("posting.banner.expires", { date: date(bundle.expiresAt, "medium") })}
            </span>
          </div>
        ))}
      {credits.individualPostsRemaining > 0 && (
        <div className="banner banner-credits" role="status">
          <strong>{t("posting.banner.individual")}</strong>
          <span>{t("posting.banner.individualRemaining", { posts: postsLabel(credits.individualPostsRemaining) })}</span>
        </div>
      )}
    </div>
  );
}
