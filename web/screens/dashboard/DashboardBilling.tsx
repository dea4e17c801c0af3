// /dashboard/billing (issue 10 item 14): every order (date, what, amount, status, receipt link), every
// credit grant as its own card (what it includes, posts remaining, expiry), and for Spotlight
// subscribers "Manage subscription", which opens the payment provider's page for their card and
// cancelling (Stripe's Customer Portal; the emulator's subscription page locally).
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { receiptMailed } from "@rules/billing";
import type { BillingGrant, BillingOrder, BillingSubscription } from "@rules/billing";
import { ApiRequestError, api, call } from "../../client";
import { keys, freshEachVisit } from "../../queryKeys";
import { EmailAddress, withAddress } from "../../components/EmailAddress";
import { Spinner } from "../../components/Spinner";
import { useI18n } from "../../i18n";
import { useDocumentTitle } from "../../useDocumentTitle";

/** "Partially refunded" reads with its amount ("Partially refunded $1.00"). */
const partlyRefunded = (label: string) => label === "Partially refunded"; // i18n-ignore: a status value, not shown

/** The style of an order status (the labels are @rules/billing values, shown through value("orderStatus", …)). */
function statusClass(label: string): string {
  if (label === "Paid") return "is-paid";
  if (label === "Payment processing") return "is-processing"; // i18n-ignore: a status value, not shown
  if (label === "Refund pending") return "is-processing"; // i18n-ignore: a status value, not shown
  if (label === "Payment failed") return "is-failed"; // i18n-ignore: a status value, not shown
  if (partlyRefunded(label)) return "is-partial"; // it carries its amount: it may wrap on a phone
  return "";
}

/** "E-mail me a copy": the order's receipt again, to the account's address (the server sends at most one in a few minutes). */
/** What "E-mail me a copy" answered: said above the orders, where an address has the whole width (not in its narrow column). */
type CopySaid = { text: ReactNode; failed: boolean } | null;

/** "E-mail me a copy": the order's receipt again, to the account's address (the server sends at most one in a few minutes). */
function EmailCopy({ orderId, reference, onSaid }: { orderId: string; reference: string; onSaid: (said: CopySaid) => void }) {
  const { t, rich } = useI18n();
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    onSaid(null);
    try {
      const { sentTo } = await call(api.billing.orders[":id"].receipt.$post({ param: { id: orderId } }));
      // The address whole, never «hala-» over «…@example.com.» (the 32nd reading).
      onSaid({ text: withAddress(rich("account.billing.copySent", { reference, email: <EmailAddress address={sentTo} /> })), failed: false });
    } catch (err) {
      // "Sent a few minutes ago" is news, not a failure; anything else says it did not go.
      const known = err instanceof ApiRequestError && err.status > 0 && err.status < 500;
      onSaid({ text: known ? err.message : t("account.billing.emailCopyFailed"), failed: !(known && err.status === 429) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="link-button small" onClick={send} disabled={busy} data-email-copy>
      {t("account.billing.emailCopy")}
      <span className="sr-only"> {t("account.billing.order", { reference })}</span>
    </button>
  );
}

function Orders({ orders }: { orders: BillingOrder[] }) {
  const { t, date, value, locale, money } = useI18n();
  // Arabic reads money one way everywhere, "199 US$" (issue 25); English keeps the receipt's "$199.00 USD".
  const amount = (cents: number, currency: string, receipt: string) => (locale === "ar" ? money(cents, currency) : receipt);
  const [said, setSaid] = useState<CopySaid>(null);
  if (!orders.length) return <p className="muted">{t("account.billing.noOrders")}</p>;
  return (
    <>
      <p className={`billing-copy-said${said?.failed ? " form-error" : ""}`} role={said?.failed ? "alert" : "status"} data-copy-said>
        {said?.text}
      </p>
      <div className="billing-table-wrap">
        <table className="billing-table" data-billing-orders>
          <thead>
            <tr>
              <th scope="col">{t("account.billing.date")}</th>
              <th scope="col">{t("account.billing.what")}</th>
              <th scope="col">{t("account.billing.amount")}</th>
              <th scope="col">{t("account.billing.status")}</th>
              <th scope="col">{t("account.billing.receipt")}</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((o) => (
              <tr key={o.id} data-order={o.reference}>
                <td data-label={t("account.billing.date")}>
                  <span>{date(o.date, "long")}</span>
                </td>
                <td className="billing-what" data-label={t("account.billing.what")}>
                  <span>
                    {/* The server writes it in the page's language; only the job title inside is the employer's. */}
                    <span>{o.what}</span>
                    <span className="billing-ref">{t("account.billing.order", { reference: o.reference })}</span>
                    {o.refunds.length > 0 && (
                      <ul className="billing-refunds" data-order-refunds>
                        {o.refunds.map((r) => (
                          <li key={r.id}>
                            {t(r.pending ? "account.billing.refundPendingLine" : "account.billing.refundLine", { amount: amount(r.amountCents, o.currency, r.amount), date: date(r.date, "long") })}
                            {r.jobUnpublished && ` · ${t("account.billing.refundTookJob")}`}
                            {r.creditsRemoved > 0 && ` · ${t("account.billing.refundTookCredits", { count: r.creditsRemoved })}`}
                          </li>
                        ))}
                      </ul>
                    )}
                  </span>
                </td>
                <td className="billing-amount" data-label={t("account.billing.amount")}>
                  {/* Arabic reads money one way everywhere, "199 US$" (issue 25); English keeps the receipt's "$199.00 USD". */}
                  {locale === "ar" ? <bdi>{money(o.amountCents, o.currency)}</bdi> : <span dir="ltr">{o.amount}</span>}
                </td>
                <td data-label={t("account.billing.status")}>
                  <span className={`billing-status ${statusClass(o.statusLabel)}`}>
                    {partlyRefunded(o.statusLabel) ? t("account.billing.partiallyRefunded", { amount: amount(o.refundedCents, o.currency, o.refunded) }) : value("orderStatus", o.statusLabel)}
                  </span>
                </td>
                <td data-label={t("account.billing.receipt")}>
                  {/* One child: on a phone the cell is a grid of its label and this. */}
                  <span className="billing-receipt">
                    {o.receiptUrl ? (
                      <a href={o.receiptUrl} target="_blank" rel="noopener noreferrer">
                        {t("account.billing.viewReceipt")}
                      </a>
                    ) : receiptMailed(o.statusLabel) ? (
                      <span className="muted small">{t("account.billing.sentByEmail")}</span>
                    ) : (
                      <span className="muted small">—</span>
                    )}
                    {receiptMailed(o.statusLabel) && <EmailCopy orderId={o.id} reference={o.reference} onSaid={setSaid} />}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function Grants({ grants, offerToBuy }: { grants: BillingGrant[]; offerToBuy: boolean }) {
  const { t, rich, date } = useI18n();
  if (!grants.length) {
    // Spotlight subscribers post for free: no credits are offered to them.
    return offerToBuy ? (
      <p className="muted">{rich("account.billing.noCredits", { link: (c) => <Link to="/buy-credits">{c}</Link> })}</p>
    ) : (
      <p className="muted">{t("account.billing.noCreditsSpotlight")}</p>
    );
  }
  return (
    <ul className="billing-grants" data-billing-grants>
      {grants.map((g) => (
        <li key={g.id} className="billing-grant" data-grant>
          <h3>
            <span>{g.name}</span>
            <span className={`billing-status is-${g.state}`}>{t(`account.billing.grant.${g.state}`)}</span>
          </h3>
          {/* A catalogue bundle's name already says what it holds («الباقة القياسية: 5 إعلانات بالخطة القياسية، بتوفير
              10%»); the line under it said it again (a thirteenth reading). */}
          {!g.name.includes(g.includes) && <p>{g.includes}</p>}
          <p>
            {rich("account.billing.grantRemaining", {
              remaining: g.postsRemaining,
              total: g.jobCount,
              r: (c) => <span className="billing-grant-remaining">{c}</span>,
            })}
          </p>
          {g.creditsRemoved > 0 && (
            <p className="muted small" data-grant-removed>
              {t("account.billing.grantRemoved", { count: g.creditsRemoved })}
            </p>
          )}
          <p className="muted small">
            {t(g.state === "expired" ? "account.billing.boughtExpired" : "account.billing.boughtExpires", { bought: date(g.purchasedAt, "long"), expires: date(g.expiresAt, "long") })}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** The account's earlier Spotlight subscriptions, each on a line: when it ended or renews. */
function PastSubscriptions({ subs }: { subs: BillingSubscription[] }) {
  const { t, date } = useI18n();
  if (!subs.length) return null;
  return (
    <>
      <h3 className="billing-past-title">{t("account.billing.pastSubscriptions")}</h3>
      <ul className="billing-refunds" data-past-subscriptions>
        {subs.map((s) => (
          <li key={s.id}>
            {s.status === "canceled" || s.status === "expired"
              ? t("account.billing.endedOn", { date: date(s.endedAt ?? s.currentPeriodEnd ?? new Date().toISOString(), "long") })
              : t("account.billing.active")}
          </li>
        ))}
      </ul>
    </>
  );
}

function Subscription({ sub, others }: { sub: BillingSubscription; others: BillingSubscription[] }) {
  const { t, date } = useI18n();
  const day = (iso: string) => date(iso, "long");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const ended = sub.status === "canceled" || sub.status === "expired";
  const manage = async () => {
    setBusy(true);
    setError("");
    try {
      window.location.assign((await call(api.billing.portal.$post())).url);
    } catch (err) {
      setError(err instanceof ApiRequestError ? err.message : t("account.billing.portalFailed"));
      setBusy(false);
    }
  };
  let line: string;
  if (ended) line = t("account.billing.endedOn", { date: day(sub.endedAt ?? sub.currentPeriodEnd ?? new Date().toISOString()) });
  else if (sub.status === "past_due") line = t("account.billing.pastDue");
  else if (sub.currentPeriodEnd) line = t(sub.cancelAtPeriodEnd ? "account.billing.activeEnds" : "account.billing.activeRenews", { date: day(sub.currentPeriodEnd) });
  else line = t("account.billing.active");
  return (
    <section className="card dash-panel" aria-labelledby="billing-subscription-title">
      <h2 id="billing-subscription-title">{t("account.billing.subscription")}</h2>
      <div className="billing-subscription">
        <p data-subscription-status>{line}</p>
        {ended ? (
          <Link className="button button-primary" to="/spotlight/live">
            {t("account.billing.resubscribe")}
          </Link>
        ) : (
          sub.manageable && (
            <button type="button" className="button button-outline" onClick={manage} disabled={busy}>
              {busy ? t("account.billing.opening") : t("account.billing.manage")}
            </button>
          )
        )}
      </div>
      {!ended && <p className="muted small">{t("account.billing.manageHint")}</p>}
      <PastSubscriptions subs={others} />
      {error && (
        <p className="form-alert" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

export function DashboardBilling() {
  const { t } = useI18n();
  useDocumentTitle(t("account.billing.title"));
  const billing = useQuery({ queryKey: keys.billing, queryFn: ({ signal }) => call(api.billing.$get(undefined, { init: { signal } })), ...freshEachVisit });
  const err = billing.isFetching ? null : billing.error;
  const error = err ? (err instanceof ApiRequestError && err.status > 0 && err.status < 500 ? err.message : t("account.billing.loadFailed")) : "";
  const data = billing.isError ? null : billing.data;
  const load = () => void billing.refetch();

  return (
    <div className="dash-page">
      <header className="dash-page-header">
        <h1>{t("account.billing.heading")}</h1>
        <p className="muted">{t("account.billing.lead")}</p>
      </header>
      {error ? (
        <div className="notice notice-error" role="alert">
          {error}{" "}
          <button type="button" className="button button-small button-outline" onClick={() => load()}>
            {t("account.billing.tryAgain")}
          </button>
        </div>
      ) : !data ? (
        <Spinner label={t("account.billing.loading")} />
      ) : (
        <>
          {data.subscription && <Subscription sub={data.subscription} others={data.subscriptions.filter((x) => x.id !== data.subscription?.id)} />}
          <section className="card dash-panel" aria-labelledby="billing-grants-title">
            <h2 id="billing-grants-title">{t("account.billing.credits")}</h2>
            <Grants grants={data.grants} offerToBuy={!data.subscription || !["active", "past_due"].includes(data.subscription.status)} />
          </section>
          <section className="card dash-panel" aria-labelledby="billing-orders-title">
            <h2 id="billing-orders-title">{t("account.billing.orders")}</h2>
            <Orders orders={data.orders} />
          </section>
        </>
      )}
    </div>
  );
}
