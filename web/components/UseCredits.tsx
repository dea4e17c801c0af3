// The Use Credits step of /post: what a credit posts ("1 Premium post with Highlight and Sticky"), and,
// when the employer holds credits of different kinds, the choice of which to use (the one bought first
// is chosen to begin with). The server publishes the job with the chosen grant's plan and enhancements.
import { useMemo, useState } from "react";
import type { ReactNode } from "react";
import type { CreditsResponse, UsableCredit } from "../useCredits";
import { useI18n } from "../i18n";
import { creditsLabel, postsLabel } from "../pricingDisplay";
import { bannersTellTotal } from "./CreditBanners";

/** Credits that post the same thing, spent oldest grant first. */
export interface CreditKind {
  key: string;
  /** The grant spent for this kind: the oldest bought. */
  grantId: string;
  includes: string;
  posts: number;
  boughtAt: string;
  expiresAt: string;
}

export function creditKinds(grants: readonly UsableCredit[]): CreditKind[] {
  const kinds = new Map<string, CreditKind>();
  for (const g of grants) {
    const key = `${g.plan}|${[...g.enhancements].sort().join(",")}`;
    const kind = kinds.get(key);
    if (kind) kind.posts += g.postsRemaining;
    else kinds.set(key, { key, grantId: g.id, includes: creditsLabel(1, g), posts: g.postsRemaining, boughtAt: g.createdAt, expiresAt: g.expiresAt });
  }
  return [...kinds.values()];
}

interface Props {
  credits: CreditsResponse;
  processing: boolean;
  error: ReactNode;
  onUseCredit: (grantId: string | undefined) => void;
  onPayInstead: () => void;
}

export function UseCredits({ credits, processing, error, onUseCredit, onPayInstead }: Props) {
  const { t, rich, date } = useI18n();
  const kinds = useMemo(() => creditKinds(credits.grants ?? []), [credits.grants]);
  const [chosen, setChosen] = useState<string | null>(null);
  const selected = kinds.find((k) => k.key === chosen) ?? kinds[0];

  return (
    <section className="card use-credits" aria-labelledby="use-credits-heading">
      <h3 id="use-credits-heading">{t("posting.credits.heading")}</h3>
      {/* Where the banners above count the posts, one sentence says what this post uses (a thirteenth reading: it
          said «uses 1 credit» and then «is posted from your credit as …»); else the count, then what it uses. */}
      {bannersTellTotal(credits) && kinds.length === 1 && selected ? (
        <p className="credit-includes" data-testid="credit-includes">
          {rich("posting.credits.usesAs", { b: (c) => <strong>{c}</strong>, what: selected.includes })}
        </p>
      ) : (
        <p>{bannersTellTotal(credits) ? t("posting.credits.uses") : rich("posting.credits.intro", { b: (c) => <strong>{c}</strong>, posts: postsLabel(credits.totalPostsRemaining) })}</p>
      )}
      {kinds.length > 1 ? (
        <fieldset className="credit-kinds">
          <legend>{t("posting.credits.choose")}</legend>
          {kinds.map((k) => (
            <label key={k.key} className={`choice-row${selected?.key === k.key ? " is-selected" : ""}`}>
              <input type="radio" name="credit-kind" value={k.grantId} checked={selected?.key === k.key} onChange={() => setChosen(k.key)} disabled={processing} />
              <span>
                <span className="choice-name">{k.includes}</span>
                <span className="choice-detail muted">{t("posting.credits.kindDetail", { posts: postsLabel(k.posts), bought: date(k.boughtAt, "medium"), expires: date(k.expiresAt, "medium") })}</span>
              </span>
            </label>
          ))}
        </fieldset>
      ) : (
        selected &&
        !bannersTellTotal(credits) && (
          <p className="credit-includes" data-testid="credit-includes">
            {rich("posting.credits.includes", { b: (c) => <strong>{c}</strong>, what: selected.includes })}
          </p>
        )
      )}
      {error}
      <div className="button-row button-row-start">
        <button type="button" className="button button-primary button-large" onClick={() => onUseCredit(kinds.length > 1 ? selected?.grantId : undefined)} disabled={processing} aria-busy={processing}>
          {processing ? t("posting.payment.posting") : t("posting.credits.post")}
        </button>
        <button type="button" className="button button-ghost" onClick={onPayInstead} disabled={processing}>
          {t("posting.credits.payInstead")}
        </button>
      </div>
    </section>
  );
}
