// '$2,999/month', from the one price the server charges (worker/rules/pricing.ts).
import { SPOTLIGHT_MONTHLY_CENTS, formatUsd } from "@rules/pricing";

export const SPOTLIGHT_PRICE_TEXT = `${formatUsd(SPOTLIGHT_MONTHLY_CENTS / 100)}/month`;

export function SpotlightPrice() {
  return <>{SPOTLIGHT_PRICE_TEXT}</>;
}
