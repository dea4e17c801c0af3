// The order as priceJobOrder prices it: line items, the bulk discount and the total (display only).
import { PricingError, priceJobOrder } from "@rules/pricing";
import { useI18n } from "../i18n";
import type { PurchaseChoice } from "../postingDraft";
import { orderChoice } from "../postingDraft";
import { dollars, lineName, percent, postsLabel } from "../pricingDisplay";

export function OrderSummary({ purchase }: { purchase: PurchaseChoice }) {
  const { t, localise, number } = useI18n();
  let order;
  try {
    order = priceJobOrder(orderChoice(purchase));
  } catch (err) {
    return (
      <section className="card order-summary" aria-labelledby="order-summary-heading">
        <h3 id="order-summary-heading">{t("posting.order.heading")}</h3>
        <p className="muted">{err instanceof PricingError ? localise(err.message) : t("posting.order.choose")}</p>
      </section>
    );
  }
  return (
    <section className="card order-summary" aria-labelledby="order-summary-heading">
      <h3 id="order-summary-heading">{t("posting.order.heading")}</h3>
      <dl className="order-lines">
        {order.lineItems.map((line, i) => (
          <div key={line.name} className="order-line">
            <dt>
              {lineName(line, order, i)}
              {line.quantity > 1 && <span className="muted"> × {number(line.quantity)}</span>}
            </dt>
            <dd>{dollars(line.unitAmount * line.quantity)}</dd>
          </div>
        ))}
        {order.discountRate > 0 && (
          <>
            <div className="order-line order-subtotal">
              <dt>{t("posting.order.subtotal")}</dt>
              <dd>{dollars(order.subtotal)}</dd>
            </div>
            <div className="order-line order-discount">
              <dt>{t("posting.order.discount", { percent: percent(order.discountRate) })}</dt>
              <dd>−{dollars(order.discount)}</dd>
            </div>
          </>
        )}
        <div className="order-line order-total">
          <dt>{t("posting.order.total")}</dt>
          <dd data-testid="order-total">{dollars(order.total)}</dd>
        </div>
      </dl>
      <p className="small muted">{order.posts > 1 ? t("posting.order.includesMany", { posts: postsLabel(order.posts), credits: order.posts - 1 }) : t("posting.order.includesOne")}</p>
      {order.posts > 1 && (
        <p className="small muted" data-credits-expire>
          {t("posting.order.creditsExpire")}
        </p>
      )}
    </section>
  );
}
