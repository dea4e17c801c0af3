// The three advertising plans (employer-and-spotlight.md §2 "Advertise", §9) and where each leads.
import { JOB_LIFETIME_DAYS } from "./lists";
import { SPOTLIGHT_MONTHLY_CENTS } from "./pricing";
import type { ContactSubject } from "./contact";

export const HIRE_PRICE_USD = 299;
export const SPONSORSHIP_MONTHLY_USD = 9000;
/** Sponsorship is sold by talking to us; of the contact form's seven subjects, 'Other' is the one that fits. */
export const SPONSORSHIP_CONTACT_SUBJECT: ContactSubject = "Other";

export interface AdvertisePlan {
  id: "hire" | "spotlight" | "sponsorship";
  name: string;
  priceUsd: number;
  per: "job" | "month";
  features: string[];
  cta: string;
  to: string;
}

export const ADVERTISE_PLANS: readonly AdvertisePlan[] = [
  {
    id: "hire",
    name: "Hire",
    priceUsd: HIRE_PRICE_USD,
    per: "job",
    features: [`${JOB_LIFETIME_DAYS}-day listing`, "Sent to Google Jobs", "E-mailed to candidates"],
    cta: "Post a Job",
    to: "/post",
  },
  {
    id: "spotlight",
    name: "Spotlight",
    priceUsd: SPOTLIGHT_MONTHLY_CENTS / 100,
    per: "month",
    features: ["Unlimited job posts"],
    cta: "Get Spotlight",
    to: "/spotlight/onboarding",
  },
  {
    id: "sponsorship",
    name: "Sponsorship",
    priceUsd: SPONSORSHIP_MONTHLY_USD,
    per: "month",
    features: [],
    cta: "Contact Us",
    to: `/contact?subject=${encodeURIComponent(SPONSORSHIP_CONTACT_SUBJECT)}`,
  },
];
