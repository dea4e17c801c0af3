// An amount in a currency as the salary fields' reading writes it (web/components/SalaryReading.tsx). A module of its
// own, so it loads with the forms and not with the listing's first screen (npm run size).
import { isolateIn } from "./bidi";
import type { Locale } from "./i18n";
import { currencyLabel } from "./payDisplay";
/**
 * An amount or range in a currency, in the order the language writes it: "AED 15,000 – 20,000" in English,
 * "15,000 – 20,000 درهم إماراتي" in Arabic (the amount first, isolated so the range keeps its order).
 */
export function amountInCurrency(locale: Locale, currency: string, amount: string): string {
  return locale === "en" ? `${currency} ${amount}` : `${isolateIn(locale, amount)} ${currencyLabel(locale, currency)}`;
}
