// Issue 25, section 1: English no longer reaches Arabic users after they act. Every message the API
// returns for display is in the request's language (worker/http/locale.ts), success messages included.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

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
  it("an alert created from /ar/jobs says «تحقق من بريدك الوارد لتأكيد التنبيه.», and in English without the header", async () => {
    const ar = await post("/api/alerts", { email: `ar-${n}@example.com`, query: "?keywords=مهندس&location=دبي" }, AR);
    expect(ar.status).toBe(201);
    expect(ar.headers.get("Content-Language")).toBe("ar");
    expect(((await ar.json()) as { message: string }).message).toBe("تحقق من بريدك الوارد لتأكيد التنبيه.");
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
