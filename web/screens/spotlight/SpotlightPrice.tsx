// '$2,999/month', from the one price the server charges (worker/rules/pricing.ts), in the page's language.
import { SPOTLIGHT_MONTHLY_CENTS } from "@rules/pricing";
import { useI18n } from "../../i18n";
import type { I18n, MessageId } from "../../i18n";

export function spotlightPriceText({ t, money }: Pick<I18n, "t" | "money">): string {
  return t("spotlight.price.monthly", { price: money(SPOTLIGHT_MONTHLY_CENTS) });
}

export function SpotlightPrice() {
  return <>{spotlightPriceText(useI18n())}</>;
}

/** The three benefits in the page's language (the English is SPOTLIGHT_BENEFITS in worker/rules/spotlight.ts). */
export const SPOTLIGHT_BENEFIT_TEXT: readonly { title: MessageId; text: MessageId }[] = [
  { title: "spotlight.benefit.unlimited.title", text: "spotlight.benefit.unlimited.text" },
  { title: "spotlight.benefit.visibility.title", text: "spotlight.benefit.visibility.text" },
  { title: "spotlight.benefit.analytics.title", text: "spotlight.benefit.analytics.text" },
];
