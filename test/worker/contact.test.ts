// POST /api/contact: all four fields required with
// per-field messages, one of the seven subjects, a size limit, stored plus an e-mail to support through
// the outbox; a honeypot and a per-address rate limit keep bots out.
import { env, exports } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CONTACT_RATE_LIMIT } from "../../worker/rules/contact";
import { CONTACT_MESSAGE_MAX, CONTACT_SUBJECTS } from "../../worker/rules/contact";

const valid = { name: "Ada Lovelace", email: "ada@example.com", subject: "Job Posting Help", message: "How do I post a job with a logo?" };
let ip = 0;
let currentIp = "";

function send(body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return exports.default.fetch("http://localhost/api/contact", {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": currentIp, ...headers },
    body: JSON.stringify(body),
  });
}

async function issues(res: Response): Promise<Record<string, string>> {
  const body = (await res.json()) as { issues?: { path: string; message: string }[] };
  return Object.fromEntries((body.issues ?? []).map((i) => [i.path, i.message]));
}

async function stored() {
  const messages = await env.DB.prepare("SELECT name, email, subject, message, ip FROM contact_messages").all();
  const mails = await env.DB.prepare(`SELECT kind, "to", subject, text, html, from_name, reply_to FROM mail_outbox WHERE kind = 'contact'`).all();
  return { messages: messages.results, mails: mails.results as Record<string, string>[] };
}

beforeEach(async () => {
  ip += 1;
  currentIp = `198.51.100.${ip}`;
  await env.DB.batch([env.DB.prepare("DELETE FROM contact_messages"), env.DB.prepare("DELETE FROM mail_outbox")]);
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe("contact validation", () => {
  it("all four fields are required, each with its own message", async () => {
    const res = await send({});
    expect(res.status).toBe(400);
    expect(await issues(res)).toEqual({
      name: "Name is required",
      email: "Email is required",
      subject: "Please choose a subject",
      message: "Message is required",
    });
  });

  it("whitespace-only counts as empty", async () => {
    const res = await send({ ...valid, name: "   ", message: "\n\t " });
    expect(await issues(res)).toEqual({ name: "Name is required", message: "Message is required" });
  });

  it("a malformed e-mail: 'Invalid email format'", async () => {
    expect(await issues(await send({ ...valid, email: "ada-at-example" }))).toEqual({ email: "Invalid email format" });
  });

  it("the subject must be one of the seven choices", async () => {
    expect(CONTACT_SUBJECTS).toHaveLength(7);
    expect(await issues(await send({ ...valid, subject: "Free money" }))).toEqual({ subject: "Please choose a subject" });
    for (const subject of CONTACT_SUBJECTS) {
      ip += 1;
      currentIp = `203.0.113.${ip}`;
      expect((await send({ ...valid, subject })).status).toBe(201);
    }
  });

  it(`a message over ${CONTACT_MESSAGE_MAX} characters is refused`, async () => {
    expect(await issues(await send({ ...valid, message: "x".repeat(CONTACT_MESSAGE_MAX + 1) }))).toEqual({ message: "Message must be at most 5,000 characters" });
    expect((await send({ ...valid, message: "x".repeat(CONTACT_MESSAGE_MAX) })).status).toBe(201);
  });

  it("nothing is stored when the input is invalid", async () => {
    await send({ ...valid, email: "" });
    expect(await stored()).toEqual({ messages: [], mails: [] });
  });
});

describe("a valid message", () => {
  it("is stored and e-mailed to support through the outbox: subject 'Contact Form: …', from_name and from_email", async () => {
    const res = await send({ ...valid, message: "Hello <b>team</b>,\nI need help." });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ ok: true });
    const { messages, mails } = await stored();
    // The sender's address counts against the rate limit and is not stored with the message (decision 0303).
    expect(messages).toEqual([{ ...valid, message: "Hello <b>team</b>,\nI need help.", ip: null }]);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail).toMatchObject({ to: "support@startupjobs.example", subject: "Contact Form: Job Posting Help", from_name: "Ada Lovelace", reply_to: "ada@example.com" });
    expect(mail.text).toContain("From: Ada Lovelace <ada@example.com>");
    expect(mail.text).toContain("Hello <b>team</b>,\nI need help.");
    expect(mail.html).toContain("Hello &lt;b&gt;team&lt;/b&gt;,<br>I need help.");
    expect(mail.html).not.toContain("<b>team</b>");
  });
});

describe("the sender's address", () => {
  it("messages stored before it stopped being kept lose it to migration 0030", async () => {
    await env.DB.prepare("INSERT INTO contact_messages (id, name, email, subject, message, ip) VALUES ('old', 'Ada', 'ada@example.com', 'Other', 'Hi', '203.0.113.7')").run();
    const { default: migration } = await import("../../migrations/0030_contact_ip_erased.sql?raw");
    await env.DB.prepare(/UPDATE[\s\S]*?;/.exec(migration)![0]).run();
    expect(await env.DB.prepare("SELECT ip FROM contact_messages WHERE id = 'old'").first()).toEqual({ ip: null });
  });
});

describe("bots", () => {
  it("a filled honeypot gets a fake success and stores nothing", async () => {
    const res = await send({ ...valid, website: "http://spam.example" });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ ok: true });
    expect(await stored()).toEqual({ messages: [], mails: [] });
  });

  it(`rate-limited per address: ${CONTACT_RATE_LIMIT.limit} messages an hour, then 429`, async () => {
    for (let i = 0; i < CONTACT_RATE_LIMIT.limit; i++) expect((await send(valid)).status).toBe(201);
    const res = await send(valid);
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(((await res.json()) as { error: string }).error).toMatch(/^Too many messages/);
    expect((await stored()).messages).toHaveLength(CONTACT_RATE_LIMIT.limit);
    // Another address is not affected.
    expect((await send(valid, { "CF-Connecting-IP": "192.0.2.77" })).status).toBe(201);
  });
});

describe("Turnstile (when TURNSTILE_SECRET is set)", () => {
  it("the token is verified with Cloudflare; a failed check stores nothing", async () => {
    const secrets = env as unknown as { TURNSTILE_SECRET?: string };
    secrets.TURNSTILE_SECRET = "test-secret";
    const verify = vi.spyOn(globalThis, "fetch").mockImplementation(async (_url, init) => {
      const form = init?.body as FormData;
      return Response.json({ success: form.get("response") === "good-token" && form.get("secret") === "test-secret" });
    });
    try {
      const bad = await send({ ...valid, turnstileToken: "bad-token" });
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { error: string }).error).toBe("Please complete the security check and try again.");
      expect((await stored()).messages).toEqual([]);

      const good = await send({ ...valid, turnstileToken: "good-token" });
      expect(good.status).toBe(201);
      expect(verify.mock.calls.some(([url]) => String(url) === "https://challenges.cloudflare.com/turnstile/v0/siteverify")).toBe(true);
      expect((await stored()).messages).toHaveLength(1);
    } finally {
      delete secrets.TURNSTILE_SECRET;
    }
  });
});
