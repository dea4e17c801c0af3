// The line items a checkout session shows for an order: they add up to exactly the server's total.
// Without a discount, each product at list price; with a bulk discount, one line for the whole order,
// because per-unit discounted cents need not add up to the rounded total.
// Named in the buyer's language (issue 25), with the same catalogue words as the order summary on the
// posting page (posting.line.*, web/pricingDisplay.ts lineName), so Stripe's page and receipt match it.
import { listLabel } from "../discovery/locale";
import { t } from "../lib/i18n";
import type { Locale } from "../rules/i18n";
import type { Enhancement, Plan } from "../rules/lists";
import { CREDIT_BUNDLES, ENHANCEMENT_PRICES, PLAN_PRICES, SOLD_BUNDLES } from "../rules/pricing";

export interface PricedOrder {
  lineItems: { name: string; unitAmount: number; quantity: number }[];
  discountRate: number;
  totalCents: number;
}

interface OrderChoice {
  bundleId?: string | null;
  plan?: Plan | null;
  enhancements?: readonly Enhancement[];
}

function bundleName(locale: Locale, id: string): string {
  const english = SOLD_BUNDLES.find((b) => b.id === id)?.name ?? CREDIT_BUNDLES.find((b) => b.id === id)?.name ?? id;
  return listLabel(locale, "bundle", id, english);
}

/** The name of line `index` of an order, as web/pricingDisplay.ts lineName says it. */
function lineName(locale: Locale, line: { name: string }, order: OrderChoice, index: number): string {
  const bundle = SOLD_BUNDLES.find((b) => b.id === order.bundleId) ?? CREDIT_BUNDLES.find((b) => b.id === order.bundleId);
  if (bundle) return t(locale, "posting.line.bundle", { name: bundleName(locale, bundle.id), posts: bundle.posts });
  if (order.plan) {
    if (index === 0) return t(locale, "posting.line.plan", { plan: listLabel(locale, "plan", order.plan, PLAN_PRICES[order.plan]?.name ?? order.plan) });
    const e = order.enhancements?.[index - 1];
    if (e) return t(locale, "posting.line.enhancement", { name: listLabel(locale, "enhancement", e, ENHANCEMENT_PRICES[e]?.name ?? e) });
  }
  if (!order.bundleId && !order.plan) return t(locale, "posting.line.credit");
  return line.name;
}

/** `wholeOrder` names the single discounted line ("… (10% bulk discount)" is added). */
function orderLineItems(priced: PricedOrder, names: string[], wholeOrder: string, locale: Locale): { name: string; unitAmountCents: number; quantity: number }[] {
  if (!priced.discountRate) return priced.lineItems.map((l, i) => ({ name: names[i] ?? l.name, unitAmountCents: l.unitAmount * 100, quantity: l.quantity }));
  return [{ name: t(locale, "mail.checkout.discounted", { what: wholeOrder, rate: priced.discountRate }), unitAmountCents: priced.totalCents, quantity: 1 }];
}

/** A job order: "Premium job post + Featured enhancement × 10 (15% bulk discount)" when discounted. */
export function checkoutLineItems(priced: PricedOrder & OrderChoice & { quantity: number }, locale: Locale = "en") {
  const names = priced.lineItems.map((l, i) => lineName(locale, l, priced, i));
  return orderLineItems(priced, names, `${names.join(" + ")} × ${priced.quantity}`, locale);
}

/** A credit order: "10 job post credits (10% bulk discount)" when discounted. */
export function creditLineItems(priced: PricedOrder & { credits: number; bundleId: string | null }, locale: Locale = "en") {
  const names = priced.lineItems.map((l, i) => lineName(locale, l, { bundleId: priced.bundleId }, i));
  return orderLineItems(priced, names, t(locale, "mail.checkout.credits", { count: priced.credits }), locale);
}

/** The Spotlight subscription's one line. */
export function spotlightLineName(locale: Locale): string {
  return t(locale, "mail.checkout.spotlight");
}
