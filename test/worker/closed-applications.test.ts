// Applications whose job is gone for good (an edge audit of issue 26; decision 0213): the job's owner deleted their
// account, or deleted the job for good from the dashboard. Each application to it is closed: its CV is deleted from
// the private bucket at once, its candidate is told once, in the language they applied in, and their list keeps it,
// marked closed. A job paused, expired or taken down by an operator can come back: its applications are left alone.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { DEV_ADMIN_EMAIL } from "../../worker/admin/gate";
import { t } from "../../worker/lib/i18n";
import { submitApplication } from "../../worker/applications/store";
import type { CandidateApplication } from "../../worker/rules/applications";
import { runScheduledTasks } from "../../worker/scheduled";
import { GOOD_PASSWORD, adminSession, call, signUp } from "../support/auth";
import type { Session } from "../support/auth";
import { DAY, addJobs } from "../support/jobs";

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

let admin: Session;
beforeAll(async () => {
  admin = await adminSession(DEV_ADMIN_EMAIL);
});

let n = 0;
/** An application to `job` from `candidate` (signed in) or a new address, in `locale`; its id and its confirmation's token. */
async function applyTo(job: string, { candidate, locale = "en" }: { candidate?: Session; locale?: "en" | "ar" } = {}) {
  n += 1;
  const email = candidate?.email ?? `closed-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const f = new FormData();
  for (const [k, v] of Object.entries({ name: "Layla Haddad", email, note: "", links: "" })) f.set(k, v);
  f.set("cv", new File([PDF as Uint8Array<ArrayBuffer>], "layla-cv.pdf", { type: "application/pdf" }));
  const res = await call(`/api/jobs/${job}/applications`, {
    method: "POST",
    body: f,
    cookie: candidate?.cookie,
    headers: { "CF-Connecting-IP": `10.77.${n % 250}.${(n * 3) % 250}`, "Accept-Language": locale },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  const { id } = ((await res.json()) as { application: { id: string } }).application;
  const text = (await env.DB.prepare("SELECT text FROM mail_outbox WHERE key = ?").bind(`application_received:${id}`).first<{ text: string }>())!.text;
  return { id, email, token: /token=([\w-]+)/.exec(text)![1]! };
}

const boardJob = async (owner: Session, title = "Backend Engineer") => (await addJobs({ title, company: "Acme", applications: 1, userId: owner.userId }))[0]!;
const cvs = async (job: string) => (await env.CVS.list({ prefix: `cvs/${job}/` })).objects.length;
const closedMails = (to: string) =>
  env.DB.prepare(`SELECT key, subject, text FROM mail_outbox WHERE kind = 'application_closed' AND "to" = ?`).bind(to).all<{ key: string; subject: string; text: string }>();
const mine = async (s: Session) => ((await (await call("/api/applications", { cookie: s.cookie })).json()) as { applications: CandidateApplication[] }).applications;
const viaLink = async (a: { id: string; token: string }) => ((await (await call(`/api/applications/${a.id}?token=${a.token}`)).json()) as { application: CandidateApplication }).application;
const deleteJob = (owner: Session, job: string) => call(`/api/dashboard/jobs/${job}`, { method: "DELETE", cookie: owner.cookie });
const deleteAccount = (s: Session) => call("/api/account/delete", { method: "POST", cookie: s.cookie, json: { currentPassword: GOOD_PASSWORD } });
const jobAt = (locale: "en" | "ar", title: string) => t(locale, "mail.common.quotedJobAtCompany", { title, company: "Acme" });

describe("an employer deletes the job for good (the dashboard's Delete)", () => {
  it("closes each application: the CV is deleted at once, the candidate told once in their language, their list keeps it marked closed", async () => {
    const owner = await signUp();
    const job = await boardJob(owner);
    const other = await boardJob(owner, "Designer");
    const candidate = await signUp();
    const en = await applyTo(job, { candidate });
    const ar = await applyTo(job, { locale: "ar" });
    const kept = await applyTo(other, { candidate });
    expect(await cvs(job)).toBe(2);

    // Ten deletes at once (a double click, tabs): one deletion, one e-mail for each candidate.
    const answers = await Promise.all(Array.from({ length: 10 }, () => deleteJob(owner, job)));
    expect(answers.some((r) => r.status === 200)).toBe(true);
    for (const r of answers) expect([200, 404]).toContain(r.status);

    expect(await cvs(job)).toBe(0);
    expect(await cvs(other)).toBe(1);
    const enMails = (await closedMails(candidate.email)).results;
    expect(enMails).toHaveLength(1);
    expect(enMails[0]!.key).toBe(`application_closed:${en.id}`);
    expect(enMails[0]!.subject).toBe(t("en", "mail.application.closed.subject", { job: t("en", "mail.common.jobAtCompany", { title: "Backend Engineer", company: "Acme" }) }));
    expect(enMails[0]!.text).toContain("Your application for Backend Engineer at Acme is closed: the employer took the job off the board for good. Your CV has been deleted.");
    const arMails = (await closedMails(ar.email)).results;
    expect(arMails).toHaveLength(1);
    expect(arMails[0]!.text).toContain(t("ar", "mail.application.closed.jobDeleted", { job: jobAt("ar", "Backend Engineer") }));
    expect(arMails[0]!.text).toContain("أُغلق طلبك");

    // The candidate's list keeps the row, closed; the application still open is as it was.
    const list = await mine(candidate);
    expect(list.find((a) => a.id === en.id)).toMatchObject({ jobTitle: "Backend Engineer", company: "Acme", jobOpen: false, closed: "job_deleted" });
    expect(list.find((a) => a.id === kept.id)).toMatchObject({ jobOpen: true, closed: null });
    expect(await viaLink(ar)).toMatchObject({ closed: "job_deleted" });
    // No CV to link to: a clear 410, never a link to nothing.
    const link = await call(`/api/applications/${en.id}/cv-link`, { cookie: candidate.cookie });
    expect(link.status).toBe(410);
    expect(((await link.json()) as { error: string }).error).toBe("This application is closed: its job was deleted for good, and your CV with it.");
    // Deleting the job again is a 404 that tells no one again.
    expect((await deleteJob(owner, job)).status).toBe(404);
    expect((await closedMails(candidate.email)).results).toHaveLength(1);
  });

  it("the candidate can still delete the closed application from their list; no one else is told", async () => {
    const owner = await signUp();
    const job = await boardJob(owner);
    const a = await applyTo(job);
    expect((await deleteJob(owner, job)).status).toBe(200);
    const res = await call(`/api/applications/${a.id}?token=${a.token}`, { method: "DELETE" });
    expect(await res.json()).toEqual({ withdrawn: true });
    expect((await call(`/api/applications/${a.id}?token=${a.token}`)).status).toBe(404);
    expect((await env.DB.prepare(`SELECT count(*) AS n FROM mail_outbox WHERE kind = 'application_withdrawn' AND "to" = ?`).bind(owner.email).first<{ n: number }>())!.n).toBe(0);
  });
});

describe("an employer deletes their account", () => {
  it("closes the applications to each of its jobs: CVs deleted, each candidate told once in their language; their own applications elsewhere stay", async () => {
    const owner = await signUp();
    const [first, second] = [await boardJob(owner), await boardJob(owner, "Designer")];
    const elsewhere = await boardJob(await signUp(), "Product Manager");
    const candidate = await signUp();
    const en = await applyTo(first!, { candidate });
    const ar = await applyTo(second!, { locale: "ar" });
    const open = await applyTo(elsewhere, { candidate });

    const answers = await Promise.all(Array.from({ length: 3 }, () => deleteAccount(owner)));
    expect(answers.some((r) => r.status === 200)).toBe(true);

    expect(await cvs(first!)).toBe(0);
    expect(await cvs(second!)).toBe(0);
    expect(await cvs(elsewhere)).toBe(1);
    const enMails = (await closedMails(candidate.email)).results;
    expect(enMails).toHaveLength(1);
    expect(enMails[0]!.text).toContain("Your application for Backend Engineer at Acme is closed: the employer closed their account on Startup Jobs. Your CV has been deleted.");
    const arMails = (await closedMails(ar.email)).results;
    expect(arMails).toHaveLength(1);
    expect(arMails[0]!.text).toContain(t("ar", "mail.application.closed.accountDeleted", { job: jobAt("ar", "Designer") }));

    const list = await mine(candidate);
    expect(list.find((a) => a.id === en.id)).toMatchObject({ jobTitle: "Backend Engineer", jobOpen: false, closed: "account_deleted" });
    expect(list.find((a) => a.id === open.id)).toMatchObject({ jobOpen: true, closed: null });
    expect(await viaLink(ar)).toMatchObject({ closed: "account_deleted" });
    expect((await call(`/api/applications/${ar.id}/cv-link?token=${ar.token}`)).status).toBe(410);
  });
});

describe("a job that can come back is not gone for good", () => {
  it("paused, expired, or taken down by an operator: its applications stay open with their CVs, no one told", async () => {
    const owner = await signUp();
    const paused = await boardJob(owner, "Paused");
    const expired = await boardJob(owner, "Expired");
    const removed = await boardJob(owner, "Removed");
    const refunded = await boardJob(owner, "Refunded");
    const applications = await Promise.all([paused, expired, removed, refunded].map((job) => applyTo(job)));

    expect((await call(`/api/dashboard/jobs/${paused}/deactivate`, { method: "POST", cookie: owner.cookie })).status).toBe(200);
    await env.DB.prepare("UPDATE jobs SET expires_at = ? WHERE id = ?")
      .bind(Date.now() - DAY, expired)
      .run();
    expect((await call(`/api/admin/jobs/${removed}/delete`, { method: "POST", cookie: admin.cookie, json: { reason: "Spam" } })).status).toBe(200);
    await env.DB.prepare("UPDATE jobs SET payment_status = 'refunded', published = 0 WHERE id = ?").bind(refunded).run();
    await runScheduledTasks(env, Date.now(), ["purge-applications"]);

    for (const [i, job] of [paused, expired, removed, refunded].entries()) {
      expect(await cvs(job)).toBe(1);
      expect(await viaLink(applications[i]!)).toMatchObject({ closed: null });
      expect((await closedMails(applications[i]!.email)).results).toHaveLength(0);
    }
  });
});

describe("the retention task finishes a closing cut short", () => {
  it("a closed application whose CV is still in the bucket has it deleted by purge-applications", async () => {
    const owner = await signUp();
    const job = await boardJob(owner);
    const a = await applyTo(job);
    expect((await deleteJob(owner, job)).status).toBe(200);
    // As if the worker had stopped between the closing and the bucket's delete.
    const key = `cvs/${job}/left-behind`;
    await env.CVS.put(key, PDF);
    await env.DB.prepare("UPDATE applications SET cv_key = ? WHERE id = ?").bind(key, a.id).run();
    await runScheduledTasks(env, Date.now(), ["purge-applications"]);
    expect(await cvs(job)).toBe(0);
    expect(await viaLink(a)).toMatchObject({ closed: "job_deleted" });
  });
});

describe("an application that arrives as its job goes", () => {
  it("is not stored for a job deleted (or taken off the board) after the form read it: no row, no e-mail, no count", async () => {
    const owner = await signUp();
    const job = await boardJob(owner);
    const send = (jobId: string, email: string) =>
      submitApplication(
        env.DB,
        {
          jobId,
          jobTitle: "Backend Engineer",
          jobCompany: "Acme",
          userId: null,
          name: "Late",
          email,
          note: "",
          links: [],
          cvKey: `cvs/${jobId}/late`,
          cvName: "cv.pdf",
          cvType: "pdf",
          cvSize: 10,
          locale: "en",
          accessHash: "x",
          noticeDue: false,
        },
        (id) => [{ key: `application_received:${id}`, kind: "application_received", to: email, subject: "s", text: "t", html: "h" }],
      );
    const email = `late-${crypto.randomUUID().slice(0, 8)}@example.com`;
    expect((await deleteJob(owner, job)).status).toBe(200);
    expect(await send(job, email)).toBeNull();
    const paused = await boardJob(owner, "Paused");
    await env.DB.prepare("UPDATE jobs SET published = 0 WHERE id = ?").bind(paused).run();
    expect(await send(paused, email)).toBeNull();
    expect((await env.DB.prepare("SELECT count(*) AS n FROM applications WHERE email_key = ?").bind(email).first<{ n: number }>())!.n).toBe(0);
    expect((await env.DB.prepare(`SELECT count(*) AS n FROM mail_outbox WHERE "to" = ?`).bind(email).first<{ n: number }>())!.n).toBe(0);
    expect(await send(await boardJob(owner, "Open"), email)).toMatchObject({ created: true });
  });
});

describe("migration 0033", () => {
  it("closes the applications already sent to deleted jobs and accounts; the next purge-applications deletes their CVs and tells the candidates it can name the job to", async () => {
    const owner = await signUp();
    const live = await boardJob(await signUp(), "Live");
    const ofDeleted = await boardJob(owner, "Account gone");
    const goneJob = crypto.randomUUID();
    const insert = (id: string, jobId: string, title: string) =>
      env.DB.prepare(
        `INSERT INTO applications (id, job_id, name, email, email_key, cv_key, cv_name, cv_type, cv_size, locale, access_hash, applied_title, applied_company, created_at, updated_at)
         VALUES (?, ?, 'Old', ?, ?, ?, 'cv.pdf', 'pdf', 10, 'en', 'x', ?, ?, ?, ?)`,
      ).bind(id, jobId, `${id}@example.com`, `${id}@example.com`, `cvs/${jobId}/old`, title, title ? "Acme" : "", Date.now(), Date.now());
    const [a, b, c, d] = Array.from({ length: 4 }, () => `m32-${crypto.randomUUID().slice(0, 8)}`);
    const unnamedJob = crypto.randomUUID();
    await env.DB.batch([insert(a!, goneJob, "Deleted role"), insert(b!, unnamedJob, ""), insert(c!, ofDeleted, "Account gone"), insert(d!, live, "Live")]);
    for (const job of [goneJob, unnamedJob, ofDeleted, live]) await env.CVS.put(`cvs/${job}/old`, PDF);
    await env.DB.prepare("UPDATE accounts SET deleted_at = ? WHERE id = ?").bind(Date.now(), owner.userId).run();

    const { default: migration } = await import("../../migrations/0033_closed_applications.sql?raw");
    const updates = migration
      .split("--> statement-breakpoint")
      .map((part) => part.trim().replace(/;$/, ""))
      .filter((part) => part.startsWith("UPDATE"));
    expect(updates).toHaveLength(2);
    for (const update of updates) await env.DB.prepare(update).run();
    const closed = async (id: string) => (await env.DB.prepare("SELECT closed_reason AS r FROM applications WHERE id = ?").bind(id).first<{ r: string | null }>())!.r;
    expect([await closed(a!), await closed(b!), await closed(c!), await closed(d!)]).toEqual(["job_deleted", "job_deleted", "account_deleted", null]);

    await runScheduledTasks(env, Date.now(), ["purge-applications"]);
    for (const job of [goneJob, unnamedJob, ofDeleted]) expect(await cvs(job)).toBe(0);
    expect(await cvs(live)).toBe(1);
    expect((await closedMails(`${a}@example.com`)).results[0]!.text).toContain("Your application for Deleted role at Acme is closed: the employer took the job off the board for good.");
    expect((await closedMails(`${b}@example.com`)).results).toHaveLength(0);
    expect((await closedMails(`${c}@example.com`)).results[0]!.text).toContain("the employer closed their account on Startup Jobs");
  });
});
