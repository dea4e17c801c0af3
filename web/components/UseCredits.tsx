// The Use Credits step of /post: what a credit posts ("1 Premium post with Highlight and Sticky"), and,
// when the employer holds credits of different kinds, the choice of which to use (the one bought first
// is chosen to begin with). The server publishes the job with the chosen grant's plan and enhancements.
import { useMemo, useState } from "react";
import type { ReactNode } from "react";
import { describeCredits } from "@rules/pricing";
import type { CreditsResponse, UsableCredit } from "../useCredits";
import { postsLabel } from "../pricingDisplay";

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
    else kinds.set(key, { key, grantId: g.id, includes: describeCredits(1, g), posts: g.postsRemaining, boughtAt: g.createdAt, expiresAt: g.expiresAt });
  }
  return [...kinds.values()];
}

function formatDate(value: string): string {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? "" : d.toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" });
}

interface Props {
  credits: CreditsResponse;
  processing: boolean;
  error: ReactNode;
  onUseCredit: (grantId: string | undefined) => void;
  onPayInstead: () => void;
}

export function UseCredits({ credits, processing, error, onUseCredit, onPayInstead }: Props) {
  const kinds = useMemo(() => creditKinds(credits.grants ?? []), [credits.grants]);
  const [chosen, setChosen] = useState<string | null>(null);
  const selected = kinds.find((k) => k.key === chosen) ?? kinds[0];

  return (
    <section className="card use-credits" aria-labelledby="use-credits-heading">
      <h3 id="use-credits-heading">Use Credits</h3>
      <p>
        You have <strong>{postsLabel(credits.totalPostsRemaining)}</strong> remaining. Posting this job uses 1 credit, and it goes live at once.
      </p>
      {kinds.length > 1 ? (
        <fieldset className="credit-kinds">
          <legend>Choose which credit to use</legend>
          {kinds.map((k) => (
            <label key={k.key} className={`choice-row${selected?.key === k.key ? " is-selected" : ""}`}>
              <input type="radio" name="credit-kind" value={k.grantId} checked={selected?.key === k.key} onChange={() => setChosen(k.key)} disabled={processing} />
              <span>
                <span className="choice-name">{k.includes}</span>
                <span className="choice-detail muted">
                  {postsLabel(k.posts)} left · bought {formatDate(k.boughtAt)} · expires {formatDate(k.expiresAt)}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
      ) : (
        selected && (
          <p className="credit-includes" data-testid="credit-includes">
            Your credit includes: <strong>{selected.includes}</strong>
          </p>
        )
      )}
      {error}
      <div className="button-row button-row-start">
        <button type="button" className="button button-primary button-large" onClick={() => onUseCredit(kinds.length > 1 ? selected?.grantId : undefined)} disabled={processing} aria-busy={processing}>
          {processing ? "Posting..." : "Post with 1 credit"}
        </button>
        <button type="button" className="button button-ghost" onClick={onPayInstead} disabled={processing}>
          Pay for this post instead
        </button>
      </div>
    </section>
  );
}
