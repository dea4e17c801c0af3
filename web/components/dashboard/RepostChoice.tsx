// The repost dialog's body (issue 22, items 8 and 9): a repost renews what it pays for this time, so the
// owner sees the credits they can use, each with what it includes (as Use Credits shows them), with the
// default picked as the server does (@rules/repost: one matching the job's package, else a bundle's). A
// Spotlight subscriber may renew for free with Spotlight's own package, or pick a credit for more. An
// inactive job that has not expired can be activated for free for its remaining days; reposting replaces them.
import { SPOTLIGHT_PACKAGE, defaultRepostCredit, repostDrops } from "@rules/repost";
import type { DashboardJob } from "./dashboardJob";
import { useI18n } from "../../i18n";
import { bundleLabel, creditsLabel, enhancementName, joinAnd, planName } from "../../pricingDisplay";
import type { UsableCredit } from "../../useCredits";

/** The free Spotlight renewal, as a choice beside the credits. */
export const SPOTLIGHT_CHOICE = "spotlight";

/** What the dialog starts with: Spotlight's free renewal for a subscriber, else the server's default credit. */
export function initialRepostChoice(job: DashboardJob, credits: readonly UsableCredit[], unlimited: boolean): string | null {
  if (unlimited) return SPOTLIGHT_CHOICE;
  return defaultRepostCredit(credits, job)?.id ?? null;
}

/** Days an inactive job still has before it expires: 0 when expired, or when a refund took it back (they are not free). */
export function daysLeft(job: DashboardJob, now = Date.now()): number {
  if (job.status === "refunded") return 0;
  const end = job.expires_at ? Date.parse(job.expires_at) : 0;
  return end > now ? Math.ceil((end - now) / 86_400_000) : 0;
}

export function RepostChoice({
  job,
  credits,
  unlimited,
  choice,
  onChoose,
}: {
  job: DashboardJob;
  credits: readonly UsableCredit[];
  unlimited: boolean;
  choice: string | null;
  onChoose: (id: string) => void;
}) {
  const { t, value, date } = useI18n();
  const left = daysLeft(job);
  const options = [
    ...(unlimited ? [{ id: SPOTLIGHT_CHOICE, label: t("account.jobs.repostSpotlight"), detail: `${value("plan", SPOTLIGHT_PACKAGE.plan)} · ${t("account.jobs.repostFree")}` }] : []),
    // Where the credit comes from and what the repost takes of it, «الباقة القياسية: إعلان واحد بالخطة القياسية», and how
    // many are left in it beside: «4 Standard posts» read as a purchase of four (the 26th reading), and two grants of
    // the same package read alike (the 27th).
    ...credits.map((c) => ({
      id: c.id,
      label: t("account.jobs.repostCreditLabel", { source: bundleLabel(c.bundle, c.name), what: creditsLabel(1, c) }),
      detail: t("account.jobs.repostCreditDetail", { count: c.postsRemaining, date: date(c.expiresAt, "medium") }),
    })),
  ];
  // What the chosen credit (or Spotlight's renewal) does not include of what the job has now, said before it is spent.
  const chosen = choice === SPOTLIGHT_CHOICE ? SPOTLIGHT_PACKAGE : credits.find((c) => c.id === choice);
  const drops = chosen ? repostDrops(job, chosen) : null;
  const lost = drops ? [...(drops.plan ? [planName(drops.plan)] : []), ...drops.enhancements.map(enhancementName)] : [];
  return (
    <div className="repost-choice">
      {left > 0 && (
        <p className="notice notice-warning" data-repost-days-left>
          {t("account.jobs.repostReplacesDays", { days: left })}
        </p>
      )}
      {options.length > 0 && (
        <fieldset className="repost-credits" data-repost-credits>
          <legend>{t("account.jobs.repostWith")}</legend>
          {options.map((o) => (
            <label key={o.id} className="repost-credit">
              <input type="radio" name="repost-credit" value={o.id} checked={choice === o.id} onChange={() => onChoose(o.id)} />
              <span>
                <span className="repost-credit-label">{o.label}</span>
                <span className="muted small">{o.detail}</span>
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {lost.length > 0 && (
        <p className="notice notice-warning" data-repost-drops role="status">
          {t("account.jobs.repostDrops", { lost: joinAnd(lost) })}
        </p>
      )}
      {/* The general rule only when no warning says it for this choice (it said the same twice, the 26th reading). */}
      {lost.length === 0 && <p className="muted small">{t("account.jobs.repostRenews")}</p>}
    </div>
  );
}
