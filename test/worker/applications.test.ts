// Applying on the board (issue 26; worker/applications): the employer's choice, the form's refusals (by the CV's
// bytes, its size, the fields), one application for identical submits (10 at once), the e-mails in each
// recipient's language, the owner-only inbox with statuses, notes, bulk change and the rejection e-mail, the
// short-lived signed CV link, withdrawal and the 180-day retention, and the toggle in the owner's edit form.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { checkCvLink, signedCvPath } from "../../worker/applications/cv";
import { deleteApplicationsOf, exportApplications } from "../../worker/applications/store";
import type { CandidateApplication, InboxApplication } from "../../worker/rules/applications";
import { CV_LINK_TTL_MS } from "../../worker/rules/applications";
import { t } from "../../worker/lib/i18n";
import { runScheduledTasks } from "../../worker/scheduled";
import { GOOD_PASSWORD, call, signUp, verifyAddress } from "../support/auth";
import type { Session } from "../support/auth";
import { DAY, LONG_DESCRIPTION, addJobs, clearJobs } from "../support/jobs";

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const DOCX = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new TextEncoder().encode("....[Content_Types].xml....word/document.xml....")]);
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));

let n = 0;
function form(fields: Record<string, string> = {}, cv: { bytes: Uint8Array; name: string; type?: string } | null = { bytes: PDF, name: "cv.pdf" }): FormData {
  n += 1;
  const f = new FormData();
  const all = { name: "Layla Haddad", email: `layla${n}@example.com`, note: "I would love to join.", links: "https://github.com/layla", ...fields };
  for (const [k, v] of Object.entries(all)) f.set(k, v);
  if (cv) f.set("cv", new File([cv.bytes as Uint8Array<ArrayBuffer>], cv.name, { type: cv.type ?? "application/pdf" }));
  return f;
}

const apply = (jobId: string, body: FormData, init: { cookie?: string; headers?: Record<string, string> } = {}) =>
  call(`/api/jobs/${jobId}/applications`, { method: "POST", body, cookie: init.cookie, headers: { "CF-Connecting-IP": `10.9.${n % 250}.${(n * 7) % 250}`, ...init.headers } });

async function boardJob(owner: Session, extra: Record<string, unknown> = {}): Promise<string> {
  const [id] = await addJobs({ title: "Backend Engineer", company: "Acme", applications: 1, userId: owner.userId, ...extra });
  return id!;
}

const count = async (sql: string, ...params: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...params)
    .first<{ n: number }>())!.n;
const outbox = (kind: string) => env.DB.prepare('SELECT "to", subject, text FROM mail_outbox WHERE kind = ?').bind(kind).all<{ to: string; subject: string; text: string }>();

beforeEach(async () => {
  await clearJobs();
  await env.DB.batch([env.DB.prepare("DELETE FROM applications"), env.DB.prepare("DELETE FROM mail_outbox"), env.DB.prepare("DELETE FROM rate_limits")]);
});

describe("the employer's choice", () => {
  it("a job that does not take applications answers 409 and stores nothing; the API says which do", async () => {
    const owner = await signUp();
    const [plain] = await addJobs({ title: "Link only", userId: owner.userId });
    const board = await boardJob(owner);
    expect((await apply(plain!, form())).status).toBe(409);
    expect(await count("SELECT count(*) AS n FROM applications")).toBe(0);
    const jobs = ((await (await call("/api/jobs")).json()) as { jobs: { id: string; applications: boolean }[] }).jobs;
    expect(jobs.find((j) => j.id === plain)!.applications).toBe(false);
    expect(jobs.find((j) => j.id === board)!.applications).toBe(true);
  });
});

describe("the application form", () => {
  it("answers 201 with { application: { id } } for a PDF, and for a DOCX", async () => {
    const owner = await signUp();
    const job = await boardJob(owner);
    const res = await apply(job, form());
    expect(res.status).toBe(201);
    const body = (await res.json()) as { application: { id: string } };
    expect(body.application.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await apply(job, form({}, { bytes: DOCX, name: "cv.docx" }))).status).toBe(201);
    expect(await count("SELECT count(*) AS n FROM applications WHERE job_id = ?", job)).toBe(2);
  });

  it("checks the CV by its bytes, not its name or type: an image or text named .pdf is refused; over 5 MB is refused", async () => {
    const owner = await signUp();
    const job = await boardJob(owner);
    const png = await apply(job, form({}, { bytes: PNG, name: "cv.pdf", type: "application/pdf" }));
    expect(png.status).toBe(400);
    expect(((await png.json()) as { error: string }).error).toBe("Your CV must be a PDF or a Word (DOCX) file");
    const text = await apply(job, form({}, { bytes: new TextEncoder().encode("just text"), name: "cv.docx" }));
    expect(text.status).toBe(400);
    const zipNotWord = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new TextEncoder().encode("[Content_Types].xml xl/workbook.xml")]);
    expect((await apply(job, form({}, { bytes: zipNotWord, name: "cv.docx" }))).status).toBe(400);
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PDF);
    const large = await apply(job, form({}, { bytes: big, name: "cv.pdf" }));
    expect(large.status).toBe(400);
    expect(((await large.json()) as { error: string }).error).toBe("Your CV can be at most 5 MB");
    const missing = await apply(job, form({}, null));
    expect(missing.status).toBe(400);
    expect(await count("SELECT count(*) AS n FROM applications")).toBe(0);
  });

  it("a body larger than a CV and its form can be is refused by its declared size, before it is parsed (413, in the form's words)", async () => {
    const owner = await signUp();
    const job = await boardJob(owner);
    // Not even a form: parsed, it would be refused as a form without a CV (400); by its size it is refused first.
    const junk = new Uint8Array(5 * 1024 * 1024 + 64 * 1024 + 1).fill(0x61);
    const res = await call(`/api/jobs/${job}/applications`, {
      method: "POST",
      body: junk,
      headers: { "Content-Type": "multipart/form-data; boundary=x", "CF-Connecting-IP": "10.9.251.1" },
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: "Your CV can be at most 5 MB", issues: [{ path: "cv", message: "Your CV can be at most 5 MB" }] });
    expect(await count("SELECT count(*) AS n FROM applications WHERE job_id = ?", job)).toBe(0);
  });

  it("bad fields are 400s with {error}: no name, a bad e-mail, a note over 3,000 characters, a link that is not a web address", async () => {
    const owner = await signUp();
    const job = await boardJob(owner);
    for (const [fields, error] of [
      [{ name: " " }, "Your name is required"],
      [{ email: "not-an-email" }, "Please enter a valid email address"],
      [{ note: "x".repeat(3001) }, "The note can be at most 3000 characters"],
      [{ links: "javascript:alert(1)" }, "Each link must be a web address (https://…)"],
    ] as [Record<string, string>, string][]) {
      const res = await apply(job, form(fields));
      expect(res.status, JSON.stringify(fields)).toBe(400);
      expect(((await res.json()) as { error: string }).error).toContain(error.slice(0, 20));
    }
    expect(await count("SELECT count(*) AS n FROM applications")).toBe(0);
  });

  it("10 simultaneous identical submits make 1 application, 1 confirmation, 1 notice and 1 apply counted", async () => {
    const owner = await signUp();
    const job = await boardJob(owner);
    const answers = await Promise.all(Array.from({ length: 10 }, () => apply(job, form({ email: "same@example.com" }))));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(201));
    const ids = new Set(await Promise.all(answers.map(async (r) => ((await r.json()) as { application: { id: string } }).application.id)));
    expect(ids.size).toBe(1);
    expect(await count("SELECT count(*) AS n FROM applications WHERE job_id = ?", job)).toBe(1);
    expect((await outbox("application_received")).results).toHaveLength(1);
    expect((await outbox("application_notice")).results).toHaveLength(1);
    expect(await count("SELECT applies AS n FROM job_stats WHERE job_id = ?", job)).toBe(1);
    // The same address again, later, in another case: still one.
    expect((await apply(job, form({ email: "SAME@example.com " }))).status).toBe(201);
    expect(await count("SELECT count(*) AS n FROM applications WHERE job_id = ?", job)).toBe(1);
    const objects = await env.CVS.list({ prefix: `cvs/${job}/` });
    expect(objects.objects).toHaveLength(1);
  });

  it("e-mails are in each recipient's language, and the employer's never carries the CV", async () => {
    const owner = await signUp();
    await env.DB.prepare("UPDATE accounts SET locale = 'ar' WHERE id = ?").bind(owner.userId).run();
    const job = await boardJob(owner);
    expect((await apply(job, form({ email: "en@example.com" }), { headers: { "Accept-Language": "en" } })).status).toBe(201);
    const [confirmation] = (await outbox("application_received")).results;
    expect(confirmation!.subject).toBe("Your application: Backend Engineer at Acme");
    expect(confirmation!.text).toMatch(/\/applications\/[0-9a-f-]+\?token=/);
    const [notice] = (await outbox("application_notice")).results;
    expect(notice!.to).toBe(owner.email);
    expect(notice!.subject).toBe("طلب تقديم جديد لوظيفة «\u2068Backend Engineer\u2069»");
    expect(notice!.text).toContain("/ar/dashboard/applications?jobId=");
    await env.DB.prepare("DELETE FROM mail_outbox").run();
    expect((await apply(job, form({ email: "ar@example.com" }), { headers: { "Accept-Language": "ar" } })).status).toBe(201);
    const subject = (await outbox("application_received")).results[0]!.subject;
    expect(subject).toMatch(/^تم إرسال طلبك: \u2068Backend Engineer\u2069 لدى/);
    expect(subject).toBe(t("ar", "mail.application.received.subject", { job: t("ar", "mail.common.jobAtCompany", { title: "Backend Engineer", company: "Acme" }) }));
  });
});

describe("a job without an owner account", () => {
  it("is told in its own language: an Arabic title gets an Arabic notice with an Arabic inbox link, whatever the candidate's", async () => {
    const [arabic] = await addJobs({ title: "مهندس برمجيات أول", company: "أفق للتقنية", applications: 1, email: "hiring@afaq.example" });
    const [latin] = await addJobs({ title: "Data Engineer", company: "Acme", applications: 1, email: "hiring@acme.example" });
    expect((await apply(arabic!, form(), { headers: { "Accept-Language": "en" } })).status).toBe(201);
    expect((await apply(latin!, form(), { headers: { "Accept-Language": "ar" } })).status).toBe(201);
    const notices = (await outbox("application_notice")).results;
    const toAfaq = notices.find((m) => m.to === "hiring@afaq.example")!;
    expect(toAfaq.subject).toBe("طلب تقديم جديد لوظيفة «\u2068مهندس برمجيات أول\u2069»");
    expect(toAfaq.text).toContain("/ar/dashboard/applications?jobId=");
    expect(notices.find((m) => m.to === "hiring@acme.example")!.subject).toBe("New application: Data Engineer");
  });
});

async function applied(owner: Session, candidate?: Session) {
  const job = await boardJob(owner);
  const res = await apply(job, form({}), { cookie: candidate?.cookie });
  const { id } = ((await res.json()) as { application: { id: string } }).application;
  const text = (await outbox("application_received")).results.at(-1)!.text;
  const token = /token=([\w-]+)/.exec(text)![1]!;
  return { job, id, token };
}

describe("the employer's inbox", () => {
  it("lists a job's applications for its owner only: 404 for anyone else, 401 signed out", async () => {
    const owner = await signUp();
    const other = await signUp();
    const { job, id } = await applied(owner);
    const mine = await call(`/api/dashboard/applications?jobId=${job}`, { cookie: owner.cookie });
    expect(mine.status).toBe(200);
    const inbox = (await mine.json()) as { applications: InboxApplication[] };
    expect(inbox.applications.map((a) => [a.id, a.name, a.status])).toEqual([[id, "Layla Haddad", "new"]]);
    expect((await call(`/api/dashboard/applications?jobId=${job}`, { cookie: other.cookie })).status).toBe(404);
    expect((await call(`/api/dashboard/applications?jobId=${job}`)).status).toBe(401);
    const counts = (await (await call("/api/dashboard/applications/counts", { cookie: owner.cookie })).json()) as { counts: Record<string, number> };
    expect(counts.counts[job]).toBe(1);
  });

  it("changes statuses in bulk, keeps notes private, and sends the rejection e-mail once when chosen", async () => {
    const owner = await signUp();
    const other = await signUp();
    const job = await boardJob(owner);
    const ids: string[] = [];
    for (const email of ["a@example.com", "b@example.com"]) ids.push(((await (await apply(job, form({ email }))).json()) as { application: { id: string } }).application.id);
    const patch = (cookie: string, json: unknown) => call("/api/dashboard/applications", { method: "PATCH", cookie, json });
    expect((await patch(other.cookie, { ids, status: "hired" })).status).toBe(404);
    expect((await patch(owner.cookie, { ids, status: "maybe" })).status).toBe(400);
    expect((await patch(owner.cookie, { ids, status: "shortlisted", notes: "Strong Go" })).status).toBe(200);
    const inbox = (await (await call(`/api/dashboard/applications?jobId=${job}`, { cookie: owner.cookie })).json()) as { applications: InboxApplication[] };
    expect(inbox.applications.map((a) => [a.status, a.notes])).toEqual([
      ["shortlisted", "Strong Go"],
      ["shortlisted", "Strong Go"],
    ]);
    await Promise.all(Array.from({ length: 10 }, () => patch(owner.cookie, { ids: [ids[0]], status: "rejected", sendRejection: true })));
    const rejections = (await outbox("application_rejected")).results;
    expect(rejections.map((r) => r.to)).toEqual(["a@example.com"]);
    expect(rejections[0]!.text).toContain("decided not to move forward");
    await patch(owner.cookie, { ids: [ids[1]], status: "rejected" });
    expect((await outbox("application_rejected")).results).toHaveLength(1);
  });

  it("'Select all' on a job with 150 applications changes them all and tells each candidate once (D1 binds at most 100 values a statement: it was a 500); over 200 at once is a 400 that changes nothing", async () => {
    const owner = await signUp();
    const job = await boardJob(owner);
    const now = Date.now();
    const ids = Array.from({ length: 150 }, (_, i) => `bulk-${i}`);
    await env.DB.batch(
      ids.map((id, i) =>
        env.DB.prepare(
          `INSERT INTO applications (id, job_id, name, email, email_key, cv_key, cv_name, cv_type, cv_size, locale, access_hash, created_at, updated_at)
           VALUES (?, ?, 'Candidate', ?, ?, 'cvs/x', 'cv.pdf', 'pdf', 10, ?, 'h', ?, ?)`,
        ).bind(id, job, `bulk${i}@example.com`, `bulk${i}@example.com`, i % 2 ? "ar" : "en", now - i, now - i),
      ),
    );
    const patch = (json: unknown) => call("/api/dashboard/applications", { method: "PATCH", cookie: owner.cookie, json });
    const rejected = await patch({ ids, status: "rejected", sendRejection: true, notes: "Read" });
    expect(rejected.status).toBe(200);
    expect(await rejected.json()).toEqual({ changed: 150, told: 150 });
    expect(await count("SELECT count(*) AS n FROM applications WHERE job_id = ? AND status = 'rejected' AND employer_notes = 'Read'", job)).toBe(150);
    expect((await outbox("application_rejected")).results).toHaveLength(150);
    expect(await (await patch({ ids, status: "rejected", sendRejection: true })).json()).toEqual({ changed: 150, told: 0 });
    // More than the inbox's bulk change takes: a 400 that says so, and nothing changed.
    const tooMany = await patch({ ids: [...ids, ...ids.map((id) => `${id}-more`)], status: "hired" });
    expect(tooMany.status).toBe(400);
    expect(((await tooMany.json()) as { error: string }).error).toContain("You can change at most 200 applications at once");
    const ar = await call("/api/dashboard/applications", {
      method: "PATCH",
      cookie: owner.cookie,
      json: { ids: [...ids, ...ids.map((id) => `${id}-more`)], status: "hired" },
      headers: { "Accept-Language": "ar" },
    });
    expect(((await ar.json()) as { error: string }).error).toContain(t("ar", "server.applications.idsMax", { max: 200 }));
    expect(await count("SELECT count(*) AS n FROM applications WHERE job_id = ? AND status = 'hired'", job)).toBe(0);
  });

  it("a shortlisting tells the candidate, once, in the language they applied in, and the answer says who was told", async () => {
    const owner = await signUp();
    const job = await boardJob(owner);
    const ids: string[] = [];
    for (const [email, lang] of [
      ["ar-short@example.com", "ar"],
      ["en-short@example.com", "en"],
    ] as const) {
      ids.push(((await (await apply(job, form({ email }), { headers: { "Accept-Language": lang } })).json()) as { application: { id: string } }).application.id);
    }
    const patch = (json: unknown) => call("/api/dashboard/applications", { method: "PATCH", cookie: owner.cookie, json });
    expect(await (await patch({ ids: [ids[0]], status: "reviewing" })).json()).toEqual({ changed: 1, told: 0 });
    expect((await outbox("application_shortlisted")).results).toHaveLength(0);
    const answers = await Promise.all(Array.from({ length: 10 }, () => patch({ ids, status: "shortlisted" })));
    const told = await Promise.all(answers.map(async (r) => ((await r.json()) as { told: number }).told));
    expect(told.reduce((a, b) => a + b, 0)).toBe(2);
    // Back and forth: no second e-mail.
    await patch({ ids, status: "reviewing" });
    expect(await (await patch({ ids, status: "shortlisted" })).json()).toEqual({ changed: 2, told: 0 });
    const mails = (await outbox("application_shortlisted")).results;
    expect(mails.map((m) => m.to).sort()).toEqual(["ar-short@example.com", "en-short@example.com"]);
    const ar = mails.find((m) => m.to === "ar-short@example.com")!;
    expect(ar.subject).toBe(t("ar", "mail.application.shortlisted.subject", { job: t("ar", "mail.common.jobAtCompany", { title: "Backend Engineer", company: "Acme" }) }));
    expect(ar.text).toContain("القائمة المختصرة");
    // The company by its name, once, as the one who shortlisted (the 29th reading: «أضافت الشركة طلبك لوظيفة «…» لدى Acme»).
    expect(ar.text).toContain("أضافت \u2068Acme\u2069 طلبك لوظيفة «\u2068Backend Engineer\u2069» إلى القائمة المختصرة.");
    expect(mails.find((m) => m.to === "en-short@example.com")!.text).toContain("Acme has shortlisted your application for Backend Engineer.");
    expect(mails.find((m) => m.to === "en-short@example.com")!.subject).toBe("Good news about your application: Backend Engineer at Acme");
  });
});

describe("the candidate's side", () => {
  it("the confirmation link shows that one application, without the employer's notes; a wrong token is 404", async () => {
    const owner = await signUp();
    const { id, token } = await applied(owner);
    await call("/api/dashboard/applications", { method: "PATCH", cookie: owner.cookie, json: { ids: [id], status: "reviewing", notes: "private" } });
    const res = await call(`/api/applications/${id}?token=${token}`);
    expect(res.status).toBe(200);
    const { application } = (await res.json()) as { application: CandidateApplication };
    expect(application).toMatchObject({ id, status: "reviewing", jobTitle: "Backend Engineer", company: "Acme" });
    expect(JSON.stringify(application)).not.toContain("private");
    expect((await call(`/api/applications/${id}?token=wrong`)).status).toBe(404);
    expect((await call(`/api/applications/${id}`)).status).toBe(404);
  });

  it("a signed-in candidate lists their applications with statuses at /api/applications", async () => {
    const owner = await signUp();
    const candidate = await signUp();
    const { id } = await applied(owner, candidate);
    const list = (await (await call("/api/applications", { cookie: candidate.cookie })).json()) as { applications: CandidateApplication[] };
    expect(list.applications.map((a) => [a.id, a.status])).toEqual([[id, "new"]]);
    expect((await call("/api/applications")).status).toBe(401);
    expect((await exportApplications(env.DB, candidate.userId)).map((a) => a.id)).toEqual([id]);
  });

  it("an application to a job its owner then deleted still names the job, closed (its card had no title and no company)", async () => {
    const owner = await signUp();
    const candidate = await signUp();
    const { id, token, job } = await applied(owner, candidate);
    expect((await call(`/api/dashboard/jobs/${job}`, { method: "DELETE", cookie: owner.cookie })).status).toBe(200);
    const list = (await (await call("/api/applications", { cookie: candidate.cookie })).json()) as { applications: CandidateApplication[] };
    expect(list.applications).toEqual([expect.objectContaining({ id, jobTitle: "Backend Engineer", company: "Acme", jobOpen: false })]);
    const one = (await (await call(`/api/applications/${id}?token=${token}`)).json()) as { application: CandidateApplication };
    expect(one.application).toMatchObject({ jobTitle: "Backend Engineer", company: "Acme", jobOpen: false });
  });

  it("withdrawing deletes the application and its CV", async () => {
    const owner = await signUp();
    const { id, token, job } = await applied(owner);
    expect((await env.CVS.list({ prefix: `cvs/${job}/` })).objects).toHaveLength(1);
    expect((await call(`/api/applications/${id}?token=bad`, { method: "DELETE" })).status).toBe(404);
    const res = await call(`/api/applications/${id}?token=${token}`, { method: "DELETE" });
    expect(await res.json()).toEqual({ withdrawn: true });
    expect(await count("SELECT count(*) AS n FROM applications WHERE id = ?", id)).toBe(0);
    expect((await env.CVS.list({ prefix: `cvs/${job}/` })).objects).toHaveLength(0);
    // The link opened again says it may have been withdrawn, not only «الطلب غير موجود» (the eighteenth reading).
    const again = await call(`/api/applications/${id}?token=${token}`, { headers: { "Accept-Language": "ar" } });
    expect(again.status).toBe(404);
    expect(((await again.json()) as { error: string }).error).toBe("لم نجد هذا الطلب، فربما سُحب أو حُذف.");
  });

  it("'Delete my account' removes a candidate's applications and CVs (deleteApplicationsOf)", async () => {
    const owner = await signUp();
    const candidate = await signUp();
    const { job } = await applied(owner, candidate);
    expect(await deleteApplicationsOf(env.DB, candidate.userId, (keys) => env.CVS.delete(keys))).toBe(1);
    expect((await env.CVS.list({ prefix: `cvs/${job}/` })).objects).toHaveLength(0);
  });
});

describe("applying again (a fifteenth reading: the form's second submit said «تم إرسال طلبك»)", () => {
  const repeat = (job: string, email: string, init: { cookie?: string; headers?: Record<string, string> } = {}) => apply(job, form({ email }), init);
  const backdate = (job: string, ms: number) => env.DB.prepare("UPDATE applications SET created_at = created_at - ? WHERE job_id = ?").bind(ms, job).run();

  it("the signed-in candidate who applied is told so: 200 { already, application: { id, createdAt } }, nothing stored or sent again", async () => {
    const owner = await signUp();
    const candidate = await signUp();
    const job = await boardJob(owner);
    const first = await repeat(job, candidate.email, { cookie: candidate.cookie });
    expect(first.status).toBe(201);
    const { id } = ((await first.json()) as { application: { id: string } }).application;
    await backdate(job, DAY);
    const again = await repeat(job, candidate.email, { cookie: candidate.cookie });
    expect(again.status).toBe(200);
    const body = (await again.json()) as { already: boolean; application: { id: string; createdAt: string } };
    expect(body).toEqual({ already: true, application: { id, createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) } });
    expect(Date.parse(body.application.createdAt)).toBeLessThan(Date.now() - DAY / 2);
    expect(await count("SELECT count(*) AS n FROM applications WHERE job_id = ?", job)).toBe(1);
    expect((await outbox("application_received")).results).toHaveLength(1);
    expect((await outbox("application_notice")).results).toHaveLength(1);
    expect((await outbox("application_again")).results).toHaveLength(0);
    expect((await env.CVS.list({ prefix: `cvs/${job}/` })).objects).toHaveLength(1);
  });

  it("a verified account whose address applied while signed out is told so too; an unverified one is not", async () => {
    const owner = await signUp();
    const job = await boardJob(owner);
    const email = `later${n}@example.com`;
    expect((await repeat(job, email)).status).toBe(201);
    const unverified = await signUp(email.replace("later", "other"), undefined, { verified: false });
    const claimed = await repeat(job, email, { cookie: unverified.cookie });
    expect(claimed.status).toBe(201);
    expect(await claimed.json()).not.toHaveProperty("already");
    const verified = await signUp(email);
    expect((await repeat(job, email, { cookie: verified.cookie })).status).toBe(200);
  });

  it("anyone else gets a new application's answer, and the address is told by e-mail in the request's language, once a day; not for a retry within minutes", async () => {
    const owner = await signUp();
    const job = await boardJob(owner);
    const email = `again${n}@example.com`;
    const first = await repeat(job, email, { headers: { "Accept-Language": "ar" } });
    const { id } = ((await first.json()) as { application: { id: string } }).application;
    // A retry a moment later: the first's confirmation answers it.
    expect((await repeat(job, email)).status).toBe(201);
    expect((await outbox("application_again")).results).toHaveLength(0);
    await backdate(job, 3 * DAY);
    const answers = await Promise.all([1, 2, 3].map(() => repeat(job, email, { headers: { "Accept-Language": "ar" } })));
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201]);
    for (const r of answers) expect(await r.json()).toEqual({ application: { id } });
    const mails = (await outbox("application_again")).results;
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(email);
    expect(mails[0]!.subject).toBe(t("ar", "mail.application.again.subject", { job: t("ar", "mail.common.jobAtCompany", { title: "Backend Engineer", company: "Acme" }) }));
    expect(mails[0]!.text).toContain("تقدّمت لوظيفة");
    expect(mails[0]!.text).toContain(t("ar", "mail.application.again.notYou"));
    expect(await count("SELECT count(*) AS n FROM applications WHERE job_id = ?", job)).toBe(1);
    expect((await outbox("application_received")).results).toHaveLength(1);
  });
});

describe("withdrawal tells the employer (a fifteenth reading)", () => {
  it("an employer told of each application is told of its withdrawal, in their language, once", async () => {
    const owner = await signUp();
    await env.DB.prepare("UPDATE accounts SET locale = 'ar' WHERE id = ?").bind(owner.userId).run();
    const { id, token } = await applied(owner);
    const withdraw = () => call(`/api/applications/${id}?token=${token}`, { method: "DELETE" });
    expect(await (await withdraw()).json()).toEqual({ withdrawn: true });
    expect((await withdraw()).status).toBe(404);
    const mails = (await outbox("application_withdrawn")).results;
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(owner.email);
    expect(mails[0]!.subject).toBe("تم سحب طلب لوظيفة «\u2068Backend Engineer\u2069»");
    expect(mails[0]!.text).toContain("Layla Haddad");
    expect(mails[0]!.text).toContain("/ar/dashboard/applications?jobId=");
  });

  it("an employer who chose the daily digest gets no notice of its own", async () => {
    const owner = await signUp();
    await env.DB.prepare("UPDATE accounts SET application_notices = 'digest' WHERE id = ?").bind(owner.userId).run();
    const { id, token } = await applied(owner);
    expect(await (await call(`/api/applications/${id}?token=${token}`, { method: "DELETE" })).json()).toEqual({ withdrawn: true });
    expect((await outbox("application_withdrawn")).results).toHaveLength(0);
  });
});

describe("a candidate who deletes their account withdraws their applications", () => {
  it("each employer told of each application is told of its withdrawal, in their language, once; one who chose the digest, and a closed job's, are not", async () => {
    const arOwner = await signUp();
    await env.DB.prepare("UPDATE accounts SET locale = 'ar' WHERE id = ?").bind(arOwner.userId).run();
    const enOwner = await signUp();
    const digestOwner = await signUp();
    await env.DB.prepare("UPDATE accounts SET application_notices = 'digest' WHERE id = ?").bind(digestOwner.userId).run();
    const candidate = await signUp();
    const jobs = [await boardJob(arOwner), await boardJob(enOwner, { title: "Designer" }), await boardJob(digestOwner), await boardJob(enOwner, { title: "Closed role" })];
    for (const job of jobs) expect((await apply(job, form({ email: candidate.email }), { cookie: candidate.cookie })).status).toBe(201);
    await env.DB.prepare("UPDATE jobs SET published = 0 WHERE id = ?").bind(jobs[3]).run();

    const res = await call("/api/account/delete", { method: "POST", cookie: candidate.cookie, json: { currentPassword: GOOD_PASSWORD } });
    expect(res.status).toBe(200);
    expect(await count("SELECT count(*) AS n FROM applications WHERE user_id = ?", candidate.userId)).toBe(0);
    const mails = (await outbox("application_withdrawn")).results;
    expect(mails.map((m) => m.to).sort()).toEqual([arOwner.email, enOwner.email].sort());
    expect(mails.find((m) => m.to === arOwner.email)!.subject).toBe("تم سحب طلب لوظيفة «\u2068Backend Engineer\u2069»");
    expect(mails.find((m) => m.to === enOwner.email)!.subject).toBe("Application withdrawn: Designer");
    expect(mails.find((m) => m.to === enOwner.email)!.text).toContain("Layla Haddad withdrew their application for Designer.");
    for (const job of jobs) expect((await env.CVS.list({ prefix: `cvs/${job}/` })).objects).toHaveLength(0);
  });
});

describe("the CV through a short-lived signed link", () => {
  it("the owner and the applicant get a link that serves the CV privately; anyone else gets 404", async () => {
    const owner = await signUp();
    const other = await signUp();
    const { id, token } = await applied(owner);
    expect((await call(`/api/applications/${id}/cv-link`, { cookie: other.cookie })).status).toBe(404);
    expect((await call(`/api/applications/${id}/cv-link`)).status).toBe(404);
    const { url } = (await (await call(`/api/applications/${id}/cv-link`, { cookie: owner.cookie })).json()) as { url: string };
    const cv = await call(url);
    expect(cv.status).toBe(200);
    expect(cv.headers.get("Content-Type")).toBe("application/pdf");
    expect(cv.headers.get("Cache-Control")).toBe("private, no-store");
    expect(new Uint8Array(await cv.arrayBuffer())).toEqual(PDF);
    expect((await call(`/api/applications/${id}/cv-link?token=${token}`)).status).toBe(200);
  });

  it("a link expires after 5 minutes, and a tampered one never works", async () => {
    const owner = await signUp();
    const { id } = await applied(owner);
    const now = Date.now();
    const url = new URL(await signedCvPath(env.JWT_SECRET, id, now), "http://localhost");
    const exp = url.searchParams.get("exp")!;
    const sig = url.searchParams.get("sig")!;
    expect(await checkCvLink(env.JWT_SECRET, id, exp, sig, now + CV_LINK_TTL_MS - 1)).toBe("ok");
    expect(await checkCvLink(env.JWT_SECRET, id, exp, sig, now + CV_LINK_TTL_MS)).toBe("expired");
    expect(await checkCvLink(env.JWT_SECRET, "another-id", exp, sig, now)).toBe("bad");
    const old = await signedCvPath(env.JWT_SECRET, id, now - CV_LINK_TTL_MS - 1);
    const res = await call(old);
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: string }).error).toMatch(/expired/);
  });
});

describe("retention: 180 days after the job closes, by the scheduled task", () => {
  it("purge-applications deletes applications and CVs of jobs closed over 180 days ago, and only those", async () => {
    const owner = await signUp();
    const old = await applied(owner);
    const recent = await applied(owner);
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare("UPDATE jobs SET expires_at = ? WHERE id = ?").bind(now - 181 * DAY, old.job),
      env.DB.prepare("UPDATE jobs SET expires_at = ? WHERE id = ?").bind(now - 179 * DAY, recent.job),
    ]);
    const report = await runScheduledTasks(env, now, ["purge-applications"]);
    expect(report["purge-applications"]).toBe(1);
    expect(await count("SELECT count(*) AS n FROM applications WHERE id = ?", old.id)).toBe(0);
    expect(await count("SELECT count(*) AS n FROM applications WHERE id = ?", recent.id)).toBe(1);
    expect((await env.CVS.list({ prefix: `cvs/${old.job}/` })).objects).toHaveLength(0);
    expect((await env.CVS.list({ prefix: `cvs/${recent.job}/` })).objects).toHaveLength(1);
    expect((await runScheduledTasks(env, now, ["purge-applications"]))["purge-applications"]).toBe(0);
  });
});

describe("the owner's edit form: 'Receive applications on Startup Jobs'", () => {
  const fields = { title: "Backend Engineer", company: "Acme", location: "Dubai, UAE", category: "Engineering", salary: "$100k - $150k", equity: "0.1% - 0.5%", description: LONG_DESCRIPTION };
  const edit = (s: Session | null, id: string, json: Record<string, unknown>) => call(`/api/dashboard/jobs/${id}`, { method: "PATCH", cookie: s?.cookie, json: { ...fields, ...json } });
  const taking = async (id: string) => (await env.DB.prepare("SELECT applications AS n FROM jobs WHERE id = ?").bind(id).first<{ n: number }>())!.n;

  it("turns it on and off through PATCH /api/dashboard/jobs/:id; the API and the form follow; left out, the job keeps its choice", async () => {
    const owner = await signUp();
    const [job] = await addJobs({ ...fields, userId: owner.userId, applyUrl: "https://acme.example/apply" });
    expect((await apply(job!, form())).status).toBe(409);
    const on = await edit(owner, job!, { apply_url: "https://acme.example/apply", applications: true });
    expect(on.status).toBe(200);
    expect(((await on.json()) as { job: { applications: boolean } }).job.applications).toBe(true);
    expect((await apply(job!, form())).status).toBe(201);
    const read = (await (await call(`/api/dashboard/jobs/${job}`, { cookie: owner.cookie })).json()) as { job: { applications: boolean } };
    expect(read.job.applications).toBe(true);
    // An edit without the field (an older form) keeps the choice; twice the same is the same.
    expect((await edit(owner, job!, { apply_url: "https://acme.example/apply" })).status).toBe(200);
    expect((await edit(owner, job!, { apply_url: "https://acme.example/apply" })).status).toBe(200);
    expect(await taking(job!)).toBe(1);
    const off = await edit(owner, job!, { apply_url: "https://acme.example/apply", applications: false });
    expect(off.status).toBe(200);
    expect(await taking(job!)).toBe(0);
    expect((await apply(job!, form())).status).toBe(409);
  });

  it("the server refuses an edit that leaves no way to apply: off, with no Application URL, website or e-mail, is a 400 that changes nothing", async () => {
    const owner = await signUp();
    const [job] = await addJobs({ ...fields, userId: owner.userId, applications: 1, applyUrl: "", website: "", email: "" });
    const before = await env.DB.prepare("SELECT * FROM jobs WHERE id = ?").bind(job).first();
    const res = await edit(owner, job!, { apply_url: "", applications: false });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; issues: { path: string; message: string }[] };
    expect(body.error).toBe("Add an Application URL, or receive applications on Startup Jobs: candidates need a way to apply");
    expect(body.issues).toContainEqual({ path: "apply_url", message: body.error });
    expect(await env.DB.prepare("SELECT * FROM jobs WHERE id = ?").bind(job).first()).toEqual(before);
    // Removing the only link of a job that does not take applications is refused the same way.
    const [linked] = await addJobs({ ...fields, userId: owner.userId, applyUrl: "https://acme.example/apply", website: "", email: "" });
    expect((await edit(owner, linked!, { apply_url: "" })).status).toBe(400);
    // A job that never had a way to apply can still be edited in other ways (an edit that leaves how to apply as it was).
    const [none] = await addJobs({ ...fields, userId: owner.userId, applyUrl: "", website: "", email: "" });
    expect((await edit(owner, none!, { title: "Backend Engineer II", apply_url: "" })).status).toBe(200);
    // On, it needs no link; off with a link (or an e-mail address) is fine.
    expect((await edit(owner, job!, { apply_url: "", applications: true })).status).toBe(200);
    expect((await edit(owner, job!, { apply_url: "jobs@acme.example", applications: false })).status).toBe(200);
    expect(await taking(job!)).toBe(0);
  });

  it("a value that is not true or false is a 400; another account's job is a 404 and signed out a 401, neither changed", async () => {
    const owner = await signUp();
    const other = await signUp();
    const [job] = await addJobs({ ...fields, userId: owner.userId, applyUrl: "https://acme.example/apply" });
    const bad = await edit(owner, job!, { apply_url: "https://acme.example/apply", applications: "yes" });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toContain("applications must be true or false");
    expect((await edit(other, job!, { apply_url: "https://acme.example/apply", applications: true })).status).toBe(404);
    expect((await edit(null, job!, { apply_url: "https://acme.example/apply", applications: true })).status).toBe(401);
    expect(await taking(job!)).toBe(0);
  });

  it("10 identical edits at once leave the job taking applications, once", async () => {
    const owner = await signUp();
    const [job] = await addJobs({ ...fields, userId: owner.userId, applyUrl: "https://acme.example/apply" });
    const answers = await Promise.all(Array.from({ length: 10 }, () => edit(owner, job!, { apply_url: "", applications: true })));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await taking(job!)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM jobs WHERE id = ?", job)).toBe(1);
  });
});

describe("applications made signed out belong to the account that proves the address (decision 0611)", () => {
  const mine = async (s: Session) => ((await (await call("/api/applications", { cookie: s.cookie })).json()) as { applications: CandidateApplication[] }).applications.map((a) => a.id);

  it("applied signed out, then signed up: the confirmed account lists it («لا توجد لديك طلبات» was said beside a live application, the eighteenth reading)", async () => {
    const owner = await signUp();
    const job = await boardJob(owner);
    const email = `guest-first-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const res = await apply(job, form({ email: email.toUpperCase() }));
    const { id } = ((await res.json()) as { application: { id: string } }).application;
    // Not proved yet: the address's owner may be someone else.
    const unproved = await signUp(email, undefined, { verified: false });
    expect(await mine(unproved)).toEqual([]);
    await verifyAddress(unproved, email);
    expect(await mine(unproved)).toEqual([id]);
    expect(((await (await call("/api/auth/me", { cookie: unproved.cookie })).json()) as { user: { hasApplications: boolean } }).user.hasApplications).toBe(true);
    // Theirs to withdraw, signed in, as from the e-mail's link.
    expect((await call(`/api/applications/${id}`, { method: "DELETE", cookie: unproved.cookie })).status).toBe(200);
    expect(await mine(unproved)).toEqual([]);
  });

  it("applied signed out to an address an account has proved: the account lists it; another account does not", async () => {
    const owner = await signUp();
    const job = await boardJob(owner);
    const candidate = await signUp(`proved-${crypto.randomUUID().slice(0, 8)}@example.com`);
    const other = await signUp();
    const { id } = ((await (await apply(job, form({ email: candidate.email }))).json()) as { application: { id: string } }).application;
    expect(await mine(candidate)).toEqual([id]);
    expect(await mine(other)).toEqual([]);
  });
});
