// Display helpers over the shared pricing rules (worker/rules/pricing.ts); no number is typed here.
import { ENHANCEMENT_PRICES, MAX_POSTS, MIN_POSTS, PLAN_PRICES, bulkDiscount } from "@rules/pricing";
import type { SoldBundle } from "@rules/pricing";

/** The bulk discount's steps, read off bulkDiscount: [{ from: 5, rate: 0.1 }, ...]. */
export function discountTiers(): { from: number; rate: number }[] {
  const tiers: { from: number; rate: number }[] = [];
  for (let q = MIN_POSTS; q <= MAX_POSTS; q++) {
    const rate = bulkDiscount(q);
    if (rate > 0 && rate !== bulkDiscount(q - 1)) tiers.push({ from: q, rate });
  }
  return tiers;
}

export function percent(rate: number): string {
  return `${Math.round(rate * 100)}%`;
}

/** 'Premium plan, Highlight, Sticky, Featured': what a sold bundle includes. */
export function bundleIncludes(bundle: SoldBundle): string {
  return [`${PLAN_PRICES[bundle.plan].name} plan`, ...bundle.enhancements.map((e) => ENHANCEMENT_PRICES[e].name)].join(", ");
}

export function postsLabel(n: number): string {
  return `${n} job ${n === 1 ? "post" : "posts"}`;
}
