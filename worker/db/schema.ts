// The system of record (README, Layout): every entity of the product plus what
// accounts, money and mail need. Times are epoch milliseconds; booleans are 0/1 integers.
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import type { IndexColumn } from "drizzle-orm/sqlite-core";

const now = sql`(cast(unixepoch('subsec') * 1000 as integer))`;
const live = (t: { published: unknown; deletedAt: unknown }) => sql`${t.published} = 1 and ${t.deletedAt} is null`;
/** What search's visibility test and cheap filters read, carried by every sort index (worker/jobs/search.ts). */
const searchColumns = <T extends Record<"expiresAt" | "newerDupUntil" | "published" | "deletedAt" | "typeKey" | "isRemote" | "locationSearch" | "salaryTopUsd", IndexColumn>>(t: T) =>
  [t.expiresAt, t.newerDupUntil, t.published, t.deletedAt, t.typeKey, t.isRemote, t.locationSearch, t.salaryTopUsd] as const;

export const accounts = sqliteTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    passwordHash: text("password_hash"), // null for accounts from an external identity provider
    name: text("name").notNull().default(""),
    company: text("company").notNull().default(""),
    isSpotlightUser: integer("is_spotlight_user").notNull().default(0),
    // Set by the operator console: a disabled account cannot sign in, refresh or act (worker/admin/accounts.ts).
    disabledAt: integer("disabled_at"),
    // The language of the account's e-mails: that of the request that signed it up (migration 0013).
    locale: text("locale").notNull().default("en"),
    // When the account proved its address (the e-mailed link, or an identity provider's verified claim); null until then (migration 0016a).
    emailVerifiedAt: integer("email_verified_at"),
    // Every access token carries it; a password change, a reset, "Sign out everywhere", a disable or a deletion adds one (worker/auth/store.ts).
    tokenVersion: integer("token_version").notNull().default(0),
    // Set when the owner deleted the account: its personal data is erased, its orders kept under an anonymised customer (worker/account/delete.ts).
    deletedAt: integer("deleted_at"),
    // The employer's application notices: 'each' (one e-mail per application) or 'digest' (one a day; migration 0024a).
    applicationNotices: text("application_notices").notNull().default("each"),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [uniqueIndex("accounts_email_idx").on(t.email), index("accounts_console_idx").on(t.createdAt, t.id)],
);

/** Single-use e-mailed links (verify an address, reset a password), stored only as their SHA-256 (worker/auth/accountTokens.ts). */
export const accountTokens = sqliteTable(
  "account_tokens",
  {
    id: text("id").primaryKey(), // sha-256 of the token
    accountId: text("account_id").notNull(),
    purpose: text("purpose").notNull(), // verify_email, reset_password
    email: text("email").notNull(), // the address the link was sent to: for verify_email, the address it proves
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("account_tokens_account_idx").on(t.accountId, t.purpose)],
);

export const refreshTokens = sqliteTable(
  "refresh_tokens",
  {
    id: text("id").primaryKey(), // sha-256 of the token; the token itself is never stored
    accountId: text("account_id").notNull(),
    family: text("family").notNull(), // rotation family: reuse of a rotated token revokes the family
    expiresAt: integer("expires_at").notNull(),
    rotatedAt: integer("rotated_at"),
    revokedAt: integer("revoked_at"),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [index("refresh_tokens_account_idx").on(t.accountId), index("refresh_tokens_family_idx").on(t.family)],
);

/** Passkeys (WebAuthn credentials) an account signs in with beside its password (worker/auth/passkeys.ts). */
export const passkeys = sqliteTable(
  "passkeys",
  {
    id: text("id").primaryKey(), // the credential id, base64url
    accountId: text("account_id").notNull(),
    publicKey: text("public_key").notNull(), // the COSE public key, base64url
    counter: integer("counter").notNull().default(0),
    transports: text("transports").notNull().default("[]"), // JSON array
    name: text("name").notNull().default(""),
    createdAt: integer("created_at").notNull(),
    lastUsedAt: integer("last_used_at"),
  },
  (t) => [index("passkeys_account_idx").on(t.accountId)],
);

/** A WebAuthn ceremony's challenge, used once within its few minutes (registration: for one account; sign-in: for anyone). */
export const webauthnChallenges = sqliteTable("webauthn_challenges", {
  challenge: text("challenge").primaryKey(),
  purpose: text("purpose").notNull(), // 'register' | 'sign_in'
  accountId: text("account_id"),
  expiresAt: integer("expires_at").notNull(),
});

/** Fixed-window counters for rate limits (sign-in per account and per address, contact form). */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: integer("window_start").notNull(),
  count: integer("count").notNull(),
});

export const companies = sqliteTable("companies", {
  id: text("id").primaryKey(), // slug, e.g. "stripe"
  company: text("company").notNull(),
  logo: text("logo").notNull().default(""),
  tagline: text("tagline").notNull().default(""),
  website: text("website").notNull().default(""),
  stage: text("stage").notNull().default("Not Specified"),
  ownerId: text("owner_id"),
  createdAt: integer("created_at").notNull().default(now),
  updatedAt: integer("updated_at").notNull().default(now),
});

export const jobs = sqliteTable(
  "jobs",
  {
    // Stable integer rowid: the full-text index (migrations/0001_search.sql, 0012_arabic_search.sql) is keyed by it.
    seq: integer("seq").primaryKey(),
    id: text("id").notNull(),
    title: text("title").notNull(),
    company: text("company").notNull(),
    companyId: text("company_id"),
    tagline: text("tagline").notNull().default(""),
    location: text("location").notNull().default(""),
    salary: text("salary").notNull().default(""),
    equity: text("equity").notNull().default(""),
    stage: text("stage").notNull().default("Not Specified"),
    category: text("category").notNull().default(""),
    type: text("type").notNull().default(""),
    description: text("description").notNull().default(""), // sanitised HTML
    descriptionText: text("description_text").notNull().default(""), // visible text, for search
    website: text("website").notNull().default(""),
    tags: text("tags").notNull().default("[]"), // JSON array of strings
    tagsText: text("tags_text").notNull().default(""), // tags joined, for search
    logo: text("logo").notNull().default(""),
    applyUrl: text("apply_url").notNull().default(""),
    applicationLink: text("application_link").notNull().default(""),
    applicationEmail: text("application_email").notNull().default(""),
    // "Receive applications on Startup Jobs" (issue 26; migrations/0020c_applications.sql): 1 when the board takes them.
    applications: integer("applications").notNull().default(0),
    email: text("email").notNull().default(""),
    customerEmail: text("customer_email").notNull().default(""),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
    expiresAt: integer("expires_at").notNull(),
    published: integer("published").notNull().default(0),
    publishedAt: integer("published_at"),
    // Optional moderation (worker/jobs/review.ts): null, or waiting, approved, rejected.
    review: text("review"),
    deletedAt: integer("deleted_at"),
    // An operator's takedown, "Removed by the board" (worker/jobs/takedown.ts, migration 0017): when, why,
    // by whom ('operator', or 'account' when taken down with a disabled account), and whether it was live.
    // Only an operator lifts it; the owner's Activate, repost and edit refuse it.
    removedAt: integer("removed_at"),
    removedReason: text("removed_reason"),
    /** What the owner is told instead of removed_reason (OWNER_REASONS), in their language; NULL: removed_reason. */
    removedReasonCode: text("removed_reason_code"),
    removedBy: text("removed_by"),
    removedWasPublished: integer("removed_was_published"),
    isDuplicate: integer("is_duplicate").notNull().default(0),
    duplicateOf: text("duplicate_of"),
    plan: text("plan").notNull().default("standard"),
    enhancements: text("enhancements").notNull().default("[]"), // JSON array
    selectedBundle: text("selected_bundle"),
    bundle: text("bundle"),
    jobCount: integer("job_count").notNull().default(1),
    submissionId: text("submission_id"),
    userId: text("user_id"),
    paymentStatus: text("payment_status"),
    amountPaid: integer("amount_paid"), // cents
    paymentIntentId: text("payment_intent_id"),
    creditSource: text("credit_source"), // 'bundle' | 'individual' | 'spotlight'
    bundleId: text("bundle_id"),
    sourceJobId: text("source_job_id"),
    source: text("source").notNull().default("post"), // 'post' | 'spotlight' | 'seed' | 'import'
    // Derived on every write (worker/jobs/derive.ts) so search filters and sorts are index lookups.
    dedupeKey: text("dedupe_key").notNull(),
    companyKey: text("company_key").notNull(),
    // "Company: A–Z" in each language (issue 25): keys whose byte order is Intl.Collator's for English and for
    // Arabic (worker/rules/collation.ts; migrations/0025a_sort_keys.sql). Rows written before them are re-read
    // with the salary keys (salary_parsed = 0).
    companySortEn: text("company_sort_en").notNull().default(""),
    companySortAr: text("company_sort_ar").notNull().default(""),
    typeKey: text("type_key").notNull().default(""),
    isRemote: integer("is_remote").notNull().default(0),
    relevanceRank: integer("relevance_rank").notNull().default(0),
    salaryHighKey: integer("salary_high_key").notNull().default(-1),
    salaryLowKey: integer("salary_low_key").notNull().default(9007199254740991),
    // The structured salary read from `salary` (worker/rules/salary.ts parseSalary; null when it does not read),
    // and its top in whole US cents a year, which the pay filter compares (migrations/0020a_structured_salary.sql).
    salaryMin: integer("salary_min"),
    salaryMax: integer("salary_max"),
    salaryCurrency: text("salary_currency"),
    salaryPeriod: text("salary_period"),
    salaryTopUsd: integer("salary_top_usd"),
    // 0 until the keys read in JavaScript (the structured salary, the salary and company sort keys) are written:
    // a migration that changes how they are read sets it back to 0, and the seed and "parse-salaries" re-read them.
    salaryParsed: integer("salary_parsed").notNull().default(0),
    // Latest expires_at of a newer, published duplicate (same dedupe_key); while it lies in the future
    // this row is collapsed into that newer one. Maintained by refreshDuplicateGroup().
    newerDupUntil: integer("newer_dup_until"),
    // Folded for search (worker/rules/arabic.ts; set by worker/jobs/store.ts, migrations/0012_arabic_search.sql):
    // title, company, description_text, location, tags_text and category, one per line; and the location.
    searchText: text("search_text").notNull().default(""),
    // The same fields but the description (migrations/0019a_search_head.sql): where search looks for a
    // query word's equivalents in the other language (worker/jobs/search.ts).
    searchHead: text("search_head").notNull().default(""),
    locationSearch: text("location_search").notNull().default(""),
  },
  (t) => [
    uniqueIndex("jobs_id_idx").on(t.id),
    // Each sort's index, carrying what the visibility test and the cheap filters read (searchColumns, below),
    // so a walk in the sort's order reads only the rows that pass them (migrations/0021b_search_indexes.sql,
    // 0022_pay_search_columns.sql: the pay filter's salary_top_usd).
    index("jobs_recent_idx")
      .on(sql`${t.createdAt} desc`, sql`${t.id} desc`, ...searchColumns(t))
      .where(live(t)),
    index("jobs_relevance_idx")
      .on(sql`${t.relevanceRank} desc`, sql`${t.createdAt} desc`, sql`${t.id} desc`, ...searchColumns(t))
      .where(live(t)),
    index("jobs_salary_high_idx")
      .on(sql`${t.salaryHighKey} desc`, sql`${t.createdAt} desc`, sql`${t.id} desc`, ...searchColumns(t))
      .where(live(t)),
    index("jobs_salary_low_idx")
      .on(t.salaryLowKey, sql`${t.createdAt} desc`, sql`${t.id} desc`, ...searchColumns(t))
      .where(live(t)),
    // Company A–Z / Z–A, per language (migrations/0025a_sort_keys.sql).
    index("jobs_company_idx")
      .on(t.companySortEn, sql`${t.createdAt} desc`, sql`${t.id} desc`, ...searchColumns(t))
      .where(live(t)),
    index("jobs_company_desc_idx")
      .on(sql`${t.companySortEn} desc`, sql`${t.createdAt} desc`, sql`${t.id} desc`, ...searchColumns(t))
      .where(live(t)),
    index("jobs_company_ar_idx")
      .on(t.companySortAr, sql`${t.createdAt} desc`, sql`${t.id} desc`, ...searchColumns(t))
      .where(live(t)),
    index("jobs_company_ar_desc_idx")
      .on(sql`${t.companySortAr} desc`, sql`${t.createdAt} desc`, sql`${t.id} desc`, ...searchColumns(t))
      .where(live(t)),
    // The pay filter's candidate set, from the index alone (migrations/0022_pay_search_columns.sql: published, deleted_at).
    index("jobs_salary_top_idx").on(t.salaryTopUsd, t.expiresAt, t.newerDupUntil, t.typeKey, t.isRemote, t.createdAt, t.published, t.deletedAt).where(live(t)),
    index("jobs_salary_unparsed_idx").on(t.seq).where(sql`${t.salaryParsed} = 0`),
    index("jobs_type_idx").on(t.typeKey, sql`${t.createdAt} desc`).where(live(t)),
    index("jobs_remote_idx").on(t.isRemote, sql`${t.createdAt} desc`).where(live(t)),
    index("jobs_expires_idx").on(t.expiresAt).where(live(t)),
    // The "Pinned" strip's candidates: live sticky jobs, newest first (migrations/0009_pinned.sql).
    // It also carries the folded text (migrations/0021c_pinned_search_text.sql), the head and the pay filter's
    // column (0026a_pinned_index_pay_and_head.sql): sticky jobs are few, and every first page tests them all
    // against its filters, without reading their rows.
    index("jobs_sticky_idx")
      .on(
        sql`${t.createdAt} desc`,
        sql`${t.id} desc`,
        t.expiresAt,
        t.newerDupUntil,
        t.typeKey,
        t.isRemote,
        t.published,
        t.deletedAt,
        t.enhancements,
        t.locationSearch,
        t.searchText,
        t.searchHead,
        t.salaryTopUsd,
      )
      .where(sql`${live(t)} and instr(${t.enhancements}, '"sticky"') > 0`),
    // Covers the visibility test and the cheap filters, so counting is an index-only scan.
    index("jobs_live_count_idx").on(t.expiresAt, t.newerDupUntil, t.typeKey, t.isRemote, t.createdAt).where(live(t)),
    // Search's filter-first plan (worker/jobs/search.ts): a candidate's visibility, cheap filters and sort keys
    // read by seq from this narrow index instead of the wide row (migrations/0021b_search_indexes.sql, 0022).
    index("jobs_search_keys_idx")
      .on(
        t.seq,
        t.expiresAt,
        t.newerDupUntil,
        t.published,
        t.deletedAt,
        t.typeKey,
        t.isRemote,
        t.createdAt,
        t.id,
        t.relevanceRank,
        t.salaryHighKey,
        t.salaryLowKey,
        t.companySortEn,
        t.companySortAr,
        t.locationSearch,
        t.salaryTopUsd,
      )
      .where(live(t)),
    index("jobs_dedupe_idx").on(t.dedupeKey, t.createdAt, t.id),
    // The operator console's moderation queue (migrations/0011_moderation.sql).
    index("jobs_review_waiting_idx").on(t.createdAt).where(sql`${t.review} = 'waiting'`),
    index("jobs_company_id_idx").on(t.companyId, sql`${t.createdAt} desc`),
    index("jobs_user_idx").on(t.userId, sql`${t.updatedAt} desc`),
    index("jobs_customer_email_idx").on(t.customerEmail),
    uniqueIndex("jobs_submission_idx").on(t.submissionId),
    index("jobs_removed_account_idx").on(t.userId).where(sql`${t.removedBy} = 'account'`),
    // The operator console's list, every job newest or oldest first (migrations/0017_operator.sql).
    index("jobs_console_idx").on(t.createdAt, t.id),
    // The console's overview: posts per day.
    index("jobs_published_at_idx").on(t.publishedAt),
  ],
);

/**
 * The tag index of public search (worker/jobs/search.ts): one row per job and distinct tag, lower-cased with
 * SQLite's lower(), keyed by jobs.seq. Written only by the jobs store, with every insert and delete of jobs
 * (migrations/0021a_job_tags.sql).
 */
export const jobTags = sqliteTable(
  "job_tags",
  {
    tag: text("tag").notNull(),
    job: integer("job").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tag, t.job] }), index("job_tags_job_idx").on(t.job)],
);

/** Every tag name job_tags has held (never removed), for the tag filter's substring test; the jobs store writes it. */
export const jobTagNames = sqliteTable("job_tag_names", {
  tag: text("tag").primaryKey(),
});

/** A candidate's saved jobs (worker/saved/store.ts; migrations/0020b_saved_jobs.sql): one row per user and job. */
export const savedJobs = sqliteTable(
  "saved_jobs",
  {
    userId: text("user_id").notNull(),
    jobId: text("job_id").notNull(),
    savedAt: integer("saved_at").notNull(),
    // As the job was when saved: shown when it is removed, and compared to say it changed.
    title: text("title").notNull().default(""),
    company: text("company").notNull().default(""),
    fingerprint: text("fingerprint").notNull().default(""),
  },
  (t) => [primaryKey({ columns: [t.userId, t.jobId] }), index("saved_jobs_user_idx").on(t.userId, sql`${t.savedAt} desc`)],
);

/** Applications made on the board (worker/applications/store.ts; migrations/0020c_applications.sql). */
export const applications = sqliteTable(
  "applications",
  {
    id: text("id").primaryKey(),
    jobId: text("job_id").notNull(),
    userId: text("user_id"), // the candidate's account, when they applied signed in
    name: text("name").notNull(),
    email: text("email").notNull(),
    emailKey: text("email_key").notNull(), // trimmed, lower-cased: one application per job and address
    note: text("note").notNull().default(""),
    links: text("links").notNull().default("[]"), // JSON array of URLs
    cvKey: text("cv_key").notNull(), // in the private CVS bucket
    cvName: text("cv_name").notNull(),
    cvType: text("cv_type").notNull(), // "pdf" | "docx", read from the bytes
    cvSize: integer("cv_size").notNull(),
    status: text("status").notNull().default("new"), // new, reviewing, shortlisted, rejected, hired
    employerNotes: text("employer_notes").notNull().default(""), // private to the employer
    locale: text("locale").notNull().default("en"),
    accessHash: text("access_hash").notNull(), // SHA-256 of the confirmation link's token
    // 1 while the employer's daily digest has not told them of it yet (migration 0024a, worker/applications/digest.ts).
    noticeDue: integer("notice_due").notNull().default(0),
    // The job's title and company when the application was sent (migration 0031): its card names a job deleted since.
    appliedTitle: text("applied_title").notNull().default(""),
    appliedCompany: text("applied_company").notNull().default(""),
    // Closed when its job is gone for good (migration 0033, decision 0213): 'job_deleted' (its owner deleted it) or
    // 'account_deleted' (its owner deleted their account). Its CV is deleted and cv_key emptied.
    closedAt: integer("closed_at"),
    closedReason: text("closed_reason"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("applications_job_email_idx").on(t.jobId, t.emailKey),
    index("applications_job_idx").on(t.jobId, sql`${t.createdAt} desc`),
    index("applications_user_idx").on(t.userId, sql`${t.createdAt} desc`),
    // An address's applications made signed out, which its account claims when it proves the address (decision 0611).
    index("applications_unclaimed_email_idx").on(t.emailKey).where(sql`${t.userId} IS NULL`),
    index("applications_notice_due_idx").on(t.createdAt).where(sql`${t.noticeDue} = 1`),
    // A closed application whose CV is still in the bucket (a closing cut short): the retention task deletes it.
    index("applications_closed_cv_idx").on(t.closedAt).where(sql`${t.closedAt} IS NOT NULL AND ${t.cvKey} <> ''`),
  ],
);

/** Hot counters live apart from job rows, so counting a view never rewrites the job or its index. */
export const jobStats = sqliteTable("job_stats", {
  jobId: text("job_id").primaryKey(),
  views: integer("views").notNull().default(0),
  applyClicks: integer("apply_clicks").notNull().default(0),
  applies: integer("applies").notNull().default(0),
});

/** The same counters by UTC day ('2026-11-23'), for Spotlight's Advanced Analytics (worker/analytics). */
export const jobStatsDaily = sqliteTable(
  "job_stats_daily",
  {
    jobId: text("job_id").notNull(),
    day: text("day").notNull(),
    views: integer("views").notNull().default(0),
    applyClicks: integer("apply_clicks").notNull().default(0),
    applies: integer("applies").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.day] })],
);

/** Company page views by UTC day. */
export const companyStatsDaily = sqliteTable(
  "company_stats_daily",
  {
    companyId: text("company_id").notNull(),
    day: text("day").notNull(),
    views: integer("views").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day] })],
);

/** Hashed visitor keys ('view:<job>:<day>:<hash>'): a visitor counts once per key until it expires. */
export const analyticsVisitors = sqliteTable(
  "analytics_visitors",
  {
    key: text("key").primaryKey(),
    token: text("token").notNull(), // the batch that claimed the key; its counters are conditioned on it
    expiresAt: integer("expires_at").notNull(),
  },
  (t) => [index("analytics_visitors_expires_idx").on(t.expiresAt)],
);

/** Credit grants (the spec's bundle_purchases): bundles and the extra posts of multi-post purchases. */
export const bundlePurchases = sqliteTable(
  "bundle_purchases",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull(),
    bundle: text("bundle").notNull(), // bundle id, or 'individual' for extra posts
    kind: text("kind").notNull().default("bundle"), // 'bundle' | 'individual'
    jobCount: integer("job_count").notNull(),
    postsRemaining: integer("posts_remaining").notNull(),
    // What each credit of this grant posts: the plan and enhancements it was sold with (rules/pricing.ts).
    plan: text("plan").notNull().default("standard"),
    enhancements: text("enhancements").notNull().default("[]"), // JSON array of enhancement ids
    status: text("status").notNull().default("active"), // 'active' | 'expired'
    amountPaid: integer("amount_paid").notNull().default(0), // cents
    paymentIntentId: text("payment_intent_id"),
    orderId: text("order_id"),
    createdAt: integer("created_at").notNull().default(now),
    expiresAt: integer("expires_at").notNull(),
    creditsRevoked: integer("credits_revoked").notNull().default(0), // unspent credits refunds took back
  },
  (t) => [index("bundle_purchases_user_idx").on(t.userId, t.status, t.expiresAt), uniqueIndex("bundle_purchases_order_idx").on(t.orderId, t.kind)],
);

/** What a checkout sells, priced by the server; one row per Stripe Checkout Session. */
export const orders = sqliteTable(
  "orders",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull(),
    kind: text("kind").notNull(), // 'job' | 'credits' | 'spotlight'
    jobId: text("job_id"),
    items: text("items").notNull(), // JSON: what was bought, as priced
    amount: integer("amount").notNull(), // cents
    currency: text("currency").notNull().default("usd"),
    customerEmail: text("customer_email").notNull().default(""),
    // The buyer's language when ordering ('en' | 'ar'): e-mails about the order that no session carries (a failed bank transfer).
    locale: text("locale").notNull().default("en"),
    checkoutSessionId: text("checkout_session_id"),
    status: text("status").notNull().default("pending"), // 'pending' | 'awaiting_payment' | 'paid' | 'failed' | 'expired' | 'mismatch'
    fulfilledAt: integer("fulfilled_at"),
    // Set once, by the one fulfilment that wins; every other statement of that batch is conditioned on it.
    fulfilmentToken: text("fulfilment_token"),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("orders_session_idx").on(t.checkoutSessionId),
    index("orders_user_idx").on(t.userId),
    // The operator console's list, filters and search (migrations/0017_operator.sql).
    index("orders_console_idx").on(t.createdAt, t.id),
    index("orders_status_console_idx").on(t.status, t.createdAt),
    index("orders_customer_email_idx").on(t.customerEmail),
    index("orders_job_idx").on(t.jobId),
  ],
);

export const payments = sqliteTable(
  "payments",
  {
    id: text("id").primaryKey(),
    orderId: text("order_id").notNull(),
    checkoutSessionId: text("checkout_session_id").notNull(),
    paymentIntentId: text("payment_intent_id"),
    amount: integer("amount").notNull(),
    currency: text("currency").notNull(),
    createdAt: integer("created_at").notNull().default(now),
    receiptUrl: text("receipt_url"), // Stripe's hosted receipt (the charge's receipt_url); null in the emulator
  },
  (t) => [
    uniqueIndex("payments_session_idx").on(t.checkoutSessionId),
    index("payments_order_idx").on(t.orderId),
    index("payments_intent_idx").on(t.paymentIntentId),
    index("payments_created_idx").on(t.createdAt),
  ],
);

/** Each credit spent: which grant paid for which job. A job can be paid for once. */
export const creditUses = sqliteTable(
  "credit_uses",
  {
    id: text("id").primaryKey(),
    grantId: text("grant_id").notNull(),
    jobId: text("job_id").notNull(),
    userId: text("user_id").notNull(),
    reason: text("reason").notNull().default("post"), // 'post' | 'repost'
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [uniqueIndex("credit_uses_job_idx").on(t.jobId, t.reason, t.createdAt), index("credit_uses_grant_idx").on(t.grantId)],
);

// The local payment emulator's tables (emulator_sessions, emulator_subscriptions, emulator_refunds) are not
// part of the system of record: worker/payments/emulatorStore.ts creates them on a local host when needed.

/** Money given back through the payment adapter (worker/payments/refunds.ts); `key` makes a replay a no-op. */
export const refunds = sqliteTable(
  "refunds",
  {
    id: text("id").primaryKey(),
    key: text("key").notNull(), // 'auto:<order id>' for automatic refunds; the caller's key for manual ones
    orderId: text("order_id").notNull(),
    paymentIntentId: text("payment_intent_id").notNull(),
    amount: integer("amount").notNull(), // cents
    currency: text("currency").notNull(),
    reason: text("reason").notNull(), // 'superseded' | 'already_paid' | 'requested_by_customer' | ...
    status: text("status").notNull().default("pending"), // 'pending' (asked, or accepted and on its way) | 'succeeded' | 'failed' (refused, failed or canceled)
    providerRefundId: text("provider_refund_id"),
    lastError: text("last_error"),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
    note: text("note"), // the operator's reason, as typed
    customerNote: text("customer_note"), // what the customer's refund e-mail quotes
    jobUnpublished: integer("job_unpublished").notNull().default(0), // the refund took the job off the board
    creditsRemoved: integer("credits_removed").notNull().default(0), // unspent credits the refund took back
    appliedAt: integer("applied_at"), // when what it takes back was taken (the provider accepted it); NULL before, or once given back
    jobWasPublished: integer("job_was_published"), // the job it took down was on the board then
  },
  (t) => [uniqueIndex("refunds_key_idx").on(t.key), index("refunds_order_idx").on(t.orderId), index("refunds_created_idx").on(t.createdAt, t.id)],
);

/** Every edit of a paid job, as it was and as it became (worker/jobs/editHistoryStore.ts); the operator reads it. */
export const jobEdits = sqliteTable(
  "job_edits",
  {
    id: text("id").primaryKey(),
    jobId: text("job_id").notNull(),
    userId: text("user_id").notNull(),
    before: text("before").notNull(), // JSON: the edited fields before
    after: text("after").notNull(), // JSON: the edited fields after
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("job_edits_job_idx").on(t.jobId, t.createdAt)],
);

/** Stripe events received: a repeated delivery of a processed one is acknowledged and ignored; a failed one can be replayed from /admin. */
export const stripeEvents = sqliteTable(
  "stripe_events",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    receivedAt: integer("received_at").notNull().default(now),
    status: text("status").notNull().default("processed"), // 'processed' | 'failed'
    error: text("error"),
    payload: text("payload"), // the verified event JSON, kept for replay
    processedAt: integer("processed_at"),
  },
  (t) => [index("stripe_events_status_idx").on(t.status, t.receivedAt), index("stripe_events_console_idx").on(t.receivedAt, t.id)],
);

export const spotlightSubscriptions = sqliteTable(
  "spotlight_subscriptions",
  {
    id: text("id").primaryKey(), // Stripe subscription id (or the emulator's)
    userId: text("user_id").notNull(),
    companyId: text("company_id"),
    status: text("status").notNull(), // 'active' | 'past_due' | 'canceled' | 'expired' | 'incomplete'
    stripeSessionId: text("stripe_session_id"),
    stripeCustomerId: text("stripe_customer_id"),
    currentPeriodStart: integer("current_period_start"),
    currentPeriodEnd: integer("current_period_end"),
    cancelAtPeriodEnd: integer("cancel_at_period_end").notNull().default(0),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
    endedAt: integer("ended_at"), // set when it is canceled or expired: "ended on {date}"
  },
  (t) => [index("spotlight_subscriptions_user_idx").on(t.userId, t.status)],
);

/** Directory of Spotlight companies; each company's state itself lives in its SPOTLIGHT Durable Object. */
export const spotlightCompanies = sqliteTable(
  "spotlight_companies",
  {
    id: text("id").primaryKey(),
    userId: text("user_id").notNull(),
    company: text("company").notNull(),
    logo: text("logo").notNull().default(""),
    tagline: text("tagline").notNull().default(""),
    stage: text("stage").notNull().default("Not Specified"),
    website: text("website").notNull().default(""),
    published: integer("published").notNull().default(0),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
  },
  (t) => [uniqueIndex("spotlight_companies_user_idx").on(t.userId)],
);

/** Spotlight jobs as projected from the Durable Object (the object is the source of truth). */
export const spotlightJobs = sqliteTable(
  "spotlight_jobs",
  {
    id: text("id").primaryKey(),
    companyId: text("company_id").notNull(),
    company: text("company").notNull(),
    title: text("title").notNull(),
    category: text("category").notNull().default("Engineering"),
    location: text("location").notNull().default(""),
    salary: text("salary").notNull().default(""),
    equity: text("equity").notNull().default(""),
    description: text("description").notNull().default(""),
    website: text("website").notNull().default(""),
    tags: text("tags").notNull().default("[]"),
    userId: text("user_id").notNull(),
    published: integer("published").notNull().default(0),
    status: text("status").notNull().default("preview"), // 'preview' | 'live' | 'expired'
    views: integer("views").notNull().default(0),
    createdAt: integer("created_at").notNull().default(now),
    updatedAt: integer("updated_at").notNull().default(now),
    deletedAt: integer("deleted_at"),
  },
  (t) => [index("spotlight_jobs_company_idx").on(t.companyId)],
);

export const contactMessages = sqliteTable(
  "contact_messages",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    // No longer written (migration 0030 emptied it): nothing ever read it, and the rate limit counts the address in
    // rate_limits. Kept so the column need not be dropped from a live table (decision 0303).
    ip: text("ip"),
    createdAt: integer("created_at").notNull().default(now),
    handledAt: integer("handled_at"), // marked handled in /admin
    handledBy: text("handled_by"),
  },
  (t) => [index("contact_messages_console_idx").on(t.createdAt, t.id)],
);

/** Every operator action (worker/admin): who, what, target, when and why. Append-only (triggers refuse UPDATE and DELETE). */
export const adminAudit = sqliteTable(
  "admin_audit",
  {
    id: text("id").primaryKey(),
    actor: text("actor").notNull(), // the admin's e-mail
    action: text("action").notNull(), // e.g. 'job.unpublish', 'order.refund'
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    reason: text("reason").notNull(),
    detail: text("detail").notNull().default("{}"), // JSON
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    index("admin_audit_created_idx").on(t.createdAt),
    index("admin_audit_console_idx").on(t.createdAt, t.id),
    index("admin_audit_actor_idx").on(t.actor, t.createdAt),
    index("admin_audit_target_idx").on(t.targetId, t.createdAt),
  ],
);

/** Every e-mail is a row here, written in the same batch as its cause; `key` makes "once per X" real. */
export const mailOutbox = sqliteTable(
  "mail_outbox",
  {
    id: text("id").primaryKey(),
    key: text("key").notNull(), // e.g. "job_confirmation:<jobId>"
    kind: text("kind").notNull(),
    to: text("to").notNull(),
    fromName: text("from_name"),
    fromEmail: text("from_email"),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html").notNull(),
    status: text("status").notNull().default("pending"), // 'pending' | 'sending' (claimed) | 'sent' | 'failed'
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: integer("next_attempt_at").notNull().default(now),
    sentAt: integer("sent_at"),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [uniqueIndex("mail_outbox_key_idx").on(t.key), index("mail_outbox_due_idx").on(t.status, t.nextAttemptAt), index("mail_outbox_console_idx").on(t.createdAt, t.id)],
);

/** "Notify me" on company pages and job alerts: double opt-in subscriptions. */
export const subscriptions = sqliteTable(
  "subscriptions",
  {
    id: text("id").primaryKey(),
    kind: text("kind").notNull(), // 'company' | 'alert'
    email: text("email").notNull(),
    companyId: text("company_id"),
    filters: text("filters"), // JSON search filters for alerts
    token: text("token").notNull(), // confirm / unsubscribe secret
    confirmedAt: integer("confirmed_at"),
    unsubscribedAt: integer("unsubscribed_at"),
    lastSentAt: integer("last_sent_at"),
    // The language of its e-mails: that of the request that subscribed (migration 0013).
    locale: text("locale").notNull().default("en"),
    createdAt: integer("created_at").notNull().default(now),
  },
  (t) => [
    uniqueIndex("subscriptions_token_idx").on(t.token),
    index("subscriptions_company_idx").on(t.kind, t.companyId),
    // One open subscription per address and target, whatever arrives at once (migrations/0034, decision 0240).
    uniqueIndex("subscriptions_open_alert_idx").on(t.email, t.filters).where(sql`${t.kind} = 'alert' AND ${t.unsubscribedAt} IS NULL`),
    uniqueIndex("subscriptions_open_company_idx").on(t.companyId, t.email).where(sql`${t.kind} = 'company' AND ${t.unsubscribedAt} IS NULL`),
  ],
);

/** Jobs already sent to an alert, so a digest never repeats one. */
export const alertDeliveries = sqliteTable(
  "alert_deliveries",
  {
    subscriptionId: text("subscription_id").notNull(),
    jobId: text("job_id").notNull(),
    sentAt: integer("sent_at").notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.jobId] })],
);

/** Bumped by triggers whenever a searchable job column changes; keys the memoised search totals. */
export const dataVersions = sqliteTable("data_versions", {
  name: text("name").primaryKey(),
  version: integer("version").notNull().default(0),
});
