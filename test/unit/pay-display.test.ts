// How an amount in a currency reads under a salary field (web/components/SalaryReading.tsx), in each language
// (issue 25: the edit form read «درهم إماراتي 15,000 – 20,000 شهريًا», the currency before the amount).
import { describe, expect, it } from "vitest";
import { CURRENCIES } from "../../worker/rules/rates";
import { amountInCurrency } from "../../worker/rules/payAmount";
import { approximatePay, currencyLabel } from "../../worker/rules/payDisplay";

describe("an amount in a currency", () => {
  it("English: the code, then the amount", () => {
    expect(amountInCurrency("en", "AED", "15,000 – 20,000")).toBe("AED 15,000 – 20,000");
  });
  it("Arabic: the amount (isolated, so the range keeps its order), then the currency's name", () => {
    expect(amountInCurrency("ar", "AED", "15,000 – 20,000")).toBe("\u206815,000 – 20,000\u2069 درهم إماراتي");
  });
});

describe("a currency's name in Arabic", () => {
  it("agrees in gender: روبية هندية, not CLDR's روبية هندي", () => {
    expect(currencyLabel("ar", "INR")).toBe("روبية هندية");
    expect(currencyLabel("ar", "AED")).toBe("درهم إماراتي");
    expect(currencyLabel("en", "INR")).toBe("INR");
  });
  it("every currency the board takes has an Arabic name, never its code", () => {
    for (const c of CURRENCIES) expect(currencyLabel("ar", c), c).not.toMatch(/[A-Z]{3}/);
  });
});

describe("a pay converted (≈ beside the pay as written)", () => {
  const monthlyAed = { min: 15_000, max: 20_000, currency: "AED", period: "month" } as const;
  const yearlyUsd = { currency: "USD", period: "year" } as const;
  it("is a range with one unit, in whole thousands: «49–65 ألف US$», not «49 ألف US$ – 65.4 ألف US$» (issue 25)", () => {
    // A word joiner after the dash: the range never breaks there (the eighteenth reading).
    expect(approximatePay("en", monthlyAed, yearlyUsd)).toBe("$49–\u206065K");
    expect(approximatePay("ar", monthlyAed, yearlyUsd)).toBe("\u200f49–\u206065\u00a0ألف\u00a0\u2066US$\u2069");
  });
  it("keeps three digits of millions, and a unit per end where they differ", () => {
    const aedYear = { currency: "AED", period: "year" } as const;
    expect(approximatePay("en", { min: 1_200_000, max: 1_500_000, currency: "USD", period: "year" }, aedYear)).toBe("AED\u00a04.41–\u20605.51M");
    expect(approximatePay("en", { min: 245_000, max: 1_500_000, currency: "USD", period: "year" }, aedYear)).toBe("AED\u00a0900K – AED\u00a05.51M");
  });
  it("says one amount where both ends round alike, without formatRange's own «~»", () => {
    expect(approximatePay("en", { min: 18_000, max: 18_100, currency: "USD", period: "year" }, { currency: "USD", period: "month" })).toBe("$2K");
    expect(approximatePay("ar", { min: 18_000, max: 18_100, currency: "USD", period: "year" }, { currency: "USD", period: "month" })).toBe("\u200f2\u00a0ألف\u00a0\u2066US$\u2069");
  });
  it("an open range keeps its «+», and the pay already in the visitor's currency and period is not converted", () => {
    expect(approximatePay("en", { min: 20_000, max: null, currency: "AED", period: "month" }, yearlyUsd)).toBe("$65K+");
    expect(approximatePay("en", { min: 100_000, max: 150_000, currency: "USD", period: "year" }, yearlyUsd)).toBeNull();
  });
});
