// One SPOTLIGHT instance per Spotlight company, addressed by the company id (README, Decisions: "Spotlight: the Durable Object is the truth"). Its
// SQLite storage is the source of truth for the company's Spotlight state: the profile, the Spotlight
// jobs (preview, live or expired; soft-deleted by deleted_at) and the publish state. After every change
// it rebuilds the company's rows in D1 (./projection.ts) and sends the whole new state to every live
// dashboard connected over a hibernatable WebSocket. Inputs are validated here too, with the same
// shared rules the API and the web app use; every change checks that the caller is the owner.
import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env";
import { sanitizeHtml } from "../lib/sanitize";
import { MAX_SPOTLIGHT_JOBS, SPOTLIGHT_MESSAGES, spotlightFieldErrors } from "../rules/spotlight";
import { spotlightJobSchema, spotlightProfileSchema } from "../rules/spotlightSchema";
import type { PreviewJobInput, SpotlightJob, SpotlightJobInput, SpotlightProfile, SpotlightProfileInput, SpotlightState } from "../rules/spotlight";
import { m } from "../rules/serverMessages";
import { projectToD1 } from "./projection";
import type { JobRecord, ProjectionSnapshot } from "./projection";
import { logError } from "../lib/log";
import { STALE_EDIT } from "../rules/posting";

export type SpotlightFailure = { ok: false; status: 400 | 403 | 404 | 409; error: string; issues?: { path: string; message: string }[]; code?: string };
export type SpotlightResult<T> = { ok: true; value: T } | SpotlightFailure;

/** Sent to every connected dashboard after each change, and on connecting. */
export interface SpotlightSocketMessage {
  type: "state";
  state: SpotlightState;
}

const PROJECTION_RETRY_MS = 5_000;

const fail = (status: SpotlightFailure["status"], error: string, issues?: SpotlightFailure["issues"]): SpotlightFailure => ({ ok: false, status, error, ...(issues ? { issues } : {}) });

function invalid(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): SpotlightFailure {
  const issues = error.issues.map((i) => ({ path: i.path.map(String).join(".") || "(root)", message: i.message }));
  const first = Object.values(spotlightFieldErrors(error))[0] ?? m("server.http.invalidInput");
  return fail(400, first, issues);
}

const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());

interface JobRow {
  id: string;
  title: string;
  category: string;
  type: string;
  location: string;
  salary: string;
  equity: string;
  description: string;
  website: string;
  tags: string;
  published: number;
  views: number;
  created_at: number;
  updated_at: number;
  published_at: number | null;
  went_live_at: number | null;
  deleted_at: number | null;
}

export class SpotlightCompany extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  private projection: Promise<unknown> = Promise.resolve();

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    ctx.blockConcurrencyWhile(async () => {
      this.sql.exec(`CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`);
      this.sql.exec(`CREATE TABLE IF NOT EXISTS company (
        id INTEGER PRIMARY KEY CHECK (id = 1), company TEXT NOT NULL, logo TEXT NOT NULL DEFAULT '',
        tagline TEXT NOT NULL DEFAULT '', stage TEXT NOT NULL DEFAULT 'Not Specified', website TEXT NOT NULL DEFAULT '',
        email TEXT NOT NULL DEFAULT '', published INTEGER NOT NULL DEFAULT 0, updated_at INTEGER NOT NULL)`);
      this.sql.exec(`CREATE TABLE IF NOT EXISTS jobs (
        id TEXT PRIMARY KEY, preview_id TEXT UNIQUE, title TEXT NOT NULL, category TEXT NOT NULL, type TEXT NOT NULL,
        location TEXT NOT NULL, salary TEXT NOT NULL, equity TEXT NOT NULL, description TEXT NOT NULL, website TEXT NOT NULL,
        tags TEXT NOT NULL, published INTEGER NOT NULL DEFAULT 0, views INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, published_at INTEGER, went_live_at INTEGER, deleted_at INTEGER)`);
      // The posting wizard's submission id (issue 22 item 10): one job per posting, however often it is sent.
      const columns = this.sql.exec<{ name: string }>("SELECT name FROM pragma_table_info('jobs')").toArray();
      if (!columns.some((c) => c.name === "submission_id")) this.sql.exec("ALTER TABLE jobs ADD COLUMN submission_id TEXT");
      this.sql.exec("CREATE UNIQUE INDEX IF NOT EXISTS jobs_submission ON jobs (submission_id)");
    });
    // Keep-alive pings are answered without waking the object.
    ctx.setWebSocketAutoResponse(new WebSocketRequestResponsePair("ping", "pong"));
  }

  /** The readiness probe's call (worker/health/routes.ts): the namespace answers and the object starts. */
  ping(): "pong" {
    return "pong";
  }

  // ---- identity and subscription ----------------------------------------------------------------

  private meta(key: string): string | null {
    const row = this.sql.exec<{ value: string }>("SELECT value FROM meta WHERE key = ?", key).toArray()[0];
    return row ? row.value : null;
  }

  private setMeta(key: string, value: string): void {
    this.sql.exec("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value", key, value);
  }

  private activeUntil(): number | null {
    const v = this.meta("active_until");
    return v ? Number(v) : null;
  }

  private isActive(now = Date.now()): boolean {
    const until = this.activeUntil();
    return until !== null && until > now;
  }

  private owns(actor: string): boolean {
    const owner = this.meta("owner_id");
    return owner !== null && owner === actor;
  }

  /** Binds this object to its company id and owner, once; repeating it with the same owner is a no-op. */
  async setup(companyId: string, ownerId: string, ownerEmail: string): Promise<SpotlightResult<SpotlightState>> {
    const owner = this.meta("owner_id");
    if (owner && owner !== ownerId) return fail(403, SPOTLIGHT_MESSAGES.notOwner);
    const known = this.meta("company_id");
    if (known && known !== companyId) return fail(409, m("server.spotlight.otherCompany"));
    if (!owner) {
      this.setMeta("company_id", companyId);
      this.setMeta("owner_id", ownerId);
      this.setMeta("version", "0");
    }
    // A deleted owner's address is gone for good (forgetOwner): nothing puts a real one back.
    if (ownerEmail && !this.ownerDeleted()) this.setMeta("owner_email", ownerEmail);
    return { ok: true, value: this.state() };
  }

  private ownerDeleted(): boolean {
    return Boolean(this.meta("owner_deleted_at"));
  }

  /**
   * The owner proved a new address for their account (worker/auth/emailRoutes.ts): the fallback apply address of the
   * company's jobs follows it, and D1 is rebuilt. Before, it stayed the address the company was made with, and
   * candidates kept writing to an address the owner had left. False for another owner; a deleted owner's address is
   * gone for good; the same address again changes nothing.
   */
  async ownerAddressChanged(ownerId: string, email: string): Promise<boolean> {
    const owner = this.meta("owner_id");
    if (!owner) return true;
    if (owner !== ownerId) return false;
    if (this.ownerDeleted() || !email || this.meta("owner_email") === email) return true;
    this.setMeta("owner_email", email);
    await this.changed();
    return true;
  }

  /**
   * The owner deleted their account (worker/account/deletion.ts, docs/decisions/0301). The object keeps the account's
   * anonymised address (`anonymisedEmail`) instead of its e-mail, and so does the company's e-mail where it is the
   * owner's (the address kept here, or the account's now: `accountEmail`). None of the company's jobs is public again:
   * the paid period runs on, and a later projection would otherwise put them back on the board. Then D1 is rebuilt.
   * False when the object is another owner's (it holds nothing of this account); an object never bound has nothing to
   * forget. Repeating it changes nothing.
   */
  async forgetOwner(ownerId: string, accountEmail: string, anonymisedEmail: string): Promise<boolean> {
    const owner = this.meta("owner_id");
    if (!owner) return true;
    if (owner !== ownerId) return false;
    if (this.ownerDeleted() && this.meta("owner_email") === anonymisedEmail) return true;
    if (!this.ownerDeleted()) this.setMeta("owner_deleted_at", String(Date.now()));
    // The owner's address typed as the company's e-mail is the same address (the one kept here, or the account's now).
    for (const address of new Set([this.meta("owner_email"), accountEmail].filter(Boolean).map((a) => a!.toLowerCase()))) {
      this.sql.exec("UPDATE company SET email = ? WHERE email = ?", anonymisedEmail, address);
    }
    this.setMeta("owner_email", anonymisedEmail);
    await this.changed();
    // A dashboard the owner left open gets nothing more: its account is gone (its sessions end with it).
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.close(1008, "The account was deleted");
      } catch {
        // already closing
      }
    }
    return true;
  }

  /**
   * The subscription's paid period end (ms), or null when there is no active subscription. While it is
   * in the future, published jobs are live and public; after it they are expired and leave D1.
   */
  async setActiveUntil(until: number | null): Promise<SpotlightState> {
    if (!this.meta("company_id")) return this.state();
    this.setMeta("active_until", until === null ? "" : String(until));
    return this.changed();
  }

  // ---- reads ------------------------------------------------------------------------------------

  private profile(): SpotlightProfile | null {
    const row = this.sql
      .exec<{ company: string; logo: string; tagline: string; stage: string; website: string; email: string; published: number }>(
        "SELECT company, logo, tagline, stage, website, email, published FROM company WHERE id = 1",
      )
      .toArray()[0];
    if (!row) return null;
    return { company: row.company, logo: row.logo, tagline: row.tagline, stage: row.stage, website: row.website, email: row.email, published: row.published === 1 };
  }

  private records(includeDeleted: boolean): JobRecord[] {
    const rows = this.sql
      .exec<JobRow & Record<string, SqlStorageValue>>(
        `SELECT id, title, category, type, location, salary, equity, description, website, tags, published, views, created_at, updated_at,
           published_at, went_live_at, deleted_at FROM jobs ${includeDeleted ? "" : "WHERE deleted_at IS NULL"} ORDER BY created_at DESC, id DESC`,
      )
      .toArray();
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      category: r.category,
      type: r.type as JobRecord["type"],
      location: r.location,
      salary: r.salary,
      equity: r.equity,
      description: r.description,
      website: r.website,
      tags: JSON.parse(r.tags) as string[],
      published: r.published === 1,
      views: r.views,
      createdAt: r.created_at,
      updatedAt: r.updated_at,
      publishedAt: r.published_at,
      wentLiveAt: r.went_live_at,
      deletedAt: r.deleted_at,
    }));
  }

  /** preview until the subscription is active, then live while published; expired once it ends. */
  private statusOf(job: JobRecord, active: boolean): SpotlightJob["status"] {
    if (!job.published) return "preview";
    if (active) return "live";
    return job.wentLiveAt !== null ? "expired" : "preview";
  }

  private present(job: JobRecord, active: boolean): SpotlightJob {
    return {
      id: job.id,
      title: job.title,
      category: job.category,
      type: job.type,
      location: job.location,
      salary: job.salary,
      equity: job.equity,
      description: job.description,
      website: job.website,
      tags: job.tags,
      published: job.published,
      status: this.statusOf(job, active),
      views: job.views,
      created_at: new Date(job.createdAt).toISOString(),
      updated_at: new Date(job.updatedAt).toISOString(),
      published_at: iso(job.publishedAt),
    };
  }

  state(): SpotlightState {
    const active = this.isActive();
    return {
      companyId: this.meta("company_id") ?? "",
      profile: this.profile(),
      jobs: this.records(false).map((j) => this.present(j, active)),
      active,
      activeUntil: iso(this.activeUntil()),
      version: Number(this.meta("version") ?? "0"),
    };
  }

  /** The state, for the owner only. */
  async getState(actor: string): Promise<SpotlightResult<SpotlightState>> {
    if (!this.owns(actor)) return fail(403, SPOTLIGHT_MESSAGES.notOwner);
    return { ok: true, value: this.state() };
  }

  // ---- changes ----------------------------------------------------------------------------------

  /** After a change: mark newly live jobs, bump the version, rebuild D1, tell every dashboard. */
  private async changed(): Promise<SpotlightState> {
    const now = Date.now();
    if (this.isActive(now)) this.sql.exec("UPDATE jobs SET went_live_at = ? WHERE went_live_at IS NULL AND published = 1 AND deleted_at IS NULL", now);
    this.setMeta("version", String(Number(this.meta("version") ?? "0") + 1));
    await this.project();
    const state = this.state();
    this.broadcast(state);
    return state;
  }

  private guard(actor: string): SpotlightFailure | null {
    if (!this.meta("company_id")) return fail(404, SPOTLIGHT_MESSAGES.companyNotFound);
    if (!this.owns(actor)) return fail(403, SPOTLIGHT_MESSAGES.notOwner);
    return null;
  }

  /**
   * With `version` (the state's version the dashboard showed, decision 0250) the save applies only while the
   * company is still at it, else 409 `stale` and nothing changes. The check and the write have no await
   * between them, so of saves at once from one version exactly one applies. Without it, the last save wins.
   */
  async saveProfile(actor: string, input: SpotlightProfileInput, version?: number): Promise<SpotlightResult<SpotlightState>> {
    const denied = this.guard(actor);
    if (denied) return denied;
    const parsed = spotlightProfileSchema.safeParse(input);
    if (!parsed.success) return invalid(parsed.error);
    if (version !== undefined && version !== Number(this.meta("version") ?? "0")) return { ...fail(409, STALE_EDIT), code: "stale" };
    const p = parsed.data;
    this.sql.exec(
      `INSERT INTO company (id, company, logo, tagline, stage, website, email, published, updated_at) VALUES (1, ?, ?, ?, ?, ?, ?, 0, ?)
       ON CONFLICT (id) DO UPDATE SET company = excluded.company, logo = excluded.logo, tagline = excluded.tagline,
         stage = excluded.stage, website = excluded.website, email = excluded.email, updated_at = excluded.updated_at`,
      p.company,
      p.logo,
      p.tagline,
      p.stage,
      p.website,
      p.email,
      Date.now(),
    );
    return { ok: true, value: await this.changed() };
  }

  private jobCount(): number {
    return this.sql.exec<{ n: number }>("SELECT count(*) AS n FROM jobs WHERE deleted_at IS NULL").one().n;
  }

  private clean(input: SpotlightJobInput): SpotlightResult<ReturnType<typeof spotlightJobSchema.parse>> {
    const parsed = spotlightJobSchema.safeParse(input);
    if (!parsed.success) return invalid(parsed.error);
    return { ok: true, value: { ...parsed.data, description: sanitizeHtml(parsed.data.description) } };
  }

  /**
   * A new job: live at once when published and the subscription is active, otherwise preview. With a
   * submission id (a post from the wizard, worker/spotlight/postJob.ts) a second call for the same
   * posting is refused: the check and the insert run with no await between them, so it holds under races.
   */
  async createJob(actor: string, input: SpotlightJobInput, published: boolean, submissionId: string | null = null): Promise<SpotlightResult<{ id: string; state: SpotlightState }>> {
    const denied = this.guard(actor);
    if (denied) return denied;
    if (!this.profile()) return fail(404, SPOTLIGHT_MESSAGES.noCompany);
    const job = this.clean(input);
    if (!job.ok) return job;
    if (submissionId && this.sql.exec("SELECT 1 FROM jobs WHERE submission_id = ?", submissionId).toArray().length) return fail(409, m("server.posting.alreadyPosted"));
    if (this.jobCount() >= MAX_SPOTLIGHT_JOBS) return fail(409, SPOTLIGHT_MESSAGES.tooManyJobs);
    const id = crypto.randomUUID();
    const now = Date.now();
    const j = job.value;
    this.sql.exec(
      `INSERT INTO jobs (id, title, category, type, location, salary, equity, description, website, tags, published, created_at, updated_at, published_at, submission_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      id,
      j.title,
      j.category,
      j.type,
      j.location,
      j.salary,
      j.equity,
      j.description,
      j.website,
      JSON.stringify(j.tags),
      published ? 1 : 0,
      now,
      now,
      published ? now : null,
      submissionId,
    );
    return { ok: true, value: { id, state: await this.changed() } };
  }

  private exists(id: string): boolean {
    return this.sql.exec("SELECT 1 FROM jobs WHERE id = ? AND deleted_at IS NULL", id).toArray().length > 0;
  }

  /** With `version`, as saveProfile: applied only while the company is still at the state the dashboard showed (decision 0250). */
  async updateJob(actor: string, id: string, input: SpotlightJobInput, version?: number): Promise<SpotlightResult<SpotlightState>> {
    const denied = this.guard(actor);
    if (denied) return denied;
    if (!this.exists(id)) return fail(404, SPOTLIGHT_MESSAGES.jobNotFound);
    const job = this.clean(input);
    if (!job.ok) return job;
    if (version !== undefined && version !== Number(this.meta("version") ?? "0")) return { ...fail(409, STALE_EDIT), code: "stale" };
    const j = job.value;
    this.sql.exec(
      `UPDATE jobs SET title = ?, category = ?, type = ?, location = ?, salary = ?, equity = ?, description = ?, website = ?, tags = ?, updated_at = ?
       WHERE id = ? AND deleted_at IS NULL`,
      j.title,
      j.category,
      j.type,
      j.location,
      j.salary,
      j.equity,
      j.description,
      j.website,
      JSON.stringify(j.tags),
      Date.now(),
      id,
    );
    return { ok: true, value: await this.changed() };
  }

  async setJobPublished(actor: string, id: string, published: boolean): Promise<SpotlightResult<SpotlightState>> {
    const denied = this.guard(actor);
    if (denied) return denied;
    if (!this.exists(id)) return fail(404, SPOTLIGHT_MESSAGES.jobNotFound);
    const now = Date.now();
    this.sql.exec(
      "UPDATE jobs SET published = ?, published_at = CASE WHEN ? = 1 THEN coalesce(published_at, ?) ELSE published_at END, updated_at = ? WHERE id = ?",
      published ? 1 : 0,
      published ? 1 : 0,
      now,
      now,
      id,
    );
    return { ok: true, value: await this.changed() };
  }

  /** Soft delete: the job keeps its row with deleted_at and leaves every view and D1. */
  async deleteJob(actor: string, id: string): Promise<SpotlightResult<SpotlightState>> {
    const denied = this.guard(actor);
    if (denied) return denied;
    if (!this.exists(id)) return fail(404, SPOTLIGHT_MESSAGES.jobNotFound);
    const now = Date.now();
    this.sql.exec("UPDATE jobs SET deleted_at = ?, updated_at = ? WHERE id = ?", now, now, id);
    return { ok: true, value: await this.changed() };
  }

  /** Publish Company: every unpublished job and the company become published. */
  async publishCompany(actor: string): Promise<SpotlightResult<SpotlightState>> {
    const denied = this.guard(actor);
    if (denied) return denied;
    if (!this.profile()) return fail(404, SPOTLIGHT_MESSAGES.noCompany);
    const now = Date.now();
    this.sql.exec("UPDATE jobs SET published = 1, published_at = coalesce(published_at, ?), updated_at = ? WHERE published = 0 AND deleted_at IS NULL", now, now);
    this.sql.exec("UPDATE company SET published = 1, updated_at = ? WHERE id = 1", now);
    return { ok: true, value: await this.changed() };
  }

  /** The company page goes private again; jobs keep their own published flags for next time. */
  async unpublishCompany(actor: string): Promise<SpotlightResult<SpotlightState>> {
    const denied = this.guard(actor);
    if (denied) return denied;
    if (!this.profile()) return fail(404, SPOTLIGHT_MESSAGES.noCompany);
    this.sql.exec("UPDATE company SET published = 0, updated_at = ? WHERE id = 1", Date.now());
    return { ok: true, value: await this.changed() };
  }

  /**
   * Preview jobs from the browser's local storage, added unpublished. Each keeps its local id as
   * preview_id, so uploading the same list again adds nothing; the object makes its own ids.
   */
  async importPreviewJobs(actor: string, jobs: PreviewJobInput[]): Promise<SpotlightResult<{ imported: number; skipped: number; state: SpotlightState }>> {
    const denied = this.guard(actor);
    if (denied) return denied;
    if (!this.profile()) return fail(404, SPOTLIGHT_MESSAGES.noCompany);
    let imported = 0;
    let skipped = 0;
    const now = Date.now();
    for (const input of jobs.slice(0, MAX_SPOTLIGHT_JOBS)) {
      const job = this.clean(input);
      const previewId = typeof input.id === "string" ? input.id.slice(0, 64) : "";
      if (!job.ok || !previewId || this.jobCount() >= MAX_SPOTLIGHT_JOBS) {
        skipped++;
        continue;
      }
      const created = typeof input.created_at === "number" ? input.created_at : Date.parse(String(input.created_at ?? ""));
      const createdAt = Number.isFinite(created) && created <= now && created > now - 365 * 86_400_000 ? created : now;
      if (this.sql.exec("SELECT 1 FROM jobs WHERE preview_id = ?", previewId).toArray().length) {
        skipped++;
        continue;
      }
      const j = job.value;
      this.sql.exec(
        `INSERT INTO jobs (id, preview_id, title, category, type, location, salary, equity, description, website, tags, published, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)`,
        crypto.randomUUID(),
        previewId,
        j.title,
        j.category,
        j.type,
        j.location,
        j.salary,
        j.equity,
        j.description,
        j.website,
        JSON.stringify(j.tags),
        createdAt,
        now,
      );
      imported++;
    }
    return { ok: true, value: { imported, skipped, state: imported ? await this.changed() : this.state() } };
  }

  /**
   * publish_preview_spotlight_jobs: after subscribing, the jobs that never went live and are not
   * published become published (live while the subscription is active), and so does the company.
   * Returns how many jobs it published; a second call publishes none.
   */
  async publishPreviewJobs(actor: string): Promise<SpotlightResult<{ count: number; state: SpotlightState }>> {
    const denied = this.guard(actor);
    if (denied) return denied;
    if (!this.profile()) return fail(404, SPOTLIGHT_MESSAGES.noCompany);
    const now = Date.now();
    const previews = "published = 0 AND went_live_at IS NULL AND deleted_at IS NULL";
    const count = this.sql.exec<{ n: number }>(`SELECT count(*) AS n FROM jobs WHERE ${previews}`).one().n;
    this.sql.exec(`UPDATE jobs SET published = 1, published_at = coalesce(published_at, ?), updated_at = ? WHERE ${previews}`, now, now);
    this.sql.exec("UPDATE company SET published = 1, updated_at = ? WHERE id = 1", now);
    return { ok: true, value: { count, state: await this.changed() } };
  }

  // ---- the D1 projection ------------------------------------------------------------------------

  private snapshot(): ProjectionSnapshot | null {
    const companyId = this.meta("company_id");
    const ownerId = this.meta("owner_id");
    if (!companyId || !ownerId) return null;
    const now = Date.now();
    const until = this.activeUntil();
    return {
      companyId,
      ownerId,
      ownerEmail: this.meta("owner_email") ?? "",
      ownerDeleted: this.ownerDeleted(),
      profile: this.profile(),
      jobs: this.records(true),
      activeUntil: until !== null && until > now ? until : null,
      now,
    };
  }

  /** One projection at a time, each from the state as it is when it starts, so the last one wins. */
  private runProjection(): Promise<unknown> {
    const run = this.projection.then(async () => {
      const s = this.snapshot();
      if (!s) return;
      const active = s.activeUntil !== null;
      await projectToD1(this.env, s, (job) => this.statusOf(job, active));
    });
    this.projection = run.catch(() => undefined);
    return run;
  }

  private async project(): Promise<void> {
    try {
      await this.runProjection();
    } catch (err) {
      // The object has the change; D1 catches up when the alarm runs the projection again.
      logError("spotlight.projection_failed", err, { companyId: this.meta("company_id"), retryInMs: PROJECTION_RETRY_MS });
      await this.ctx.storage.setAlarm(Date.now() + PROJECTION_RETRY_MS);
    }
  }

  /** Rebuilds D1 from the object (repairs, and the retry after a failed projection). */
  async reproject(): Promise<void> {
    await this.runProjection();
  }

  async alarm(): Promise<void> {
    await this.runProjection(); // throwing makes the runtime retry the alarm with backoff
  }

  // ---- realtime: hibernatable WebSockets --------------------------------------------------------

  private broadcast(state: SpotlightState): void {
    const message = JSON.stringify({ type: "state", state } satisfies SpotlightSocketMessage);
    for (const ws of this.ctx.getWebSockets()) {
      try {
        ws.send(message);
      } catch {
        // a closing socket; its close handler cleans up
      }
    }
  }

  /**
   * The worker forwards an authorised upgrade with the caller in X-Spotlight-Actor. The socket gets the
   * whole state at once, so a reconnect after a drop always catches up.
   */
  async fetch(request: Request): Promise<Response> {
    if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return new Response("Expected a WebSocket upgrade", { status: 426 });
    const actor = request.headers.get("X-Spotlight-Actor") ?? "";
    if (!this.owns(actor)) return new Response(SPOTLIGHT_MESSAGES.notOwner, { status: 403 });
    const pair = new WebSocketPair();
    const [client, server] = Object.values(pair) as [WebSocket, WebSocket];
    this.ctx.acceptWebSocket(server, [actor]);
    server.send(JSON.stringify({ type: "state", state: this.state() } satisfies SpotlightSocketMessage));
    return new Response(null, { status: 101, webSocket: client });
  }

  async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer): Promise<void> {
    if (message === "sync") ws.send(JSON.stringify({ type: "state", state: this.state() } satisfies SpotlightSocketMessage));
  }

  async webSocketClose(ws: WebSocket, code: number, reason: string): Promise<void> {
    try {
      ws.close(code === 1005 ? 1000 : code, reason);
    } catch {
      // already closed
    }
  }
}
