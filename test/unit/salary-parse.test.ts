// Structured salaries (issue 26; worker/rules/salary.ts parseSalary, worker/rules/rates.ts): the parsing table
// in English and Arabic, yearly and monthly, and the conversion the pay filter compares.
import { describe, expect, it } from "vitest";
import { parseSalary, salaryTopUsdCents } from "../../worker/rules/salary";
import { PEGGED, RATES_DATE, USD_RATES, convertPay, yearlyUsdCents } from "../../worker/rules/rates";

describe("salaries are read from their text: range, currency and period", () => {
  const table: [string, ReturnType<typeof parseSalary>][] = [
    ["$120k - $150k", { min: 120_000, max: 150_000, currency: "USD", period: "year" }],
    ["$120,000 - $130,000", { min: 120_000, max: 130_000, currency: "USD", period: "year" }],
    ["100k - 150k", { min: 100_000, max: 150_000, currency: "USD", period: "year" }],
    ["$200k+", { min: 200_000, max: null, currency: "USD", period: "year" }],
    ["$120-150k", { min: 120_000, max: 150_000, currency: "USD", period: "year" }],
    ["15,000-20,000 AED monthly", { min: 15_000, max: 20_000, currency: "AED", period: "month" }],
    ["AED 15,000 - 20,000 per month", { min: 15_000, max: 20_000, currency: "AED", period: "month" }],
    ["SAR 25,000/mo", { min: 25_000, max: 25_000, currency: "SAR", period: "month" }],
    ["€90k - €110k a year", { min: 90_000, max: 110_000, currency: "EUR", period: "year" }],
    ["£60,000 per annum", { min: 60_000, max: 60_000, currency: "GBP", period: "year" }],
    ["KWD 1,500 - 2,000 monthly", { min: 1_500, max: 2_000, currency: "KWD", period: "month" }],
    // Arabic: Arabic-Indic digits and separators, currency names, "a month" with and without tashkeel.
    ["٢٠٬٠٠٠ ريال شهريًا", { min: 20_000, max: 20_000, currency: "SAR", period: "month" }],
    ["١٥٬٠٠٠ - ٢٠٬٠٠٠ درهم شهريا", { min: 15_000, max: 20_000, currency: "AED", period: "month" }],
    ["١٢٬٠٠٠ - ١٦٬٠٠٠ ريال قطري شهريًا", { min: 12_000, max: 16_000, currency: "QAR", period: "month" }],
    ["٣٠٠ ألف - ٤٠٠ ألف ريال سنويًا", { min: 300_000, max: 400_000, currency: "SAR", period: "year" }],
    ["١٬٥٠٠ دينار كويتي في الشهر", { min: 1_500, max: 1_500, currency: "KWD", period: "month" }],
    ["240,000 درهم في السنة", { min: 240_000, max: 240_000, currency: "AED", period: "year" }],
  ];
  for (const [text, expected] of table) {
    it(`"${text}"`, () => expect(parseSalary(text)).toEqual(expected));
  }

  it("what does not read stays unstructured (null), never guessed", () => {
    for (const text of ["", "Competitive", "DOE", "راتب مجزٍ", "$50/hour", "AED 100 per day", "$1 - $2 - $3", "$150k - $120k", "20,000 شهريًا", "USD 5,000 or AED 20,000", "$0"]) {
      expect(parseSalary(text), text).toBeNull();
    }
  });
});

describe("conversion uses a dated rate table; the Gulf currencies are pegged to the dollar", () => {
  it("has its date and the pegged rates", () => {
    expect(RATES_DATE).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(PEGGED).toEqual(expect.arrayContaining(["AED", "SAR", "QAR", "BHD", "OMR", "KWD"]));
    expect(USD_RATES.AED).toBe(3.6725);
    expect(USD_RATES.SAR).toBe(3.75);
  });

  it("a monthly amount is twelve of them a year, in US cents", () => {
    expect(yearlyUsdCents(10_000, "USD", "month")).toBe(12_000_000);
    expect(yearlyUsdCents(36_725, "AED", "year")).toBe(1_000_000);
    expect(yearlyUsdCents(3_750, "SAR", "month")).toBe(1_200_000);
  });

  it("the top of a range (its minimum when open-ended) is what the filter compares", () => {
    expect(salaryTopUsdCents(parseSalary("$120k - $150k"))).toBe(15_000_000);
    expect(salaryTopUsdCents(parseSalary("$200k+"))).toBe(20_000_000);
    expect(salaryTopUsdCents(parseSalary("Competitive"))).toBeNull();
  });

  it("converts between currencies and periods (≈)", () => {
    expect(Math.round(convertPay(20_000, { currency: "AED", period: "month" }, { currency: "USD", period: "year" }))).toBe(65_351);
    expect(Math.round(convertPay(120_000, { currency: "USD", period: "year" }, { currency: "SAR", period: "month" }))).toBe(37_500);
  });
});

describe("the posting form takes a range in any currency and period it can read", () => {
  it("keeps the product's format and adds currencies and months, in Arabic too; a single number or free text is refused", async () => {
    const { isSalaryText } = await import("../../worker/rules/salary");
    for (const ok of ["$100k - $150k", "$200k+", "AED 15,000 - 20,000 monthly", "15,000-20,000 SAR per month", "١٥٬٠٠٠ - ٢٠٬٠٠٠ درهم شهريًا", "€90k - €110k"]) expect(isSalaryText(ok), ok).toBe(true);
    for (const bad of ["lots", "$100k", "٢٠٬٠٠٠ ريال شهريًا", "AED 15,000 - 20,000 per hour", ""]) expect(isSalaryText(bad), bad).toBe(false);
  });
  it("the format error and the edit form's hint give examples the form accepts, a Gulf monthly one among them (issue 25)", async () => {
    const { isSalaryText } = await import("../../worker/rules/salary");
    const en = (await import("../../worker/rules/locales/en/server.json")).default["server.posting.salaryFormat"];
    const ar = (await import("../../worker/rules/locales/ar/server.json")).default["server.posting.salaryFormat"];
    const hint = (await import("../../worker/rules/locales/ar/posting.json")).default["posting.edit.salaryHint"];
    expect(en).toContain("AED 15,000 - 20,000 monthly");
    // In the digits the rest of the board writes (a thirteenth reading: «١٥٬٠٠٠» was the only place with other digits);
    // the form still takes Arabic-Indic digits as typed.
    expect(ar).toContain("15,000 - 20,000 درهم شهريًا");
    expect(hint).toContain("15,000 - 20,000 درهم شهريًا");
    expect(`${ar} ${hint}`).not.toMatch(/[\u0660-\u0669]/);
    for (const example of ["$100k - $150k", "AED 15,000 - 20,000 monthly", "15,000 - 20,000 درهم شهريًا", "١٥٬٠٠٠ - ٢٠٬٠٠٠ درهم شهريًا"]) expect(isSalaryText(example), example).toBe(true);
  });
});
