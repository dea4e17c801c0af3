// The salary filter's exchange rates (README, "Salaries"): units of each currency per US dollar, as of
// RATES_DATE. The Gulf currencies are pegged to the dollar (AED, SAR, QAR, BHD, OMR; KWD to a basket the
// dollar dominates), so their rates hold; the others move and are refreshed with this table and its date.
// Conversions are approximate, and the listing says so.

/** The day the rates below were read. */
export const RATES_DATE = "2026-11-01";

export const CURRENCIES = ["USD", "AED", "SAR", "QAR", "BHD", "OMR", "KWD", "EUR", "GBP", "EGP", "INR"] as const;
export type Currency = (typeof CURRENCIES)[number];

export const SALARY_PERIODS = ["year", "month"] as const;
export type SalaryPeriod = (typeof SALARY_PERIODS)[number];

/** Units of the currency one US dollar buys. */
export const USD_RATES: Record<Currency, number> = {
  USD: 1,
  AED: 3.6725,
  SAR: 3.75,
  QAR: 3.64,
  BHD: 0.376,
  OMR: 0.3845,
  KWD: 0.307,
  EUR: 0.92,
  GBP: 0.79,
  EGP: 48.5,
  INR: 84,
};

/** The pegged currencies: their conversion to dollars does not drift. */
export const PEGGED: readonly Currency[] = ["USD", "AED", "SAR", "QAR", "BHD", "OMR", "KWD"];

export function isCurrency(value: unknown): value is Currency {
  return typeof value === "string" && (CURRENCIES as readonly string[]).includes(value);
}

const PERIODS_PER_YEAR: Record<SalaryPeriod, number> = { year: 1, month: 12 };

/**
 * An amount per period as whole US cents a year: the one number the filter compares (jobs.salary_top_usd
 * and the visitor's minimum go through this same function, so equal amounts compare equal).
 */
export function yearlyUsdCents(amount: number, currency: Currency, period: SalaryPeriod): number {
  return Math.round((amount * PERIODS_PER_YEAR[period] * 100) / USD_RATES[currency]);
}

/** An amount per period in another currency and period (approximate, for "≈ $X a year"). */
export function convertPay(amount: number, from: { currency: Currency; period: SalaryPeriod }, to: { currency: Currency; period: SalaryPeriod }): number {
  const yearlyUsd = (amount * PERIODS_PER_YEAR[from.period]) / USD_RATES[from.currency];
  return (yearlyUsd * USD_RATES[to.currency]) / PERIODS_PER_YEAR[to.period];
}
