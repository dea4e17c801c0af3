// How an amount in a currency reads under a salary field (web/components/SalaryReading.tsx), in each language
// (issue 25: the edit form read «درهم إماراتي 15,000 – 20,000 شهريًا», the currency before the amount).
import { describe, expect, it } from "vitest";
import { amountInCurrency } from "../../worker/rules/payDisplay";

describe("an amount in a currency", () => {
  it("English: the code, then the amount", () => {
    expect(amountInCurrency("en", "AED", "15,000 – 20,000")).toBe("AED 15,000 – 20,000");
  });
  it("Arabic: the amount (isolated, so the range keeps its order), then the currency's name", () => {
    expect(amountInCurrency("ar", "AED", "15,000 – 20,000")).toBe("\u206815,000 – 20,000\u2069 درهم إماراتي");
  });
});
