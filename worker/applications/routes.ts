// Applying on the board (issue 26).
//  POST /api/jobs/:id/applications (multipart: name, email, cv, note, links, turnstileToken) → 201 { application: { id } };
//    409 when the job does not take applications. One application per job and address: a second submit stores nothing,
//    and answers 200 { already, application: { id, createdAt } } to its signed-in applicant (decision 0608).
//  GET /api/applications (signed-in candidate), GET /api/applications/:id (the applicant: their account or the
//    token of their confirmation link), DELETE /api/applications/:id (withdraw: the CV and the application go).
//  GET /api/applications/:id/cv-link (the applicant or the job's owner) → a signed link that works 5 minutes;
//    GET /api/applications/:id/cv?exp&sig serves the CV through it, privately.
//  The owner's inbox: GET /api/dashboard/applications?jobId=… (404 for anyone else), PATCH /api/dashboard/applications
//    → { changed, told } (told: the candidates e-mailed by this change: a shortlisting, or a rejection sent).
import { Hono } from "hono";
import type { Context } from "hono";
import { z } from "zod";
import { currentUser, requireUser } from "../auth/middleware";
import { verifyTurnstile } from "../contact/turnstile";
import type { AppEnv } from "../env";
import { HttpError } from "../http/errors";
import { requestLocale } from "../http/locale";
import { enforceRateLimits } from "../http/rateLimited";
import { validate } from "../http/validate";
import { appUrl } from "../lib/appUrl";
import { clientAddress } from "../lib/rateLimit";
import { newToken } from "../lib/token";
import { applicationAgainMail, applicationReceivedMail, applicationRejectedMail, applicationShortlistedMail, newApplicationMail } from "../mail/applicationMails";
import { enqueueMail } from "../mail/outbox";
import type { OutgoingMail } from "../mail/outbox";
import { deliverSoon } from "../mail/deliverSoon";
import { CV_MAX_BYTES, applicationFieldsSchema, inboxChangeSchema } from "../rules/applications";
import type { ApplicationStatus } from "../rules/applications";
import { isLocale, localePath } from "../rules/i18n";
import { m } from "../rules/serverMessages";
import { inboxUrl, withdrawalNotice } from "./withdrawal";
import { CV_CONTENT_TYPES, checkCvLink, cvKey, cvTypeOf, sha256Hex, signedCvPath } from "./cv";
import type { CvType } from "./cv";
import {
  applicationById,
  applicationCounts,
  candidateApplications,
  candidateView,
  changeApplications,
  emailKeyOf,
  inboxApplications,
  jobForApplication,
  submitApplication,
  withdrawApplication,
} from "./store";
import type { ApplicationRow } from "./store";

const HOUR = 60 * 60 * 1000;
const RATE_LIMITS = {
  perAddress: { limit: 30, windowMs: HOUR },
  perJob: { limit: 300, windowMs: HOUR },
};

/** A form sent again this soon after the first is a retry, answered by the first's confirmation: no e-mail of its own. */
const REPEAT_QUIET_MS = 10 * 60 * 1000;

const idParam = z.object({ id: z.string().min(1).max(100) });
const tokenQuery = z.object({ token: z.string().max(200).optional() });

/** The applicant: signed in as the one who applied, or holding the token of the confirmation link. */
async function asApplicant(c: Context<AppEnv>, row: ApplicationRow, token: string | undefined): Promise<boolean> {
  if (token && (await sha256Hex(token)) === row.access_hash) return true;
  const user = await currentUser(c);
  return Boolean(user && row.user_id === user.id);
}

/** A closed application has no CV any more (decision 0213): 410, said, never a link to nothing. */
function refuseClosed(row: ApplicationRow): void {
  if (row.closed_at !== null) throw new HttpError(410, m("server.applications.cvDeleted"));
}

async function applicationOr404(c: Context<AppEnv>, id: string) {
  const row = await applicationById(c.env.DB, id);
  if (!row) throw new HttpError(404, m("server.applications.notFound"));
  return row;
}

/** Room for the application form's fields and the multipart framing beside its CV (a cover note is at most 3,000 characters). */
const FORM_FIELDS_MAX_BYTES = 64 * 1024;

export const jobApplicationRoutes = new Hono<AppEnv>().post("/:id/applications", validate("param", idParam), async (c) => {
  const now = Date.now();
  const job = await jobForApplication(c.env.DB, c.req.valid("param").id, now);
  if (!job) throw new HttpError(404, m("server.common.jobNotFound"));
  if (!job.applications) throw new HttpError(409, m("server.applications.closed"));
  // A body that says it is larger than a CV and the form's fields can be is refused before it is read: a worker's
  // memory holds the whole form while it is parsed (the logo upload does the same, worker/uploads/routes.ts).
  if (Number(c.req.header("Content-Length") ?? "0") > CV_MAX_BYTES + FORM_FIELDS_MAX_BYTES) {
    throw new HttpError(413, m("server.applications.cvSize"), [{ path: "cv", message: m("server.applications.cvSize") }]);
  }
  const form = await c.req.formData().catch(() => null);
  if (!form) throw new HttpError(400, m("server.applications.cv"), [{ path: "cv", message: m("server.applications.cv") }]);
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : undefined;
  };
  const parsed = applicationFieldsSchema.safeParse({ name: text("name"), email: text("email"), note: text("note"), links: text("links"), turnstileToken: text("turnstileToken") });
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
    throw new HttpError(400, issues[0]!.message, issues);
  }
  const cv = form.get("cv");
  if (!cv || typeof cv === "string") throw new HttpError(400, m("server.applications.cv"), [{ path: "cv", message: m("server.applications.cv") }]);
  if (cv.size > CV_MAX_BYTES) throw new HttpError(400, m("server.applications.cvSize"), [{ path: "cv", message: m("server.applications.cvSize") }]);
  const bytes = new Uint8Array(await cv.arrayBuffer());
  const type: CvType | null = cvTypeOf(bytes);
  if (!type) throw new HttpError(400, m("server.applications.cvType"), [{ path: "cv", message: m("server.applications.cvType") }]);

  const input = parsed.data;
  const ip = clientAddress(c.req.raw);
  if (c.env.TURNSTILE_SECRET && !(await verifyTurnstile(c.env.TURNSTILE_SECRET, input.turnstileToken, ip))) {
    throw new HttpError(400, m("server.applications.securityCheck"), [{ path: "turnstileToken", message: m("server.applications.securityCheck") }]);
  }
  await enforceRateLimits(
    c,
    [
      { key: `applications:ip:${ip}`, ...RATE_LIMITS.perAddress },
      { key: `applications:job:${job.id}`, ...RATE_LIMITS.perJob },
    ],
    m("server.applications.tooMany"),
    now,
  );

  const user = await currentUser(c);
  const locale = requestLocale(c);
  const emailKey = emailKeyOf(input.email);
  const key = await cvKey(job.id, emailKey, bytes);
  await c.env.CVS.put(key, bytes, { httpMetadata: { contentType: CV_CONTENT_TYPES[type] } });
  const token = newToken();
  const cvName = (cv.name || `cv.${type}`).slice(0, 200);
  const result = await submitApplication(
    c.env.DB,
    {
      jobId: job.id,
      jobTitle: job.title,
      jobCompany: job.company,
      userId: user?.id ?? null,
      name: input.name,
      email: input.email,
      note: input.note,
      links: input.links,
      cvKey: key,
      cvName,
      cvType: type,
      cvSize: bytes.length,
      locale,
      accessHash: await sha256Hex(token),
      noticeDue: job.notices === "digest",
    },
    (id) => [
      {
        key: `application_received:${id}`,
        kind: "application_received" as const,
        to: input.email,
        ...applicationReceivedMail({ locale, title: job.title, company: job.company, name: input.name, applicationUrl: appUrl(c.env, localePath(locale, `/applications/${id}?token=${token}`)) }),
      },
      // With the daily digest chosen, the employer hears of it there (./digest.ts), not by a notice of its own.
      ...(job.notify_email && job.notices === "each"
        ? [
            {
              key: `application_notice:${id}`,
              kind: "application_notice" as const,
              to: job.notify_email,
              ...newApplicationMail({
                locale: job.notify_locale,
                recipientName: job.notify_name,
                title: job.title,
                company: job.company,
                candidate: input.name,
                inboxUrl: inboxUrl(c.env, job),
              }),
            },
          ]
        : []),
    ],
    now,
  );
  // The job left the board between the read above and the write (deleted, paused): nothing stored, the CV not kept.
  if (!result) {
    await c.env.CVS.delete(key);
    throw new HttpError(404, m("server.common.jobNotFound"));
  }
  if (result.created) {
    deliverSoon(c);
    return c.json({ application: { id: result.id } }, 201);
  }
  // An identical submit keeps the first application; a CV uploaded only for this one is not kept.
  if (result.cvKey !== key) await c.env.CVS.delete(key);
  // Decision 0608: the one who applied, signed in, is told plainly that they already did. Anyone else gets the answer
  // a new application gets (a page must not tell a stranger who applied where), and the address's owner is told by
  // e-mail, at most once a day, unless the form was sent again within minutes of the first (its confirmation says it).
  const applicant = user && (result.userId === user.id || (user.emailVerified && emailKeyOf(user.email) === emailKey));
  if (applicant) return c.json({ application: { id: result.id, createdAt: new Date(result.createdAt).toISOString() }, already: true }, 200);
  if (now - result.createdAt > REPEAT_QUIET_MS) {
    const mail = applicationAgainMail({ locale, title: job.title, company: job.company, name: input.name, appliedAt: result.createdAt });
    await enqueueMail(c.env.DB, { key: `application_again:${result.id}:${new Date(now).toISOString().slice(0, 10)}`, kind: "application_again", to: input.email, ...mail }, now).run();
    deliverSoon(c);
  }
  return c.json({ application: { id: result.id } }, 201);
});

export const applicationRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const user = await requireUser(c, m("server.applications.signIn"));
    return c.json({ applications: await candidateApplications(c.env.DB, user.id) });
  })
  .get("/:id", validate("param", idParam), validate("query", tokenQuery), async (c) => {
    const row = await applicationOr404(c, c.req.valid("param").id);
    if (!(await asApplicant(c, row, c.req.valid("query").token))) throw new HttpError(404, m("server.applications.notFound"));
    return c.json({ application: candidateView(row) });
  })
  .delete("/:id", validate("param", idParam), validate("query", tokenQuery), async (c) => {
    const row = await applicationOr404(c, c.req.valid("param").id);
    if (!(await asApplicant(c, row, c.req.valid("query").token))) throw new HttpError(404, m("server.applications.notFound"));
    // The employer who is told of each application is told of its withdrawal (./withdrawal.ts).
    const notice = await withdrawalNotice(c.env, row);
    const withdrawn = await withdrawApplication(c.env.DB, row.id, notice);
    // A closed application's CV is already deleted (decision 0213): the candidate only takes it off their list.
    if (withdrawn?.cvKey) await c.env.CVS.delete(withdrawn.cvKey);
    if (notice) deliverSoon(c);
    return c.json({ withdrawn: Boolean(withdrawn) });
  })
  .get("/:id/cv-link", validate("param", idParam), validate("query", tokenQuery), async (c) => {
    const row = await applicationOr404(c, c.req.valid("param").id);
    const user = await currentUser(c);
    const owner = Boolean(user && row.job_owner === user.id);
    if (!owner && !(await asApplicant(c, row, c.req.valid("query").token))) throw new HttpError(404, m("server.applications.notFound"));
    refuseClosed(row);
    return c.json({ url: await signedCvPath(c.env.JWT_SECRET, row.id) });
  })
  .get("/:id/cv", validate("param", idParam), validate("query", z.object({ exp: z.string().max(20).default(""), sig: z.string().max(100).default("") })), async (c) => {
    const { id } = c.req.valid("param");
    const { exp, sig } = c.req.valid("query");
    const check = await checkCvLink(c.env.JWT_SECRET, id, exp, sig);
    if (check !== "ok") throw new HttpError(403, m("server.applications.linkExpired"));
    const row = await applicationOr404(c, id);
    refuseClosed(row);
    const object = await c.env.CVS.get(row.cv_key);
    if (!object) throw new HttpError(404, m("server.applications.notFound"));
    const type = row.cv_type === "docx" ? "docx" : "pdf";
    return new Response(object.body, {
      headers: {
        "Content-Type": CV_CONTENT_TYPES[type],
        "Content-Disposition": `attachment; filename="cv.${type}"; filename*=UTF-8''${encodeURIComponent(row.cv_name)}`,
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  });

const inboxQuery = z.object({ jobId: z.string().min(1).max(100) });

/**
 * The candidate's e-mail of a status change, in the language they applied in: the polite rejection when the employer
 * chose to send it, and a shortlisting always (a fourteenth and a fifteenth reading: the candidate heard nothing).
 */
function statusMailFor(status: ApplicationStatus | undefined, sendRejection: boolean): ((r: ApplicationRow) => OutgoingMail) | undefined {
  const mail = status === "rejected" && sendRejection ? applicationRejectedMail : status === "shortlisted" ? applicationShortlistedMail : null;
  if (!mail) return undefined;
  return (r) => {
    const locale = isLocale(r.locale) ? r.locale : "en";
    return {
      key: `application_${status}:${r.id}`,
      kind: status === "rejected" ? "application_rejected" : "application_shortlisted",
      to: r.email,
      ...mail({ locale, title: r.job_title ?? "", company: r.job_company ?? "", name: r.name }),
    };
  };
}

export const inboxRoutes = new Hono<AppEnv>()
  .get("/applications", validate("query", inboxQuery), async (c) => {
    const user = await requireUser(c, "You must be logged in to see your jobs");
    const inbox = await inboxApplications(c.env.DB, c.req.valid("query").jobId, user.id);
    if (!inbox) throw new HttpError(404, "Job not found");
    return c.json(inbox);
  })
  .get("/applications/counts", async (c) => {
    const user = await requireUser(c, "You must be logged in to see your jobs");
    return c.json({ counts: await applicationCounts(c.env.DB, user.id) });
  })
  .patch("/applications", validate("json", inboxChangeSchema), async (c) => {
    const user = await requireUser(c, "You must be logged in to see your jobs");
    const change = c.req.valid("json");
    const { changed, told } = await changeApplications(c.env.DB, user.id, {
      ids: change.ids,
      status: change.status,
      notes: change.notes,
      statusMail: statusMailFor(change.status, change.sendRejection),
    });
    if (!changed) throw new HttpError(404, m("server.applications.notFound"));
    if (told) deliverSoon(c);
    return c.json({ changed, told });
  });
