// The twentieth reading (a Gulf reader trying bad input in the forms): an error says what is wrong with what was
// typed, not only that its format is invalid. Each case fails on the code before the fix.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { localiseMessage } from "../../worker/lib/i18n";
import { MESSAGES, jobDetailsSchema } from "../../worker/rules/posting";
import { spotlightJobSchema } from "../../worker/rules/spotlightSchema";
import { SalaryReading } from "../../web/components/SalaryReading";
import { loadCatalogue } from "../../web/i18n";
import { jobDetails } from "../support/fixtures";

beforeAll(loadCatalogue);

function issuesFor(field: "salary" | "equity", value: string): string[] {
  const r = jobDetailsSchema.safeParse(jobDetails({ [field]: value }));
  return r.success ? [] : r.error.issues.filter((i) => i.path.join(".") === field).map((i) => i.message);
}

describe("a reversed salary range says the minimum is greater than the maximum", () => {
  it.each(["١٥٠٠٠-١٠٠٠٠ درهم شهريًا", "15000-10000 AED", "$150k - $100k", "150-120k"])("%s", (salary) => {
    expect(issuesFor("salary", salary)).toEqual([MESSAGES.salaryReversed]);
  });

  it("in Arabic: «الحد الأدنى للراتب أكبر من الحد الأقصى. اكتب الأصغر أولًا، مثل 10,000 - 15,000 درهم شهريًا»", () => {
    expect(localiseMessage("ar", MESSAGES.salaryReversed)).toBe("الحد الأدنى للراتب أكبر من الحد الأقصى. اكتب الأصغر أولًا، مثل \u206710,000 - 15,000 درهم شهريًا\u2069");
    expect(MESSAGES.salaryReversed).toBe("The salary's minimum is greater than its maximum. Write the smaller first, such as AED 10,000 - 15,000 monthly");
  });

  it("a range in order is still taken", () => {
    for (const salary of ["١٠٠٠٠-١٥٠٠٠ درهم شهريًا", "10000-15000 AED", "$100k - $150k", "120-150k", "$200k+", "15,000 - 15,000 AED monthly"]) expect(issuesFor("salary", salary), salary).toEqual([]);
  });
});

describe("one salary figure where the posting form asks for a range says a minimum and a maximum are needed", () => {
  it.each(["15000 درهم", "AED 15,000 monthly", "$120k"])("%s", (salary) => {
    expect(issuesFor("salary", salary)).toEqual([MESSAGES.salaryRange]);
    expect(localiseMessage("ar", MESSAGES.salaryRange)).toBe("اكتب حدًّا أدنى وحدًّا أعلى للراتب، مثل \u206715,000 - 20,000 درهم شهريًا\u2069");
  });

  it("other text keeps the format message", () => {
    expect(issuesFor("salary", "lots")).toEqual([MESSAGES.salaryFormat]);
    expect(issuesFor("salary", "AED 15,000 - 20,000 per hour")).toEqual([MESSAGES.salaryFormat]);
  });

  it("the Spotlight job form, which asks for no format, still takes one figure", () => {
    expect(spotlightJobSchema.shape.salary.safeParse("15000 درهم").success).toBe(true);
  });

  it("the salary's reading is not shown beside an error: «يُحتسب … 15,000 درهم» under «اكتب حدًّا أدنى…» said both", () => {
    const reading = (error?: string) => renderToStaticMarkup(createElement(SalaryReading, { text: "15000 AED", error }));
    expect(reading()).toContain("salary-reading");
    expect(reading(MESSAGES.salaryRange)).toBe("");
  });
});

describe("the salary format's examples run the same way, the dirham one first", () => {
  it("both examples in a right-to-left isolate", () => {
    expect(localiseMessage("ar", MESSAGES.salaryFormat)).toBe("صيغة الراتب غير صالحة. اكتب نطاقًا مع عملته، مثل \u206715,000 - 20,000 درهم شهريًا\u2069 أو \u2067$100k - $150k\u2069");
  });
});

describe("equity: a reversed range and a percent over 100 are said so", () => {
  it.each(["50%-10%", "٢٪ - ١٪", "5% - 1%"])("%s: the minimum is greater than the maximum", (equity) => {
    expect(issuesFor("equity", equity)).toEqual([MESSAGES.equityReversed]);
  });

  it.each(["200%", "50% - 150%", "101% - 102%"])("%s: «لا يمكن أن تتجاوز حصة الملكية 100%»", (equity) => {
    expect(issuesFor("equity", equity)).toEqual([MESSAGES.equityMax]);
    expect(localiseMessage("ar", MESSAGES.equityMax)).toBe("لا يمكن أن تتجاوز حصة الملكية 100%");
  });

  it("the Spotlight job form says the same", () => {
    const r = spotlightJobSchema.shape.equity.safeParse("٢٪ - ١٪");
    expect(r.success ? [] : r.error.issues.map((i) => i.message)).toEqual([MESSAGES.equityReversed]);
    expect(localiseMessage("ar", MESSAGES.equityReversed)).toBe("الحد الأدنى لحصة الملكية أكبر من الحد الأقصى. اكتب الأصغر أولًا، مثل \u20670.5% - 1%\u2069");
  });
});

describe("an empty required field says only that it is required (the 26th session: the API answered «نطاق حصة الملكية مطلوب» and «صيغة حصة الملكية غير صالحة» for one empty field)", () => {
  it.each([
    ["equity", MESSAGES.equity],
    ["salary", MESSAGES.salary],
  ] as const)("%s", (field, required) => {
    expect(issuesFor(field, "")).toEqual([required]);
    expect(issuesFor(field, "   ")).toEqual([required]);
  });
});
