// /dashboard/billing (issue 10 item 14): every order (date, what, amount, status, receipt link), every
// credit grant as its own card (what it includes, posts remaining, expiry), and for Spotlight
// subscribers "Manage subscription", which opens the payment provider's page for their card and
// cancelling (Stripe's Customer Portal; the emulator's subscription page locally).
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import type { BillingGrant, BillingOrder, BillingSubscription } from "@rules/billing";
import { ApiRequestError, api, call } from "../../client";
import { keys, freshEachVisit } from "../../queryKeys";
import { Spinner } from "../../components/Spinner";
import { useDocumentTitle } from "../../useDocumentTitle";

const LOAD_FAILED = "Could not load your billing history. Please try again.";
const day = (iso: string) => new Date(iso).toLocaleDateString("en-US", { month: "long", day: "numeric", year: "numeric" });

function statusClass(label: string): string {
  if (label === "Paid") return "is-paid";
  if (label === "Payment processing") return "is-processing";
  if (label === "Payment failed") return "is-failed";
  return "";
}

function Orders({ orders }: { orders: BillingOrder[] }) {
  if (!orders.length) return <p className="muted">No orders yet.</p>;
  return (
    <div className="billing-table-wrap">
      <table className="billing-table" data-billing-orders>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">What</th>
            <th scope="col">Amount</th>
            <th scope="col">Status</th>
            <th scope="col">Receipt</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => (
            <tr key={o.id} data-order={o.reference}>
              <td data-label="Date">
                <span>{day(o.date)}</span>
              </td>
              <td className="billing-what" data-label="What">
                <span>
                  <span dir="auto">{o.what}</span>
                  <span className="billing-ref">Order {o.reference}</span>
                </span>
              </td>
              <td className="billing-amount" data-label="Amount">
                <span>{o.amount}</span>
              </td>
              <td data-label="Status">
                <span className={`billing-status ${statusClass(o.statusLabel)}`}>{o.statusLabel}</span>
              </td>
              <td data-label="Receipt">
                {o.receiptUrl ? (
                  <a href={o.receiptUrl} target="_blank" rel="noopener noreferrer">
                    View receipt
                  </a>
                ) : o.statusLabel === "Paid" && o.kind !== "spotlight" ? (
                  <span className="muted small">Sent by e-mail</span>
                ) : (
                  <span className="muted small">—</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Grants({ grants, offerToBuy }: { grants: BillingGrant[]; offerToBuy: boolean }) {
  if (!grants.length) {
    // Spotlight subscribers post for free: no credits are offered to them.
    return offerToBuy ? (
      <p className="muted">
        No credits yet. <Link to="/buy-credits">Buy job credits</Link>
      </p>
    ) : (
      <p className="muted">No credits. Your Spotlight subscription includes unlimited job posts.</p>
    );
  }
  return (
    <ul className="billing-grants" data-billing-grants>
      {grants.map((g) => (
        <li key={g.id} className="billing-grant" data-grant>
          <h3>
            <span>{g.name}</span>
            <span className={`billing-status is-${g.state}`}>{g.state === "active" ? "Active" : g.state === "used" ? "Used" : "Expired"}</span>
          </h3>
          <p>{g.includes}</p>
          <p>
            <span className="billing-grant-remaining">{g.postsRemaining}</span> of {g.jobCount} {g.jobCount === 1 ? "post" : "posts"} remaining
          </p>
          <p className="muted small">
            Bought {day(g.purchasedAt)} · {g.state === "expired" ? "expired" : "expires"} {day(g.expiresAt)}
          </p>
        </li>
      ))}
    </ul>
  );
}

function Subscription({ sub }: { sub: BillingSubscription }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const ended = sub.status === "canceled" || sub.status === "expired";
  const manage = async () => {
    setBusy(true);
    setError("");
    try {
      window.location.assign((await call(api.billing.portal.$post())).url);
    } catch (err) {
      setError(err instanceof ApiRequestError ? err.message : "Could not open the subscription page. Please try again.");
      setBusy(false);
    }
  };
  let line: string;
  if (ended) line = `Ended on ${day(sub.endedAt ?? sub.currentPeriodEnd ?? new Date().toISOString())}`;
  else if (sub.status === "past_due") line = "Your last payment failed. Update your card to keep your Spotlight jobs live.";
  else if (sub.currentPeriodEnd) line = `Active · ${sub.cancelAtPeriodEnd ? "ends" : "renews"} on ${day(sub.currentPeriodEnd)}`;
  else line = "Active";
  return (
    <section className="card dash-panel" aria-labelledby="billing-subscription-title">
      <h2 id="billing-subscription-title">Spotlight subscription</h2>
      <div className="billing-subscription">
        <p data-subscription-status>{line}</p>
        {ended ? (
          <Link className="button button-primary" to="/spotlight/live">
            Resubscribe
          </Link>
        ) : (
          sub.manageable && (
            <button type="button" className="button button-outline" onClick={manage} disabled={busy}>
              {busy ? "Opening..." : "Manage subscription"}
            </button>
          )
        )}
      </div>
      {!ended && <p className="muted small">Update your card or cancel on the payment provider&apos;s secure page.</p>}
      {error && (
        <p className="form-alert" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

export function DashboardBilling() {
  useDocumentTitle("Billing | Startup Jobs");
  const billing = useQuery({ queryKey: keys.billing, queryFn: ({ signal }) => call(api.billing.$get(undefined, { init: { signal } })), ...freshEachVisit });
  const err = billing.isFetching ? null : billing.error;
  const error = err ? (err instanceof ApiRequestError && err.status > 0 && err.status < 500 ? err.message : LOAD_FAILED) : "";
  const data = billing.isError ? null : billing.data;
  const load = () => void billing.refetch();

  return (
    <div className="dash-page">
      <header className="dash-page-header">
        <h1>Billing</h1>
        <p className="muted">Your orders, receipts and credits.</p>
      </header>
      {error ? (
        <div className="notice notice-error" role="alert">
          {error}{" "}
          <button type="button" className="button button-small button-outline" onClick={() => load()}>
            Try again
          </button>
        </div>
      ) : !data ? (
        <Spinner label="Loading your billing history..." />
      ) : (
        <>
          {data.subscription && <Subscription sub={data.subscription} />}
          <section className="card dash-panel" aria-labelledby="billing-grants-title">
            <h2 id="billing-grants-title">Credits</h2>
            <Grants grants={data.grants} offerToBuy={!data.subscription || !["active", "past_due"].includes(data.subscription.status)} />
          </section>
          <section className="card dash-panel" aria-labelledby="billing-orders-title">
            <h2 id="billing-orders-title">Orders</h2>
            <Orders orders={data.orders} />
          </section>
        </>
      )}
    </div>
  );
}
