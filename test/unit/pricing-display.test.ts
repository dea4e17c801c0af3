// The posting screens' pricing words (web/pricingDisplay.ts) come from the catalogue (posting.json), and in
// English they read exactly as the shared pricing rules name things: every line of every order, what a
// credit posts, what a bundle includes, "n job posts".
import { beforeAll, describe, expect, it } from "vitest";
import { CREDIT_BUNDLES, ENHANCEMENT_PRICES, PLAN_PRICES, SOLD_BUNDLES, describeCredits, formatUsd, priceCredits, priceJobOrder } from "../../worker/rules/pricing";
import { ENHANCEMENTS, PLANS } from "../../worker/rules/lists";
import type { Enhancement } from "../../worker/rules/lists";
import { loadCatalogue, loadScreenMessages } from "../../web/i18n";
import { creditBundleSummary } from "../../worker/mail/receipts";
import { bundleNamed, bundleSummary, creditsLabel, dollars, lineName, percent, postsLabel, pricingText } from "../../web/pricingDisplay";

// The posting screens' messages, as the app loads them before a posting screen renders (web/App.tsx).
beforeAll(async () => {
  await loadCatalogue();
  await loadScreenMessages();
});

function subsets<T>(items: readonly T[]): T[][] {
  const all: T[][] = [[]];
  for (const item of items) for (const s of all.slice()) all.push([...s, item]);
  return all;
}

describe("pricing display in English", () => {
  it("names every line of a job order as priceJobOrder does", () => {
    for (const plan of PLANS) {
      for (const enhancements of subsets<Enhancement>(ENHANCEMENTS)) {
        const order = priceJobOrder({ plan, enhancements, quantity: 2 });
        expect(order.lineItems.map((line, i) => lineName(line, order, i))).toEqual(order.lineItems.map((l) => l.name));
      }
    }
    for (const b of SOLD_BUNDLES) {
      const order = priceJobOrder({ bundleId: b.id });
      expect(lineName(order.lineItems[0]!, order, 0)).toBe(order.lineItems[0]!.name);
    }
  });

  it("names every line of a credit purchase as priceCredits does", () => {
    for (const b of CREDIT_BUNDLES) {
      const priced = priceCredits({ bundleId: b.id });
      expect(lineName(priced.lineItems[0]!, { bundleId: priced.bundleId }, 0)).toBe(priced.lineItems[0]!.name);
    }
    const custom = priceCredits({ customQuantity: 12 });
    expect(lineName(custom.lineItems[0]!, { bundleId: custom.bundleId }, 0)).toBe("Job post credit");
  });

  it("says what credits post as describeCredits does", () => {
    for (const plan of PLANS) {
      for (const enhancements of subsets<Enhancement>(ENHANCEMENTS)) {
        for (const posts of [1, 3]) expect(creditsLabel(posts, { plan, enhancements })).toBe(describeCredits(posts, { plan, enhancements }));
      }
    }
  });

  it("reads bundles, counts, money and percents as before", () => {
    expect(bundleSummary("ultimate")).toBe("Ultimate bundle: 5 Premium posts with Highlight, Sticky and Featured");
    expect([postsLabel(1), postsLabel(2), postsLabel(1000)]).toEqual(["1 job post", "2 job posts", "1000 job posts"]);
    for (const amount of [79, 199, 1692, 3582]) expect(dollars(amount)).toBe(formatUsd(amount));
    expect([percent(0.1), percent(0.25)]).toEqual(["10%", "25%"]);
    expect(bundleNamed("Premium")).toBe("Premium");
    expect(bundleNamed("Custom")).toBe("Custom");
  });

  it("names each bundle by its contents, as the success page, receipt and Billing do (issue 22 item 12)", () => {
    expect(bundleSummary("premium")).toBe("Premium bundle: 10 Standard posts, save 15%");
    expect(bundleSummary("complete-bundle")).toBe("Complete Bundle: 1 Standard post with Highlight, Sticky, Featured and Company Profile, save $98");
    // One Premium post is $399 in the wizard and $299 here: the bundle says what it saves (the seventeenth reading).
    expect(bundleSummary("premium-enhanced")).toBe("Premium Enhanced bundle: 1 Premium post, save $100");
    expect(bundleSummary("highlight-bundle")).not.toContain("save");
    expect(bundleSummary("basic")).not.toContain("save");
    for (const b of CREDIT_BUNDLES) expect(bundleSummary(b.id)).toBe(creditBundleSummary({ bundleId: b.id }));
  });

  it("has every plan feature and description of the pricing rules in the catalogue", () => {
    const texts = [...Object.values(PLAN_PRICES).flatMap((p) => p.features), ...Object.values(ENHANCEMENT_PRICES).map((e) => e.description), ...CREDIT_BUNDLES.map((b) => b.description)];
    for (const text of texts) expect(pricingText(text)).toBe(text);
  });
});
