// "≈ $X a year" (issue 26): a job's structured pay in the visitor's chosen currency and period, where it is in
// another, converted with the dated rate table (./rates.ts). The pay as written is shown beside it, always.
import { formatPayAmount } from "./format";
import { intlLocale } from "./i18n";
import type { Locale } from "./i18n";
import { convertPay } from "./rates";
import type { Currency, SalaryPeriod } from "./rates";
import type { StructuredSalary } from "./salary";

export interface PayChoice {
  currency: Currency;
  period: SalaryPeriod;
}

/** The converted amount ("$49–65K", "$200K+"), or null when the pay is already in the chosen currency and period. */
export function approximatePay(locale: Locale, pay: StructuredSalary | null | undefined, choice: PayChoice): string | null {
  if (!pay || (pay.currency === choice.currency && pay.period === choice.period)) return null;
  const convert = (n: number) => convertPay(n, pay, choice);
  if (pay.max === null) return `${formatPayAmount(locale, convert(pay.min), choice.currency)}+`;
  return formatPayAmount(locale, convert(pay.min), choice.currency, convert(pay.max));
}

/** A currency as a select or a reading names it: the code in English ("AED"), the name in Arabic ("درهم إماراتي"). */
export function currencyLabel(locale: Locale, currency: string): string {
  if (locale === "en") return currency;
  try {
    // CLDR's Arabic has «روبية هندي»: a feminine noun, its adjective made feminine too («روبية هندية»).
    return new Intl.DisplayNames([intlLocale(locale)], { type: "currency" }).of(currency)?.replace(/ة \S+ي$/, "$&ة") ?? currency;
  } catch {
    return currency;
  }
}
