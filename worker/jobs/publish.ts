// Publishing a job: the one step card checkout, fulfilment, credit posts and reposts go through (a
// Spotlight subscriber's post is written by the company's Durable Object, worker/spotlight/postJob.ts,
// and gets its confirmation e-mail here), and the CLI's seed and import (importJobsScript: SQL text, since the CLI has no D1 binding). It owns
//  - the derived columns (postedJobRow: the validated form as a stored row, worker/jobs/derive.ts);
//  - the duplicate group and duplicate suppression (the 30-minute window, kept in SQL and in KV);
//  - the order row of a card checkout (worker/orders/store.ts);
//  - the confirmation e-mail (a paid order's carries its receipt, worker/mail/receipts.ts), and a repost's;
//  - the already-posted conflict (ALREADY_POSTED, thrown as a DomainError).
// publishJob returns the statements for the caller's one D1 batch (the caller adds its own guard-writing
// statements: the order's claim, the credit spent) and what to do once the batch has run.
import type { Guard } from "../checkout/guard";
import { localePath } from "../rules/i18n";
import type { Locale } from "../rules/i18n";
import type { Env } from "../env";
import { conflict } from "../lib/errors";
import { enqueueMailWhen } from "../mail/outbox";
import { enqueueMail } from "../mail/outbox";
import type { OutgoingMail } from "../mail/outbox";
import { bundleNameIn, jobReceiptStatements, packageLines } from "../mail/receipts";
import type { ReceiptContext } from "../mail/receipts";
import { jobConfirmationMail, jobRepostMail, nameFor } from "../mail/templates";
import { createOrderStatement, supersedeOrdersStatements } from "../orders/store";
import type { NewOrder } from "../orders/store";
import type { JobDetails } from "../rules/posting";
import { deriveJobRow } from "./derive";
import type { JobInput, JobRow } from "./derive";
import {
  DUPLICATE_WINDOW_MS,
  REFRESH_ALL_DUPLICATES_SQL,
  creditSourceStatement,
  insertJobsScript,
  markDuplicatesStatements,
  postingStatements,
  publishPaidStatements,
  repostStatements,
  repostedGuard,
  repostedUntil,
} from "./store";
import type { PublishColumns } from "./store";

const ALREADY_POSTED = "This job has already been posted.";

/** The conflict of a posting that was already posted (or paid for) by another request. */
export function alreadyPosted() {
  return conflict(ALREADY_POSTED);
}

function jobInputFromDetails(details: JobDetails, owner: { userId: string; email: string }, extra: Partial<JobInput> = {}): JobInput {
  return {
    id: crypto.randomUUID(),
    title: details.title,
    company: details.company,
    logo: details.logo,
    website: details.website,
    location: details.location,
    stage: details.stage,
    category: details.category,
    type: details.type,
    salary: details.salary,
    equity: details.equity,
    tags: details.tags,
    description: details.description,
    applicationLink: details.applicationLink,
    applicationEmail: details.applicationEmail,
    applications: details.applications ? 1 : 0,
    // The apply target: the application link, else the application e-mail (the shared apply rule then
    // falls back to the website and the job e-mail).
    applyUrl: details.applicationLink || details.applicationEmail,
    email: owner.email,
    customerEmail: owner.email,
    userId: owner.userId,
    source: "post",
    ...extra,
  };
}

/** A posted job: the validated form (worker/rules/posting.ts JobDetails) as a stored row, owned by the signed-in user. */
export function postedJobRow(details: JobDetails, owner: { userId: string; email: string }, extra: Partial<JobInput>, now: number): JobRow {
  return deriveJobRow(jobInputFromDetails(details, owner, extra), now);
}

/** How the job is published. */
export type Publication =
  /** Card checkout: the job row, unpublished until paid, and its pending order (superseding the posting's open ones). */
  | { via: "checkout"; row: JobRow; replacing: string | null; order: NewOrder; supersede: string[] }
  /** Fulfilment of a paid job order (under the order's claim): live, or waiting for review, with what the order bought. */
  | {
      via: "payment";
      job: { id: string; title: string; company: string; email: string; dedupeKey: string };
      userId: string;
      publish: PublishColumns;
      bought: { plan: string; enhancements: string[] };
      receipt: ReceiptContext;
    }
  /** A credit post (under the spent credit's guard), replacing the posting's unpaid checkout row and its open orders. */
  | {
      via: "credit";
      row: JobRow;
      userId: string;
      guard: Guard;
      useId: string;
      /**
       * The grant spent, which the e-mail names, and the SQL for the credits left (credits/ledger.ts
       * creditsLeftSql), which the e-mail says as read after this spend in the same batch.
       */
      grant: { bundle: string; left: { sql: string; params: unknown[] } };
      replacing: string | null;
      supersede: string[];
      appUrl: string;
      mailTo: string;
      locale?: Locale;
      /** The account posting: its confirmation greets it by name when it goes to the account's address. */
      owner: Owner;
    }
  /** A repost of an expired or inactive job (under the repost's guard), and its e-mail to the owner. */
  | {
      via: "repost";
      jobId: string;
      userId: string;
      guard: Guard;
      renewed: { plan: string; enhancements: readonly string[] };
      /** What paid: a credit (its grant's bundle, and the SQL for the credits left after the spend) or the subscription. */
      paidWith: { credit: { bundle: string; left: { sql: string; params: unknown[] } } } | { spotlight: true };
      job: { title: string; company: string };
      appUrl: string;
      owner: Owner;
      locale: Locale;
    };

export interface Publishing {
  statements: D1PreparedStatement[];
  /** After the batch, when this request's guard held (it published): remembers the duplicate window. */
  published(): Promise<void>;
}

export async function publishJob(env: Pick<Env, "DB" | "DEDUPE">, p: Publication, now = Date.now()): Promise<Publishing> {
  const db = env.DB;
  const none: Publishing["published"] = async () => {};
  if (p.via === "checkout") {
    return {
      statements: [...postingStatements(db, p.row, { replacing: p.replacing }), createOrderStatement(db, p.order, now), ...supersedeOrdersStatements(db, p.supersede, now)],
      published: none,
    };
  }
  if (p.via === "repost") return { statements: [...repostStatements(db, p.jobId, p.userId, p.guard, p.renewed, now), repostMailStatement(db, p, now)], published: none };

  if (p.via === "payment") {
    const { job, receipt, publish } = p;
    const items = receipt.items;
    const dup = { id: job.id, userId: p.userId, dedupeKey: job.dedupeKey };
    return {
      statements: [
        ...publishPaidStatements(
          db,
          job.id,
          {
            publish,
            plan: p.bought.plan,
            enhancements: p.bought.enhancements,
            bundleId: items.bundleId ?? null,
            bundleName: items.bundleName ?? null,
            posts: items.posts ?? 1,
            amountPaid: receipt.session.amountTotal,
            paymentIntentId: receipt.session.paymentIntentId,
          },
          receipt.guard,
          now,
        ),
        ...markDuplicatesStatements(db, dup, receipt.guard, now, await recentDuplicateIds(env.DEDUPE, p.userId, job.dedupeKey)),
        ...jobReceiptStatements(db, receipt, job, publish.review === "waiting"),
      ],
      published: () => recordDuplicateWindow(env.DEDUPE, dup),
    };
  }

  // A credit post: the row, its duplicates, its confirmation e-mail.
  const row = p.row;
  const dup = { id: row.id, userId: p.userId, dedupeKey: row.dedupeKey };
  const windowIds = await recentDuplicateIds(env.DEDUPE, p.userId, row.dedupeKey);
  const mail = confirmationMail({
    jobId: row.id,
    title: row.title,
    company: row.company,
    mailTo: p.mailTo,
    owner: p.owner,
    appUrl: p.appUrl,
    locale: p.locale,
    bundle: null,
    credit: p.grant,
    waitingForReview: row.review === "waiting",
  });
  const statements = [
    ...postingStatements(db, row, { replacing: p.replacing, guard: p.guard }),
    ...supersedeOrdersStatements(db, p.supersede, now, p.guard),
    creditSourceStatement(db, row.id, p.useId),
    ...markDuplicatesStatements(db, dup, p.guard, now, windowIds),
    enqueueMailWhen(db, mail, p.guard, now),
  ];
  return { statements, published: () => recordDuplicateWindow(env.DEDUPE, dup) };
}

/** The account a job is posted by, as its e-mails need it. */
type Owner = { email: string; name: string | null };

interface ConfirmationFor {
  jobId: string;
  title: string;
  company: string;
  mailTo: string;
  owner: Owner;
  appUrl: string;
  locale?: Locale;
  bundle: string | null;
  spotlight?: boolean;
  /** A credit post: the grant's bundle, and the SQL for the credits left, read after the spend in the same batch. */
  credit?: { bundle: string; left: { sql: string; params: unknown[] } };
  waitingForReview?: boolean;
}

/** The confirmation e-mail of a new post, once per job (its outbox key). */
function confirmationMail(d: ConfirmationFor): OutgoingMail {
  const locale = d.locale ?? "en";
  const token = d.credit ? `credits-left-${crypto.randomUUID()}` : null;
  return {
    key: `job_confirmation:${d.jobId}`,
    kind: "job_confirmation",
    to: d.mailTo,
    ...jobConfirmationMail({
      locale,
      recipientName: nameFor(d.mailTo, d.owner),
      jobId: d.jobId,
      title: d.title,
      company: d.company,
      jobCount: 1,
      bundle: d.bundle,
      spotlight: d.spotlight,
      ...(d.credit ? { credit: { bundle: bundleNameIn(locale, { bundleId: d.credit.bundle }), left: token! } } : {}),
      jobUrl: `${d.appUrl}${localePath(locale, `/jobs/${d.jobId}`)}`,
      dashboardUrl: `${d.appUrl}${localePath(locale, "/dashboard/jobs")}`,
      ...(d.waitingForReview !== undefined ? { waitingForReview: d.waitingForReview } : {}),
    }),
    ...(d.credit ? { fill: { token: token!, ...d.credit.left } } : {}),
  };
}

/**
 * The repost's e-mail to the owner's account, in the language they reposted in: written after the repost's statements
 * and only when they published the job (repostedGuard), once per repost (its key names the moment).
 */
function repostMailStatement(db: D1Database, p: Extract<Publication, { via: "repost" }>, now: number): D1PreparedStatement {
  const locale = p.locale;
  const token = "credit" in p.paidWith ? `credits-left-${crypto.randomUUID()}` : null;
  const mail: OutgoingMail = {
    key: `job_repost:${p.jobId}:${now}`,
    kind: "job_repost",
    to: p.owner.email,
    ...jobRepostMail({
      locale,
      recipientName: nameFor(p.owner.email, p.owner),
      jobId: p.jobId,
      title: p.job.title,
      company: p.job.company,
      expiresAt: repostedUntil(now),
      renewed: packageLines(p.renewed, locale),
      paidWith: "credit" in p.paidWith ? { credit: { bundle: bundleNameIn(locale, { bundleId: p.paidWith.credit.bundle }), left: token! } } : { spotlight: true },
      jobUrl: `${p.appUrl}${localePath(locale, `/jobs/${p.jobId}`)}`,
      dashboardUrl: `${p.appUrl}${localePath(locale, "/dashboard/jobs")}`,
    }),
    ...("credit" in p.paidWith ? { fill: { token: token!, ...p.paidWith.credit.left } } : {}),
  };
  return enqueueMailWhen(db, mail, repostedGuard(p.jobId, now), now);
}

/**
 * A Spotlight subscriber's post from the wizard (worker/spotlight/postJob.ts): the company's Durable
 * Object wrote the job and its projection the public row; this is its confirmation e-mail.
 */
export function spotlightPostMailStatement(db: D1Database, d: Omit<ConfirmationFor, "bundle" | "spotlight" | "waitingForReview">, now: number): D1PreparedStatement {
  // Named in the mail's language (it was "Bundle: Spotlight" in every language).
  return enqueueMail(db, confirmationMail({ ...d, bundle: null, spotlight: true }), now);
}

/**
 * The CLI's seed and import (worker/cli/seed.ts): the jobs' derived rows as INSERT statements, and the
 * statement that recomputes every duplicate group once they are in (the file runs as one transaction).
 */
export function importJobsScript(inputs: JobInput[], mode: "ignore" | "strict", now: number): { count: number; statements: string[]; refreshGroups: string } {
  const rows = inputs.map((j) => deriveJobRow(j, now));
  return { count: rows.length, statements: insertJobsScript(rows, mode), refreshGroups: `${REFRESH_ALL_DUPLICATES_SQL};` };
}

/**
 * Runs a posting's batch. The unique submission id refuses a second row for the same posting: the
 * posting was published (or paid for) by a concurrent request between the caller's check and this write.
 */
export async function commitPosting(db: D1Database, statements: D1PreparedStatement[]): Promise<D1Result[]> {
  try {
    return await db.batch(statements);
  } catch (e) {
    if (String(e).includes("UNIQUE")) throw alreadyPosted();
    throw e;
  }
}

/** The 30-minute windows are also kept in KV DEDUPE with a TTL: one key per owner, title and company. */
async function recordDuplicateWindow(kv: KVNamespace, job: { id: string; userId: string; dedupeKey: string }): Promise<void> {
  const key = `dup:${job.userId}:${job.dedupeKey}`;
  const prior = ((await kv.get<string[]>(key, "json")) ?? []).filter((id) => id !== job.id);
  await kv.put(key, JSON.stringify([...prior, job.id].slice(-20)), { expirationTtl: DUPLICATE_WINDOW_MS / 1000 });
}

/** Job ids this owner went live with under the same title and company in the last 30 minutes. */
async function recentDuplicateIds(kv: KVNamespace, userId: string, dedupeKey: string): Promise<string[]> {
  return (await kv.get<string[]>(`dup:${userId}:${dedupeKey}`, "json")) ?? [];
}
