// Issue 22, item 14: every feature an offer lists is delivered, or the copy says what is delivered
// (docs/decisions/0203-offers-say-what-is-delivered.md).
import { describe, expect, it } from "vitest";
import { ENHANCEMENT_PRICES, PLAN_PRICES } from "../../worker/rules/pricing";

describe("offers say what is delivered", () => {
  it("Premium lists no priority support and no social media promotion (nothing delivers them)", () => {
    expect(PLAN_PRICES.premium.features).not.toContain("Priority support");
    expect(PLAN_PRICES.premium.features).not.toContain("Social media promotion");
  });
  it("Premium's placement says it applies to the relevance sort (the default sort is Most Recent)", () => {
    expect(PLAN_PRICES.premium.features).toContain("Ranked first when candidates sort by relevance");
    expect(PLAN_PRICES.premium.features).not.toContain("Priority placement");
  });
  it("the Enhanced Profile badge is described where it shows: the job's own page", () => {
    expect(ENHANCEMENT_PRICES["company-profile"].description).toBe("An Enhanced Profile badge on your job's page");
  });
});
