// The API answers its errors in the request's language (worker/http/locale.ts): with Accept-Language: ar the
// message, the nested reason inside "Invalid limit: …" and each issue of a form come back in Arabic; without
// the header, or with English, they are exactly today's English.
import { env, exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { signUp } from "../support/auth";
import { checkoutJob, jobDetails, purchase } from "../support/fixtures";

let ip = 0;

function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return exports.default.fetch(`http://localhost${path}`, { headers });
}

function contact(body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return post("/api/contact", body, headers);
}

function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  ip += 1;
  return exports.default.fetch(`http://localhost${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": `203.0.113.${ip}`, ...headers },
    body: JSON.stringify(body),
  });
}

interface ErrorBody {
  error: string;
  issues?: { path: string; message: string }[];
}

const issuesOf = (body: ErrorBody) => Object.fromEntries((body.issues ?? []).map((i) => [i.path, i.message]));
const ARABIC = /\p{Script=Arabic}/u;

beforeEach(async () => {
  await env.DB.prepare("DELETE FROM contact_messages").run();
});

describe("GET /api/jobs with a bad limit", () => {
  it("answers the English message without Accept-Language, and with en", async () => {
    for (const headers of [{}, { "Accept-Language": "en-US,en;q=0.9" }] as Record<string, string>[]) {
      const res = await get("/api/jobs?limit=abc", headers);
      expect(res.status).toBe(400);
      const body = (await res.json()) as ErrorBody;
      expect(body.error).toBe("limit must be a number");
      expect(issuesOf(body)).toEqual({ limit: "limit must be a number" });
      expect(res.headers.get("Content-Language")).toBeNull();
    }
  });

  it("answers Arabic with Accept-Language: ar, the nested reason in Arabic too", async () => {
    const res = await get("/api/jobs?limit=abc", { "Accept-Language": "ar" });
    expect(res.status).toBe(400);
    expect(res.headers.get("Content-Language")).toBe("ar");
    expect(res.headers.get("Vary") ?? "").toContain("Accept-Language");
    const body = (await res.json()) as ErrorBody;
    expect(body.error).toBe("يجب أن تكون قيمة limit رقمًا");
    expect(issuesOf(body)).toEqual({ limit: "يجب أن تكون قيمة limit رقمًا" });
  });

  it("a limit over the maximum keeps its number in the Arabic", async () => {
    const body = (await (await get("/api/jobs?limit=500", { "Accept-Language": "ar-AE,ar;q=0.9,en;q=0.5" })).json()) as ErrorBody;
    expect(body.error).toBe("يجب ألا تتجاوز قيمة limit 100");
  });
});

describe("POST /api/contact with an empty body", () => {
  it("answers each issue in English without the header", async () => {
    const res = await contact({});
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.error).toBe("Name is required");
    expect(issuesOf(body)).toEqual({
      name: "Name is required",
      email: "Email is required",
      subject: "Please choose a subject",
      message: "Message is required",
    });
  });

  it("answers each issue in Arabic with Accept-Language: ar", async () => {
    const res = await contact({}, { "Accept-Language": "ar" });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.error).toBe("الاسم مطلوب");
    expect(issuesOf(body)).toEqual({
      name: "الاسم مطلوب",
      email: "البريد الإلكتروني مطلوب",
      subject: "يُرجى اختيار موضوع",
      message: "الرسالة مطلوبة",
    });
    for (const issue of body.issues ?? []) expect(issue.message).toMatch(ARABIC);
  });

  it("a message over the limit says 5,000 in both languages", async () => {
    const long = { name: "Ada", email: "ada@example.com", subject: "Other", message: "x".repeat(5001) };
    const en = issuesOf((await (await contact(long)).json()) as ErrorBody);
    expect(en.message).toBe("Message must be at most 5,000 characters");
    const ar = issuesOf((await (await contact(long, { "Accept-Language": "ar" })).json()) as ErrorBody);
    expect(ar.message).toBe("يجب ألا تتجاوز الرسالة 5,000 حرف");
  });
});

describe("an API error says what is wrong without naming the field by its code (the twentieth reading)", () => {
  it("our own sentence is the error alone: «البريد الإلكتروني مطلوب», not «قيمة email غير صالحة: …»; the path stays in issues", async () => {
    const alerts = (await (await post("/api/alerts", {}, { "Accept-Language": "ar" })).json()) as ErrorBody;
    expect(alerts.error).toBe("البريد الإلكتروني مطلوب");
    expect(issuesOf(alerts).email).toBe("البريد الإلكتروني مطلوب");
    expect(((await (await post("/api/alerts", {})).json()) as ErrorBody).error).toBe("Email is required");
    expect(((await (await contact({}, { "Accept-Language": "ar" })).json()) as ErrorBody).error).toBe("الاسم مطلوب");
  });

  it("a body that is no JSON object: «يجب أن يكون محتوى الطلب كائن JSON», not «قيمة json غير صالحة: … المتوقع object، والمستلَم array»", async () => {
    for (const body of [[], "text", null]) {
      const ar = await post("/api/alerts", body, { "Accept-Language": "ar" });
      expect(ar.status).toBe(400);
      expect(((await ar.json()) as ErrorBody).error).toBe("يجب أن يكون محتوى الطلب كائن JSON");
      expect(((await (await post("/api/alerts", body)).json()) as ErrorBody).error).toBe("The request body must be a JSON object");
    }
  });

  it("the issue under it names the types in Arabic: «المتوقع كائن JSON، والمستلَم مصفوفة», not «المتوقع object، والمستلَم array» (the 22nd reading)", async () => {
    const said = async (body: unknown) => issuesOf((await (await post("/api/alerts", body, { "Accept-Language": "ar" })).json()) as ErrorBody)["(root)"];
    expect(await said([])).toBe("إدخال غير صالح: المتوقع كائن JSON، والمستلَم مصفوفة");
    expect(await said("text")).toBe("إدخال غير صالح: المتوقع كائن JSON، والمستلَم نص");
    expect(await said(null)).toBe("إدخال غير صالح: المتوقع كائن JSON، والمستلَم قيمة فارغة (null)");
    // English keeps zod's words.
    expect(issuesOf((await (await post("/api/alerts", [])).json()) as ErrorBody)["(root)"]).toBe("Invalid input: expected object, received array");
  });

  it("zod's own words, which do not say where, keep the parameter", async () => {
    const s = await signUp();
    const res = await checkoutJob(s.cookie, { job: jobDetails(), purchase: purchase(), submissionId: "short" });
    expect(((await res.json()) as ErrorBody).error).toBe("Invalid submissionId: Too small: expected string to have >=8 characters");
  });
});

describe("an unknown job", () => {
  it("is a 404 'Job not found' in English and 'الوظيفة غير موجودة' in Arabic", async () => {
    const en = await get("/api/jobs/no-such-job-here");
    expect(en.status).toBe(404);
    expect(((await en.json()) as ErrorBody).error).toBe("Job not found");
    const ar = await get("/api/jobs/no-such-job-here", { "Accept-Language": "ar" });
    expect(ar.status).toBe(404);
    expect(((await ar.json()) as ErrorBody).error).toBe("الوظيفة غير موجودة");
  });

  it("an unknown API path is 'Not found' / 'غير موجود'", async () => {
    expect(((await (await get("/api/no-such-thing")).json()) as ErrorBody).error).toBe("Not found");
    expect(((await (await get("/api/no-such-thing", { "Accept-Language": "ar" })).json()) as ErrorBody).error).toBe("غير موجود");
  });
});

describe("the posting form's salary and equity, refused by the server as the form refuses them (the twentieth reading)", () => {
  it.each([
    ["salary", "١٥٠٠٠-١٠٠٠٠ درهم شهريًا", "الحد الأدنى للراتب أكبر من الحد الأقصى. اكتب الأصغر أولًا، مثل \u206710,000 - 15,000 درهم شهريًا\u2069"],
    ["salary", "15000 درهم", "اكتب حدًّا أدنى وحدًّا أعلى للراتب، مثل \u206715,000 - 20,000 درهم شهريًا\u2069"],
    ["equity", "٢٪ - ١٪", "الحد الأدنى لحصة الملكية أكبر من الحد الأقصى. اكتب الأصغر أولًا، مثل \u20670.5% - 1%\u2069"],
    ["equity", "200%", "لا يمكن أن تتجاوز حصة الملكية 100%"],
  ])("%s «%s» is answered with what is wrong", async (field, value, message) => {
    const s = await signUp();
    const res = await checkoutJob(s.cookie, { job: jobDetails({ [field]: value }), purchase: purchase(), submissionId: crypto.randomUUID() }, { "Accept-Language": "ar" });
    expect(res.status).toBe(400);
    expect(issuesOf((await res.json()) as ErrorBody)[`job.${field}`]).toBe(message);
  });

  it("in English too: a reversed range", async () => {
    const s = await signUp();
    const res = await checkoutJob(s.cookie, { job: jobDetails({ salary: "15000-10000 AED" }), purchase: purchase(), submissionId: crypto.randomUUID() });
    expect(issuesOf((await res.json()) as ErrorBody)["job.salary"]).toBe("The salary's minimum is greater than its maximum. Write the smaller first, such as AED 10,000 - 15,000 monthly");
  });
});
