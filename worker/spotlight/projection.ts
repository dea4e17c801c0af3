// The D1 projection of one Spotlight company (README, Decisions: "Spotlight: the Durable Object is the truth"): rebuilt whole from the
// Durable Object's state after every change, never edited on its own. In one D1 batch it
//  - replaces the company's Spotlight rows in `jobs` (source 'spotlight') with its public jobs: the
//    company is published, the subscription is active, the job is published and not deleted;
//  - mirrors the profile into spotlight_companies and every job into spotlight_jobs (the directory);
//  - lists the company in `companies` while it is public, and takes it out again when not;
//  - carries a rename (company, logo, tagline) onto the owner's own posts at that company;
//  - queues a 'Notify me' e-mail to each confirmed follower for every job that just became public.
// Only the company's own object runs this, one run at a time, so runs never interleave.
import { and, eq, ne, or, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { jobs } from "../db/schema";
import { deriveJobRow } from "../jobs/derive";
import type { JobInput, JobRow } from "../jobs/derive";
import { insertJobStatements, refreshGroupsStatements } from "../jobs/write";
import { newJobNotificationStatements } from "../companies/notify";
import type { Env } from "../env";
import type { SpotlightJobData, SpotlightProfile } from "../rules/spotlight";

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

function parseTags(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

/** UPDATEs that re-derive the owner's own posts at this company with the company's name, logo and tagline. */
async function renameStatements(env: Pick<Env, "DB">, s: ProjectionSnapshot, previousName: string | null): Promise<{ statements: D1PreparedStatement[]; keys: string[] }> {
  const p = s.profile;
  if (!p) return { statements: [], keys: [] };
  const db = drizzle(env.DB);
  const atCompany = previousName
    ? or(eq(jobs.companyId, s.companyId), eq(jobs.companyKey, previousName.trim().toLowerCase()))
    : eq(jobs.companyId, s.companyId);
  const rows = await db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.userId, s.ownerId),
        ne(jobs.source, "spotlight"),
        sql`${jobs.deletedAt} is null`,
        atCompany,
        or(ne(jobs.company, p.company), ne(jobs.logo, p.logo), ne(jobs.tagline, p.tagline), sql`${jobs.companyId} is not ${s.companyId}`),
      ),
    )
    .limit(500);
  const statements: D1PreparedStatement[] = [];
  const keys: string[] = [];
  for (const row of rows) {
    const { seq, descriptionText: _d, tagsText: _t, dedupeKey, companyKey: _c, typeKey: _y, isRemote: _r, relevanceRank: _v, salaryHighKey: _h, salaryLowKey: _l, newerDupUntil: _n, ...rest } = row;
    const next: JobRow = deriveJobRow(
      { ...rest, company: p.company, logo: p.logo, tagline: p.tagline, companyId: s.companyId, tags: parseTags(row.tags), enhancements: parseTags(row.enhancements), updatedAt: s.now },
      s.now,
    );
    const q = db.update(jobs).set(next).where(eq(jobs.seq, seq)).toSQL();
    statements.push(env.DB.prepare(q.sql).bind(...q.params));
    keys.push(dedupeKey, next.dedupeKey);
  }
  return { statements, keys };
}

/** Rebuilds the company's D1 rows from the snapshot, in one batch. */
export async function projectToD1(env: Pick<Env, "DB" | "APP_URL">, s: ProjectionSnapshot, status: JobStatusFn): Promise<{ public: number; newlyPublic: string[] }> {
  const d1 = env.DB;
  const [before, previous] = await d1.batch([
    d1.prepare("SELECT id, dedupe_key FROM jobs WHERE company_id = ? AND source = 'spotlight'").bind(s.companyId),
    d1.prepare("SELECT company, user_id FROM spotlight_companies WHERE id = ?").bind(s.companyId),
  ]);
  const oldRows = (before!.results as { id: string; dedupe_key: string }[]) ?? [];
  const prev = (previous!.results[0] as { company: string; user_id: string } | undefined) ?? null;
  if (prev && prev.user_id !== s.ownerId) throw new Error(`Spotlight company ${s.companyId} belongs to another user in D1`);

  const isPublic = companyIsPublic(s);
  const liveJobs = isPublic ? s.jobs.filter((j) => j.deletedAt === null && j.published && status(j) === "live") : [];
  const rows = liveJobs.map((j) => deriveJobRow(publicJobInput(s, j), s.now));
  const oldIds = new Set(oldRows.map((r) => r.id));
  const newlyPublic = rows.filter((r) => !oldIds.has(r.id));

  const statements: D1PreparedStatement[] = [
    d1.prepare("DELETE FROM jobs WHERE company_id = ? AND source = 'spotlight'").bind(s.companyId),
    ...insertJobStatements(d1, rows),
  ];
  const rename = await renameStatements(env, s, prev?.company ?? null);
  statements.push(...rename.statements);
  statements.push(...refreshGroupsStatements(d1, [...oldRows.map((r) => r.dedupe_key), ...rows.map((r) => r.dedupeKey), ...rename.keys]));

  const p = s.profile;
  if (p) {
    statements.push(
      d1
        .prepare(
          `INSERT INTO spotlight_companies (id, user_id, company, logo, tagline, stage, website, published, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (id) DO UPDATE SET company = excluded.company, logo = excluded.logo, tagline = excluded.tagline,
             stage = excluded.stage, website = excluded.website, published = excluded.published, updated_at = excluded.updated_at
           WHERE spotlight_companies.user_id = excluded.user_id`,
        )
        .bind(s.companyId, s.ownerId, p.company, p.logo, p.tagline, p.stage, p.website, p.published ? 1 : 0, s.now, s.now),
    );
  }
  statements.push(d1.prepare("DELETE FROM spotlight_jobs WHERE company_id = ?").bind(s.companyId));
  for (const j of s.jobs) {
    statements.push(
      d1
        .prepare(
          `INSERT INTO spotlight_jobs (id, company_id, company, title, category, location, salary, equity, description, website, tags, user_id, published, status, views, created_at, updated_at, deleted_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(
          j.id, s.companyId, p?.company ?? "", j.title, j.category, j.location, j.salary, j.equity, j.description, j.website,
          JSON.stringify(j.tags), s.ownerId, j.published ? 1 : 0, status(j), j.views, j.createdAt, j.updatedAt, j.deletedAt,
        ),
    );
  }
  if (isPublic && p) {
    // A Spotlight company never takes over a listed company it does not own (the demo companies have none).
    statements.push(
      d1
        .prepare(
          `INSERT INTO companies (id, company, logo, tagline, website, stage, owner_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
           ON CONFLICT (id) DO UPDATE SET company = excluded.company, logo = excluded.logo, tagline = excluded.tagline,
             website = excluded.website, stage = excluded.stage, updated_at = excluded.updated_at
           WHERE companies.owner_id = excluded.owner_id`,
        )
        .bind(s.companyId, p.company, p.logo, p.tagline, p.website, p.stage, s.ownerId, s.now, s.now),
    );
    statements.push(
      ...(await newJobNotificationStatements(env, { companyId: s.companyId, company: p.company }, newlyPublic.map((r) => ({ id: r.id, title: r.title, location: r.location ?? "", salary: r.salary ?? "" })), s.now)),
    );
  } else {
    statements.push(d1.prepare("DELETE FROM companies WHERE id = ? AND owner_id = ?").bind(s.companyId, s.ownerId));
  }
  await d1.batch(statements);
  return { public: rows.length, newlyPublic: newlyPublic.map((r) => r.id) };
}
