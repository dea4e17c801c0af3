// Banners on the payment step: an active bundle and individual post credits (from /api/credits).
import type { CreditsResponse } from "../useCredits";
import { postsLabel } from "../pricingDisplay";

function formatDate(value: string | number): string {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? "" : d.toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" });
}

export function CreditBanners({ credits }: { credits: CreditsResponse }) {
  const bundle = credits.activeBundle;
  return (
    <div className="credit-banners">
      {bundle && bundle.postsRemaining > 0 && (
        <div className="banner banner-bundle" role="status">
          <strong>Active bundle: {bundle.name}</strong>
          <span>
            {postsLabel(bundle.postsRemaining)} remaining of {bundle.jobCount}
            {formatDate(bundle.expiresAt) && <> · expires {formatDate(bundle.expiresAt)}</>}
          </span>
        </div>
      )}
      {credits.individualPostsRemaining > 0 && (
        <div className="banner banner-credits" role="status">
          <strong>Individual credits</strong>
          <span>You have {postsLabel(credits.individualPostsRemaining)} remaining from earlier purchases.</span>
        </div>
      )}
    </div>
  );
}
