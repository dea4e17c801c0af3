// The line items a checkout session shows for an order: they add up to exactly the server's total.
// Without a discount, each product at list price; with a bulk discount, one line for the whole order,
// because per-unit discounted cents need not add up to the rounded total.
export interface PricedOrder {
  lineItems: { name: string; unitAmount: number; quantity: number }[];
  discountRate: number;
  totalCents: number;
}

/** `wholeOrder` names the single discounted line ("… (10% bulk discount)" is added). */
function orderLineItems(priced: PricedOrder, wholeOrder: string): { name: string; unitAmountCents: number; quantity: number }[] {
  if (!priced.discountRate) return priced.lineItems.map((l) => ({ name: l.name, unitAmountCents: l.unitAmount * 100, quantity: l.quantity }));
  return [{ name: `${wholeOrder} (${Math.round(priced.discountRate * 100)}% bulk discount)`, unitAmountCents: priced.totalCents, quantity: 1 }];
}

/** A job order: "Premium + Featured × 10 (15% bulk discount)" when discounted. */
export function checkoutLineItems(priced: PricedOrder & { quantity: number }) {
  return orderLineItems(priced, `${priced.lineItems.map((l) => l.name).join(" + ")} × ${priced.quantity}`);
}

/** A credit order: "10 job post credits (10% bulk discount)" when discounted. */
export function creditLineItems(priced: PricedOrder & { credits: number }) {
  return orderLineItems(priced, `${priced.credits} job post credits`);
}
