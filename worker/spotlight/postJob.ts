// POST /api/spotlight/post-job: the posting wizard's endpoint for Spotlight subscribers, who post without
// paying and without limit. Same request and answer as
// /api/jobs/with-credit; the job is published at once, belongs to the subscriber's Spotlight company
// (company_id), so it shows on their company page, and the company's followers hear about it.
import { requestLocale } from "../http/locale";
import { Hono } from "hono";
import { requireUser } from "../auth/middleware";
import { appOrigin } from "../lib/appUrl";
import { newJobNotificationStatements } from "../companies/notify";
import type { AppEnv } from "../env";
import { HttpError } from "../http/errors";
import { validate } from "../http/validate";
import { alreadyPosted, commitPosting, postedJobRow, publishJob } from "../jobs/publish";
import { jobBySubmission } from "../jobs/store";
import { deliverSoon } from "../mail/deliverSoon";
import { MESSAGES, creditPostSchema } from "../rules/posting";
import { SPOTLIGHT_MESSAGES } from "../rules/spotlight";
import { companyOfOwner } from "./store";

export const spotlightPostRoutes = new Hono<AppEnv>().post("/post-job", validate("json", creditPostSchema), async (c) => {
  const user = await requireUser(c, MESSAGES.signInToPost);
  if (!user.isSpotlightUser) throw new HttpError(403, SPOTLIGHT_MESSAGES.noSubscription);
  const { job, email, submissionId } = c.req.valid("json");
  if (await jobBySubmission(c.env.DB, submissionId)) throw alreadyPosted();
  const company = await companyOfOwner(c.env.DB, user.id);
  const now = Date.now();
  const row = postedJobRow(
    job,
    { userId: user.id, email: email ?? user.email },
    {
      customerEmail: user.email,
      submissionId,
      companyId: company?.id ?? null,
      published: 1,
      publishedAt: now,
      createdAt: now,
      paymentStatus: "completed",
      amountPaid: 0,
      creditSource: "spotlight",
    },
    now,
  );
  const origin = appOrigin(c);
  const notify = company
    ? await newJobNotificationStatements(c.env, { companyId: company.id, company: company.company }, [{ id: row.id, title: row.title, location: row.location ?? "", salary: row.salary ?? "" }], now)
    : [];
  const publishing = await publishJob(c.env, { via: "spotlight", row, userId: user.id, appUrl: origin, mailTo: row.email || user.email, locale: requestLocale(c) }, now);
  await commitPosting(c.env.DB, [...publishing.statements, ...notify]);
  await publishing.published();
  deliverSoon(c);
  return c.json({ job: { id: row.id, title: row.title, company: row.company, category: row.category, location: row.location, created_at: new Date(now).toISOString() } }, 201);
});
