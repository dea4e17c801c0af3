// Display helpers over the shared pricing rules (worker/rules/pricing.ts); no number is typed here. The
// words come from the catalogue (posting.json) in the page's language; English reads as the rules' own names.
import { CREDIT_BUNDLES, ENHANCEMENT_PRICES, MAX_POSTS, MIN_POSTS, PLAN_PRICES, SOLD_BUNDLES, bulkDiscount, bundleSavesDollars } from "@rules/pricing";
import type { CreditContents, LineItem } from "@rules/pricing";
import type { Enhancement, Plan } from "@rules/lists";
// English text of the pricing words only (not the whole catalogue): what the rules name things by.
import posting from "@rules/locales/en/posting.json";
import { i18n } from "./i18n";
import type { MessageId } from "./i18n";

/** The bulk discount's steps, read off bulkDiscount: [{ from: 5, rate: 0.1 }, ...]. */
export function discountTiers(): { from: number; rate: number }[] {
  const tiers: { from: number; rate: number }[] = [];
  for (let q = MIN_POSTS; q <= MAX_POSTS; q++) {
    const rate = bulkDiscount(q);
    if (rate > 0 && rate !== bulkDiscount(q - 1)) tiers.push({ from: q, rate });
  }
  return tiers;
}

/**
 * "10%" (Arabic keeps Latin digits). In Arabic the number and its sign are one isolated left-to-right unit
 * (LRI … PDI), not Intl's loose LRM marks, so that "%" cannot drift away from its number in a sentence
 * such as "5 إعلانات فأكثر: خصم 10%، 10 إعلانات فأكثر: خصم 15%" (issue 25).
 */
export function percent(rate: number): string {
  return isolatedPercent(i18n().number(Math.round(rate * 100) / 100, { style: "percent" }));
}

/** A share given in percent points (0.5 for 0.5%), written as percent() writes a rate: "0.5%", kept whole in Arabic. */
export function percentPoints(points: number): string {
  return isolatedPercent(i18n().number(points / 100, { style: "percent", maximumFractionDigits: 2 }));
}

// In Arabic a percentage is isolated left to right, so its % stays after its number («10%») wherever it stands:
// after Arabic letters the digits would be Arabic numbers to the bidi algorithm, and the % would go to their left.
function isolatedPercent(text: string): string {
  return i18n().locale === "ar" ? `\u2066${text.replace(/[\u200e\u200f\u061c]/g, "")}\u2069` : text;
}

/** Money from whole dollars, as the pricing rules keep it: "$1,692" (in Arabic "1,692 US$", kept whole by formatMoney). */
export function dollars(amount: number): string {
  return i18n().money(Math.round(amount * 100));
}

/**
 * A list value's label from the catalogue: value.<list>.<id> (or value.<list>.<English label>), else the
 * rules' English label until the catalogue has it.
 */
export function listLabel(list: string, id: string, english: string): string {
  const shown = i18n().value(list, id);
  if (shown !== id) return shown;
  return i18n().value(list, english);
}

const label = listLabel;

export function planName(plan: Plan): string {
  return label("plan", plan, PLAN_PRICES[plan]?.name ?? plan);
}

export function enhancementName(enhancement: Enhancement): string {
  return label("enhancement", enhancement, ENHANCEMENT_PRICES[enhancement]?.name ?? enhancement);
}

/** A sold bundle's or a credit bundle's name. */
export function bundleName(id: string): string {
  const english = SOLD_BUNDLES.find((b) => b.id === id)?.name ?? CREDIT_BUNDLES.find((b) => b.id === id)?.name ?? id;
  return label("bundle", id, english);
}

/** A credit grant's bundle as the server names it (bundleDisplayName): its label, or the server's English name. */
export function bundleLabel(id: string | null | undefined, english: string): string {
  if (id === "individual") return i18n().t("posting.bundle.individual");
  if (id === "custom") return i18n().t("posting.bundle.custom");
  return id ? listLabel("bundle", id, english) : english;
}

/** A bundle as a checkout names it (its English name, "Premium", "Custom"), in the page's language. */
export function bundleNamed(english: string): string {
  const id = english === "Custom" ? "custom" : (CREDIT_BUNDLES.find((b) => b.name === english)?.id ?? SOLD_BUNDLES.find((b) => b.name === english)?.id);
  return bundleLabel(id, english);
}

const PRICING_TEXT = new Map<string, MessageId>(
  Object.entries(posting)
    .filter(([id]) => id.startsWith("posting.pricing."))
    .map(([id, text]) => [text, id as MessageId]),
);

/** A plan feature, an enhancement's or a credit bundle's description from the pricing rules, in the page's language. */
export function pricingText(english: string): string {
  const id = PRICING_TEXT.get(english);
  return id ? i18n().t(id) : i18n().localise(english);
}

/** "A, B and C" / "أ وب وج": Arabic joins every item with و, as the server's sentences (describeCredits) do. */
export function joinAnd(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return i18n().t("posting.list.and", { rest: items.slice(0, -1).join(i18n().t("posting.list.andSeparator")), last: items[items.length - 1] });
}

/** "3 job posts". */
export function postsLabel(n: number): string {
  return i18n().t("posting.posts", { count: n });
}

/** "1 Premium post with Highlight and Sticky", "3 Standard posts": what a grant's credits post (describeCredits in the page's language). */
export function creditsLabel(posts: number, contents: CreditContents): string {
  const names = contents.enhancements.map(enhancementName);
  const list = joinAnd(names);
  const plan = PLAN_PRICES[contents.plan] ? planName(contents.plan) : planName("standard");
  return list ? i18n().t("posting.credits.describeWith", { count: posts, plan, list }) : i18n().t("posting.credits.describe", { count: posts, plan });
}

/**
 * A bundle by its contents (issue 22 item 12): "Premium bundle: 10 Standard posts, save 15%", "Premium Success
 * bundle: 3 Premium posts with Featured". The server's creditBundleSummary (worker/mail/receipts.ts) says the
 * same on the success page, the receipt and Billing; this is it in the page's language, for the cards.
 */
export function bundleSummary(id: string): string {
  const { t } = i18n();
  const credit = CREDIT_BUNDLES.find((b) => b.id === id);
  const bundle = credit ?? SOLD_BUNDLES.find((b) => b.id === id);
  if (!bundle) return bundleName(id);
  const heading = /bundle$/i.test(bundle.name) ? bundleName(id) : t("posting.bundle.heading", { name: bundleName(id) });
  const what = creditsLabel(bundle.posts, { plan: bundle.plan, enhancements: [...bundle.enhancements] });
  if (credit?.savings) return t("posting.bundle.contentsSave", { heading, what, saving: percent(credit.savings / 100) });
  const saves = credit ? bundleSavesDollars(credit) : 0;
  return saves ? t("posting.bundle.contentsSave", { heading, what, saving: dollars(saves) }) : t("posting.bundle.contents", { heading, what });
}

/**
 * The name of an order's line (priceJobOrder / priceCredits): a bundle, a plan's job post, an enhancement,
 * or a credit. `order` tells which line it is; the rules' English name when it is none of those.
 */
export function lineName(line: LineItem, order: { bundleId?: string | null; plan?: Plan | null; enhancements?: readonly Enhancement[] }, index: number): string {
  const { t } = i18n();
  const sold = SOLD_BUNDLES.find((b) => b.id === order.bundleId);
  if (sold) return t("posting.line.bundle", { name: bundleName(sold.id), posts: sold.posts });
  const credit = CREDIT_BUNDLES.find((b) => b.id === order.bundleId);
  if (credit) return t("posting.line.bundle", { name: bundleName(credit.id), posts: credit.posts });
  if (order.plan) {
    if (index === 0) return t("posting.line.plan", { plan: planName(order.plan) });
    const enhancement = order.enhancements?.[index - 1];
    if (enhancement) return t("posting.line.enhancement", { name: enhancementName(enhancement) });
  }
  if (order.bundleId === null && !order.plan) return t("posting.line.credit");
  return line.name;
}
