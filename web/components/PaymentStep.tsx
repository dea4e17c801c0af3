// Step 2 of /post: credits banners; either 'Use Credits' (post with
// one credit) or the purchase: Individual Job Posting with 'Buy multiple job posts', 'Pick a Plan', 'Add
// Enhancements', the sold bundles, the e-mail, the Order Summary and 'Proceed to Checkout'. Every price
// comes from the shared pricing rules; the total is for display only, the server prices the order.
import { useEffect, useState } from "react";
import { ENHANCEMENTS, PLANS } from "@rules/lists";
import type { Enhancement, Plan } from "@rules/lists";
import { MESSAGES } from "@rules/posting";
import { ENHANCEMENT_PRICES, MAX_POSTS, MIN_POSTS, PLAN_PRICES, SOLD_BUNDLES, formatUsd } from "@rules/pricing";
import type { SoldBundle } from "@rules/pricing";
import type { ReactNode } from "react";
import type { CreditsResponse } from "../useCredits";
import { DEFAULT_MULTIPLE_QUANTITY } from "../postingDraft";
import type { PurchaseChoice } from "../postingDraft";
import { bundleIncludes, discountTiers, percent, postsLabel } from "../pricingDisplay";
import { CreditBanners } from "./CreditBanners";
import { UseCredits } from "./UseCredits";
import { FormField, fieldDescribedBy } from "./FormField";
import { OrderSummary } from "./OrderSummary";
import { Spinner } from "./Spinner";

interface Props {
  purchase: PurchaseChoice;
  onChange: (patch: Partial<PurchaseChoice>) => void;
  errors: Record<string, string>;
  credits: CreditsResponse | null;
  /** Signed in and the credits not known yet: the choice between credits and paying waits for them. */
  creditsLoading: boolean;
  creditsError: string;
  onRetryCredits: () => void;
  useCredits: boolean;
  /** A Spotlight subscriber: posting is included in the plan (unlimited posts). */
  spotlight?: boolean;
  onSpotlightPost?: () => void;
  onPayInstead: () => void;
  /** Shown on the purchase form when the employer has credits they chose not to use: the way back. */
  onUseCreditsInstead?: () => void;
  processing: boolean;
  error: string;
  onCheckout: () => void;
  /** Posts with a credit: the chosen grant, or (undefined) the one bought first. */
  onUseCredit: (grantId?: string) => void;
  /** The apply-by-e-mail notice (ApplyByEmailNotice), shown above every way of paying. */
  applyNotice?: ReactNode;
}

function QuantityInput({ value, onChange, onValidity, error }: { value: number; onChange: (n: number) => void; onValidity: (valid: boolean) => void; error?: string }) {
  const [text, setText] = useState(String(value));
  const [problem, setProblem] = useState("");
  useEffect(() => setText(String(value)), [value]);
  // While the field is wrong, the order has no price and cannot be checked out; hidden, it is not wrong.
  useEffect(() => onValidity(!problem), [problem, onValidity]);
  useEffect(() => () => onValidity(true), [onValidity]);
  const shown = problem || error;
  return (
    <FormField id="posts-quantity" label="Number of posts" error={shown} className="quantity-field">
      <input
        id="posts-quantity"
        className="form-input quantity-input"
        type="number"
        inputMode="numeric"
        min={MIN_POSTS}
        max={MAX_POSTS}
        step={1}
        value={text}
        aria-invalid={Boolean(shown)}
        aria-describedby={fieldDescribedBy("posts-quantity", shown)}
        onChange={(e) => {
          setText(e.target.value);
          const n = Number(e.target.value);
          if (e.target.value !== "" && Number.isInteger(n) && n >= MIN_POSTS && n <= MAX_POSTS) {
            setProblem("");
            onChange(n);
          } else {
            setProblem(MESSAGES.posts);
          }
        }}
      />
    </FormField>
  );
}

function BundleOption({ bundle, checked, onPick }: { bundle: SoldBundle; checked: boolean; onPick: () => void }) {
  return (
    <label className={`choice-card bundle-card${checked ? " is-selected" : ""}${bundle.popular ? " is-popular" : ""}`}>
      {bundle.popular && <span className="popular-tag">Most Popular</span>}
      <span className="choice-head">
        <input type="radio" name="posting-kind" value={bundle.id} checked={checked} onChange={onPick} />
        <span className="choice-name">{bundle.name}</span>
        <span className="choice-price">{formatUsd(bundle.price)}</span>
      </span>
      <span className="choice-detail">{postsLabel(bundle.posts)}</span>
      <span className="choice-detail muted">{bundleIncludes(bundle)}</span>
    </label>
  );
}

export function PaymentStep(props: Props) {
  const { purchase, onChange, errors, credits, useCredits, processing, error } = props;
  const individual = !purchase.selectedBundle;
  const pickIndividual = (patch: Partial<PurchaseChoice> = {}) => onChange({ selectedBundle: null, ...patch });
  const toggleEnhancement = (e: Enhancement) => pickIndividual({ enhancements: purchase.enhancements.includes(e) ? purchase.enhancements.filter((x) => x !== e) : [...purchase.enhancements, e] });
  const tiers = discountTiers();
  const [quantityValid, setQuantityValid] = useState(true);
  const quantityBlocks = individual && purchase.multiple && !quantityValid;

  const actionError = error && (
    <div className="form-alert" role="alert">
      {error}
    </div>
  );

  return (
    <div className="payment-step">
      {props.applyNotice}
      {credits && <CreditBanners credits={credits} />}
      {props.creditsError && (
        <div className="form-alert" role="alert">
          {props.creditsError}{" "}
          <button type="button" className="link-button" onClick={props.onRetryCredits}>
            Refresh
          </button>
        </div>
      )}

      {props.spotlight ? (
        <section className="card use-credits" aria-labelledby="spotlight-post-heading">
          <h3 id="spotlight-post-heading">Included in your Spotlight plan</h3>
          <p>Spotlight gives you unlimited job posts. This job goes live at once, on the job board and on your company page.</p>
          {actionError}
          <div className="button-row button-row-start">
            <button type="button" className="button button-primary button-large" onClick={props.onSpotlightPost} disabled={processing} aria-busy={processing}>
              {processing ? "Posting..." : "Publish job"}
            </button>
          </div>
        </section>
      ) : props.creditsLoading ? (
        <Spinner label="Checking your credits..." showLabel />
      ) : useCredits && credits ? (
        <UseCredits credits={credits} processing={processing} error={actionError} onUseCredit={props.onUseCredit} onPayInstead={props.onPayInstead} />
      ) : (
        <div className="payment-layout">
          <div className="payment-choices">
            {props.onUseCreditsInstead && credits && (
              <div className="banner use-credits-instead" role="status">
                <span>
                  You have <strong>{postsLabel(credits.totalPostsRemaining)}</strong> in credits.
                </span>
                <button type="button" className="link-button" onClick={props.onUseCreditsInstead} disabled={processing}>
                  ← Back to Use Credits
                </button>
              </div>
            )}
            <section className="card payment-section" aria-labelledby="individual-heading">
              <label className={`choice-row${individual ? " is-selected" : ""}`}>
                <input type="radio" name="posting-kind" value="individual" checked={individual} onChange={() => pickIndividual()} />
                <span>
                  <span className="choice-name" id="individual-heading">
                    Individual Job Posting
                  </span>
                  <span className="choice-detail muted">Pick a plan and enhancements for this job.</span>
                </span>
              </label>
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={individual && purchase.multiple}
                  onChange={(e) => pickIndividual({ multiple: e.target.checked, quantity: e.target.checked && purchase.quantity < 2 ? DEFAULT_MULTIPLE_QUANTITY : purchase.quantity })}
                />
                Buy multiple job posts
              </label>
              {individual && purchase.multiple && (
                <div className="quantity">
                  <QuantityInput value={purchase.quantity} onChange={(quantity) => pickIndividual({ quantity })} onValidity={setQuantityValid} error={errors.quantity} />
                  <p className="small muted">The first post is used for this job; the rest become credits for later. {tiers.map((t) => `${t.from}+ posts: ${percent(t.rate)} off`).join(" · ")}</p>
                </div>
              )}
            </section>

            <fieldset className="payment-section choice-group" aria-describedby={errors.plan ? "plan-error" : undefined}>
              <legend>Pick a Plan</legend>
              <div className="choice-grid">
                {PLANS.map((id: Plan) => {
                  const plan = PLAN_PRICES[id];
                  const checked = individual && purchase.plan === id;
                  return (
                    <label key={id} className={`choice-card${checked ? " is-selected" : ""}`}>
                      <span className="choice-head">
                        <input type="radio" name="plan" value={id} checked={checked} onChange={() => pickIndividual({ plan: id })} />
                        <span className="choice-name">{plan.name}</span>
                        <span className="choice-price">{formatUsd(plan.price)}</span>
                      </span>
                      <ul className="feature-list">
                        {plan.features.map((f) => (
                          <li key={f}>{f}</li>
                        ))}
                      </ul>
                    </label>
                  );
                })}
              </div>
              {errors.plan && (
                <p className="form-error" id="plan-error">
                  {errors.plan}
                </p>
              )}
            </fieldset>

            <fieldset className="payment-section choice-group">
              <legend>Add Enhancements</legend>
              <div className="choice-grid">
                {ENHANCEMENTS.map((id) => {
                  const e = ENHANCEMENT_PRICES[id];
                  const checked = individual && purchase.enhancements.includes(id);
                  return (
                    <label key={id} className={`choice-card${checked ? " is-selected" : ""}`}>
                      <span className="choice-head">
                        <input type="checkbox" name="enhancements" value={id} checked={checked} onChange={() => toggleEnhancement(id)} />
                        <span className="choice-name">{e.name}</span>
                        <span className="choice-price">+{formatUsd(e.price)}</span>
                      </span>
                      <span className="choice-detail muted">{e.description}</span>
                    </label>
                  );
                })}
              </div>
            </fieldset>

            <fieldset className="payment-section choice-group">
              <legend>Or choose a bundle</legend>
              <div className="choice-grid choice-grid-3">
                {SOLD_BUNDLES.map((b) => (
                  <BundleOption key={b.id} bundle={b} checked={purchase.selectedBundle === b.id} onPick={() => onChange({ selectedBundle: b.id })} />
                ))}
              </div>
            </fieldset>

            <section className="payment-section">
              <FormField
                id="purchase-email"
                label="Email Address"
                error={errors.email}
                hint="Your receipt comes here by e-mail: what you bought, the amount paid, the date and the order reference."
                required
              >
                <input
                  id="purchase-email"
                  className="form-input"
                  type="email"
                  autoComplete="email"
                  value={purchase.email}
                  onChange={(e) => onChange({ email: e.target.value })}
                  aria-invalid={Boolean(errors.email)}
                  aria-describedby={fieldDescribedBy("purchase-email", errors.email, true)}
                />
              </FormField>
            </section>
          </div>

          <aside className="payment-summary" aria-label="Order Summary">
            {quantityBlocks ? (
              <section className="card order-summary" aria-labelledby="order-summary-heading">
                <h3 id="order-summary-heading">Order Summary</h3>
                <p className="muted" data-testid="order-invalid">
                  {MESSAGES.posts}
                </p>
              </section>
            ) : (
              <OrderSummary purchase={purchase} />
            )}
            {actionError}
            <button type="button" className="button button-primary button-large checkout-button" onClick={props.onCheckout} disabled={processing || quantityBlocks} aria-busy={processing}>
              {processing ? "Processing..." : "Proceed to Checkout"}
            </button>
            <p className="small muted secure-note">You pay on a secure checkout page. Your job goes live as soon as the payment is confirmed.</p>
          </aside>
        </div>
      )}
    </div>
  );
}
