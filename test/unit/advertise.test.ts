// Paid placement is visible: the advertise page's Hire price matches what checkout charges.
import { describe, expect, it } from "vitest";
import { ADVERTISE_PLANS, HIRE_PRICE_USD } from "../../worker/rules/advertise";
import { priceJobOrder } from "../../worker/rules/pricing";

describe("the advertise page's 'Hire … per job' matches what checkout charges, or explains the plans", () => {
  it("Hire is 'From' the price checkout charges for one Standard post", () => {
    const hire = ADVERTISE_PLANS.find((p) => p.id === "hire")!;
    expect(hire.priceUsd).toBe(HIRE_PRICE_USD);
    expect(hire.from).toBe(true);
    expect(priceJobOrder({ plan: "standard", quantity: 1 }).total).toBe(hire.priceUsd);
  });

  it("its features name Premium and Sticky at the prices checkout charges", () => {
    const hire = ADVERTISE_PLANS.find((p) => p.id === "hire")!;
    const premium = priceJobOrder({ plan: "premium", quantity: 1 }).total;
    const sticky = priceJobOrder({ plan: "standard", enhancements: ["sticky"], quantity: 1 }).total - HIRE_PRICE_USD;
    expect(hire.features()).toContain(`Standard $${HIRE_PRICE_USD}, Premium $${premium}`);
    expect(hire.features()).toContain(`Sticky +$${sticky}: pinned above the results`);
    // The page writes the prices in its own money format (issue 25: "199 US$" in Arabic, as its headline price).
    expect(hire.features((usd) => `${usd} US$`)).toContain(`Sticky +${sticky} US$: pinned above the results`);
  });

  it("Spotlight's card says what a subscription gives: unlimited posts, a company page, analytics (it said only the first)", () => {
    const spotlight = ADVERTISE_PLANS.find((p) => p.id === "spotlight")!;
    expect(spotlight.features()).toEqual(["Unlimited job posts", "Your own company page", "Analytics of your page and jobs"]);
  });
});
