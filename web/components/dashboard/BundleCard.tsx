// The post balance on the dashboard: the bundle with its usage and date when every credit is from one grant, else
// when the first credits expire; what the credits are per package; bundle and individual posts apart when there are
// both; red at 0 remaining and yellow at 1 to 2; an error state with Refresh.
import { Link } from "react-router";
import { CREDIT_BUNDLES, SOLD_BUNDLES } from "@rules/pricing";
import type { CreditContents } from "@rules/pricing";
import { creditsLabel, percentPoints } from "../../pricingDisplay";
import { useI18n } from "../../i18n";
import type { CreditsResponse } from "../../useCredits";

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

/** The usable credits grouped by what each posts (plan and enhancements), largest first. */
export function creditKinds(grants: CreditsResponse["grants"]): { key: string; posts: number; contents: CreditContents }[] {
  const byKey = new Map<string, { key: string; posts: number; contents: CreditContents }>();
  for (const g of grants) {
    if (g.postsRemaining <= 0) continue;
    const enhancements = [...g.enhancements].sort();
    const key = `${g.plan}:${enhancements.join(",")}`;
    const kind = byKey.get(key) ?? { key, posts: 0, contents: { plan: g.plan, enhancements } };
    kind.posts += g.postsRemaining;
    byKey.set(key, kind);
  }
  return [...byKey.values()].sort((a, b) => b.posts - a.posts || a.key.localeCompare(b.key));
}

/**
 * When the credits expire, by day: every one on the same day (`all`), or the posts that expire first. With several
 * grants the card said no date at all, though each grant lapses three months after its purchase.
 */
export function creditsExpiry(grants: CreditsResponse["grants"], day: (iso: string) => string): { date: string; posts: number; all: boolean } | null {
  const usable = grants.filter((g) => g.postsRemaining > 0);
  if (usable.length === 0) return null;
  const first = usable.reduce((a, b) => (b.expiresAt < a.expiresAt ? b : a));
  const date = day(first.expiresAt);
  const posts = usable.filter((g) => day(g.expiresAt) === date).reduce((s, g) => s + g.postsRemaining, 0);
  return { date, posts, all: usable.every((g) => day(g.expiresAt) === date) };
}

interface Props {
  credits: CreditsResponse | null;
  error: string;
  onRefresh: () => void;
}

export function BundleCard({ credits, error, onRefresh }: Props) {
  const { t, date, value } = useI18n();
  if (error) {
    return (
      <section className="card bundle-summary is-error" aria-labelledby="bundle-summary-title">
        <h2 id="bundle-summary-title">{t("account.bundle.yourPosts")}</h2>
        <p role="alert">{error}</p>
        <button type="button" className="button button-outline button-small" onClick={onRefresh}>
          {t("account.bundle.refresh")}
        </button>
      </section>
    );
  }
  if (!credits) {
    return (
      <section className="card bundle-summary" aria-busy="true" aria-label={t("account.bundle.yourPosts")}>
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
        {t("account.bundle.buyCredits")}
      </Link>
      <Link className="button button-outline button-small" to="/post">
        {t("account.bundle.postJob")}
      </Link>
    </div>
  );

  if (!bundle && total === 0) {
    return (
      <section className={`card bundle-summary ${level}`} aria-labelledby="bundle-summary-title" data-remaining={total}>
        <h2 id="bundle-summary-title">{t("account.bundle.noneTitle")}</h2>
        <p className="muted">{t("account.bundle.noneText")}</p>
        {actions}
      </section>
    );
  }

  // What the credits are, per package (issue 22 item 12): across mixed grants, never one bundle's name for them all.
  const kinds = creditKinds(credits.grants);
  // One bundle's name, usage and date only when it is every credit: two packs of the same bundle are two grants.
  const single = bundle && credits.grants.length === 1 && credits.grants[0]?.id === bundle.id ? bundle : null;
  const used = single ? bundleUsagePercent(single) : 0;
  const expiry = creditsExpiry(credits.grants, (iso) => date(iso, "medium"));
  // The catalogue's label for the bundle when there is one (value.bundle.<id>), else its English name.
  const name = (id: string) => {
    const label = value("bundle", id);
    return label === id ? bundleName(id) : label;
  };
  return (
    <section className={`card bundle-summary ${level}`} aria-labelledby="bundle-summary-title" data-remaining={total}>
      <div className="bundle-summary-head">
        <div>
          <h2 id="bundle-summary-title">{single ? t("account.bundle.name", { name: name(single.bundle) }) : t("account.bundle.yourPosts")}</h2>
          {expiry &&
            (expiry.all ? (
              <p className="muted small">{t("account.bundle.expires", { date: expiry.date })}</p>
            ) : (
              <p className="muted small" data-next-expiry>
                {t("account.bundle.nextExpiry", { count: expiry.posts, date: expiry.date })}
              </p>
            ))}
        </div>
        <p className="bundle-total">
          <strong>{total}</strong> <span>{t("account.bundle.postsRemaining", { count: total })}</span>
        </p>
      </div>
      {kinds.length > 0 && (
        <ul className="bundle-kinds" aria-label={t("account.bundle.kinds")} data-credit-kinds>
          {kinds.map((k) => (
            <li key={k.key}>{creditsLabel(k.posts, k.contents)}</li>
          ))}
        </ul>
      )}
      {single && (
        <div className="bundle-usage">
          <div className="bundle-usage-label">
            <span>{t("account.bundle.usage", { remaining: single.postsRemaining, total: single.jobCount })}</span>
            <span>{t("account.bundle.used", { used: percentPoints(used) })}</span>
          </div>
          <div className="usage-bar" role="progressbar" aria-label={t("account.bundle.usageLabel")} aria-valuemin={0} aria-valuemax={100} aria-valuenow={used}>
            <span style={{ width: `${used}%` }} />
          </div>
        </div>
      )}
      {/* The split only when there is one: with posts of one kind only it said the total twice more (the 25th reading). */}
      {credits.bundlePostsRemaining > 0 && credits.individualPostsRemaining > 0 && (
        <dl className="bundle-counts">
          <div>
            <dt>{t("account.bundle.bundleRemaining")}</dt>
            <dd data-testid="bundle-remaining">{credits.bundlePostsRemaining}</dd>
          </div>
          <div>
            <dt>{t("account.bundle.individualRemaining")}</dt>
            <dd data-testid="individual-remaining">{credits.individualPostsRemaining}</dd>
          </div>
        </dl>
      )}
      {level !== "is-ok" && (
        <p className="bundle-warning" role="note">
          {total === 0 ? t("account.bundle.noneLeft") : t("account.bundle.onlyLeft", { count: total })}
        </p>
      )}
      {actions}
    </section>
  );
}
