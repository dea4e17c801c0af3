// How long the board keeps what it keeps (docs/decisions/0303). The scheduled purges read these, and the privacy
// page (/privacy) says them, so what the page promises is what the purges do.

/** An alert or "Notify me" unsubscribed from, or never confirmed, is deleted this many days later ("purge-alerts"). */
export const ALERT_RETENTION_DAYS = 30;
/** A sent e-mail's subject and text are erased this many days after sending; the row stays, so it still goes once. */
export const MAIL_TEXT_RETENTION_DAYS = 30;
/** A processed Stripe event's payload (the buyer's e-mail among it) is dropped this many days later; failed ones keep theirs for replay. */
export const WEBHOOK_PAYLOAD_RETENTION_DAYS = 30;
/** A rate-limit counter, whose key holds an IP or an e-mail address, is deleted this many days after its window started (the longest window is a day). */
export const RATE_LIMIT_RETENTION_DAYS = 2;
/** How long the analytics remember that a visitor applied, so an application is counted once (worker/analytics/count.ts). */
export const APPLIED_VISITOR_DAYS = 30;
/**
 * An uploaded logo that no job (in any state) and no company refers to is deleted this many days after its upload
 * ("purge-unused-logos"): a posting draft keeps its logo's URL in its tab, and a Spotlight preview in the browser,
 * before any row refers to it; a checkout's unpaid job row refers to it at once.
 */
export const UNUSED_LOGO_RETENTION_DAYS = 7;
