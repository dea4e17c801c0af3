// Banners on the payment step: an active bundle and individual post credits (from /api/credits).
import type { CreditsResponse } from "../useCredits";
import { useI18n } from "../i18n";
import { bundleLabel, postsLabel } from "../pricingDisplay";

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
