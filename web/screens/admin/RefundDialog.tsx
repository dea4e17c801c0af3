// The console's refund (issue 22, items 1–3): a refund returns money; what else it takes back is the
// operator's explicit choice, shown before they confirm: money only, the job off the board, N unspent
// credits (at most what the refund pays for: the same rules the server applies, @rules/admin). A refund of
// the rest of the order starts with "take back what it paid for"; a partial one with money only. The
// reason, asked in the console's confirmation, goes to the audit log and the refund row; the note, if any, to
// the customer.
import { useState } from "react";
import type { ReactNode } from "react";
import { REFUND_CATEGORIES, defaultTakeBack, maxCreditsRemovable, postsPaidBack, postsTakenByDefault, refundsTheRest } from "@rules/admin";
import type { RefundCategory, RefundFacts } from "@rules/admin";
import { api, call } from "../../client";
import { i18n, useI18n } from "../../i18n";

/** The console's confirmation (Admin.tsx): the refund is sent only after the operator has read what it will do and typed a reason. */
type Ask = (action: { label: string; effect: ReactNode; tone: "danger"; send: (reason: string) => Promise<unknown>; done: (answer: unknown) => string | null; afterwards: () => void }) => void;

const money = (cents: number, currency = "usd") => i18n().money(cents, currency, { whole: false });

/**
 * What a listed refund took back besides the money: the job, the credits, or "nothing besides the money". A job kept is
 * not said: a credit order or a subscription has none to keep («بقيت الوظيفة» under an order with no job).
 */
export const refundTakeBack = (r: { job_unpublished: number; credits_removed: number }) => {
  const { t } = i18n();
  const taken = [
    ...(r.job_unpublished === 1 ? [t("spotlight.admin.refund.tookJob")] : []),
    ...(r.credits_removed > 0 ? [t("spotlight.admin.refund.tookCredits", { credits: r.credits_removed })] : []),
  ];
  return taken.length ? taken.join(t("posting.list.separator")) : t("spotlight.admin.refund.tookNothing");
};

/** A listed refund's category by its name in the page's language (a category from before the list, as stored). */
export const refundCategory = (c: string) => ((REFUND_CATEGORIES as readonly string[]).includes(c) ? i18n().t(`spotlight.admin.refund.category.${c as (typeof REFUND_CATEGORIES)[number]}`) : c);

/** Dollars typed ("169.20") as cents; null when empty, NaN when not an amount. */
function centsOf(typed: string): number | null {
  const v = typed.trim();
  if (!v) return null;
  return /^\d+(\.\d{1,2})?$/.test(v) ? Math.round(Number(v) * 100) : Number.NaN;
}

export function RefundDialog({ orderId, kind, currency, facts, ask }: { orderId: string; kind: string; currency: string; facts: RefundFacts; ask: Ask }) {
  const { t } = useI18n();
  const left = facts.amount - facts.refunded;
  const [typed, setTyped] = useState("");
  const typedCents = centsOf(typed);
  const amount = typedCents ?? left;
  const valid = Number.isInteger(amount) && amount > 0 && amount <= left;
  // The choice follows the amount until the operator changes it.
  const [choice, setChoice] = useState<{ job: boolean; credits: number } | null>(null);
  const taken = choice ?? (valid ? defaultTakeBack(facts, amount) : { job: false, credits: 0 });
  const max = valid ? maxCreditsRemovable(facts, amount, taken.job) : 0;
  const credits = Math.min(taken.credits, max);
  const [category, setCategory] = useState<RefundCategory>("requested_by_customer");
  const [note, setNote] = useState("");
  // One key per refund the operator means: a doubled click or a retried request refunds once.
  const [key, setKey] = useState(() => crypto.randomUUID());

  const effects = [
    ...(taken.job && facts.job ? [t("spotlight.admin.refund.effectJob", { title: facts.job.title })] : []),
    ...(credits > 0 ? [t("spotlight.admin.refund.effectCredits", { count: credits, left: facts.unspentCredits - credits })] : []),
  ];
  const summary = valid
    ? effects.length
      ? t("spotlight.admin.refund.summaryTakes", { amount: money(amount, currency), what: effects.join(t("spotlight.admin.refund.and")) })
      : t("spotlight.admin.refund.summaryMoney", { amount: money(amount, currency) })
    : t("spotlight.admin.refund.badAmount", { amount: money(left, currency) });

  const refund = () => {
    const json = {
      reason: "",
      key,
      ...(typedCents !== null ? { amountCents: typedCents } : {}),
      category,
      takeBack: { job: taken.job, credits },
      ...(note.trim() ? { customerNote: note.trim() } : {}),
    };
    const send = (reason: string) => call(api.admin.orders[":id"].refund.$post({ param: { id: orderId }, json: { ...json, reason } }));
    ask({
      label: t("spotlight.admin.order.refundLabel", { amount: money(amount, currency) }),
      tone: "danger",
      effect: summary,
      send,
      // Stripe may hold a refund pending (a bank refund): the status line says so, not "done" (decision 0223).
      done: (answer) => ((answer as { refund?: { status?: string } } | null)?.refund?.status === "pending" ? t("spotlight.admin.refund.donePending", { amount: money(amount, currency) }) : null),
      afterwards: () => {
        setKey(crypto.randomUUID());
        setTyped("");
        setChoice(null);
        setNote("");
      },
    });
  };

  return (
    <fieldset className="refund-dialog" data-refund-dialog>
      <legend>{t("spotlight.admin.refund.title")}</legend>
      <label>
        <span>{t("spotlight.admin.order.refundAmount", { amount: money(left, currency) })}</span>
        <input
          className="form-input"
          inputMode="decimal"
          value={typed}
          onChange={(e) => {
            setTyped(e.target.value);
            setChoice(null);
          }}
          placeholder={(left / 100).toFixed(2)}
          aria-invalid={!valid}
        />
      </label>
      <label>
        <span>{t("spotlight.admin.refund.category")}</span>
        <select className="form-input" value={category} onChange={(e) => setCategory(e.target.value as RefundCategory)}>
          {REFUND_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`spotlight.admin.refund.category.${c}`)}
            </option>
          ))}
        </select>
      </label>
      {/* A subscription's payment paid for no post: its refund is money only, and the subscription goes on unless cancelled. */}
      {kind === "spotlight" ? (
        <p className="muted small" data-refund-money-only>
          {t("spotlight.admin.refund.subscriptionMoneyOnly")}
        </p>
      ) : (
        <div className="refund-takeback" role="group" aria-label={t("spotlight.admin.refund.takeBack")}>
          <p className="refund-takeback-title">{t("spotlight.admin.refund.takeBack")}</p>
          <p className="muted small">
            {t(valid && refundsTheRest(facts, amount) ? "spotlight.admin.refund.defaultFull" : "spotlight.admin.refund.defaultPartial", {
              // What the default takes back: the order's posts less those taken back or spent (it said the order's 5 after one
              // had been taken back, beside a field that allowed 4: the 31st reading).
              posts: valid ? postsTakenByDefault(facts, amount) : 0,
              paid: valid ? Math.max(0, postsPaidBack(facts, amount) - facts.takenBack) : 0,
            })}
          </p>
          <label className="refund-option">
            <input type="checkbox" checked={taken.job} disabled={!facts.job} onChange={(e) => setChoice({ job: e.target.checked, credits })} data-take-job />
            <span>
              {facts.job
                ? t("spotlight.admin.refund.job", { title: facts.job.title, state: t("spotlight.admin.status", { status: facts.job.state, label: facts.job.state }) })
                : t("spotlight.admin.refund.noJob")}
            </span>
          </label>
          <label className="refund-option">
            <span>{t("spotlight.admin.refund.credits", { unspent: facts.unspentCredits, max })}</span>
            <input
              className="form-input refund-credits"
              type="number"
              min={0}
              max={max}
              value={credits}
              disabled={max === 0}
              onChange={(e) => setChoice({ job: taken.job, credits: Math.max(0, Math.min(max, Math.floor(Number(e.target.value) || 0))) })}
              data-take-credits
            />
          </label>
        </div>
      )}
      <label>
        <span>{t("spotlight.admin.refund.note")}</span>
        <textarea className="form-input" value={note} maxLength={1000} rows={2} dir="auto" onChange={(e) => setNote(e.target.value)} />
      </label>
      <p className="refund-summary" data-refund-summary aria-live="polite">
        {summary}
      </p>
      <button type="button" className="button admin-danger" onClick={refund} disabled={!valid}>
        {valid ? t("spotlight.admin.order.refundLabel", { amount: money(amount, currency) }) : t("spotlight.admin.order.refund")}
      </button>
    </fieldset>
  );
}
