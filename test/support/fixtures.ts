// Fixtures for posting: valid job details, a real PNG, and checkout helpers through the real API.
import type { RefundMailData } from "../../worker/mail/templates";
import type { JobDetailsInput } from "../../worker/rules/posting";
import { call } from "./auth";

/** A real 1×1 PNG. */
export const PNG_BYTES = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));

export function jobDetails(overrides: Partial<JobDetailsInput> = {}): JobDetailsInput {
  return {
    title: `Backend Engineer ${crypto.randomUUID().slice(0, 6)}`,
    company: "Acme Labs",
    logo: "/logos/stripe.svg",
    website: "acme.example",
    location: "Dubai, UAE",
    stage: "Seed",
    category: "Engineering",
    type: "full-time",
    salary: "$100k - $150k",
    equity: "0.5% - 1.0%",
    tags: ["Go", "PostgreSQL"],
    description: `<p>${"We build payment rails for the Gulf and need a careful backend engineer to help. ".repeat(2)}</p>`,
    applicationLink: "https://acme.example/apply",
    ...overrides,
  };
}

/** A job checkout; `headers` as the page sends them (an Arabic page's `Accept-Language: ar` makes the account Arabic, decision 0509). */
export async function checkoutJob(cookie: string, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return call("/api/checkout/job", { method: "POST", cookie, json: body, headers });
}

export function purchase(overrides: Record<string, unknown> = {}) {
  return { plan: "standard", enhancements: [], selectedBundle: null, quantity: 1, email: "buyer@example.com", ...overrides };
}

/** A refund e-mail's data, in Arabic: a $199 post refunded in full, money only; `overrides` change any part. */
export function refundMailData(overrides: Partial<RefundMailData> = {}): RefundMailData {
  return {
    locale: "ar",
    amountCents: 19900,
    currency: "usd",
    what: "إعلان واحد بالخطة القياسية",
    orderReference: "ABCD1234",
    jobTitle: null,
    jobUnpublished: false,
    creditsRemoved: 0,
    paidCents: 19900,
    refundedBeforeCents: 0,
    why: null,
    note: null,
    billingUrl: "http://localhost:8787/ar/dashboard/billing",
    ...overrides,
  };
}
