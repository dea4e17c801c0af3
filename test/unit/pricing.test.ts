// The pricing table: every plan and enhancement combination, the bundles,
// quantities 1, 4, 5, 9, 10, 19, 20 and 50, and the rounding.
import { describe, expect, it } from "vitest";
import { ENHANCEMENTS } from "../../worker/rules/lists";
import type { Enhancement } from "../../worker/rules/lists";
import { PricingError, bulkDiscount, priceCredits, priceJobOrder } from "../../worker/rules/pricing";

const PLAN = { standard: 199, premium: 399 } as const;
const ENH = { highlight: 79, sticky: 149, featured: 99, "company-profile": 99 } as const;
const QUANTITIES = [1, 4, 5, 9, 10, 19, 20, 50];
const DISCOUNT: Record<number, number> = { 1: 0, 4: 0, 5: 0.1, 9: 0.1, 10: 0.15, 19: 0.15, 20: 0.25, 50: 0.25 };

function subsets<T>(xs: readonly T[]): T[][] {
  return xs.reduce<T[][]>((acc, x) => acc.concat(acc.map((s) => [...s, x])), [[]]);
}

describe("individual posts: (plan + enhancements) × n × (1 − discount), rounded", () => {
  const cases: [keyof typeof PLAN, Enhancement[], number][] = [];
  for (const plan of ["standard", "premium"] as const) for (const e of subsets(ENHANCEMENTS)) for (const q of QUANTITIES) cases.push([plan, e, q]);
  it(`covers ${cases.length} combinations`, () => expect(cases).toHaveLength(2 * 16 * 8));
  it.each(cases)("%s + %j × %i", (plan, enhancements, quantity) => {
    const unit = PLAN[plan] + enhancements.reduce((s, e) => s + ENH[e], 0);
    const expected = Math.round(unit * quantity * (1 - DISCOUNT[quantity]!));
    const priced = priceJobOrder({ plan, enhancements, quantity });
    expect(priced.total).toBe(expected);
    expect(priced.totalCents).toBe(expected * 100);
    expect(priced.subtotal).toBe(unit * quantity);
    expect(priced.discountRate).toBe(DISCOUNT[quantity]);
    expect(priced.posts).toBe(quantity);
  });
});

describe("rounding", () => {
  it("rounds to whole dollars", () => {
    // 199 × 7 × 0.9 = 1253.7 → 1254; 278 × 9 × 0.9 = 2251.8 → 2252; 227 × 13 × 0.85 = 2508.35 → 2508
    expect(priceJobOrder({ plan: "standard", quantity: 7 }).total).toBe(1254);
    expect(priceJobOrder({ plan: "standard", enhancements: ["highlight"], quantity: 9 }).total).toBe(2252);
    expect(priceCredits({ customQuantity: 13 }).total).toBe(Math.round(199 * 0.85 * 13));
    expect(priceCredits({ customQuantity: 13 }).total).toBe(2199);
  });
});

describe("bundles: bundle price × n × (1 − discount), with the bundle's plan and enhancements", () => {
  it.each([
    ["boosted", 349, 2, "standard", ["highlight"]],
    ["premium-success", 499, 3, "premium", ["featured"]],
    ["ultimate", 699, 5, "premium", ["highlight", "sticky", "featured"]],
  ] as const)("%s: $%i for %i posts", (bundleId, price, posts, plan, enhancements) => {
    for (const q of QUANTITIES) {
      const priced = priceJobOrder({ bundleId, quantity: q, plan: "standard", enhancements: ["sticky"] });
      expect(priced.total).toBe(Math.round(price * q * (1 - DISCOUNT[q]!)));
      expect(priced.posts).toBe(posts * q);
      expect(priced.plan).toBe(plan);
      expect(priced.enhancements).toEqual(enhancements);
    }
  });
});

describe("refusals", () => {
  it("needs a plan or bundle; quantities 1 to 50; known bundles only", () => {
    expect(() => priceJobOrder({})).toThrow("Please select a plan or bundle");
    expect(() => priceJobOrder({ plan: "standard", quantity: 0 })).toThrow(PricingError);
    expect(() => priceJobOrder({ plan: "standard", quantity: 51 })).toThrow(PricingError);
    expect(() => priceJobOrder({ plan: "standard", quantity: 2.5 })).toThrow(PricingError);
    expect(() => priceJobOrder({ bundleId: "free" as never })).toThrow("Selected bundle not found");
    expect(() => priceJobOrder({ plan: "gold" as never })).toThrow("Please select a plan or bundle");
  });
  it("bulk discount thresholds", () => {
    expect([4, 5, 9, 10, 19, 20].map(bulkDiscount)).toEqual([0, 0.1, 0.1, 0.15, 0.15, 0.25]);
  });
});

describe("credits", () => {
  it("catalogue bundles at their price; custom quantities at $199 with the discount", () => {
    expect(priceCredits({ bundleId: "standard" })).toMatchObject({ total: 896, credits: 5, totalCents: 89600 });
    expect(priceCredits({ bundleId: "premium" })).toMatchObject({ total: 1692, credits: 10 });
    expect(priceCredits({ customQuantity: 1 }).total).toBe(199);
    expect(priceCredits({ customQuantity: 5 }).total).toBe(Math.round(199 * 0.9 * 5));
    expect(priceCredits({ customQuantity: 20 }).total).toBe(Math.round(199 * 0.75 * 20));
  });
  it("errors: nothing chosen, both chosen, unknown bundle, bad quantity", () => {
    expect(() => priceCredits({})).toThrow("Please select a bundle or specify a custom quantity");
    expect(() => priceCredits({ bundleId: "basic", customQuantity: 2 })).toThrow(PricingError);
    expect(() => priceCredits({ bundleId: "mega" })).toThrow("Selected bundle not found");
    expect(() => priceCredits({ customQuantity: 0 })).toThrow(PricingError);
  });
});
