// POST /api/spotlight/post-job: the posting wizard's endpoint for Spotlight subscribers, who post without
// paying and without limit. Same request and answer as
// /api/jobs/with-credit; the job is published at once, belongs to the subscriber's Spotlight company
// (company_id), so it shows on their company page, and the company's followers hear about it.
import { Hono } from "hono";
import { requireUser } from "../auth/middleware";
import { appOrigin } from "../checkout/routes";
import { newJobNotificationStatements } from "../companies/notify";
import type { AppEnv } from "../env";
import { HttpError } from "../http/errors";
import { validate } from "../http/validate";
import { deriveJobRow } from "../jobs/derive";
import { jobInputFromDetails, markDuplicatesStatements, recentDuplicateIds, recordDuplicateWindow } from "../jobs/posting";
import { insertJobStatements } from "../jobs/write";
import { deliverSoon } from "../mail/deliverSoon";
import { enqueueMail } from "../mail/outbox";
import { jobConfirmationMail } from "../mail/templates";
import { MESSAGES, creditPostSchema } from "../rules/posting";
import { SPOTLIGHT_MESSAGES } from "../rules/spotlight";

const ALWAYS = { sql: "1 = 1", params: [] };

export const spotlightPostRoutes = new Hono<AppEnv>().post("/post-job", validate("json", creditPostSchema), async (c) => {
  const user = await requireUser(c, MESSAGES.signInToPost);
  if (!user.isSpotlightUser) throw new HttpError(403, SPOTLIGHT_MESSAGES.noSubscription);
  const { job, email, submissionId } = c.req.valid("json");
  const taken = await c.env.DB.prepare("SELECT id FROM jobs WHERE submission_id = ?").bind(submissionId).first();
  if (taken) throw new HttpError(409, "This job has already been posted.");
  const company = await c.env.DB.prepare("SELECT id, company FROM spotlight_companies WHERE user_id = ?").bind(user.id).first<{ id: string; company: string }>();
  const now = Date.now();
  const row = deriveJobRow(
    jobInputFromDetails(job, { userId: user.id, email: email ?? user.email }, {
      customerEmail: user.email,
      submissionId,
      companyId: company?.id ?? null,
      published: 1,
      publishedAt: now,
      createdAt: now,
      paymentStatus: "completed",
      amountPaid: 0,
      creditSource: "spotlight",
    }),
    now,
  );
  const origin = appOrigin(c);
  const dupJob = { id: row.id, userId: user.id, dedupeKey: row.dedupeKey };
  const windowIds = await recentDuplicateIds(c.env.DEDUPE, user.id, row.dedupeKey);
  const mail = jobConfirmationMail({ jobId: row.id, title: row.title, company: row.company, jobCount: 1, bundle: "Spotlight", jobUrl: `${origin}/jobs/${row.id}`, dashboardUrl: `${origin}/dashboard/jobs` });
  const notify = company ? await newJobNotificationStatements(c.env, { companyId: company.id, company: company.company }, [{ id: row.id, title: row.title, location: row.location ?? "", salary: row.salary ?? "" }], now) : [];
  try {
    await c.env.DB.batch([
      ...insertJobStatements(c.env.DB, [row]),
      ...markDuplicatesStatements(c.env.DB, dupJob, ALWAYS, now, windowIds),
      enqueueMail(c.env.DB, { key: `job_confirmation:${row.id}`, kind: "job_confirmation", to: row.email || user.email, ...mail }, now),
      ...notify,
    ]);
  } catch (e) {
    if (String(e).includes("UNIQUE")) throw new HttpError(409, "This job has already been posted.");
    throw e;
  }
  await recordDuplicateWindow(c.env.DEDUPE, dupJob);
  deliverSoon(c);
  return c.json({ job: { id: row.id, title: row.title, company: row.company, category: row.category, location: row.location, created_at: new Date(now).toISOString() } }, 201);
});
