// The three advertising plans and where each leads.
import { JOB_LIFETIME_DAYS } from "./lists";
import { ENHANCEMENT_PRICES, PLAN_PRICES, SPOTLIGHT_MONTHLY_CENTS, formatUsd } from "./pricing";
import type { ContactSubject } from "./contact";
import { m } from "./serverMessages";

/**
 * Hire is priced by the posting wizard's own plans: "from" the Standard plan, which is what checkout charges
 * for one plain post; the features name Premium and Sticky at their checkout prices (issue 10 §7: the page
 * once said $299, which no checkout charged).
 */
export const HIRE_PRICE_USD = PLAN_PRICES.standard.price;
export const SPONSORSHIP_MONTHLY_USD = 9000;
/** Sponsorship is sold by talking to us; of the contact form's seven subjects, 'Other' is the one that fits. */
export const SPONSORSHIP_CONTACT_SUBJECT: ContactSubject = "Other";

export interface AdvertisePlan {
  id: "hire" | "spotlight" | "sponsorship";
  name: string;
  priceUsd: number;
  /** The price is the lowest of several (Hire: Standard, Premium, enhancements). */
  from?: boolean;
  per: "job" | "month";
  /** What the plan includes, in English (server messages the page localises), its prices written by `price` (the page's money format). */
  features: (price?: (usd: number) => string) => string[];
  cta: string;
  to: string;
}

export const ADVERTISE_PLANS: readonly AdvertisePlan[] = [
  {
    id: "hire",
    name: m("value.advertise.hire"),
    priceUsd: HIRE_PRICE_USD,
    from: true,
    per: "job",
    features: (price = formatUsd) => [
      m("server.pricing.feature.listing", { days: JOB_LIFETIME_DAYS }),
      m("server.advertise.googleJobs"),
      m("server.advertise.emailed"),
      m("server.advertise.planPrices", { standard: price(PLAN_PRICES.standard.price), premium: price(PLAN_PRICES.premium.price) }),
      m("server.advertise.sticky", { price: price(ENHANCEMENT_PRICES.sticky.price) }),
    ],
    cta: m("server.advertise.postJob"),
    to: "/post",
  },
  {
    id: "spotlight",
    name: m("value.advertise.spotlight"),
    priceUsd: SPOTLIGHT_MONTHLY_CENTS / 100,
    per: "month",
    // What a subscription gives (spec: unlimited posts, a company page, analytics); the card said only the first.
    features: () => [m("server.advertise.unlimited"), m("server.advertise.companyPage"), m("server.advertise.analytics")],
    cta: m("server.advertise.getSpotlight"),
    to: "/spotlight/onboarding",
  },
  {
    id: "sponsorship",
    name: m("value.advertise.sponsorship"),
    priceUsd: SPONSORSHIP_MONTHLY_USD,
    per: "month",
    features: () => [],
    cta: m("server.advertise.contactUs"),
    to: `/contact?subject=${encodeURIComponent(SPONSORSHIP_CONTACT_SUBJECT)}`,
  },
];
