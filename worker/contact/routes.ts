// POST /api/contact: the message is stored and the
// e-mail to support is queued in the same batch; rate-limited per address; a filled honeypot gets a
// fake success and stores nothing; Turnstile is checked when a secret is configured.
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { HttpError } from "../http/errors";
import { validate } from "../http/validate";
import { clientAddress, hitRateLimit, minutesToWait } from "../lib/rateLimit";
import { deliverSoon } from "../mail/deliverSoon";
import { contactMail } from "../mail/templates";
import { CONTACT_RATE_LIMIT, contactSchema, supportEmailOf } from "../rules/contact";
import type { ContactConfig } from "../rules/contact";
import { m } from "../rules/serverMessages";
import { saveContactMessage } from "./store";
import { verifyTurnstile } from "./turnstile";

export const contactRoutes = new Hono<AppEnv>()
  .get("/config", (c) => {
    const body: ContactConfig = {
      supportEmail: supportEmailOf(c.env),
      turnstileSiteKey: c.env.TURNSTILE_SECRET && c.env.TURNSTILE_SITE_KEY ? c.env.TURNSTILE_SITE_KEY : null,
    };
    return c.json(body);
  })
  .post("/", validate("json", contactSchema), async (c) => {
    const input = c.req.valid("json");
    const ip = clientAddress(c.req.raw);
    const now = Date.now();

    // Bots fill every field; people never see this one. Answer as if it worked.
    if (input.website) return c.json({ ok: true }, 201);

    const limit = await hitRateLimit(c.env.DB, { key: `contact:ip:${ip}`, ...CONTACT_RATE_LIMIT }, now);
    if (!limit.allowed) {
      c.header("Retry-After", String(limit.retryAfterSeconds));
      const minutes = minutesToWait(limit.retryAfterSeconds);
      throw new HttpError(429, m(minutes === 1 ? "server.contact.tooManyOne" : "server.contact.tooMany", { minutes }));
    }

    if (c.env.TURNSTILE_SECRET && !(await verifyTurnstile(c.env.TURNSTILE_SECRET, input.turnstileToken, ip))) {
      throw new HttpError(400, m("server.contact.securityCheck"), [{ path: "turnstileToken", message: m("server.contact.securityFailed") }]);
    }

    const id = crypto.randomUUID();
    const mail = contactMail(input);
    await saveContactMessage(
      c.env.DB,
      { id, name: input.name, email: input.email, subject: input.subject, message: input.message },
      { key: `contact:${id}`, kind: "contact", to: supportEmailOf(c.env), fromName: input.name, replyTo: input.email, ...mail },
      now,
    );
    deliverSoon(c);
    return c.json({ ok: true }, 201);
  });
