// Every price in the product, and the one function that prices an order. The server prices every order with it; the browser only displays.
import { JOB_LIFETIME_DAYS } from "./lists";
import type { Enhancement, Plan } from "./lists";
import { m } from "./serverMessages";

export const PLAN_PRICES: Record<Plan, { name: string; price: number; features: readonly string[] }> = {
  standard: {
    name: m("value.plan.standard"),
    price: 199,
    features: [
      m("server.pricing.feature.listing", { days: JOB_LIFETIME_DAYS }),
      m("server.pricing.feature.board"),
      m("server.pricing.feature.analytics"),
      m("server.pricing.feature.emailSupport"),
      m("server.pricing.feature.sharing"),
    ],
  },
  premium: {
    name: m("value.plan.premium"),
    price: 399,
    features: [
      m("server.pricing.feature.listing", { days: JOB_LIFETIME_DAYS }),
      // Issue 22 item 14: what is delivered, nothing more (docs/decisions/0203-offers-say-what-is-delivered.md).
      m("server.pricing.feature.placement"),
      m("server.pricing.feature.allStandard"),
    ],
  },
};

export const ENHANCEMENT_PRICES: Record<Enhancement, { name: string; price: number; description: string }> = {
  highlight: { name: m("value.enhancement.highlight"), price: 79, description: m("server.pricing.enhancement.highlight") },
  sticky: { name: m("value.enhancement.sticky"), price: 149, description: m("server.pricing.enhancement.sticky") },
  featured: { name: m("value.enhancement.featured"), price: 99, description: m("server.pricing.enhancement.featured") },
  "company-profile": { name: m("value.enhancement.company-profile"), price: 99, description: m("server.pricing.enhancement.companyProfile") },
};

/** Bundles sold in the posting wizard: a plan and enhancements for several posts. */
export interface SoldBundle {
  id: "boosted" | "premium-success" | "ultimate";
  name: string;
  price: number;
  posts: number;
  plan: Plan;
  enhancements: readonly Enhancement[];
  popular?: boolean;
}

export const SOLD_BUNDLES: readonly SoldBundle[] = [
  { id: "boosted", name: m("value.bundle.boosted"), price: 349, posts: 2, plan: "standard", enhancements: ["highlight"] },
  { id: "premium-success", name: m("value.bundle.premium-success"), price: 499, posts: 3, plan: "premium", enhancements: ["featured"], popular: true },
  { id: "ultimate", name: m("value.bundle.ultimate"), price: 699, posts: 5, plan: "premium", enhancements: ["highlight", "sticky", "featured"] },
];

/** The credit bundle catalogue (Buy Job Credits). Each credit posts a job with the bundle's plan and enhancements. */
export interface CreditBundle {
  id: string;
  name: string;
  price: number;
  posts: number;
  description: string;
  savings: number; // percent
  plan: Plan;
  enhancements: readonly Enhancement[];
}

export const CREDIT_BUNDLES: readonly CreditBundle[] = [
  { id: "basic", name: m("value.bundle.basic"), price: 199, posts: 1, description: m("server.pricing.bundle.basic"), savings: 0, plan: "standard", enhancements: [] },
  { id: "standard", name: m("value.bundle.standard"), price: 896, posts: 5, description: m("server.pricing.bundle.standard"), savings: 10, plan: "standard", enhancements: [] },
  { id: "premium", name: m("value.bundle.premium"), price: 1692, posts: 10, description: m("server.pricing.bundle.premium"), savings: 15, plan: "standard", enhancements: [] },
  { id: "premium-enhanced", name: m("value.bundle.premium-enhanced"), price: 299, posts: 1, description: m("server.pricing.bundle.premiumEnhanced"), savings: 0, plan: "premium", enhancements: [] },
  {
    id: "highlight-bundle",
    name: m("value.bundle.highlight-bundle"),
    price: 278,
    posts: 1,
    description: m("server.pricing.bundle.highlight"),
    savings: 0,
    plan: "standard",
    enhancements: ["highlight"],
  },
  {
    id: "complete-bundle",
    name: m("value.bundle.complete-bundle"),
    price: 527,
    posts: 1,
    description: m("server.pricing.bundle.complete"),
    savings: 0,
    plan: "standard",
    enhancements: ["highlight", "sticky", "featured", "company-profile"],
  },
];

/**
 * What a catalogue bundle without a declared percentage saves, in whole dollars, against its posts bought one by one
 * (the plan and enhancements at their prices): Premium Enhanced's Premium post is $299, not $399, and the page says so
 * beside the wizard's $399 (the seventeenth reading saw two prices for one post). 0 when it saves nothing.
 */
export function bundleSavesDollars(bundle: CreditBundle): number {
  if (bundle.savings) return 0;
  const each = PLAN_PRICES[bundle.plan].price + bundle.enhancements.reduce((sum, e) => sum + ENHANCEMENT_PRICES[e].price, 0);
  return Math.max(0, each * bundle.posts - bundle.price);
}

/** What one credit posts: a plan and its enhancements, carried by the grant from the purchase to every job it pays for. */
export interface CreditContents {
  plan: Plan;
  enhancements: Enhancement[];
}

/** The contents of a credit bought as a catalogue bundle; a custom quantity or an unknown id buys Standard posts. */
export function creditBundleContents(id: string | null | undefined): CreditContents {
  const bundle = CREDIT_BUNDLES.find((b) => b.id === id) ?? SOLD_BUNDLES.find((b) => b.id === id);
  return bundle ? { plan: bundle.plan, enhancements: [...bundle.enhancements] } : { plan: "standard", enhancements: [] };
}

/** "A", "A and B", "A, B and C", "A, B, C and D": each form a message, so the Arabic reads each name back. */
function listOf(names: string[]): string {
  const [a = "", b = "", c = "", d = ""] = names;
  if (names.length <= 1) return a;
  if (names.length === 2) return m("server.pricing.and", { items: a, last: b });
  if (names.length === 3) return m("server.pricing.list3", { a, b, c });
  if (names.length === 4) return m("server.pricing.list4", { a, b, c, d });
  return m("server.pricing.and", { items: names.slice(0, -1).join(", "), last: names[names.length - 1]! });
}

/** "1 Premium post with Highlight and Sticky", "3 Standard posts": what a grant's credits post, as a person reads it. */
export function describeCredits(posts: number, contents: CreditContents): string {
  const names = contents.enhancements.map((e) => ENHANCEMENT_PRICES[e]?.name ?? e);
  const list = listOf(names);
  const plan = PLAN_PRICES[contents.plan]?.name ?? m("value.plan.standard");
  if (!list) return m(posts === 1 ? "server.pricing.creditsOne" : "server.pricing.credits", { posts, plan });
  return m(posts === 1 ? "server.pricing.creditsOneWith" : "server.pricing.creditsWith", { posts, plan, list });
}

/** A grant's bundle id as a person reads it; a missing or unknown name reads 'Standard'. */
export function bundleDisplayName(id: string | null | undefined): string {
  if (id === "individual") return m("value.bundle.individual");
  if (id === "custom") return m("value.bundle.custom");
  return CREDIT_BUNDLES.find((b) => b.id === id)?.name ?? SOLD_BUNDLES.find((b) => b.id === id)?.name ?? m("value.plan.standard");
}

export const CREDIT_PRICE = 199;
/** The largest custom quantity of credits sold in one purchase. */
export const MAX_CUSTOM_CREDITS = 1000;
export const MIN_POSTS = 1;
export const MAX_POSTS = 50;
export const SPOTLIGHT_MONTHLY_CENTS = 299_900;
export const CURRENCY = "usd";

/** Bulk discount on a quantity: 5+ gives 10%, 10+ 15%, 20+ 25%. */
export function bulkDiscount(quantity: number): number {
  if (quantity >= 20) return 0.25;
  if (quantity >= 10) return 0.15;
  if (quantity >= 5) return 0.1;
  return 0;
}

export interface LineItem {
  name: string;
  unitAmount: number; // dollars
  quantity: number;
}

export interface PricedOrder {
  lineItems: LineItem[];
  quantity: number;
  subtotal: number; // dollars, before discount
  discountRate: number;
  discount: number; // dollars
  total: number; // whole dollars, rounded
  totalCents: number;
  /** Posts bought (the first is used by the job being posted; the rest become credits). */
  posts: number;
  plan: Plan;
  enhancements: Enhancement[];
  bundleId: SoldBundle["id"] | null;
}

export interface JobOrderChoice {
  plan?: Plan | null;
  enhancements?: readonly Enhancement[];
  bundleId?: SoldBundle["id"] | null;
  quantity?: number;
}

function finish(lineItems: LineItem[], quantity: number, rest: Pick<PricedOrder, "posts" | "plan" | "enhancements" | "bundleId">): PricedOrder {
  const subtotal = lineItems.reduce((s, l) => s + l.unitAmount * l.quantity, 0);
  const discountRate = bulkDiscount(quantity);
  const total = Math.round(subtotal * (1 - discountRate));
  return { lineItems, quantity, subtotal, discountRate, discount: subtotal - total, total, totalCents: total * 100, ...rest };
}

export class PricingError extends Error {}

/**
 * Prices a job-post checkout. Individual posts: (plan + enhancements) x n x (1 - discount), rounded.
 * A sold bundle: bundle price x n x (1 - discount), rounded; its plan and enhancements apply.
 */
export function priceJobOrder(choice: JobOrderChoice): PricedOrder {
  const quantity = choice.quantity ?? 1;
  if (!Number.isInteger(quantity) || quantity < MIN_POSTS || quantity > MAX_POSTS) throw new PricingError(m("server.posting.posts", { min: MIN_POSTS, max: MAX_POSTS }));
  if (choice.bundleId) {
    const bundle = SOLD_BUNDLES.find((b) => b.id === choice.bundleId);
    if (!bundle) throw new PricingError(m("server.pricing.bundleNotFound"));
    return finish([{ name: `${bundle.name} bundle (${bundle.posts} posts)`, unitAmount: bundle.price, quantity }], quantity, {
      posts: bundle.posts * quantity,
      plan: bundle.plan,
      enhancements: [...bundle.enhancements],
      bundleId: bundle.id,
    });
  }
  if (!choice.plan || !(choice.plan in PLAN_PRICES)) throw new PricingError(m("server.posting.planOrBundle"));
  const enhancements = Array.from(new Set(choice.enhancements ?? []));
  for (const e of enhancements) if (!(e in ENHANCEMENT_PRICES)) throw new PricingError(m("server.pricing.unknownEnhancement", { enhancement: e }));
  const plan = PLAN_PRICES[choice.plan];
  const items: LineItem[] = [
    { name: `${plan.name} job post`, unitAmount: plan.price, quantity },
    ...enhancements.map((e) => ({ name: `${ENHANCEMENT_PRICES[e].name} enhancement`, unitAmount: ENHANCEMENT_PRICES[e].price, quantity })),
  ];
  return finish(items, quantity, { posts: quantity, plan: choice.plan, enhancements, bundleId: null });
}

export interface CreditChoice {
  bundleId?: string | null;
  customQuantity?: number | null;
}

export interface PricedCredits {
  lineItems: LineItem[];
  credits: number;
  bundleName: string;
  bundleId: string | null;
  subtotal: number;
  discountRate: number;
  discount: number;
  total: number;
  totalCents: number;
}

/** Credit purchases: a catalogue bundle at its price, or a custom quantity at $199 each with the bulk discount. */
export function priceCredits(choice: CreditChoice): PricedCredits {
  const hasBundle = Boolean(choice.bundleId);
  const hasQuantity = choice.customQuantity !== null && choice.customQuantity !== undefined;
  if (hasBundle && hasQuantity) throw new PricingError(m("server.pricing.bundleOrQuantity"));
  if (!hasBundle && !hasQuantity) throw new PricingError(m("server.pricing.selectBundle"));
  if (hasBundle) {
    const bundle = CREDIT_BUNDLES.find((b) => b.id === choice.bundleId);
    if (!bundle) throw new PricingError(m("server.pricing.bundleNotFound"));
    return {
      lineItems: [{ name: `${bundle.name} bundle (${bundle.posts} ${bundle.posts === 1 ? "post" : "posts"})`, unitAmount: bundle.price, quantity: 1 }],
      credits: bundle.posts,
      bundleName: bundle.name,
      bundleId: bundle.id,
      subtotal: bundle.price,
      discountRate: 0,
      discount: 0,
      total: bundle.price,
      totalCents: bundle.price * 100,
    };
  }
  const q = choice.customQuantity!;
  if (!Number.isInteger(q) || q < 1 || q > MAX_CUSTOM_CREDITS) {
    throw new PricingError(m("server.pricing.customQuantity", { max: MAX_CUSTOM_CREDITS.toLocaleString("en-US") }));
  }
  const subtotal = CREDIT_PRICE * q;
  const discountRate = bulkDiscount(q);
  const total = Math.round(CREDIT_PRICE * (1 - discountRate) * q);
  return {
    lineItems: [{ name: "Job post credit", unitAmount: CREDIT_PRICE, quantity: q }],
    credits: q,
    bundleName: "Custom",
    bundleId: null,
    subtotal,
    discountRate,
    discount: subtotal - total,
    total,
    totalCents: total * 100,
  };
}

export function formatUsd(dollars: number): string {
  return `$${dollars.toLocaleString("en-US", { maximumFractionDigits: 2 })}`;
}
