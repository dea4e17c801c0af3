// Public company pages: the company and its published jobs (worker/spotlight/present.ts CompanyPageResponse),
// counting a page view (POST /:id/view; the GET stays a pure read), and 'Notify me' (POST /:id/notify,
// double opt-in, worker/companies/notify.ts).
import { Hono } from "hono";
import { requestLocale } from "../http/locale";
import { z } from "zod";
import { requestSubscription } from "../alerts/store";
import { countCompanyView } from "../analytics/count";
import type { AppEnv } from "../env";
import { HttpError } from "../http/errors";
import { enforceRateLimits } from "../http/rateLimited";
import { validate } from "../http/validate";
import { subscriptionLink } from "../alerts/links";
import { clientAddress } from "../lib/rateLimit";
import { deliverSoon } from "../mail/deliverSoon";
import { companyNotifyConfirmMail } from "../mail/templates";
import { SPOTLIGHT_MESSAGES } from "../rules/spotlight";
import { spotlightOwnerView } from "../spotlight/companyView";
import { NOTIFY_RATE_LIMITS, notifyEmailSchema } from "./notify";
import { companyWithJobs, findCompanyName, publicCompanyPage } from "./store";

const idParam = z.object({ id: z.string().min(1).max(100, "id is too long") });
const utcDay = (t: number) => new Date(t).toISOString().slice(0, 10);

export const companiesRoutes = new Hono<AppEnv>()
  .post("/:id/notify", validate("param", z.object({ id: z.string().min(1).max(100) })), validate("json", z.object({ email: notifyEmailSchema })), async (c) => {
    const { id } = c.req.valid("param");
    const { email } = c.req.valid("json");
    const now = Date.now();
    const company = await findCompanyName(c.env.DB, id);
    if (!company) throw new HttpError(404, SPOTLIGHT_MESSAGES.companyNotFoundPage);
    // The follower's e-mails (this confirmation and every new-job mail) are in the language of this request.
    const locale = requestLocale(c);
    await enforceRateLimits(
      c,
      [
        { key: `notify:ip:${clientAddress(c.req.raw)}`, ...NOTIFY_RATE_LIMITS.perAddress },
        { key: `notify:email:${email}`, ...NOTIFY_RATE_LIMITS.perEmail },
      ],
      "Too many requests. Please try again later.",
      now,
    );
    // The same answer whether or not the address already follows the company: nothing is revealed.
    const queued = await requestSubscription(
      c.env.DB,
      { kind: "company", email, companyId: id, locale },
      ({ id: subId, token }) => ({
        // At most one a day for the same pending follow in each language (worker/alerts/store.ts).
        key: `company_notify_confirm:${subId}:${utcDay(now)}:${locale}`,
        kind: "company_notify_confirm",
        to: email,
        ...companyNotifyConfirmMail({
          locale,
          company: company.company,
          confirmUrl: subscriptionLink(c.env, "confirm", token, locale),
          unsubscribeUrl: subscriptionLink(c.env, "unsubscribe", token, locale),
        }),
      }),
      now,
    );
    if (queued) deliverSoon(c);
    return c.json({ ok: true, message: SPOTLIGHT_MESSAGES.notifyThanks, confirm: SPOTLIGHT_MESSAGES.notifyConfirm }, 201);
  })
  .get("/:id", validate("param", idParam), async (c) => {
    const { id } = c.req.valid("param");
    // The owner of a Spotlight company sees it from its object: drafts too, with their status.
    const own = await spotlightOwnerView(c, id);
    if (own) return c.json(own);
    const read = await companyWithJobs(c.env.DB, id, Date.now());
    if (!read.company) throw new HttpError(404, "Company not found");
    return c.json(publicCompanyPage({ ...read, company: read.company }));
  })
  .post("/:id/view", validate("param", idParam), async (c) => c.json(await countCompanyView(c, c.req.valid("param").id)));
