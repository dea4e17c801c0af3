// The D1 projection of one Spotlight company (README, Decisions: "Spotlight: the Durable Object is the truth"): rebuilt whole from the
// Durable Object's state after every change, never edited on its own. In one D1 batch it
//  - replaces the company's Spotlight rows in `jobs` (source 'spotlight') with its public jobs: the
//    company is published, the subscription is active, the job is published and not deleted, and the owner
//    has not deleted their account (then the company is not listed either);
//  - mirrors the profile into spotlight_companies and every job into spotlight_jobs (the directory);
//  - lists the company in `companies` while it is public, and takes it out again when not;
//  - carries a rename (company, logo, tagline) onto the owner's own posts at that company;
//  - queues a 'Notify me' e-mail to each confirmed follower for every job that just became public.
// Only the company's own object runs this, one run at a time, so runs never interleave.
import { deriveJobRow } from "../jobs/derive";
import type { JobInput } from "../jobs/derive";
import { renameCompanyStatements, replaceSpotlightJobsStatements } from "../jobs/store";
import { newJobNotificationStatements } from "../companies/notify";
import type { Env } from "../env";
import type { SpotlightJobData, SpotlightProfile } from "../rules/spotlight";
import { listCompanyStatement, projectedCompany, replaceDirectoryStatements, unlistCompanyStatement, upsertCompanyStatement } from "./store";

export interface JobRecord extends SpotlightJobData {
  id: string;
  published: boolean;
  views: number;
  createdAt: number;
  updatedAt: number;
  publishedAt: number | null;
  wentLiveAt: number | null;
  deletedAt: number | null;
}

export interface ProjectionSnapshot {
  companyId: string;
  ownerId: string;
  ownerEmail: string;
  /** The owner deleted their account: the company and its jobs leave the board for good. */
  ownerDeleted: boolean;
  profile: SpotlightProfile | null;
  jobs: JobRecord[];
  /** When the subscription's paid period ends (ms); null when it is not active. */
  activeUntil: number | null;
  now: number;
}

export type JobStatusFn = (job: JobRecord) => "preview" | "live" | "expired";

/** Whether the company is public: published, with an active subscription. */
export function companyIsPublic(s: ProjectionSnapshot): boolean {
  return Boolean(s.profile?.published) && s.activeUntil !== null && s.activeUntil > s.now;
}

/** The public `jobs` row of a live Spotlight job. */
export function publicJobInput(s: ProjectionSnapshot, job: JobRecord): JobInput {
  const p = s.profile!;
  const publishedAt = job.wentLiveAt ?? job.publishedAt ?? s.now;
  return {
    id: job.id,
    title: job.title,
    company: p.company,
    companyId: s.companyId,
    tagline: p.tagline,
    logo: p.logo,
    location: job.location,
    salary: job.salary,
    equity: job.equity,
    stage: p.stage,
    category: job.category,
    type: job.type,
    description: job.description,
    website: job.website || p.website,
    tags: job.tags,
    // Apply: the job's or company's website ('Apply Now'), otherwise the company e-mail ('Apply via Email').
    applyUrl: job.website || p.website || p.email || s.ownerEmail,
    email: p.email || s.ownerEmail,
    // No owner on the public copy: only the object writes these rows, so job management, duplicate
    // marking and reminders (which act on a user's jobs) never touch them.
    customerEmail: "",
    userId: null,
    published: 1,
    publishedAt,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
    // Public until the paid period ends, exactly, whether or not the expiry task has run yet.
    expiresAt: s.activeUntil!,
    plan: "premium",
    enhancements: ["company-profile"],
    paymentStatus: "completed",
    amountPaid: 0,
    creditSource: "spotlight",
    source: "spotlight",
  };
}

/** Rebuilds the company's D1 rows from the snapshot, in one batch. */
export async function projectToD1(env: Pick<Env, "DB" | "APP_URL">, s: ProjectionSnapshot, status: JobStatusFn): Promise<{ public: number; newlyPublic: string[] }> {
  const d1 = env.DB;
  const prev = await projectedCompany(d1, s.companyId);
  if (prev && prev.user_id !== s.ownerId) throw new Error(`Spotlight company ${s.companyId} belongs to another user in D1`);

  // A deleted owner's company leaves the board with its jobs, though the paid period runs on (decision 0301).
  const isPublic = companyIsPublic(s) && !s.ownerDeleted;
  const liveJobs = isPublic ? s.jobs.filter((j) => j.deletedAt === null && j.published && status(j) === "live") : [];
  const rows = liveJobs.map((j) => deriveJobRow(publicJobInput(s, j), s.now));
  const replace = await replaceSpotlightJobsStatements(d1, s.companyId, rows);
  const oldIds = new Set(replace.before.map((r) => r.id));
  const newlyPublic = rows.filter((r) => !oldIds.has(r.id));

  const statements: D1PreparedStatement[] = [...replace.statements];
  const p = s.profile;
  // A rename (company, logo, tagline) carried onto the owner's own posts at this company.
  if (p) {
    statements.push(
      ...(await renameCompanyStatements(
        d1,
        s.ownerId,
        { kind: "spotlight", companyId: s.companyId, previousName: prev?.company ?? null },
        { company: p.company, logo: p.logo, tagline: p.tagline, companyId: s.companyId },
        s.now,
      )),
    );
    statements.push(upsertCompanyStatement(d1, s.companyId, s.ownerId, p, s.now));
  }
  statements.push(...replaceDirectoryStatements(d1, s.companyId, s.ownerId, p?.company ?? "", s.jobs, status));
  if (isPublic && p) {
    statements.push(listCompanyStatement(d1, s.companyId, s.ownerId, p, s.now));
    statements.push(
      ...(await newJobNotificationStatements(
        env,
        { companyId: s.companyId, company: p.company },
        newlyPublic.map((r) => ({ id: r.id, title: r.title, location: r.location ?? "", salary: r.salary ?? "" })),
        s.now,
      )),
    );
  } else {
    statements.push(unlistCompanyStatement(d1, s.companyId, s.ownerId));
  }
  await d1.batch(statements);
  return { public: rows.length, newlyPublic: newlyPublic.map((r) => r.id) };
}
