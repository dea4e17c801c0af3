// Scheduled upkeep: expiry reminders 3 days before a job expires, credit grants and Spotlight
// subscriptions expiring on time, the outbox retried; each task idempotent (a second run changes nothing).
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import worker from "../../worker/index";
import { beforeEach, describe, expect, it } from "vitest";
import { CRON_TASKS, SCHEDULED_TASKS, runScheduledTasks } from "../../worker/scheduled";
import { expireCreditGrants } from "../../worker/credits/ledger";
import { expireSpotlightSubscriptions } from "../../worker/spotlight/store";
import { sendExpiryReminders } from "../../worker/upkeep/reminders";
import { DAY, HOUR, addJobs, clearJobs } from "../support/jobs";

const T = Date.UTC(2030, 5, 1, 12);

async function snapshot(): Promise<string> {
  const tables = ["jobs", "bundle_purchases", "spotlight_subscriptions", "mail_outbox", "subscriptions", "alert_deliveries"];
  const rows = await env.DB.batch(tables.map((t) => env.DB.prepare(`SELECT * FROM ${t} ORDER BY rowid`)));
  return JSON.stringify(rows.map((r) => r.results));
}

beforeEach(async () => {
  await clearJobs();
  await env.DB.batch(["mail_outbox", "bundle_purchases", "spotlight_subscriptions", "subscriptions", "alert_deliveries"].map((t) => env.DB.prepare(`DELETE FROM ${t}`)));
});

describe("expiry reminders", () => {
  it("3 days before expiry the owner gets one e-mail with a one-click repost link that needs sign-in", async () => {
    const [soon, later, ownerless] = await addJobs(
      { title: "Soon <Ends>", company: "Acme", userId: "u1", customerEmail: "buyer@example.com", createdAt: T - 28 * DAY, expiresAt: T + 2 * DAY },
      { title: "Later", userId: "u1", customerEmail: "buyer@example.com", createdAt: T - 10 * DAY, expiresAt: T + 20 * DAY },
      { title: "Seeded", email: "jobs@example.com", createdAt: T - 28 * DAY, expiresAt: T + 2 * DAY },
    );
    expect(await sendExpiryReminders(env, T)).toBe(1);
    const { results } = await env.DB.prepare(`SELECT key, "to", subject, text, html FROM mail_outbox WHERE kind = 'job_expiry_reminder'`).all<Record<string, string>>();
    expect(results).toHaveLength(1);
    const mail = results[0]!;
    expect(mail.to).toBe("buyer@example.com");
    // Two days left, and it says two: it said 3 whatever the days were (the 27th reading).
    expect(mail.subject).toBe('Your job "Soon <Ends>" expires in 2 days');
    expect(mail.text).toContain(`http://localhost:8787/dashboard/jobs?repost=${soon}`);
    expect(mail.text).toContain("sign-in needed");
    expect(mail.html).toContain("Soon &lt;Ends&gt;");
    expect(mail.key).toMatch(new RegExp(`^job_expiry_reminder:${soon}:`));
    expect([later, ownerless].some((id) => mail.text.includes(id!))).toBe(false);

    // Idempotent: the second run sends nothing.
    const before = await snapshot();
    expect(await sendExpiryReminders(env, T + HOUR)).toBe(0);
    expect(await snapshot()).toBe(before);
  });

  it("a reposted job (new expiry) gets a new reminder; an expired or deleted one gets none", async () => {
    const [id] = await addJobs({ title: "Reposted", userId: "u1", email: "a@example.com", createdAt: T - 28 * DAY, expiresAt: T + DAY });
    await addJobs({ title: "Deleted", userId: "u1", email: "a@example.com", createdAt: T - 28 * DAY, expiresAt: T + DAY, deletedAt: T - HOUR });
    await addJobs({ title: "Expired", userId: "u1", email: "a@example.com", createdAt: T - 40 * DAY, expiresAt: T - DAY });
    expect(await sendExpiryReminders(env, T)).toBe(1);
    await env.DB.prepare("UPDATE jobs SET expires_at = ? WHERE id = ?")
      .bind(T + 30 * DAY, id)
      .run();
    expect(await sendExpiryReminders(env, T + 28 * DAY)).toBe(1);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM mail_outbox").first<{ n: number }>())!.n).toBe(2);
  });

  it("jobs expire at their expires_at with no write: the public API hides them from that moment", async () => {
    const [id] = await addJobs({ title: "Short", expiresAt: Date.now() + 300 });
    expect((await exports.default.fetch(`http://localhost/api/jobs/${id}`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 350));
    expect((await exports.default.fetch(`http://localhost/api/jobs/${id}`)).status).toBe(410); // gone, as the README says
  });
});

describe("credit grants and subscriptions", () => {
  it("credit grants past expires_at become expired, on time and once", async () => {
    await env.DB.batch([
      env.DB.prepare("INSERT INTO bundle_purchases (id, user_id, bundle, job_count, posts_remaining, status, expires_at) VALUES ('old', 'u1', 'standard', 5, 2, 'active', ?)").bind(T - 1),
      env.DB.prepare("INSERT INTO bundle_purchases (id, user_id, bundle, job_count, posts_remaining, status, expires_at) VALUES ('new', 'u1', 'standard', 5, 5, 'active', ?)").bind(T + DAY),
    ]);
    expect(await expireCreditGrants(env.DB, T)).toBe(1);
    const { results } = await env.DB.prepare("SELECT id, status FROM bundle_purchases ORDER BY id").all();
    expect(results).toEqual([
      { id: "new", status: "active" },
      { id: "old", status: "expired" },
    ]);
    expect(await expireCreditGrants(env.DB, T)).toBe(0);
    expect(await expireCreditGrants(env.DB, T + DAY)).toBe(1);
  });

  it("Spotlight subscriptions whose period has ended (active or past_due) become expired, once", async () => {
    const insert = (id: string, status: string, end: number | null) =>
      env.DB.prepare("INSERT INTO spotlight_subscriptions (id, user_id, company_id, status, current_period_end) VALUES (?, 'u1', 'acme', ?, ?)").bind(id, status, end);
    await env.DB.batch([insert("a", "active", T - 1), insert("b", "past_due", T - HOUR), insert("c", "active", T + DAY), insert("d", "canceled", T - DAY)]);
    const expired = await expireSpotlightSubscriptions(env.DB, T);
    expect(expired.map((s) => s.id).sort()).toEqual(["a", "b"]);
    expect(expired[0]).toMatchObject({ user_id: "u1", company_id: "acme" });
    const { results } = await env.DB.prepare("SELECT id, status FROM spotlight_subscriptions ORDER BY id").all();
    expect(results).toEqual([
      { id: "a", status: "expired" },
      { id: "b", status: "expired" },
      { id: "c", status: "active" },
      { id: "d", status: "canceled" },
    ]);
    expect(await expireSpotlightSubscriptions(env.DB, T)).toEqual([]);
  });
});

describe("the scheduled handler", () => {
  it("each cron runs its tasks; every task is idempotent: running all twice changes nothing the second time", async () => {
    expect(Object.values(CRON_TASKS).flat().sort()).toEqual(expect.arrayContaining([...SCHEDULED_TASKS].sort()));
    const now = Date.now();
    await addJobs({ title: "Expiring", userId: "u1", email: "o@example.com", createdAt: now - 28 * DAY, expiresAt: now + DAY });
    await env.DB.batch([
      env.DB.prepare("INSERT INTO bundle_purchases (id, user_id, bundle, job_count, posts_remaining, status, expires_at) VALUES ('b1', 'u1', 'standard', 5, 2, 'active', ?)").bind(now - 1),
      env.DB.prepare("INSERT INTO spotlight_subscriptions (id, user_id, status, current_period_end) VALUES ('s1', 'u1', 'active', ?)").bind(now - 1),
      env.DB.prepare("INSERT INTO subscriptions (id, kind, email, filters, token, confirmed_at, created_at) VALUES ('al', 'alert', 'z@example.com', '{}', 'tok', ?, ?)").bind(now - DAY, now - DAY),
    ]);
    await addJobs({ title: "Fresh", createdAt: now - HOUR });

    const first = await runScheduledTasks(env, now, SCHEDULED_TASKS);
    expect(first).toMatchObject({ "expire-credits": 1, "expire-subscriptions": 1, "expiry-reminders": 1, "alert-digests": { digests: 1 }, "deliver-outbox": { sent: 2 } });
    const after = await snapshot();
    const second = await runScheduledTasks(env, now, SCHEDULED_TASKS);
    expect(second).toMatchObject({ "expire-credits": 0, "expire-subscriptions": 0, "expiry-reminders": 0, "alert-digests": { digests: 0 }, "deliver-outbox": { sent: 0 } });
    expect(await snapshot()).toBe(after);
  });

  it("the Worker's scheduled() export runs the cron's tasks", async () => {
    await env.DB.prepare("INSERT INTO bundle_purchases (id, user_id, bundle, job_count, posts_remaining, status, expires_at) VALUES ('b2', 'u1', 'standard', 5, 2, 'active', ?)")
      .bind(T - 1)
      .run();
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: "*/5 * * * *", scheduledTime: T }), env, ctx);
    await waitOnExecutionContext(ctx);
    expect((await env.DB.prepare("SELECT status FROM bundle_purchases WHERE id = 'b2'").first<{ status: string }>())!.status).toBe("expired");
  });
});

describe("dev tools", () => {
  it("POST /api/dev/run-scheduled runs the tasks and /api/dev/mailbox lists the mail, locally only", async () => {
    await env.DB.prepare("INSERT INTO bundle_purchases (id, user_id, bundle, job_count, posts_remaining, status, expires_at) VALUES ('b3', 'u1', 'standard', 5, 2, 'active', ?)")
      .bind(Date.now() - 1)
      .run();
    const res = await exports.default.fetch("http://localhost/api/dev/run-scheduled", { method: "POST" });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { report: Record<string, unknown> }).report["expire-credits"]).toBe(1);
    expect((await exports.default.fetch("http://localhost/api/dev/mailbox")).status).toBe(200);
    // Not on a public host, and not when a real mail provider is configured.
    expect((await exports.default.fetch("https://jobs.example/api/dev/mailbox")).status).toBe(404);
    const secrets = env as unknown as { RESEND_API_KEY?: string };
    secrets.RESEND_API_KEY = "re_live";
    try {
      expect((await exports.default.fetch("http://localhost/api/dev/mailbox")).status).toBe(404);
      expect((await exports.default.fetch("http://localhost/api/dev/run-scheduled", { method: "POST" })).status).toBe(404);
    } finally {
      delete secrets.RESEND_API_KEY;
    }
  });
});
