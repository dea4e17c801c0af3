// A Spotlight subscriber's post from the posting wizard (issue 22 item 10, docs/decisions/0205): a Spotlight
// job wherever it is created. The company's Durable Object writes it, as it writes the jobs made on
// /spotlight/live, so it has Spotlight's package and badges, stays public while the subscription runs (no
// 30-day expiry), shows on the live dashboard and in its analytics, and leaves when the subscription ends.
// Its followers hear of it through the projection. POST /api/spotlight/post-job (./postJob.ts) and a
// subscriber's POST /api/jobs/with-credit (worker/credits/routes.ts) both come here.
import type { Context } from "hono";
import type { z } from "zod";
import type { AppEnv } from "../env";
import { HttpError } from "../http/errors";
import { requestLocale } from "../http/locale";
import { alreadyPosted, spotlightPostMailStatement } from "../jobs/publish";
import { jobBySubmission } from "../jobs/store";
import { appOrigin } from "../lib/appUrl";
import { deliverSoon } from "../mail/deliverSoon";
import type { JobDetails, creditPostSchema } from "../rules/posting";
import { SPOTLIGHT_MESSAGES } from "../rules/spotlight";
import type { SpotlightJobInput } from "../rules/spotlight";
import type { SessionUser } from "../rules/auth";
import { unwrap } from "./result";
import { companyOfOwner } from "./store";
import { refreshEntitlement } from "./subscription";

/** The wizard's form as a Spotlight job: the company's profile supplies the company, logo, stage and e-mail. */
export function spotlightJobFromDetails(job: JobDetails): SpotlightJobInput {
  return {
    title: job.title,
    category: job.category,
    type: job.type,
    location: job.location,
    salary: job.salary,
    equity: job.equity,
    description: job.description,
    // Apply: the posting's link, else the company's website or e-mail (the projection's rule).
    website: job.applicationLink,
    tags: job.tags,
  };
}

/** A subscriber's post from the wizard, through their company's object. */
export async function postSpotlightJob(c: Context<AppEnv>, user: SessionUser, body: z.output<typeof creditPostSchema>) {
  if (!user.isSpotlightUser) throw new HttpError(403, SPOTLIGHT_MESSAGES.noSubscription);
  const { job, email, submissionId } = body;
  if (await jobBySubmission(c.env.DB, submissionId)) throw alreadyPosted();
  const company = await companyOfOwner(c.env.DB, user.id);
  if (!company) throw new HttpError(404, SPOTLIGHT_MESSAGES.noCompany);
  const stub = c.env.SPOTLIGHT.getByName(company.id);
  const before = unwrap(await stub.getState(user.id));
  if (!before.profile?.published) throw new HttpError(409, SPOTLIGHT_MESSAGES.companyPrivate, undefined, "company_private");
  // An account flagged is_spotlight_user has no subscription event to tell its object: tell it now.
  if (!before.active) await refreshEntitlement(c.env, user.id);
  const { id, state } = unwrap(await stub.createJob(user.id, spotlightJobFromDetails(job), true, submissionId));
  const created = state.jobs.find((j) => j.id === id)!;
  const companyName = state.profile?.company ?? company.company;
  await spotlightPostMailStatement(
    c.env.DB,
    { jobId: id, title: created.title, company: companyName, mailTo: email ?? user.email, owner: user, appUrl: appOrigin(c), locale: requestLocale(c) },
    Date.now(),
  ).run();
  deliverSoon(c);
  return c.json({ job: { id, title: created.title, company: companyName, category: created.category, location: created.location, created_at: created.created_at } }, 201);
}
