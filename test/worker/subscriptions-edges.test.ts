// The edges of what visitors subscribe to: job alerts and a company's "Notify me", their links, and bad input.
import { env, exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { sendAlertDigests } from "../../worker/alerts/digest";
import { GOOD_PASSWORD, call, signUp } from "../support/auth";
import { HOUR, addJobs, clearJobs } from "../support/jobs";
import { count } from "../support/db";

let n = 0;
const AR = { "Accept-Language": "ar" };

function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return exports.default.fetch(`http://localhost${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": `198.51.100.${++n % 250}`, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}
const get = (path: string, headers: Record<string, string> = {}) => exports.default.fetch(`http://localhost${path}`, { redirect: "manual", headers });

beforeEach(async () => {
  await clearJobs();
  await env.DB.batch([env.DB.prepare("DELETE FROM subscriptions"), env.DB.prepare("DELETE FROM alert_deliveries"), env.DB.prepare("DELETE FROM mail_outbox")]);
  await env.DB.prepare("INSERT INTO companies (id, company) VALUES ('edgeco', 'Edge Co') ON CONFLICT DO NOTHING").run();
});

describe("one address asking many times at once (decision 0240)", () => {
  it("ten alert requests at once with one address (case and spaces): one alert, one confirmation e-mail", async () => {
    const variants = ["Same@Example.com", " same@example.com", "SAME@EXAMPLE.COM ", "same@example.com"];
    const res = await Promise.all(Array.from({ length: 10 }, (_, i) => post("/api/alerts", { email: variants[i % 4], query: "keywords=go" })));
    // Five pass the per-address limit; however they interleave, one alert is open and one e-mail goes.
    expect(res.filter((r) => r.status === 201)).toHaveLength(5);
    expect(await count("SELECT count(*) AS n FROM subscriptions")).toBe(1);
    expect(await count("SELECT count(*) AS n FROM mail_outbox")).toBe(1);
  });
  it("ten 'Notify me' requests at once: one follow, one confirmation e-mail", async () => {
    const res = await Promise.all(Array.from({ length: 10 }, (_, i) => post("/api/companies/edgeco/notify", { email: i % 2 ? "Fan@Example.com" : " fan@example.com " })));
    expect(res.filter((r) => r.status === 201)).toHaveLength(5);
    expect(await count("SELECT count(*) AS n FROM subscriptions")).toBe(1);
    expect(await count("SELECT count(*) AS n FROM mail_outbox WHERE kind = 'company_notify_confirm'")).toBe(1);
  });
});

describe("migration 0034 (decision 0240)", () => {
  it("keeps one open row of those doubled before it (confirmed first, then the newest) and closes the others, so the indexes can be made", async () => {
    const { default: migration } = await import("../../migrations/0034_one_open_subscription.sql?raw");
    const statements = migration.split("--> statement-breakpoint").map((part) => part.trim().replace(/;$/, ""));
    await env.DB.batch([env.DB.prepare("DROP INDEX subscriptions_open_alert_idx"), env.DB.prepare("DROP INDEX subscriptions_open_company_idx")]);
    const insert = (id: string, kind: string, email: string, target: string, confirmed: number | null, created: number) =>
      env.DB.prepare(`INSERT INTO subscriptions (id, kind, email, ${kind === "alert" ? "filters" : "company_id"}, token, confirmed_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`).bind(
        id,
        kind,
        email,
        target,
        `t-${id}`,
        confirmed,
        created,
      );
    await env.DB.batch([
      insert("a1", "alert", "x@example.com", "{}", null, 1),
      insert("a2", "alert", "x@example.com", "{}", 5, 2),
      insert("a3", "alert", "x@example.com", "{}", null, 3),
      insert("b1", "alert", "x@example.com", '{"k":1}', null, 1),
      insert("b2", "alert", "x@example.com", '{"k":1}', null, 2),
      insert("c1", "company", "x@example.com", "edgeco", null, 1),
      insert("c2", "company", "x@example.com", "edgeco", null, 2),
      insert("d1", "company", "y@example.com", "edgeco", null, 1),
    ]);
    for (const statement of statements) await env.DB.prepare(statement).run();
    const { results } = await env.DB.prepare("SELECT id FROM subscriptions WHERE unsubscribed_at IS NULL ORDER BY id").all<{ id: string }>();
    expect(results.map((r) => r.id)).toEqual(["a2", "b2", "c2", "d1"]);
  });
});

describe("'Notify me' for a company the board does not show", () => {
  it("a disabled account's company answers 404 'Company not found', in the request's language, and mails nothing", async () => {
    const owner = await signUp();
    await env.DB.prepare("INSERT INTO companies (id, company, owner_id) VALUES ('hiddenco', 'Hidden Co', ?) ON CONFLICT DO NOTHING").bind(owner.userId).run();
    await env.DB.prepare("UPDATE accounts SET disabled_at = ? WHERE id = ?").bind(Date.now(), owner.userId).run();
    expect((await get("/api/companies/hiddenco")).status).toBe(404);
    const res = await post("/api/companies/hiddenco/notify", { email: "hidden-fan@example.com" });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Company not found" });
    const ar = await post("/api/companies/hiddenco/notify", { email: "hidden-fan@example.com" }, AR);
    expect(await ar.json()).toEqual({ error: "الشركة غير موجودة" });
    expect(await count("SELECT count(*) AS n FROM subscriptions")).toBe(0);
    expect(await count("SELECT count(*) AS n FROM mail_outbox WHERE \"to\" = 'hidden-fan@example.com'")).toBe(0);
  });
});

describe("a confirm or unsubscribe link mangled on the way (a mail client's line break, a paste twice)", () => {
  it("goes to the 'invalid' page in the link's language, not a JSON error, and changes nothing", async () => {
    for (const path of [
      `/api/alerts/confirm?token=${"x".repeat(300)}&lang=ar`,
      "/api/alerts/confirm?token=a&token=b&lang=ar",
      "/api/alerts/unsubscribe?token=abc&lang=ar&lang=ar",
      `/api/alerts/unsubscribe?token=${"y".repeat(201)}&lang=ar`,
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(303);
      expect(res.headers.get("Location"), path).toBe("/ar/alerts/invalid");
    }
    const odd = await get("/api/alerts/unsubscribe?token=abc&lang=arabic-please", AR);
    expect(odd.headers.get("Location")).toBe("/ar/alerts/invalid");
  });
});

describe("the Arabic feeds' bad filters", () => {
  it("/ar/feed.xml and /ar/feed.json answer a bad filter in Arabic, as their path says, whatever the reader's Accept-Language", async () => {
    for (const path of ["/ar/feed.xml?minSalary=abc", "/ar/feed.json?type=spaceship"]) {
      const res = await exports.default.fetch(`http://localhost${path}`);
      expect(res.status, path).toBe(400);
      expect(res.headers.get("Content-Language"), path).toBe("ar");
      const { error } = (await res.json()) as { error: string };
      expect(error, path).toMatch(/[\u0600-\u06FF]/);
    }
    const english = await exports.default.fetch("http://localhost/feed.xml?minSalary=abc", { headers: AR });
    expect(((await english.json()) as { error: string }).error).toBe("minSalary must be a positive number of at most 1000000000");
  });
});

const linkOf = (text: string, action: string) => text.match(new RegExp(`http://localhost:8787(/api/alerts/${action}\\?token=[^\\s"<]+)`))![1]!;
async function lastMailTo(to: string) {
  return (await env.DB.prepare(`SELECT subject, text FROM mail_outbox WHERE "to" = ? ORDER BY created_at DESC, rowid DESC`).bind(to).first<{ subject: string; text: string }>())!;
}

describe("links used more than once, and the digest run more than once", () => {
  it("confirm twice, unsubscribe ten at once, confirm after unsubscribing, a tampered token: each answers its page in Arabic and nothing else changes", async () => {
    await post("/api/alerts", { email: "twice@example.com", query: "keywords=go" }, AR);
    const mail = await lastMailTo("twice@example.com");
    expect(mail.subject).toBe("أكّد تنبيه الوظائف");
    const confirm = linkOf(mail.text, "confirm");
    const unsubscribe = linkOf(mail.text, "unsubscribe");
    expect((await get(confirm)).headers.get("Location")).toBe("/ar/alerts/confirmed?kind=alert");
    const first = await env.DB.prepare("SELECT confirmed_at FROM subscriptions WHERE email = 'twice@example.com'").first<{ confirmed_at: number }>();
    expect((await get(confirm)).headers.get("Location")).toBe("/ar/alerts/confirmed?kind=alert");
    const again = await env.DB.prepare("SELECT confirmed_at FROM subscriptions WHERE email = 'twice@example.com'").first<{ confirmed_at: number }>();
    expect(again!.confirmed_at).toBe(first!.confirmed_at);
    const tenAtOnce = await Promise.all(Array.from({ length: 10 }, () => get(unsubscribe)));
    expect(new Set(tenAtOnce.map((r) => r.headers.get("Location")))).toEqual(new Set(["/ar/alerts/unsubscribed?kind=alert"]));
    expect(await count("SELECT count(*) AS n FROM subscriptions WHERE email = 'twice@example.com' AND unsubscribed_at IS NOT NULL")).toBe(1);
    // Unsubscribed stays off: the confirmation link no longer finds it.
    expect((await get(confirm)).headers.get("Location")).toBe("/ar/alerts/invalid");
    expect(await count("SELECT count(*) AS n FROM subscriptions WHERE email = 'twice@example.com' AND unsubscribed_at IS NULL")).toBe(0);
    expect((await get(confirm.replace(/token=./, "token=~"))).headers.get("Location")).toBe("/ar/alerts/invalid");
  });

  it("the digest run ten times at once sends one e-mail, in the alert's language", async () => {
    await post("/api/alerts", { email: "digest@example.com", query: "keywords=python" }, AR);
    await get(linkOf((await lastMailTo("digest@example.com")).text, "confirm"));
    const t = Date.now();
    await addJobs({ title: "Python Dev", createdAt: t + 1000 }, { title: "Python Lead", createdAt: t + 2000 });
    await Promise.all(Array.from({ length: 10 }, () => sendAlertDigests(env, t + HOUR)));
    expect(await count("SELECT count(*) AS n FROM mail_outbox WHERE kind = 'alert_digest'")).toBe(1);
    expect((await lastMailTo("digest@example.com")).subject).toContain("وظيفتان جديدتان");
    expect(await count("SELECT count(*) AS n FROM alert_deliveries")).toBe(2);
  });

  it("an alert whose tag and place match nothing any more sends nothing and fails nothing", async () => {
    await post("/api/alerts", { email: "gone@example.com", query: "tags=NoSuchTag&location=Atlantis" });
    await get(linkOf((await lastMailTo("gone@example.com")).text, "confirm"));
    await addJobs({ title: "Python Dev", createdAt: Date.now() + 1000 });
    expect(await sendAlertDigests(env, Date.now() + HOUR)).toEqual({ alerts: 1, digests: 0, jobs: 0 });
  });

  it("an alert's confirmation link after its address's account was deleted finds nothing", async () => {
    const s = await signUp();
    await post("/api/alerts", { email: s.email.toUpperCase(), query: "keywords=rust" });
    const confirm = linkOf((await lastMailTo(s.email)).text, "confirm");
    expect((await call("/api/account/delete", { method: "POST", cookie: s.cookie, json: { currentPassword: GOOD_PASSWORD } })).status).toBe(200);
    expect(await count("SELECT count(*) AS n FROM subscriptions WHERE email = ?", s.email)).toBe(0);
    expect((await get(confirm)).headers.get("Location")).toBe("/alerts/invalid");
  });

  it("Arabic-Indic digits in an alert's pay filter are read as digits", async () => {
    expect((await post("/api/alerts", { email: "digits@example.com", query: "minSalary=١٥٠٠٠&currency=AED&period=month" }, AR)).status).toBe(201);
    const row = await env.DB.prepare("SELECT filters FROM subscriptions WHERE email = 'digits@example.com'").first<{ filters: string }>();
    expect(JSON.parse(row!.filters)).toMatchObject({ minSalary: 15000, currency: "AED", period: "month" });
  });
});

describe("asked again, pending, in the other language", () => {
  it("an alert asked for in English, then again in Arabic, is mailed and sent in Arabic", async () => {
    await post("/api/alerts", { email: "switch@example.com", query: "keywords=python" });
    await post("/api/alerts", { email: "switch@example.com", query: "keywords=python" }, AR);
    const mail = await lastMailTo("switch@example.com");
    expect(mail.subject).toBe("أكّد تنبيه الوظائف");
    expect((await get(linkOf(mail.text, "confirm"))).headers.get("Location")).toBe("/ar/alerts/confirmed?kind=alert");
    const t = Date.now();
    await addJobs({ title: "Python Dev", createdAt: t + 1000 });
    await sendAlertDigests(env, t + HOUR);
    const digest = (await env.DB.prepare("SELECT subject FROM mail_outbox WHERE kind = 'alert_digest'").first<{ subject: string }>())!;
    expect(digest.subject).toMatch(/[\u0600-\u06FF]/);
  });

  it("a company followed in English, then again in Arabic, is confirmed in Arabic", async () => {
    await post("/api/companies/edgeco/notify", { email: "switch-fan@example.com" });
    await post("/api/companies/edgeco/notify", { email: "switch-fan@example.com" }, AR);
    const mail = await lastMailTo("switch-fan@example.com");
    expect(mail.subject).toMatch(/[\u0600-\u06FF]/);
    expect(await env.DB.prepare("SELECT locale FROM subscriptions WHERE email = 'switch-fan@example.com'").first("locale")).toBe("ar");
  });
});

describe("Arabic-Indic digits in a feed's limit", () => {
  it("/ar/feed.json?limit=٢ reads it as 2, as the pay filter reads its digits", async () => {
    const t = Date.now();
    await addJobs({ title: "One", createdAt: t - 3000 }, { title: "Two", createdAt: t - 2000 }, { title: "Three", createdAt: t - 1000 });
    const res = await exports.default.fetch("http://localhost/ar/feed.json?limit=٢");
    expect(res.status).toBe(200);
    expect(((await res.json()) as { items: unknown[] }).items).toHaveLength(2);
    expect((await exports.default.fetch("http://localhost/api/jobs?limit=۳")).status).toBe(200);
  });
});
