// How an amount in a currency reads under a salary field (web/components/SalaryReading.tsx), in each language
// (issue 25: the edit form read «درهم إماراتي 15,000 – 20,000 شهريًا», the currency before the amount).
import { describe, expect, it } from "vitest";
import { CURRENCIES } from "../../worker/rules/rates";
import { amountInCurrency } from "../../worker/rules/payAmount";
import { currencyLabel } from "../../worker/rules/payDisplay";

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
