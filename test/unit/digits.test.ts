import { describe, expect, it } from "vitest";
import { normaliseDigits } from "../../worker/rules/digits";

describe("normaliseDigits", () => {
  it("reads Arabic-Indic and extended digits, the Arabic decimal and thousands separators and ٪", () => {
    expect(normaliseDigits("٠٫٥٪ - ١٪")).toBe("0.5% - 1%");
    expect(normaliseDigits("$١٠٠k - $١٥٠k")).toBe("$100k - $150k");
    expect(normaliseDigits("٢٠٬٠٠٠ ريال شهريًا")).toBe("20,000 ريال شهريًا");
    expect(normaliseDigits("۱۲۳۴۵۶۷۸۹۰")).toBe("1234567890");
  });
  it("leaves everything else as it is", () => {
    expect(normaliseDigits("Senior Engineer, 2026 — مهندس")).toBe("Senior Engineer, 2026 — مهندس");
  });
});
