// /buy-credits: a catalogue bundle, or a custom
// quantity at the credit price with the bulk discount; never both. 'Proceed to Payment' sends what is
// bought (never an amount) and goes to the hosted checkout. States: idle, processing, success, error.
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { CREDIT_BUNDLES, CREDIT_PRICE, PricingError, priceCredits } from "@rules/pricing";
import type { CreditBundle, PricedCredits } from "@rules/pricing";
import { api, call } from "../client";
import { i18n, useI18n } from "../i18n";
import { bundleSummary, discountTiers, dollars, lineName, percent, pricingText } from "../pricingDisplay";
import { normaliseDigits } from "@rules/digits";
import { fieldDescribedBy } from "../components/FormField";
import { VerifyEmailNotice } from "../components/VerifyEmailNotice";
import { useDocumentTitle } from "../useDocumentTitle";

export const DEFAULT_CUSTOM_QUANTITY = 5;

/** The price of a choice, or the pricing rule's message ('Please select a bundle or specify a custom quantity', ...). */
function tryPrice(choice: Parameters<typeof priceCredits>[0]): { priced: PricedCredits | null; problem: string } {
  try {
    return { priced: priceCredits(choice), problem: "" };
  } catch (err) {
    const { t, localise } = i18n();
    return { priced: null, problem: err instanceof PricingError ? localise(err.message) : t("posting.buy.failed") };
  }
}

/**
 * The typed quantity as a number: Arabic-Indic digits count (a phone's Arabic keyboard types «١٢»; a number input
 * emptied the field, the twentieth reading), and anything but digits is no whole number (NaN, which the pricing
 * rule's message names).
 */
function quantityFrom(text: string): number {
  const digits = normaliseDigits(text).trim();
  return /^\d+$/.test(digits) ? Number(digits) : Number.NaN;
}

type Choice = { kind: "bundle"; id: string } | { kind: "custom" } | null;
type PageState = { kind: "idle" } | { kind: "processing" } | { kind: "success" } | { kind: "error"; message: string };

function BundleOption({ bundle, selected, disabled, onClick }: { bundle: CreditBundle; selected: boolean; disabled: boolean; onClick: () => void }) {
  const { t } = useI18n();
  return (
    <li>
      <button type="button" className={`credit-bundle${selected ? " is-selected" : ""}`} aria-pressed={selected} disabled={disabled} onClick={onClick} data-bundle-id={bundle.id}>
        <span className="credit-bundle-head">
          {/* Named by what it contains (issue 22 item 12): "Premium bundle: 10 Standard posts, save 15%". */}
          <span className="credit-bundle-name" data-bundle-summary>
            {bundleSummary(bundle.id)}
          </span>
        </span>
        <span className="credit-bundle-price">{dollars(bundle.price)}</span>
        <span className="credit-bundle-description">{pricingText(bundle.description)}</span>
        {selected && (
          <span className="credit-bundle-check" aria-hidden="true">
            {t("posting.buy.selected")}
          </span>
        )}
      </button>
    </li>
  );
}

function Summary({ priced, problem }: { priced: PricedCredits | null; problem: string }) {
  const { t, number } = useI18n();
  if (!priced) {
    return <p className="muted">{problem || t("posting.buy.choose")}</p>;
  }
  return (
    <dl className="order-lines">
      {priced.lineItems.map((line, i) => (
        <div key={line.name} className="order-line">
          <dt>
            {lineName(line, { bundleId: priced.bundleId }, i)}
            {line.quantity > 1 && <span className="muted"> × {number(line.quantity)}</span>}
          </dt>
          <dd>{dollars(line.unitAmount * line.quantity)}</dd>
        </div>
      ))}
      {priced.discountRate > 0 && (
        <div className="order-line order-discount">
          <dt>{t("posting.order.discount", { percent: percent(priced.discountRate) })}</dt>
          <dd>−{dollars(priced.discount)}</dd>
        </div>
      )}
      <div className="order-line order-total">
        <dt>{t("posting.order.total")}</dt>
        <dd data-testid="credits-total">{dollars(priced.total)}</dd>
      </div>
    </dl>
  );
}

export function BuyCredits() {
  const { t } = useI18n();
  useDocumentTitle(t("posting.buy.title"));
  const [params] = useSearchParams();
  const cancelled = params.has("cancelled");
  const [choice, setChoice] = useState<Choice>(null);
  const [quantityText, setQuantityText] = useState(String(DEFAULT_CUSTOM_QUANTITY));
  const [state, setState] = useState<PageState>({ kind: "idle" });
  const tiers = discountTiers();

  const custom = tryPrice({ customQuantity: quantityFrom(quantityText) });
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
      if (!session.url) throw new Error(t("posting.buy.noUrl"));
      setState({ kind: "success" });
      window.location.assign(session.url);
    } catch (err) {
      setState({ kind: "error", message: err instanceof Error && err.message ? err.message : t("posting.buy.failed") });
    }
  };

  return (
    <div className="container page buy-credits">
      <header className="buy-credits-header">
        <h1>{t("posting.buy.heading")}</h1>
        <p className="muted">{t("posting.buy.intro")}</p>
        <p className="muted" data-credits-expire>
          {t("posting.buy.expire")}
        </p>
      </header>
      <VerifyEmailNotice />

      {cancelled && state.kind === "idle" && (
        <p className="banner banner-info" role="status">
          {t("posting.buy.cancelled")}
        </p>
      )}
      <div aria-live="polite" className="buy-credits-status">
        {state.kind === "processing" && <p className="banner banner-info">{t("posting.buy.processing")}</p>}
        {state.kind === "success" && <p className="banner banner-success">{t("posting.buy.success")}</p>}
      </div>
      {state.kind === "error" && (
        <p className="form-alert" role="alert">
          {state.message}
        </p>
      )}

      <div className="buy-credits-layout">
        <div className="buy-credits-choices">
          <section aria-labelledby="bundles-heading">
            <h2 id="bundles-heading">{t("posting.buy.bundles")}</h2>
            <ul className="credit-bundles">
              {CREDIT_BUNDLES.map((b) => (
                <BundleOption key={b.id} bundle={b} selected={choice?.kind === "bundle" && choice.id === b.id} disabled={locked} onClick={() => pickBundle(b.id)} />
              ))}
            </ul>
          </section>

          <section aria-labelledby="custom-heading" className={`card custom-credits${choice?.kind === "custom" ? " is-selected" : ""}`}>
            <div className="custom-credits-head">
              <h2 id="custom-heading">{t("posting.buy.custom")}</h2>
              <button
                type="button"
                className={`button button-small ${choice?.kind === "custom" ? "button-primary" : "button-outline"}`}
                aria-pressed={choice?.kind === "custom"}
                disabled={locked}
                onClick={() => (choice?.kind === "custom" ? setChoice(null) : pickCustom())}
              >
                {choice?.kind === "custom" && <span aria-hidden="true">✓ </span>}
                {t("posting.buy.useCustom")}
              </button>
            </div>
            <p className="muted small">{t("posting.buy.perCredit", { price: dollars(CREDIT_PRICE) })}</p>
            <div className="custom-credits-row">
              <label htmlFor="custom-quantity" className="form-label custom-credits-label">
                {t("posting.buy.quantity")}
              </label>
              <input
                id="custom-quantity"
                className="form-input custom-credits-input"
                type="text"
                inputMode="numeric"
                autoComplete="off"
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
                  = <strong>{dollars(custom.priced.total)}</strong>
                  {custom.priced.discountRate > 0 && <span className="muted small"> {t("posting.buy.off", { percent: percent(custom.priced.discountRate) })}</span>}
                </span>
              )}
            </div>
            {customProblem && (
              <p className="form-error" id="custom-quantity-error">
                {customProblem}
              </p>
            )}
            <p className="form-hint" id="custom-quantity-hint">
              {t("posting.buy.tiers", { tiers: tiers.map((tier) => t("posting.buy.tier", { from: tier.from, percent: percent(tier.rate) })).join(t("posting.list.separator")) })}
            </p>
          </section>
        </div>

        <aside className="card order-summary buy-credits-summary" aria-labelledby="credits-summary-heading">
          <h2 id="credits-summary-heading">{t("posting.order.heading")}</h2>
          {/* The field's own problem is said under the field, not again here (the twentieth reading saw it twice); here,
              what to do («اختر باقة…» beside a chosen quantity misled the 22nd). */}
          <Summary priced={priced} problem={customProblem ? t("posting.buy.fixQuantity") : problem} />
          <button type="button" className="button button-primary button-large checkout-button" onClick={() => void proceed()} disabled={locked || Boolean(customProblem)}>
            {state.kind === "processing" ? t("posting.payment.processing") : t("posting.buy.proceed")}
          </button>
          <p className="small muted">{t("posting.buy.secureNote")}</p>
          <Link className="small" to="/dashboard">
            {t("posting.buy.backToDashboard")}
          </Link>
        </aside>
      </div>
    </div>
  );
}
