// The edges of what visitors subscribe to: job alerts and a company's "Notify me", their links, and bad input.
import { env, exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { sendAlertDigests } from "../../worker/alerts/digest";
import { signUp } from "../support/auth";
import { HOUR, addJobs, clearJobs } from "../support/jobs";

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
const count = async (sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>())!.n;

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
