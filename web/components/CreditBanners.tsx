// Banners on the payment step: an active bundle and individual post credits (from /api/credits).
import type { CreditsResponse } from "../useCredits";
import { useI18n } from "../i18n";
import { bundleLabel, postsLabel } from "../pricingDisplay";

type Shown = Pick<CreditsResponse, "activeBundle" | "individualPostsRemaining" | "totalPostsRemaining">;

/** The numbers the banners show: the active bundle's posts left and the individual posts left, when above 0. */
function bannerCounts(credits: Shown): number[] {
  const bundle = credits.activeBundle && credits.activeBundle.postsRemaining > 0 ? [credits.activeBundle.postsRemaining] : [];
  return credits.individualPostsRemaining > 0 ? [...bundle, credits.individualPostsRemaining] : bundle;
}

/**
 * Whether the banners already say how many posts are left in all: one banner, whose number is the total. The
 * credits card then does not say it again (the eighth Arabic reading: «المتبقي: 3 من 3» above «المتبقي في رصيد
 * إعلاناتك: 3 إعلانات»); with two banners, or a second bundle the banner does not name, the card gives the sum.
 */
export function bannersTellTotal(credits: Shown): boolean {
  const counts = bannerCounts(credits);
  return counts.length === 1 && counts[0] === credits.totalPostsRemaining;
}

export function CreditBanners({ credits }: { credits: CreditsResponse }) {
  const { t, date } = useI18n();
  const bundle = credits.activeBundle;
  const expires = bundle ? date(bundle.expiresAt, "medium") : "";
  return (
    <div className="credit-banners">
      {bundle && bundle.postsRemaining > 0 && (
        <div className="banner banner-bundle" role="status">
          <strong>{t("posting.banner.activeBundle", { name: bundleLabel(bundle.bundle, bundle.name) })}</strong>
          <span>
            {t("posting.banner.remainingOf", { remaining: bundle.postsRemaining, total: bundle.jobCount })}
            {expires && t("posting.banner.expires", { date: expires })}
          </span>
        </div>
      )}
      {credits.individualPostsRemaining > 0 && (
        <div className="banner banner-credits" role="status">
          <strong>{t("posting.banner.individual")}</strong>
          <span>{t("posting.banner.individualRemaining", { posts: postsLabel(credits.individualPostsRemaining) })}</span>
        </div>
      )}
    </div>
  );
}
