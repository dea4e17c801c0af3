// GET /api/billing (the billing page, /dashboard/billing): every order of the signed-in user and every
// credit grant, each as its own row. Shared by the worker and the web app.
import { m } from "./serverMessages";

export type OrderStatusLabel = "Paid" | "Payment processing" | "Not paid" | "Payment failed" | "Expired" | "Refunded" | "Partially refunded" | "Refund pending" | "Under review";

/** One refund of an order, as the billing page lists it under the order. */
export interface BillingRefund {
  id: string;
  date: string;
  amountCents: number;
  /** "$1.00 USD" */
  amount: string;
  /** What it took back besides the money. */
  jobUnpublished: boolean;
  creditsRemoved: number;
  /** Accepted by the payment provider, the money not back yet (a bank refund): "on its way". */
  pending: boolean;
}

export interface BillingOrder {
  id: string;
  /** As the receipt e-mail shows it. */
  reference: string;
  kind: "job" | "credits" | "spotlight";
  /** When it was paid, or made when it was not (ISO). */
  date: string;
  /** "Premium Success bundle: 3 Premium posts with Featured (Backend Engineer)". */
  what: string;
  amountCents: number;
  currency: string;
  /** "$2,466.00 USD" */
  amount: string;
  status: string;
  statusLabel: OrderStatusLabel;
  /** The payment provider's hosted receipt, where there is one. */
  receiptUrl: string | null;
  /** Its refunds, oldest first (failed ones are not refunds; pending ones are on their way), and the sum of those that went back ("Partially refunded $X"). */
  refunds: BillingRefund[];
  refundedCents: number;
  refunded: string;
}

export interface BillingGrant {
  id: string;
  /** "Premium Enhanced", "Individual posts", "Custom". */
  name: string;
  /** What its credits post: "5 Premium posts with Highlight and Sticky". */
  includes: string;
  jobCount: number;
  postsRemaining: number;
  /** Unspent credits refunds took back. */
  creditsRemoved: number;
  purchasedAt: string;
  expiresAt: string;
  state: "active" | "used" | "expired";
}

export interface BillingSubscription {
  id: string;
  status: string;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  endedAt: string | null;
  /** Whether "Manage subscription" can open the provider's page (a customer is known). */
  manageable: boolean;
}

export interface BillingResponse {
  orders: BillingOrder[];
  grants: BillingGrant[];
  /** The current (newest) Spotlight subscription, which "Manage subscription" opens. */
  subscription: BillingSubscription | null;
  /** Every Spotlight subscription the account has had, newest first. */
  subscriptions: BillingSubscription[];
}

export const BILLING_MESSAGES = {
  signIn: m("server.common.signedIn"),
  noSubscription: m("server.billing.noSubscription"),
  portalFailed: m("server.billing.portalFailed"),
  orderNotFound: m("server.billing.orderNotFound"),
  notPaid: m("server.billing.notPaid"),
  receiptRecentlySent: m("server.billing.receiptRecentlySent"),
} as const;

/** "E-mail me a copy" sends an order's receipt at most once in this long (worker/mail/receipts.ts receiptCopyStatement). */
export const RECEIPT_COPY_EVERY_MS = 10 * 60_000;

const LABELS: Record<string, OrderStatusLabel> = {
  paid: "Paid",
  awaiting_payment: "Payment processing",
  pending: "Not paid",
  failed: "Payment failed",
  expired: "Expired",
  refunded: "Refunded",
  mismatch: "Under review",
};

/** Every paid order's receipt went by e-mail when it was paid (Spotlight's too, worker/mail/receipts.ts), refunded since or not. */
export function receiptMailed(label: OrderStatusLabel): boolean {
  return label === "Paid" || label === "Partially refunded" || label === "Refunded" || label === "Refund pending";
}

/** A paid order reads "Refund pending" while a refund of it is on its way (decision 0223), then (partially) refunded once it went back. */
export function orderStatusLabel(status: string, fulfilled: boolean, refundedCents = 0, pendingCents = 0): OrderStatusLabel {
  if (status === "refunded") return "Refunded";
  if (fulfilled && pendingCents > 0) return "Refund pending";
  if (fulfilled) return refundedCents > 0 ? "Partially refunded" : "Paid";
  return LABELS[status] ?? "Not paid";
}

/** Card checkout's refusals (worker/checkout/routes.ts). */
export const CHECKOUT_MESSAGES = {
  alreadyPaid: m("server.checkout.alreadyPaid"),
  superseded: m("server.checkout.superseded"),
  spotlightCovers: m("server.checkout.spotlightCovers"),
} as const;

/** Editing a paid job (worker/dashboard/routes.ts): the company it was paid for stays. */
export const PAID_JOB_MESSAGES = {
  companyFixed: m("server.dashboard.companyFixed"),
} as const;

/** The success pages while a bank transfer clears, and when it fails (issue 10 item 16). */
export const PAYMENT_MESSAGES = {
  processingTitle: m("server.billing.processingTitle"),
  processing: m("server.billing.processing"),
  failedTitle: m("server.billing.failedTitle"),
  jobFailed: m("server.billing.jobFailed"),
  creditsFailed: m("server.billing.creditsFailed"),
} as const;
