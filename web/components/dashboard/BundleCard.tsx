// The post balance on the dashboard: the active bundle
// with its usage, individual posts, red at 0 remaining and yellow at 1 to 2; an error state with Refresh.
import { Link } from "react-router";
import { CREDIT_BUNDLES, SOLD_BUNDLES } from "@rules/pricing";
import type { CreditsResponse } from "../../useCredits";
import { postsLabel } from "../../pricingDisplay";

/** Low-post warning at 2 or fewer. */
export const LOW_POSTS = 2;

export function bundleUsagePercent(bundle: { jobCount: number; postsRemaining: number }): number {
  if (bundle.jobCount <= 0) return 0;
  return Math.round(((bundle.jobCount - bundle.postsRemaining) / bundle.jobCount) * 100);
}

/** A grant names its bundle by id ('standard', 'boosted', 'custom'): the catalogue's name for it. */
export function bundleName(id: string): string {
  const known = [...CREDIT_BUNDLES, ...SOLD_BUNDLES].find((b) => b.id === id);
  return known ? known.name : id.charAt(0).toUpperCase() + id.slice(1);
}

function formatDate(value: string | number): string {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? "" : d.toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" });
}

interface Props {
  credits: CreditsResponse | null;
  error: string;
  onRefresh: () => void;
}

export function BundleCard({ credits, error, onRefresh }: Props) {
  if (error) {
    return (
      <section className="card bundle-summary is-error" aria-labelledby="bundle-summary-title">
        <h2 id="bundle-summary-title">Your Job Posts</h2>
        <p role="alert">{error}</p>
        <button type="button" className="button button-outline button-small" onClick={onRefresh}>
          Refresh
        </button>
      </section>
    );
  }
  if (!credits) {
    return (
      <section className="card bundle-summary" aria-busy="true" aria-label="Your Job Posts">
        <span className="skeleton skeleton-line" style={{ width: "40%" }} />
        <span className="skeleton skeleton-line" style={{ width: "70%" }} />
        <span className="skeleton skeleton-line" style={{ width: "55%" }} />
      </section>
    );
  }

  const total = credits.totalPostsRemaining;
  const level = total === 0 ? "is-empty" : total <= LOW_POSTS ? "is-low" : "is-ok";
  const bundle = credits.activeBundle;
  const actions = (
    <div className="bundle-summary-actions">
      <Link className="button button-primary button-small" to="/buy-credits">
        Buy Credits
      </Link>
      <Link className="button button-outline button-small" to="/post">
        Post a Job
      </Link>
    </div>
  );

  if (!bundle && total === 0) {
    return (
      <section className={`card bundle-summary ${level}`} aria-labelledby="bundle-summary-title" data-remaining={total}>
        <h2 id="bundle-summary-title">No Available Job Posts</h2>
        <p className="muted">You have no job posts left. Buy a bundle of credits, or pay for your next job when you post it.</p>
        {actions}
      </section>
    );
  }

  const used = bundle ? bundleUsagePercent(bundle) : 0;
  return (
    <section className={`card bundle-summary ${level}`} aria-labelledby="bundle-summary-title" data-remaining={total}>
      <div className="bundle-summary-head">
        <div>
          <h2 id="bundle-summary-title">{bundle ? `${bundleName(bundle.bundle)} Bundle` : "Your Job Posts"}</h2>
          {bundle && formatDate(bundle.expiresAt) && <p className="muted small">Expires {formatDate(bundle.expiresAt)}</p>}
        </div>
        <p className="bundle-total">
          <strong>{total}</strong> <span>{total === 1 ? "post" : "posts"} remaining</span>
        </p>
      </div>
      {bundle && (
        <div className="bundle-usage">
          <div className="bundle-usage-label">
            <span>
              Bundle: {bundle.postsRemaining} of {bundle.jobCount} remaining
            </span>
            <span>{used}% used</span>
          </div>
          <div className="usage-bar" role="progressbar" aria-label="Bundle usage" aria-valuemin={0} aria-valuemax={100} aria-valuenow={used}>
            <span style={{ width: `${used}%` }} />
          </div>
        </div>
      )}
      <dl className="bundle-counts">
        <div>
          <dt>Bundle posts remaining</dt>
          <dd data-testid="bundle-remaining">{credits.bundlePostsRemaining}</dd>
        </div>
        <div>
          <dt>Individual posts remaining</dt>
          <dd data-testid="individual-remaining">{credits.individualPostsRemaining}</dd>
        </div>
      </dl>
      {level !== "is-ok" && (
        <p className="bundle-warning" role="note">
          {total === 0 ? "You have no job posts left." : `Only ${postsLabel(total)} left.`}
        </p>
      )}
      {actions}
    </section>
  );
}
