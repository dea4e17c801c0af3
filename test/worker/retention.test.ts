// Retention (docs/decisions/0303-retention.md): the daily tasks that delete or blank personal data once it has
// served its purpose. Each: an old row goes (or is blanked), a recent one stays, a second run changes nothing, and
// what a person may still do with a link inside the period keeps working. A fresh-storage file: the tasks' counts
// are over whole tables.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { DEV_ADMIN_EMAIL } from "../../worker/admin/gate";
import { runScheduledTasks } from "../../worker/scheduled";
import { purgeUnusedLogos } from "../../worker/uploads/purge";
import { call, cookiesFrom, linkTokenFromOutbox, signUp } from "../support/auth";
import type { Session } from "../support/auth";
import { DAY, HOUR, MINUTE, addJobs } from "../support/jobs";
import { PNG_BYTES } from "../support/fixtures";
import { withCompany } from "../support/spotlight";

const post = (path: string, cookie: string | undefined, json: unknown) => call(path, { method: "POST", cookie, json });
const one = <T>(sql: string, ...params: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...params)
    .first<T>();
const count = async (sql: string, ...params: unknown[]) => (await one<{ n: number }>(sql, ...params))!.n;

let admin: Session;
beforeAll(async () => {
  admin = await signUp(DEV_ADMIN_EMAIL);
});

describe("purge-rate-limits: counters whose window started over 48 hours ago", () => {
  it("deletes the stale counters (raw addresses in their keys), keeps the recent ones; a second run deletes nothing", async () => {
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES ('forgot:email:old@example.com', ?, 2)").bind(now - 49 * HOUR),
      env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES ('signin:ip:203.0.113.9', ?, 3)").bind(now - 72 * HOUR),
      // A 24-hour window (alerts per address) that started 47 hours ago: stays.
      env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES ('alerts:email:recent@example.com', ?, 1)").bind(now - 47 * HOUR),
    ]);
    expect((await runScheduledTasks(env, now, ["purge-rate-limits"]))["purge-rate-limits"]).toBe(2);
    expect(await count("SELECT count(*) AS n FROM rate_limits WHERE key IN ('forgot:email:old@example.com', 'signin:ip:203.0.113.9')")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM rate_limits WHERE key = 'alerts:email:recent@example.com'")).toBe(1);
    expect((await runScheduledTasks(env, now, ["purge-rate-limits"]))["purge-rate-limits"]).toBe(0);
  });
});

describe("purge-sessions: refresh tokens and e-mailed links, long expired", () => {
  it("deletes refresh tokens of a dead family expired over a day ago; a live family keeps its rotated tokens, so reusing one still revokes it", async () => {
    const now = Date.now();
    await env.DB.batch([
      // A session that ended: every token of the family expired days ago.
      env.DB.prepare("INSERT INTO refresh_tokens (id, account_id, family, expires_at, rotated_at, created_at) VALUES ('dead-1', 'u-dead', 'fam-dead', ?, ?, ?)").bind(
        now - 3 * DAY,
        now - 33 * DAY,
        now - 33 * DAY,
      ),
      env.DB.prepare("INSERT INTO refresh_tokens (id, account_id, family, expires_at, created_at) VALUES ('dead-2', 'u-dead', 'fam-dead', ?, ?)").bind(now - 2 * DAY, now - 32 * DAY),
      // Expired hours ago: kept until a day has passed.
      env.DB.prepare("INSERT INTO refresh_tokens (id, account_id, family, expires_at, created_at) VALUES ('late', 'u-late', 'fam-late', ?, ?)").bind(now - 12 * HOUR, now - 31 * DAY),
    ]);

    // A live session whose first token was rotated long ago (its row made to have expired two days ago).
    const s = await signUp();
    const first = await call("/api/auth/refresh", { method: "POST", cookie: s.cookie });
    expect(first.status).toBe(200);
    const rotated = cookiesFrom(first, s.cookie);
    await env.DB.prepare("UPDATE refresh_tokens SET expires_at = ? WHERE account_id = ? AND rotated_at IS NOT NULL")
      .bind(now - 2 * DAY, s.userId)
      .run();

    expect((await runScheduledTasks(env, now, ["purge-sessions"]))["purge-sessions"]).toBe(2);
    expect(await count("SELECT count(*) AS n FROM refresh_tokens WHERE family = 'fam-dead'")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM refresh_tokens WHERE id = 'late'")).toBe(1);
    expect(await count("SELECT count(*) AS n FROM refresh_tokens WHERE account_id = ?", s.userId)).toBe(2);
    expect((await runScheduledTasks(env, now, ["purge-sessions"]))["purge-sessions"]).toBe(0);

    // The copied first token presented again: refused, and its family revoked (the live token stops working too).
    expect((await call("/api/auth/refresh", { method: "POST", cookie: s.cookie })).status).toBe(401);
    expect((await call("/api/auth/refresh", { method: "POST", cookie: rotated })).status).toBe(401);
    // Revoked, the family is dead: its long-expired token goes on the next run.
    expect((await runScheduledTasks(env, now, ["purge-sessions"]))["purge-sessions"]).toBe(1);
    expect(await count("SELECT count(*) AS n FROM refresh_tokens WHERE account_id = ?", s.userId)).toBe(1);
  });

  it("a used confirmation link says 'already confirmed' for 7 days after it expired; then its row is deleted", async () => {
    const s = await signUp();
    const token = await linkTokenFromOutbox(s.email, "verify_email");
    const now = Date.now();
    const again = () => post("/api/auth/verify-email", undefined, { token });
    await env.DB.prepare("UPDATE account_tokens SET expires_at = ? WHERE account_id = ?")
      .bind(now - 6 * DAY, s.userId)
      .run();
    expect((await runScheduledTasks(env, now, ["purge-sessions"]))["purge-sessions"]).toBe(0);
    expect(await (await again()).json()).toMatchObject({ verified: true, already: true });

    await env.DB.prepare("UPDATE account_tokens SET expires_at = ? WHERE account_id = ?")
      .bind(now - 8 * DAY, s.userId)
      .run();
    expect((await runScheduledTasks(env, now, ["purge-sessions"]))["purge-sessions"]).toBe(1);
    expect(await count("SELECT count(*) AS n FROM account_tokens WHERE account_id = ?", s.userId)).toBe(0);
    expect((await runScheduledTasks(env, now, ["purge-sessions"]))["purge-sessions"]).toBe(0);
    const late = await again();
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({ code: "link_invalid" });
  });
});

describe("purge-alerts: subscriptions unsubscribed or left unconfirmed for 30 days", () => {
  const link = (action: "confirm" | "unsubscribe", token: string) => call(`/api/alerts/${action}?token=${token}`, { redirect: "manual" });
  const landing = (res: Response) => new URL(res.headers.get("Location")!, "http://localhost").pathname;

  it("deletes them with their deliveries; inside the 30 days the unsubscribe link still answers and the confirmation link still confirms", async () => {
    const now = Date.now();
    const sub = (id: string, fields: { confirmed?: number; unsubscribed?: number; created: number }) =>
      env.DB.prepare("INSERT INTO subscriptions (id, kind, email, filters, token, confirmed_at, unsubscribed_at, created_at) VALUES (?, 'alert', ?, '{}', ?, ?, ?, ?)").bind(
        id,
        `${id}@example.com`,
        `tok-${id}`,
        fields.confirmed ?? null,
        fields.unsubscribed ?? null,
        fields.created,
      );
    await env.DB.batch([
      sub("left-long-ago", { created: now - 400 * DAY, confirmed: now - 400 * DAY, unsubscribed: now - 31 * DAY }),
      sub("left-lately", { created: now - 400 * DAY, confirmed: now - 400 * DAY, unsubscribed: now - 29 * DAY }),
      sub("never-confirmed", { created: now - 31 * DAY }),
      sub("pending", { created: now - 29 * DAY }),
      sub("faithful", { created: now - 400 * DAY, confirmed: now - 400 * DAY }),
      env.DB.prepare("INSERT INTO alert_deliveries (subscription_id, job_id, sent_at) VALUES ('left-long-ago', 'j1', ?), ('faithful', 'j1', ?)").bind(now - 60 * DAY, now - 60 * DAY),
    ]);
    expect((await runScheduledTasks(env, now, ["purge-alerts"]))["purge-alerts"]).toBe(2);
    const left = await env.DB.prepare("SELECT id FROM subscriptions ORDER BY id").all<{ id: string }>();
    expect(left.results.map((r) => r.id)).toEqual(["faithful", "left-lately", "pending"]);
    expect(await count("SELECT count(*) AS n FROM alert_deliveries WHERE subscription_id = 'left-long-ago'")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM alert_deliveries WHERE subscription_id = 'faithful'")).toBe(1);
    expect((await runScheduledTasks(env, now, ["purge-alerts"]))["purge-alerts"]).toBe(0);

    expect(landing(await link("unsubscribe", "tok-left-lately"))).toBe("/alerts/unsubscribed");
    expect(landing(await link("confirm", "tok-pending"))).toBe("/alerts/confirmed");
    expect(landing(await link("unsubscribe", "tok-left-long-ago"))).toBe("/alerts/invalid");
    expect(landing(await link("confirm", "tok-never-confirmed"))).toBe("/alerts/invalid");
  });

  it("asking again for a pending alert gives its new confirmation link 30 days of its own", async () => {
    const email = `again-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const ask = () => call("/api/alerts", { method: "POST", json: { email, query: "keywords=rust" }, headers: { "CF-Connecting-IP": "192.0.2.77" } });
    expect((await ask()).status).toBe(201);
    const now = Date.now();
    await env.DB.prepare("UPDATE subscriptions SET created_at = ? WHERE email = ?")
      .bind(now - 29 * DAY, email)
      .run();
    expect((await ask()).status).toBe(201);
    await runScheduledTasks(env, now + 2 * DAY, ["purge-alerts"]);
    expect(await count("SELECT count(*) AS n FROM subscriptions WHERE email = ? AND confirmed_at IS NULL", email)).toBe(1);
  });
});

describe("blank-old-mail: the content of e-mails sent over 30 days ago", () => {
  it("blanks subject, text, html and reply-to of old sent rows and keeps the row (its key); recent, failed and pending ones keep theirs", async () => {
    const now = Date.now();
    const row = (id: string, status: string, sentAt: number | null, createdAt: number) =>
      env.DB.prepare(
        `INSERT INTO mail_outbox (id, key, kind, "to", reply_to, subject, text, html, status, attempts, next_attempt_at, sent_at, created_at)
         VALUES (?, ?, 'reset_password', 'someone@example.com', 'support@example.com', 'Reset your password', 'Open /reset-password?token=secret', '<p>token=secret</p>', ?, 1, 0, ?, ?)`,
      ).bind(id, `test:${id}`, status, sentAt, createdAt);
    await env.DB.batch([row("old-sent", "sent", now - 31 * DAY, now - 31 * DAY), row("recent-sent", "sent", now - 29 * DAY, now - 29 * DAY), row("old-failed", "failed", null, now - 40 * DAY)]);
    expect((await runScheduledTasks(env, now, ["blank-old-mail"]))["blank-old-mail"]).toBe(1);
    const get = (id: string) => one(`SELECT key, kind, "to", status, subject, text, html, reply_to FROM mail_outbox WHERE id = ?`, id);
    expect(await get("old-sent")).toEqual({
      key: "test:old-sent",
      kind: "reset_password",
      to: "someone@example.com",
      status: "sent",
      subject: "",
      text: "",
      html: "",
      reply_to: null,
    });
    expect(await get("recent-sent")).toMatchObject({ subject: "Reset your password", reply_to: "support@example.com" });
    expect(await get("old-failed")).toMatchObject({ subject: "Reset your password" });
    expect((await runScheduledTasks(env, now, ["blank-old-mail"]))["blank-old-mail"]).toBe(0);

    // The local mailbox still shows the recent one whole.
    const mailbox = (await (await call("/api/dev/mailbox")).json()) as { messages: { id: string; text: string }[] };
    expect(mailbox.messages.find((m) => m.id === "recent-sent")?.text).toContain("token=secret");

    // The console cannot resend a blanked e-mail (only a failed one), nor a failed one whose content was erased.
    const resend = await post("/api/admin/outbox/old-sent/resend", admin.cookie, { reason: "Customer asked again" });
    expect(resend.status).toBe(409);
    expect(await resend.json()).toMatchObject({ error: "Only a failed e-mail can be resent" });
    await env.DB.prepare(
      `INSERT INTO mail_outbox (id, key, kind, "to", subject, text, html, status, attempts, next_attempt_at, created_at) VALUES ('erased', 'test:erased', 'contact', 'erased@deleted.invalid', '', '', '', 'failed', 12, 0, 0)`,
    ).run();
    const erased = await post("/api/admin/outbox/erased/resend", admin.cookie, { reason: "Customer asked again" });
    expect(erased.status).toBe(409);
    expect(await erased.json()).toMatchObject({ error: "This e-mail's content was erased: it cannot be resent" });
    expect(await one("SELECT status FROM mail_outbox WHERE id = 'erased'")).toEqual({ status: "failed" });
  });
});

describe("blank-old-webhook-payloads: the payload of events processed over 30 days ago", () => {
  it("drops the payload of old processed events; failed and unprocessed ones keep theirs for replay; the replay of a blanked one is refused", async () => {
    const now = Date.now();
    const event = (id: string, status: string, receivedAt: number, processedAt: number | null) =>
      env.DB.prepare("INSERT INTO stripe_events (id, type, received_at, status, payload, processed_at) VALUES (?, 'checkout.session.completed', ?, ?, ?, ?)").bind(
        id,
        receivedAt,
        status,
        JSON.stringify({ id, customer_details: { email: "buyer@example.com" } }),
        processedAt,
      );
    await env.DB.batch([
      event("evt_old", "processed", now - 31 * DAY, now - 31 * DAY),
      // Processed before processed_at was recorded: its arrival counts.
      event("evt_older", "processed", now - 90 * DAY, null),
      event("evt_recent", "processed", now - 29 * DAY, now - 29 * DAY),
      event("evt_failed", "failed", now - 40 * DAY, null),
      event("evt_received", "received", now - 40 * DAY, null),
    ]);
    expect((await runScheduledTasks(env, now, ["blank-old-webhook-payloads"]))["blank-old-webhook-payloads"]).toBe(2);
    const { results } = await env.DB.prepare("SELECT id, payload IS NOT NULL AS kept FROM stripe_events WHERE id LIKE 'evt_%' ORDER BY id").all();
    expect(results).toEqual([
      { id: "evt_failed", kept: 1 },
      { id: "evt_old", kept: 0 },
      { id: "evt_older", kept: 0 },
      { id: "evt_received", kept: 1 },
      { id: "evt_recent", kept: 1 },
    ]);
    expect((await runScheduledTasks(env, now, ["blank-old-webhook-payloads"]))["blank-old-webhook-payloads"]).toBe(0);

    const replay = await post("/api/admin/webhook-events/evt_old/replay", admin.cookie, { reason: "Check it again" });
    expect(replay.status).toBe(409);
    expect(await replay.json()).toMatchObject({ error: "Only a failed event with its payload can be replayed" });
  });
});

describe("purge-unused-logos: uploads no job or company shows, 7 days after upload", () => {
  const url = (key: string) => `/api/logos/${key}`;
  const keys = async () => (await env.LOGOS.list({ limit: 1000 })).objects.map((o) => o.key).sort();
  const purge = async (at: number) => ((await runScheduledTasks(env, at, ["purge-unused-logos"]))["purge-unused-logos"] as { deleted: number } | undefined)?.deleted;

  it("deletes an old upload nothing refers to; keeps recent ones and those any job (whatever its state) or company shows; a second run deletes nothing", async () => {
    const name = (label: string) => `company-logos/${label}-${crypto.randomUUID()}.png`;
    const k = {
      unused: name("unused"),
      live: name("live"),
      unpublished: name("unpublished"),
      expired: name("expired"),
      deleted: name("deleted"),
      absolute: name("absolute"),
      listed: name("listed"),
      spotlight: name("spotlight"),
    };
    for (const key of Object.values(k)) await env.LOGOS.put(key, "png bytes", { httpMetadata: { contentType: "image/png" } });
    // Outside the logos' prefix: never the task's.
    await env.LOGOS.put("elsewhere/old.txt", "x");

    const now = Date.now();
    await addJobs(
      { title: "Live with a logo", logo: url(k.live) },
      // A checkout not paid yet: its row is unpublished, and paying publishes it with this logo.
      { title: "Unpaid with a logo", logo: url(k.unpublished), published: 0 },
      { title: "Expired with a logo", logo: url(k.expired), createdAt: now - 40 * DAY, expiresAt: now - 10 * DAY },
      // Deleted by an operator: a restore brings it back with its logo.
      { title: "Deleted with a logo", logo: url(k.deleted), deletedAt: now - DAY },
      // An import may give our own logo by its full address.
      { title: "Absolute logo", logo: `https://board.example${url(k.absolute)}` },
    );
    await env.DB.prepare("INSERT INTO companies (id, company, logo) VALUES (?, 'Listed Co', ?)")
      .bind(`listed-${crypto.randomUUID().slice(0, 8)}`, url(k.listed))
      .run();
    // A Spotlight company's profile lives in its Durable Object; its D1 projection (spotlight_companies) carries the logo.
    const company = await withCompany({ logo: url(k.spotlight) });
    expect(await one("SELECT logo FROM spotlight_companies WHERE id = ?", company.companyId)).toEqual({ logo: url(k.spotlight) });

    const uploaded = Math.max(...(await Promise.all(Object.values(k).map(async (key) => (await env.LOGOS.head(key))!.uploaded.getTime()))));
    const all = [...Object.values(k), "elsewhere/old.txt"].sort();

    // A minute short of 7 days: every upload is still recent, used or not.
    expect(await purge(uploaded + 7 * DAY - MINUTE)).toBe(0);
    expect(await keys()).toEqual(all);

    // Past 7 days: only the unused one goes.
    const later = uploaded + 7 * DAY + MINUTE;
    expect(await purge(later)).toBe(1);
    expect(await env.LOGOS.head(k.unused)).toBeNull();
    expect(await keys()).toEqual(all.filter((key) => key !== k.unused));
    expect((await call(url(k.unused))).status).toBe(404);
    expect((await call(url(k.spotlight))).status).toBe(200);

    // A second run changes nothing.
    expect(await purge(later)).toBe(0);
    expect(await keys()).toEqual(all.filter((key) => key !== k.unused));
  });

  it("a real upload left unused goes, and one the Spotlight company took stays, even with the company unpublished and never subscribed", async () => {
    const upload = async () => {
      const form = new FormData();
      form.set("file", new File([PNG_BYTES as Uint8Array<ArrayBuffer>], "logo.png", { type: "image/png" }));
      const res = await call("/api/uploads/logo", { method: "POST", body: form, headers: { "CF-Connecting-IP": "192.0.2.31" } });
      expect(res.status).toBe(201);
      return ((await res.json()) as { url: string }).url;
    };
    const abandoned = await upload();
    const kept = await upload();
    await withCompany({ logo: kept });
    const at = Date.now() + 8 * DAY;
    expect(await purge(at)).toBe(1);
    expect((await call(abandoned)).status).toBe(404);
    expect((await call(kept)).status).toBe(200);
    expect(await purge(at)).toBe(0);
  });

  it("looks references up 100 keys a statement (D1's bound parameters): 250 old uploads, every third one on a job", async () => {
    const bulk = Array.from({ length: 250 }, (_, i) => `company-logos/batch-${String(i).padStart(3, "0")}-${crypto.randomUUID()}.png`);
    await Promise.all(bulk.map((key) => env.LOGOS.put(key, "x")));
    const used = bulk.filter((_, i) => i % 3 === 0);
    await addJobs(...used.map((key) => ({ title: "Batch logo", logo: url(key) })));
    const at = Date.now() + 8 * DAY;
    expect(await purge(at)).toBe(bulk.length - used.length);
    const left = await keys();
    expect(bulk.filter((key) => left.includes(key))).toEqual(used);
    expect(await purge(at)).toBe(0);
  });

  it("bounds its work per run: the old unused uploads beyond it go on later runs", async () => {
    const many = Array.from({ length: 7 }, () => `company-logos/bulk-${crypto.randomUUID()}.png`);
    for (const key of many) await env.LOGOS.put(key, "x");
    const before = await keys();
    const at = Date.now() + 8 * DAY;
    // The earlier tests' logos count as in use here; only the bulk ones are unused.
    const inUse = async (candidates: readonly string[]) => new Set(candidates.filter((key) => !many.includes(key)));
    const first = await purgeUnusedLogos(env.LOGOS, inUse, at, { maxListed: 3 });
    expect(first.listed).toBe(3);
    expect(first.deleted).toBeLessThanOrEqual(3);
    const rest = await purgeUnusedLogos(env.LOGOS, inUse, at);
    expect(first.deleted + rest.deleted).toBe(many.length);
    expect(await keys()).toEqual(before.filter((key) => !many.includes(key)));
    expect((await purgeUnusedLogos(env.LOGOS, inUse, at)).deleted).toBe(0);
  });
});
