// Step 2 of /post: credits banners; either 'Use Credits' (post with
// one credit) or the purchase: Individual Job Posting with 'Buy multiple job posts', 'Pick a Plan', 'Add
// Enhancements', the sold bundles, the e-mail, the Order Summary and 'Proceed to Checkout'. Every price
// comes from the shared pricing rules; the total is for display only, the server prices the order.
import { useEffect, useState } from "react";
import { ENHANCEMENTS, PLANS } from "@rules/lists";
import type { Enhancement, Plan } from "@rules/lists";
import { MESSAGES } from "@rules/posting";
import { ENHANCEMENT_PRICES, MAX_POSTS, MIN_POSTS, PLAN_PRICES, SOLD_BUNDLES } from "@rules/pricing";
import type { SoldBundle } from "@rules/pricing";
import type { ReactNode } from "react";
import type { CreditsResponse } from "../useCredits";
import { DEFAULT_MULTIPLE_QUANTITY } from "../postingDraft";
import type { PurchaseChoice } from "../postingDraft";
import { useI18n } from "../i18n";
import { bundleSummary, discountTiers, dollars, enhancementName, percent, planName, postsLabel, pricingText } from "../pricingDisplay";
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
  const { t, localise } = useI18n();
  const [text, setText] = useState(String(value));
  const [problem, setProblem] = useState("");
  useEffect(() => setText(String(value)), [value]);
  // While the field is wrong, the order has no price and cannot be checked out; hidden, it is not wrong.
  useEffect(() => onValidity(!problem), [problem, onValidity]);
  useEffect(() => () => onValidity(true), [onValidity]);
  const shown = localise(problem || error || "") || undefined;
  return (
    <FormField id="posts-quantity" label={t("posting.payment.quantity")} error={shown} className="quantity-field">
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
  const { t } = useI18n();
  return (
    <label className={`choice-card bundle-card${checked ? " is-selected" : ""}${bundle.popular ? " is-popular" : ""}`}>
      {bundle.popular && <span className="popular-tag">{t("posting.payment.popular")}</span>}
      <span className="choice-head">
        <input type="radio" name="posting-kind" value={bundle.id} checked={checked} onChange={onPick} />
        {/* Named by what it contains (issue 22 item 12): "Premium Success bundle: 3 Premium posts with Featured". */}
        <span className="choice-name" data-bundle-summary>
          {bundleSummary(bundle.id)}
        </span>
        <span className="choice-price">{dollars(bundle.price)}</span>
      </span>
    </label>
  );
}

export function PaymentStep(props: Props) {
  const { purchase, onChange, errors: rawErrors, credits, useCredits, processing, error } = props;
  const { t, rich, localise } = useI18n();
  // The rules' messages (English) in the page's language; the server's arrive localised already.
  const errors: Record<string, string | undefined> = Object.fromEntries(Object.entries(rawErrors).map(([k, v]) => [k, localise(v)]));
  const individual = !purchase.selectedBundle;
  const pickIndividual = (patch: Partial<PurchaseChoice> = {}) => onChange({ selectedBundle: null, ...patch });
  const toggleEnhancement = (e: Enhancement) => pickIndividual({ enhancements: purchase.enhancements.includes(e) ? purchase.enhancements.filter((x) => x !== e) : [...purchase.enhancements, e] });
  const tiers = discountTiers();
  const [quantityValid, setQuantityValid] = useState(true);
  const quantityBlocks = individual && purchase.multiple && !quantityValid;

  const actionError = error && (
    <div className="form-alert" role="alert">
      {localise(error)}
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
            {t("posting.payment.refresh")}
          </button>
        </div>
      )}

      {props.spotlight ? (
        <section className="card use-credits" aria-labelledby="spotlight-post-heading">
          <h3 id="spotlight-post-heading">{t("posting.payment.spotlightHeading")}</h3>
          <p>{t("posting.payment.spotlightText")}</p>
          {actionError}
          <div className="button-row button-row-start">
            <button type="button" className="button button-primary button-large" onClick={props.onSpotlightPost} disabled={processing} aria-busy={processing}>
              {processing ? t("posting.payment.posting") : t("posting.payment.publish")}
            </button>
          </div>
        </section>
      ) : props.creditsLoading ? (
        <Spinner label={t("posting.payment.checkingCredits")} showLabel />
      ) : useCredits && credits ? (
        <UseCredits credits={credits} processing={processing} error={actionError} onUseCredit={props.onUseCredit} onPayInstead={props.onPayInstead} />
      ) : (
        <div className="payment-layout">
          <div className="payment-choices">
            {props.onUseCreditsInstead && credits && (
              <div className="banner use-credits-instead" role="status">
                <span>{rich("posting.payment.youHaveCredits", { b: (c) => <strong>{c}</strong>, posts: postsLabel(credits.totalPostsRemaining) })}</span>
                <button type="button" className="link-button" onClick={props.onUseCreditsInstead} disabled={processing}>
                  {t("posting.payment.backToCredits")}
                </button>
              </div>
            )}
            <section className="card payment-section" aria-labelledby="individual-heading">
              <label className={`choice-row${individual ? " is-selected" : ""}`}>
                <input type="radio" name="posting-kind" value="individual" checked={individual} onChange={() => pickIndividual()} />
                <span>
                  <span className="choice-name" id="individual-heading">
                    {t("posting.payment.individual")}
                  </span>
                  <span className="choice-detail muted">{t("posting.payment.individualDetail")}</span>
                </span>
              </label>
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={individual && purchase.multiple}
                  onChange={(e) => pickIndividual({ multiple: e.target.checked, quantity: e.target.checked && purchase.quantity < 2 ? DEFAULT_MULTIPLE_QUANTITY : purchase.quantity })}
                />
                {t("posting.payment.multiple")}
              </label>
              {individual && purchase.multiple && (
                <div className="quantity">
                  <QuantityInput value={purchase.quantity} onChange={(quantity) => pickIndividual({ quantity })} onValidity={setQuantityValid} error={errors.quantity} />
                  <p className="small muted">
                    {t("posting.payment.multipleNote")}{" "}
                    {t("posting.payment.tiers", { tiers: tiers.map((tier) => t("posting.payment.tier", { from: tier.from, percent: percent(tier.rate) })).join(t("posting.list.separator")) })}
                  </p>
                </div>
              )}
            </section>

            <fieldset className="payment-section choice-group" aria-describedby={errors.plan ? "plan-error" : undefined}>
              <legend>{t("posting.payment.pickPlan")}</legend>
              <div className="choice-grid">
                {PLANS.map((id: Plan) => {
                  const plan = PLAN_PRICES[id];
                  const checked = individual && purchase.plan === id;
                  return (
                    <label key={id} className={`choice-card${checked ? " is-selected" : ""}`}>
                      <span className="choice-head">
                        <input type="radio" name="plan" value={id} checked={checked} onChange={() => pickIndividual({ plan: id })} />
                        <span className="choice-name">{planName(id)}</span>
                        <span className="choice-price">{dollars(plan.price)}</span>
                      </span>
                      <ul className="feature-list">
                        {plan.features.map((f) => (
                          <li key={f}>{pricingText(f)}</li>
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
              <legend>{t("posting.payment.addEnhancements")}</legend>
              <div className="choice-grid">
                {ENHANCEMENTS.map((id) => {
                  const e = ENHANCEMENT_PRICES[id];
                  const checked = individual && purchase.enhancements.includes(id);
                  return (
                    <label key={id} className={`choice-card${checked ? " is-selected" : ""}`}>
                      <span className="choice-head">
                        <input type="checkbox" name="enhancements" value={id} checked={checked} onChange={() => toggleEnhancement(id)} />
                        <span className="choice-name">{enhancementName(id)}</span>
                        <span className="choice-price">+{dollars(e.price)}</span>
                      </span>
                      <span className="choice-detail muted">{pricingText(e.description)}</span>
                    </label>
                  );
                })}
              </div>
            </fieldset>

            <fieldset className="payment-section choice-group">
              <legend>{t("posting.payment.orBundle")}</legend>
              <div className="choice-grid choice-grid-3">
                {SOLD_BUNDLES.map((b) => (
                  <BundleOption key={b.id} bundle={b} checked={purchase.selectedBundle === b.id} onPick={() => onChange({ selectedBundle: b.id })} />
                ))}
              </div>
            </fieldset>

            <section className="payment-section">
              <FormField id="purchase-email" label={t("posting.payment.email")} error={errors.email} hint={t("posting.payment.emailHint")} required>
                <input
                  id="purchase-email"
                  className="form-input"
                  type="email"
                  autoComplete="email"
                  dir="ltr"
                  value={purchase.email}
                  onChange={(e) => onChange({ email: e.target.value })}
                  aria-invalid={Boolean(errors.email)}
                  aria-describedby={fieldDescribedBy("purchase-email", errors.email, true)}
                />
              </FormField>
            </section>
          </div>

          <aside className="payment-summary" aria-label={t("posting.order.heading")}>
            {quantityBlocks ? (
              <section className="card order-summary" aria-labelledby="order-summary-heading">
                <h3 id="order-summary-heading">{t("posting.order.heading")}</h3>
                <p className="muted" data-testid="order-invalid">
                  {localise(MESSAGES.posts)}
                </p>
              </section>
            ) : (
              <OrderSummary purchase={purchase} />
            )}
            {actionError}
            <button type="button" className="button button-primary button-large checkout-button" onClick={props.onCheckout} disabled={processing || quantityBlocks} aria-busy={processing}>
              {processing ? t("posting.payment.processing") : t("posting.payment.checkout")}
            </button>
            <p className="small muted secure-note">{t("posting.payment.secureNote")}</p>
          </aside>
        </div>
      )}
    </div>
  );
}
