// Candidate job alerts: 'Email me jobs like these' saves the filters with double opt-in; the daily
// digest sends new matching jobs through the same search, never a job twice, with a working unsubscribe.
import { env, exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { sendAlertDigests } from "../../worker/alerts/digest";
import { DAY, HOUR, addJobs, clearJobs } from "../support/jobs";

let n = 0;

function subscribe(email: string, query: string, ip = `192.0.2.${++n}`): Promise<Response> {
  return exports.default.fetch("http://localhost/api/alerts", {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": ip },
    body: JSON.stringify({ email, query }),
  });
}

async function outbox(kind: string) {
  const { results } = await env.DB.prepare(`SELECT key, "to", subject, text, html FROM mail_outbox WHERE kind = ? ORDER BY created_at, rowid`).bind(kind).all<Record<string, string>>();
  return results;
}

function linkIn(text: string, path: string): string {
  const m = text.match(new RegExp(`http://localhost:8787${path.replace(/[?]/g, "\\?")}[^\\s"<]+`));
  if (!m) throw new Error(`no ${path} link in:\n${text}`);
  return m[0].replace("http://localhost:8787", "http://localhost");
}

async function confirm(email: string, query: string): Promise<string> {
  await subscribe(email, query);
  const mail = (await outbox("alert_confirm")).find((m) => m.to === email)!;
  const res = await exports.default.fetch(linkIn(mail.text, "/api/alerts/confirm?token="), { redirect: "manual" });
  expect(res.status).toBe(303);
  return (await env.DB.prepare("SELECT id FROM subscriptions WHERE email = ?").bind(email).first<{ id: string }>())!.id;
}

beforeEach(async () => {
  await clearJobs();
  await env.DB.batch([env.DB.prepare("DELETE FROM subscriptions"), env.DB.prepare("DELETE FROM alert_deliveries"), env.DB.prepare("DELETE FROM mail_outbox")]);
});

describe("POST /api/alerts (double opt-in)", () => {
  it("saves the filters unconfirmed and mails a confirmation link", async () => {
    const res = await subscribe("Cand@Example.com", "keywords=react&location=Dubai&remote=true&tags=AWS&sort=salary-high&timeframe=week");
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ ok: true, message: "Check your inbox to confirm your alert." });
    const row = await env.DB.prepare("SELECT kind, email, filters, confirmed_at FROM subscriptions").first<Record<string, unknown>>();
    expect(row).toEqual({
      kind: "alert",
      email: "cand@example.com",
      filters: JSON.stringify({ keywords: "react", location: "Dubai", remote: true, tags: ["AWS"], type: "", timeframe: "" }),
      confirmed_at: null,
    });
    const [mail] = await outbox("alert_confirm");
    expect(mail).toMatchObject({ to: "cand@example.com", subject: "Confirm your job alert" });
    expect(mail!.text).toContain('"react" · in Dubai · Remote only · tagged AWS');
    expect(mail!.html).toContain("&quot;react&quot;");
  });

  it("the confirmation e-mail also carries a working unsubscribe link", async () => {
    await subscribe("u@example.com", "keywords=rust");
    const [mail] = await outbox("alert_confirm");
    const unsubscribe = linkIn(mail!.text, "/api/alerts/unsubscribe?token=");
    expect(mail!.html).toContain("/api/alerts/unsubscribe?token=");
    const res = await exports.default.fetch(unsubscribe, { redirect: "manual" });
    expect(res.status).toBe(303);
    const row = await env.DB.prepare("SELECT unsubscribed_at FROM subscriptions WHERE email = 'u@example.com'").first<{ unsubscribed_at: number | null }>();
    expect(row!.unsubscribed_at).toBeGreaterThan(0);
  });

  it("rejects a bad address and bad filters with clear messages", async () => {
    const bad = await subscribe("nope", "");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { issues: { message: string }[] }).issues[0]!.message).toBe("Please enter a valid email address");
    expect((await subscribe("a@example.com", "sort=sideways&type=spaceship")).status).toBe(400);
  });

  it("confirming activates it; a bad token goes to the 'invalid' page", async () => {
    await confirm("c@example.com", "keywords=go");
    const row = await env.DB.prepare("SELECT confirmed_at FROM subscriptions").first<{ confirmed_at: number | null }>();
    expect(row!.confirmed_at).toBeGreaterThan(0);
    const bad = await exports.default.fetch("http://localhost/api/alerts/confirm?token=nope", { redirect: "manual" });
    expect(bad.headers.get("Location")).toBe("/alerts/invalid");
    // Without the mail's language, the browser's; a language the board does not have is neither.
    const arabicBrowser = await exports.default.fetch("http://localhost/api/alerts/confirm?token=nope", { redirect: "manual", headers: { "Accept-Language": "ar-AE" } });
    expect(arabicBrowser.headers.get("Location")).toBe("/ar/alerts/invalid");
    const unknown = await exports.default.fetch("http://localhost/api/alerts/unsubscribe?token=nope&lang=xx", { redirect: "manual" });
    expect(unknown.headers.get("Location")).toBe("/alerts/invalid");
  });

  it("subscribing again to a confirmed alert sends no new mail and adds no row", async () => {
    await confirm("d@example.com", "keywords=go");
    await subscribe("d@example.com", "keywords=go");
    expect(await outbox("alert_confirm")).toHaveLength(1);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM subscriptions").first<{ n: number }>())!.n).toBe(1);
  });
});

describe("an alert keeps the pay filter (a fourteenth reading: the box left it out, and the alert sent every pay)", () => {
  it("stores it, says it in the confirmation, and sends only the jobs that pay enough", async () => {
    const id = await confirm("pay@example.com", "keywords=engineer&minSalary=15000&currency=AED&period=month");
    const row = await env.DB.prepare("SELECT filters FROM subscriptions WHERE id = ?").bind(id).first<{ filters: string }>();
    expect(JSON.parse(row!.filters)).toMatchObject({ keywords: "engineer", minSalary: 15000, currency: "AED", period: "month", includeNoSalary: false });
    const [mail] = await outbox("alert_confirm");
    expect(mail!.text).toMatch(/"engineer" · paying AED\s15,000 or more a month/);
    const t = Date.now();
    await addJobs(
      { title: "Well Paid Engineer", salary: "AED 20,000 - 25,000 monthly", createdAt: t + 1000 },
      { title: "Modest Engineer", salary: "AED 8,000 - 10,000 monthly", createdAt: t + 2000 },
      { title: "Unsaid Engineer", salary: "", createdAt: t + 3000 },
    );
    const report = await sendAlertDigests(env, t + HOUR);
    const [digest] = await outbox("alert_digest");
    expect(report, digest!.text).toEqual({ alerts: 1, digests: 1, jobs: 1 });
    expect(digest!.text).toContain("Well Paid Engineer");
    expect(digest!.text).not.toContain("Modest Engineer");
    expect(digest!.text).not.toContain("Unsaid Engineer");
    expect(digest!.html).toContain("minSalary=15000");
  });

  it("with 'Include jobs without a salary', those come too, and the summary says so", async () => {
    await confirm("pay2@example.com", "minSalary=100000&period=year&includeNoSalary=true");
    expect((await outbox("alert_confirm"))[0]!.text).toContain("paying $100,000 or more a year, or not saying");
    const t = Date.now();
    await addJobs({ title: "Unsaid Role", salary: "", createdAt: t + 1000 }, { title: "Low Role", salary: "$40k - $50k", createdAt: t + 2000 });
    expect((await sendAlertDigests(env, t + HOUR)).jobs).toBe(1);
    expect((await outbox("alert_digest"))[0]!.text).toContain("Unsaid Role");
  });
});

describe("POST /api/alerts rate limits", () => {
  it("a sixth request for one address in a day is refused with 429 and Retry-After, and queues nothing", async () => {
    const email = "limited@example.com";
    for (let i = 0; i < 5; i++) expect((await subscribe(email, `keywords=k${i}`)).status).toBe(201);
    const before = (await outbox("alert_confirm")).length;
    const refused = await subscribe(email, "keywords=one-more");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ error: "Too many alert requests. Please try again later." });
    expect((await outbox("alert_confirm")).length).toBe(before);
    expect(await env.DB.prepare("SELECT count(*) AS n FROM subscriptions WHERE filters LIKE '%one-more%'").first("n")).toBe(0);
  });
});

describe("the daily digest", () => {
  it("an unconfirmed alert gets nothing", async () => {
    await subscribe("u@example.com", "keywords=engineer");
    await addJobs({ title: "Engineer", createdAt: Date.now() + 1000 });
    expect((await sendAlertDigests(env, Date.now() + HOUR)).digests).toBe(0);
  });

  it("sends the new matching jobs only, with links and a working unsubscribe", async () => {
    await addJobs({ title: "Old Rust Engineer", createdAt: Date.now() - DAY });
    const id = await confirm("e@example.com", "keywords=rust&remote=true");
    const t = Date.now();
    const [match] = await addJobs(
      { title: "Rust <Engineer>", company: "Ferrous & Co", location: "Remote (Europe)", salary: "$150k - $190k", createdAt: t + 1000 },
      { title: "Rust Engineer Onsite", location: "Dubai, UAE", createdAt: t + 2000 },
      { title: "Designer", location: "Remote", createdAt: t + 3000 },
    );
    const report = await sendAlertDigests(env, t + HOUR);
    expect(report).toEqual({ alerts: 1, digests: 1, jobs: 1 });
    const [digest] = await outbox("alert_digest");
    expect(digest).toMatchObject({ to: "e@example.com", subject: '1 new job for "rust" · Remote only' });
    expect(digest!.text).toContain(`- Rust <Engineer> at Ferrous & Co (Remote (Europe)), $150k - $190k\n  http://localhost:8787/jobs/${match}`);
    expect(digest!.text).not.toContain("Old Rust Engineer");
    expect(digest!.html).toContain("Rust &lt;Engineer&gt;");
    expect(digest!.html).toContain("http://localhost:8787/jobs?keywords=rust&amp;remote=true");

    const unsubscribe = linkIn(digest!.text, "/api/alerts/unsubscribe?token=");
    const res = await exports.default.fetch(unsubscribe, { redirect: "manual" });
    expect(res.status).toBe(303);
    expect(res.headers.get("Location")).toBe("/alerts/unsubscribed?kind=alert");
    const row = await env.DB.prepare("SELECT unsubscribed_at FROM subscriptions WHERE id = ?").bind(id).first<{ unsubscribed_at: number | null }>();
    expect(row!.unsubscribed_at).toBeGreaterThan(0);

    await addJobs({ title: "Another Rust Engineer", location: "Remote", createdAt: t + 5000 });
    expect((await sendAlertDigests(env, t + 2 * DAY)).digests).toBe(0);
  });

  it("no repeats: a job sent once is never sent again, and one digest a day at most", async () => {
    await confirm("f@example.com", "keywords=python");
    const t = Date.now();
    const [first] = await addJobs({ title: "Python Dev", createdAt: t + 1000 });
    expect((await sendAlertDigests(env, t + HOUR)).digests).toBe(1);

    // Same day, a new job: still one digest that day.
    const [second] = await addJobs({ title: "Python Lead", createdAt: t + 2000 });
    expect((await sendAlertDigests(env, t + HOUR + 1000)).digests).toBe(0);

    // Next day: only the job not sent before.
    expect(await sendAlertDigests(env, t + DAY + HOUR)).toEqual({ alerts: 1, digests: 1, jobs: 1 });
    const digests = await outbox("alert_digest");
    expect(digests).toHaveLength(2);
    expect(digests[1]!.text).toContain(`/jobs/${second}`);
    expect(digests[1]!.text).not.toContain(`/jobs/${first}`);

    // The day after, nothing new: no mail.
    expect((await sendAlertDigests(env, t + 2 * DAY + HOUR)).digests).toBe(0);
    const delivered = await env.DB.prepare("SELECT job_id FROM alert_deliveries ORDER BY sent_at").all<{ job_id: string }>();
    expect(delivered.results.map((r) => r.job_id)).toEqual([first, second]);
  });
});
