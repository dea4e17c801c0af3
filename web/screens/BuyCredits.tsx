// /buy-credits: a catalogue bundle, or a custom
// quantity at the credit price with the bulk discount; never both. 'Proceed to Payment' sends what is
// bought (never an amount) and goes to the hosted checkout. States: idle, processing, success, error.
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { CREDIT_BUNDLES, CREDIT_PRICE, MAX_CUSTOM_CREDITS, PricingError, formatUsd, priceCredits } from "@rules/pricing";
import type { CreditBundle, PricedCredits } from "@rules/pricing";
import { api, call } from "../client";
import { discountTiers, percent, postsLabel } from "../pricingDisplay";
import { fieldDescribedBy } from "../components/FormField";
import { useDocumentTitle } from "../useDocumentTitle";

export const DEFAULT_CUSTOM_QUANTITY = 5;
const PROCESSING = "Processing your purchase...";
const SUCCESS = "Purchase successful! Redirecting to checkout...";
const PURCHASE_FAILED = "An error occurred during purchase";

/** The price of a choice, or the pricing rule's message ('Please select a bundle or specify a custom quantity', ...). */
function tryPrice(choice: Parameters<typeof priceCredits>[0]): { priced: PricedCredits | null; problem: string } {
  try {
    return { priced: priceCredits(choice), problem: "" };
  } catch (err) {
    return { priced: null, problem: err instanceof PricingError ? err.message : PURCHASE_FAILED };
  }
}

type Choice = { kind: "bundle"; id: string } | { kind: "custom" } | null;
type PageState = { kind: "idle" } | { kind: "processing" } | { kind: "success" } | { kind: "error"; message: string };

function BundleOption({ bundle, selected, disabled, onClick }: { bundle: CreditBundle; selected: boolean; disabled: boolean; onClick: () => void }) {
  return (
    <li>
      <button type="button" className={`credit-bundle${selected ? " is-selected" : ""}`} aria-pressed={selected} disabled={disabled} onClick={onClick} data-bundle-id={bundle.id}>
        <span className="credit-bundle-head">
          <span className="credit-bundle-name">{bundle.name}</span>
          {bundle.savings > 0 && <span className="savings-tag">Save {bundle.savings}%</span>}
        </span>
        <span className="credit-bundle-price">{formatUsd(bundle.price)}</span>
        <span className="credit-bundle-posts">{postsLabel(bundle.posts)}</span>
        <span className="credit-bundle-description">{bundle.description}</span>
        {selected && (
          <span className="credit-bundle-check" aria-hidden="true">
            ✓ Selected
          </span>
        )}
      </button>
    </li>
  );
}

function Summary({ priced, problem }: { priced: PricedCredits | null; problem: string }) {
  if (!priced) {
    return <p className="muted">{problem || "Choose a bundle or a custom quantity."}</p>;
  }
  return (
    <dl className="order-lines">
      {priced.lineItems.map((line) => (
        <div key={line.name} className="order-line">
          <dt>
            {line.name}
            {line.quantity > 1 && <span className="muted"> × {line.quantity}</span>}
          </dt>
          <dd>{formatUsd(line.unitAmount * line.quantity)}</dd>
        </div>
      ))}
      {priced.discountRate > 0 && (
        <div className="order-line order-discount">
          <dt>Bulk discount ({percent(priced.discountRate)})</dt>
          <dd>−{formatUsd(priced.discount)}</dd>
        </div>
      )}
      <div className="order-line order-total">
        <dt>Total</dt>
        <dd data-testid="credits-total">{formatUsd(priced.total)}</dd>
      </div>
    </dl>
  );
}

export function BuyCredits() {
  useDocumentTitle("Buy Job Credits | Startup Jobs");
  const [params] = useSearchParams();
  const cancelled = params.has("cancelled");
  const [choice, setChoice] = useState<Choice>(null);
  const [quantityText, setQuantityText] = useState(String(DEFAULT_CUSTOM_QUANTITY));
  const [state, setState] = useState<PageState>({ kind: "idle" });
  const tiers = discountTiers();

  const custom = tryPrice({ customQuantity: quantityText.trim() === "" ? Number.NaN : Number(quantityText) });
  const { priced, problem } = !choice ? { priced: null, problem: "" } : choice.kind === "bundle" ? tryPrice({ bundleId: choice.id }) : custom;
  const customProblem = choice?.kind === "custom" ? custom.problem : "";
  const locked = state.kind === "processing" || state.kind === "success";

  const pickBundle = (id: string) => {
    if (locked) return;
    setState({ kind: "idle" });
    setChoice((c) => (c?.kind === "bundle" && c.id === id ? null : { kind: "bundle", id }));
  };
  const pickCustom = () => {
    if (locked) return;
    setState({ kind: "idle" });
    setChoice({ kind: "custom" });
  };

  const proceed = async () => {
    if (!choice) return setState({ kind: "error", message: tryPrice({}).problem });
    if (!priced) return setState({ kind: "error", message: problem });
    // What is bought (a catalogue bundle or a custom quantity), never an amount: the server prices it.
    const purchase = choice.kind === "bundle" ? { bundleId: choice.id } : { customQuantity: priced.credits };
    setState({ kind: "processing" });
    try {
      const session = await call(api.checkout.credits.$post({ json: purchase }));
      if (!session.url) throw new Error("No checkout URL returned");
      setState({ kind: "success" });
      window.location.assign(session.url);
    } catch (err) {
      setState({ kind: "error", message: err instanceof Error && err.message ? err.message : PURCHASE_FAILED });
    }
  };

  return (
    <div className="container page buy-credits">
      <header className="buy-credits-header">
        <h1>Buy Job Credits</h1>
        <p className="muted">Each credit publishes one job at once from the posting form. Buy a bundle, or as many credits as you need.</p>
      </header>

      {cancelled && state.kind === "idle" && (
        <p className="banner banner-info" role="status">
          Payment cancelled. You have not been charged; choose again whenever you are ready.
        </p>
      )}
      <div aria-live="polite" className="buy-credits-status">
        {state.kind === "processing" && <p className="banner banner-info">{PROCESSING}</p>}
        {state.kind === "success" && <p className="banner banner-success">{SUCCESS}</p>}
      </div>
      {state.kind === "error" && (
        <p className="form-alert" role="alert">
          {state.message}
        </p>
      )}

      <div className="buy-credits-layout">
        <div className="buy-credits-choices">
          <section aria-labelledby="bundles-heading">
            <h2 id="bundles-heading">Credit Bundles</h2>
            <ul className="credit-bundles">
              {CREDIT_BUNDLES.map((b) => (
                <BundleOption key={b.id} bundle={b} selected={choice?.kind === "bundle" && choice.id === b.id} disabled={locked} onClick={() => pickBundle(b.id)} />
              ))}
            </ul>
          </section>

          <section aria-labelledby="custom-heading" className={`card custom-credits${choice?.kind === "custom" ? " is-selected" : ""}`}>
            <div className="custom-credits-head">
              <h2 id="custom-heading">Custom Quantity</h2>
              <button
                type="button"
                className={`button button-small ${choice?.kind === "custom" ? "button-primary" : "button-outline"}`}
                aria-pressed={choice?.kind === "custom"}
                disabled={locked}
                onClick={() => (choice?.kind === "custom" ? setChoice(null) : pickCustom())}
              >
                {choice?.kind === "custom" && <span aria-hidden="true">✓ </span>}
                Use custom quantity
              </button>
            </div>
            <p className="muted small">{formatUsd(CREDIT_PRICE)} per credit.</p>
            <div className="custom-credits-row">
              <label htmlFor="custom-quantity" className="form-label custom-credits-label">
                Number of credits
              </label>
              <input
                id="custom-quantity"
                className="form-input custom-credits-input"
                type="number"
                inputMode="numeric"
                min={1}
                max={MAX_CUSTOM_CREDITS}
                step={1}
                value={quantityText}
                disabled={locked}
                aria-invalid={Boolean(customProblem)}
                aria-describedby={fieldDescribedBy("custom-quantity", customProblem, true)}
                onClick={pickCustom} // not on focus: tabbing past the field must not undo a chosen bundle
                onChange={(e) => {
                  setQuantityText(e.target.value);
                  pickCustom();
                }}
              />
              {custom.priced && (
                <span className="custom-credits-total" data-testid="custom-total">
                  = <strong>{formatUsd(custom.priced.total)}</strong>
                  {custom.priced.discountRate > 0 && <span className="muted small"> ({percent(custom.priced.discountRate)} off)</span>}
                </span>
              )}
            </div>
            {customProblem && (
              <p className="form-error" id="custom-quantity-error">
                {customProblem}
              </p>
            )}
            <p className="form-hint" id="custom-quantity-hint">
              Bulk discount: {tiers.map((t) => `${t.from}+ credits ${percent(t.rate)} off`).join(", ")}.
            </p>
          </section>
        </div>

        <aside className="card order-summary buy-credits-summary" aria-labelledby="credits-summary-heading">
          <h2 id="credits-summary-heading">Order Summary</h2>
          <Summary priced={priced} problem={problem} />
          <button type="button" className="button button-primary button-large checkout-button" onClick={() => void proceed()} disabled={locked || Boolean(customProblem)}>
            {state.kind === "processing" ? "Processing..." : "Proceed to Payment"}
          </button>
          <p className="small muted">You pay on a secure checkout page. Credits are added to your account as soon as the payment is confirmed.</p>
          <Link className="small" to="/dashboard">
            Back to Dashboard
          </Link>
        </aside>
      </div>
    </div>
  );
}
