// Issue 25, section 1: English no longer reaches Arabic users after they act. Every message the API
// returns for display is in the request's language (worker/http/locale.ts), success messages included.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { addJobs, clearJobs } from "../support/jobs";

let n = 0;
const AR = { "Accept-Language": "ar" };

function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return exports.default.fetch(`http://localhost${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": `198.51.100.${++n}`, Origin: "http://localhost", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

describe("success messages in the request's language", () => {
  it("an alert created from /ar/jobs says «راجع بريدك الإلكتروني وافتح رابط التأكيد لتفعيل التنبيه.», and in English without the header", async () => {
    const ar = await post("/api/alerts", { email: `ar-${n}@example.com`, query: "?keywords=مهندس&location=دبي" }, AR);
    expect(ar.status).toBe(201);
    expect(ar.headers.get("Content-Language")).toBe("ar");
    expect(((await ar.json()) as { message: string }).message).toBe("راجع بريدك الإلكتروني وافتح رابط التأكيد لتفعيل التنبيه.");
    const en = await post("/api/alerts", { email: `en-${n}@example.com`, query: "?keywords=engineer" });
    expect(((await en.json()) as { message: string }).message).toBe("Check your inbox to confirm your alert.");
  });

  it("Notify me on /ar/company/… thanks and asks to confirm in Arabic", async () => {
    await env.DB.prepare("INSERT INTO companies (id, company) VALUES ('afaq', 'أفق للتقنية') ON CONFLICT DO NOTHING").run();
    const res = await post("/api/companies/afaq/notify", { email: `fan-${n}@example.com` }, AR);
    expect(res.status).toBe(201);
    const body = (await res.json()) as { ok: boolean; message: string; confirm: string };
    expect(body.ok).toBe(true);
    for (const text of [body.message, body.confirm]) {
      expect(text).toMatch(/\p{Script=Arabic}/u);
      expect(text).not.toMatch(/[A-Za-z]/);
    }
  });
});

describe("API leftovers", () => {
  it("malformed JSON with Accept-Language: ar answers in Arabic", async () => {
    const res = await post("/api/alerts", "{not json", AR);
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: string };
    expect(error).toBe("محتوى الطلب ليس بصيغة JSON صالحة");
    const en = await post("/api/alerts", "{not json");
    expect(((await en.json()) as { error: string }).error).toBe("The request body is not valid JSON");
  });

  it("the timeframe error lists its values with one kind of comma", async () => {
    const res = await exports.default.fetch("http://localhost/api/jobs?timeframe=year", { headers: AR });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: string };
    expect(error).toContain("any, day, week, month");
    expect(error).not.toContain("،");
  });
});

describe("small ones (section 6) and tags through the catalogue (section 3)", () => {
  const page = (path: string) => exports.default.fetch(`http://localhost${path}`, { headers: { Accept: "text/html" } });

  it("robots.txt keeps crawlers out of /ar/dashboard and /ar/dev/ too", async () => {
    const robots = await (await page("/robots.txt")).text();
    for (const path of ["/dashboard", "/dev/", "/ar/dashboard", "/ar/dev/"]) expect(robots).toContain(`Disallow: ${path}\n`);
  });

  it("the 404 page sends no canonical and no hreflang links, and asks not to be indexed; a real page keeps them", async () => {
    for (const path of ["/no-such-page", "/ar/no-such-page"]) {
      const res = await page(path);
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(html).not.toContain('rel="canonical"');
      expect(html).not.toContain("hreflang");
      expect(html).toContain('<meta name="robots" content="noindex">');
    }
    const ok = await (await page("/ar/jobs")).text();
    expect(ok).toContain('rel="canonical"');
    expect(ok).toContain('hreflang="ar"');
  });

  it("a page that is not for search engines (a job's edit page, a token's page, a dashboard) asks not to be indexed and names no canonical URL or alternates", async () => {
    // /ar/jobs/nope/edit named itself canonical, with hreflang alternates (the 20th reading).
    for (const path of ["/ar/jobs/nope/edit", "/jobs/nope/edit", "/ar/applications/zzz", "/applications", "/saved", "/ar/dashboard/billing", "/reset-password", "/credit-purchase-success"]) {
      const res = await page(path);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html, path).toContain('<meta name="robots" content="noindex">');
      expect(html, path).not.toContain('rel="canonical"');
      expect(html, path).not.toContain("hreflang");
    }
    for (const path of ["/", "/ar/jobs", "/advertise", "/ar/contact", "/post", "/ar/sign-in", "/sign-up", "/company/acme/spotlight"]) {
      const html = await (await page(path)).text();
      expect(html, path).not.toContain("noindex");
      expect(html, path).toContain('rel="canonical"');
      expect(html, path).toContain('hreflang="ar"');
    }
  });

  it("/ar/feed.xml names the category and tags in Arabic; /feed.xml in English", async () => {
    await clearJobs();
    await addJobs({ title: "Platform Engineer", category: "Engineering", tags: ["Technical", "Go"] });
    const ar = await (await page("/ar/feed.xml")).text();
    expect(ar).toContain("<category>الهندسة</category>");
    expect(ar).toContain("<category>تقني</category>");
    expect(ar).toContain("<category>Go</category>");
    expect(ar).not.toContain("<category>Engineering</category>");
    const en = await (await page("/feed.xml")).text();
    expect(en).toContain("<category>Engineering</category>");
    expect(en).toContain("<category>Technical</category>");
  });
});
