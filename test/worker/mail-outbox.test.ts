// The mail outbox (README, Decisions: "Mail: an outbox"): one row per e-mail, written with its cause, delivered by the
// sender adapter with retries and backoff; never sent twice, never lost when the provider is down.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { CLAIM_LEASE_MS, MAX_ATTEMPTS, deliverOutbox, retryDelay } from "../../worker/mail/deliver";
import { enqueueMail } from "../../worker/mail/outbox";
import type { OutgoingMail } from "../../worker/mail/outbox";
import { ResendSender } from "../../worker/mail/sender";
import type { MailMessage, MailSender } from "../../worker/mail/sender";
import { expectConsoleError } from "../support/console-guard";

const T0 = Date.UTC(2030, 0, 1, 12);

function mail(overrides: Partial<OutgoingMail> = {}): OutgoingMail {
  return { key: `test:${crypto.randomUUID()}`, kind: "contact", to: "someone@example.com", subject: "Hello", text: "Hi", html: "<p>Hi</p>", ...overrides };
}

interface Row {
  status: string;
  attempts: number;
  last_error: string | null;
  sent_at: number | null;
  next_attempt_at: number;
}

async function row(key: string): Promise<Row> {
  return (await env.DB.prepare("SELECT status, attempts, last_error, sent_at, next_attempt_at FROM mail_outbox WHERE key = ?").bind(key).first<Row>())!;
}

/** A provider stand-in: fails the first `failures` sends, then accepts; records what it accepted. */
function flakyProvider(failures: number): MailSender & { accepted: MailMessage[]; calls: number } {
  return {
    name: "flaky",
    accepted: [],
    calls: 0,
    async send(m) {
      this.calls++;
      if (this.calls <= failures) throw new Error("provider unavailable (503)");
      this.accepted.push(m);
      return { id: `msg-${this.calls}` };
    },
  };
}

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM mail_outbox").run();
});

describe("enqueueMail", () => {
  it("goes in the same batch as its cause, and the same key twice makes one row", async () => {
    const m = mail({ key: "job_confirmation:abc" });
    await env.DB.batch([enqueueMail(env.DB, m, T0), enqueueMail(env.DB, { ...m, subject: "Second" }, T0)]);
    const { results } = await env.DB.prepare("SELECT subject, status, attempts FROM mail_outbox").all();
    expect(results).toEqual([{ subject: "Hello", status: "pending", attempts: 0 }]);
  });

  it("a figure to fill is filled under a guard only (enqueueMailWhen); enqueueMail refuses it", () => {
    const filled = mail({ key: "job_confirmation:filled", text: "Credits left: T", fill: { token: "T", sql: "SELECT 3", params: [] } });
    expect(() => enqueueMail(env.DB, filled, T0)).toThrow(/enqueueMailWhen/);
  });
});

describe("deliverOutbox", () => {
  it("a due message is sent once and marked sent with its time", async () => {
    const m = mail();
    await enqueueMail(env.DB, m, T0).run();
    const provider = flakyProvider(0);
    expect(await deliverOutbox(env, T0, { sender: provider })).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await row(m.key)).toMatchObject({ status: "sent", attempts: 1, sent_at: T0, last_error: null });
    expect(await deliverOutbox(env, T0 + 60_000, { sender: provider })).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(provider.accepted).toHaveLength(1);
  });

  it("retried with backoff until sent, exactly once, when the provider fails then succeeds", async () => {
    expectConsoleError(/"event":"outbox\.delivery_retry"/); // each failed attempt is logged
    const m = mail();
    await enqueueMail(env.DB, m, T0).run();
    const provider = flakyProvider(2);

    await deliverOutbox(env, T0, { sender: provider });
    expect(await row(m.key)).toMatchObject({ status: "pending", attempts: 1, last_error: "provider unavailable (503)", next_attempt_at: T0 + 60_000 });

    // Not due yet: nothing is tried before the backoff has passed.
    await deliverOutbox(env, T0 + 30_000, { sender: provider });
    expect(provider.calls).toBe(1);

    await deliverOutbox(env, T0 + 60_000, { sender: provider });
    expect(await row(m.key)).toMatchObject({ status: "pending", attempts: 2, next_attempt_at: T0 + 60_000 + 120_000 });

    await deliverOutbox(env, T0 + 180_000, { sender: provider });
    expect(await row(m.key)).toMatchObject({ status: "sent", attempts: 3, sent_at: T0 + 180_000, last_error: null });

    await deliverOutbox(env, T0 + 10 * 60 * 60_000, { sender: provider });
    expect(provider.accepted.map((a) => a.key)).toEqual([m.key]);
  });

  it("backoff doubles from 1 minute and is capped at 6 hours", () => {
    expect([1, 2, 3, 4].map(retryDelay)).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(retryDelay(30)).toBe(6 * 60 * 60_000);
  });

  it("never lost while the provider is down: failed only after the last attempt", async () => {
    expectConsoleError(/"event":"outbox\.delivery_(retry|failed)"/); // each failed attempt, then the give-up, is logged
    const m = mail();
    await enqueueMail(env.DB, m, T0).run();
    const provider = flakyProvider(1000);
    let t = T0;
    for (let i = 1; i <= MAX_ATTEMPTS; i++) {
      await deliverOutbox(env, t, { sender: provider });
      const r = await row(m.key);
      expect(r.attempts).toBe(i);
      expect(r.status).toBe(i < MAX_ATTEMPTS ? "pending" : "failed");
      t = r.next_attempt_at;
    }
    expect(provider.calls).toBe(MAX_ATTEMPTS);
  });

  it("concurrent delivery runs send each message once", async () => {
    const keys = Array.from({ length: 8 }, () => mail());
    await env.DB.batch(keys.map((m) => enqueueMail(env.DB, m, T0)));
    const provider = flakyProvider(0);
    const reports = await Promise.all([1, 2, 3, 4].map(() => deliverOutbox(env, T0, { sender: provider })));
    expect(reports.reduce((n, r) => n + r.sent, 0)).toBe(8);
    expect(provider.accepted.map((a) => a.key).sort()).toEqual(keys.map((k) => k.key).sort());
  });

  it("a claim whose run died is retried once its lease has passed", async () => {
    const m = mail();
    await enqueueMail(env.DB, m, T0).run();
    // A run claims the row and dies before finishing it.
    await env.DB.prepare("UPDATE mail_outbox SET status = 'sending', attempts = 1, next_attempt_at = ? WHERE key = ?")
      .bind(T0 + CLAIM_LEASE_MS, m.key)
      .run();
    const provider = flakyProvider(0);
    await deliverOutbox(env, T0 + 1000, { sender: provider });
    expect(provider.calls).toBe(0);
    await deliverOutbox(env, T0 + CLAIM_LEASE_MS, { sender: provider });
    expect(await row(m.key)).toMatchObject({ status: "sent", attempts: 2 });
  });
});

describe("ResendSender", () => {
  it("posts to Resend with the outbox key as idempotency key, and a 422 fails the row at once", async () => {
    expectConsoleError(/"event":"outbox\.delivery_failed"/); // the 422 fails the row, logged
    const calls: { url: string; init: RequestInit }[] = [];
    let status = 200;
    const sender = new ResendSender("re_test", "Startup Jobs <jobs@startupjobs.example>", async (url, init) => {
      calls.push({ url: String(url), init: init! });
      return status === 200 ? Response.json({ id: "resend-1" }) : Response.json({ name: "validation_error", message: "Invalid `to` field" }, { status });
    });
    const m = mail({ replyTo: "visitor@example.com", fromName: "Ada Lovelace" });
    await enqueueMail(env.DB, m, T0).run();
    await deliverOutbox(env, T0, { sender });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe("https://api.resend.com/emails");
    const headers = new Headers(calls[0]!.init.headers);
    expect(headers.get("Authorization")).toBe("Bearer re_test");
    expect(headers.get("Idempotency-Key")).toBe(m.key);
    expect(JSON.parse(String(calls[0]!.init.body))).toEqual({
      from: '"Ada Lovelace" <jobs@startupjobs.example>',
      to: ["someone@example.com"],
      subject: "Hello",
      text: "Hi",
      html: "<p>Hi</p>",
      reply_to: "visitor@example.com",
    });
    expect((await row(m.key)).status).toBe("sent");

    status = 422;
    const bad = mail();
    await enqueueMail(env.DB, bad, T0).run();
    await deliverOutbox(env, T0, { sender });
    expect(await row(bad.key)).toMatchObject({ status: "failed", attempts: 1, last_error: "Resend 422: Invalid `to` field" });
  });
});
