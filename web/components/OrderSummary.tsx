// The order as priceJobOrder prices it: line items, the bulk discount and the total (display only).
import { PricingError, formatUsd, priceJobOrder } from "@rules/pricing";
import type { PurchaseChoice } from "../postingDraft";
import { orderChoice } from "../postingDraft";
import { percent, postsLabel } from "../pricingDisplay";

export function OrderSummary({ purchase }: { purchase: PurchaseChoice }) {
  let order;
  try {
    order = priceJobOrder(orderChoice(purchase));
  } catch (err) {
    return (
      <section className="card order-summary" aria-labelledby="order-summary-heading">
        <h3 id="order-summary-heading">Order Summary</h3>
        <p className="muted">{err instanceof PricingError ? err.message : "Choose a plan or a bundle."}</p>
      </section>
    );
  }
  return (
    <section className="card order-summary" aria-labelledby="order-summary-heading">
      <h3 id="order-summary-heading">Order Summary</h3>
      <dl className="order-lines">
        {order.lineItems.map((line) => (
          <div key={line.name} className="order-line">
            <dt>
              {line.name}
              {line.quantity > 1 && <span className="muted"> × {line.quantity}</span>}
            </dt>
            <dd>{formatUsd(line.unitAmount * line.quantity)}</dd>
          </div>
        ))}
        {order.discountRate > 0 && (
          <>
            <div className="order-line order-subtotal">
              <dt>Subtotal</dt>
              <dd>{formatUsd(order.subtotal)}</dd>
            </div>
            <div className="order-line order-discount">
              <dt>Bulk discount ({percent(order.discountRate)})</dt>
              <dd>−{formatUsd(order.discount)}</dd>
            </div>
          </>
        )}
        <div className="order-line order-total">
          <dt>Total</dt>
          <dd data-testid="order-total">{formatUsd(order.total)}</dd>
        </div>
      </dl>
      <p className="small muted">{order.posts > 1 ? `Includes ${postsLabel(order.posts)}: one for this job, ${order.posts - 1} as credits for later.` : "Includes 1 job post."}</p>
    </section>
  );
}
