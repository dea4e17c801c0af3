// An edge audit of Spotlight from the subscriber's side: bad input on every endpoint (a clear error in the
// request's language, nothing changed, never a 500), the profile saved at once and from a stale tab, the
// subscription ending under an edit, a rename under open pages and followers, analytics by the wrong role.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { runScheduledTasks } from "../../worker/scheduled";
import { call, signUp } from "../support/auth";
import { emulatorAction, expectProjection, profile, spotlightJob, stateOf, subscribe, subscriber } from "../support/spotlight";
import type { Subscriber } from "../support/spotlight";

const AR = { "Accept-Language": "ar" };
const arabic = /[\u0600-\u06FF]/;

async function published(): Promise<Subscriber & { subscriptionId: string }> {
  const s = await subscriber();
  expect((await call(`/api/spotlight/companies/${s.companyId}/publish`, { method: "POST", cookie: s.cookie })).status).toBe(200);
  return s;
}

async function jobOf(s: Subscriber): Promise<string> {
  const res = await call(`/api/spotlight/companies/${s.companyId}/jobs`, { method: "POST", cookie: s.cookie, json: { job: spotlightJob() } });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

describe("bad input on every Spotlight endpoint", () => {
  it("is a 400 in the request's language and changes nothing, never a 500", async () => {
    const s = await published();
    const jobId = await jobOf(s);
    const before = await stateOf(s);
    const base = `/api/spotlight/companies/${s.companyId}`;
    const bad: [string, string, unknown][] = [
      ["PUT", `${base}/profile`, { ...profile(), company: 5 }],
      ["PUT", `${base}/profile`, null],
      ["PUT", `${base}/profile`, []],
      ["PUT", `${base}/profile`, { ...profile(), company: "x".repeat(10_000) }],
      ["PUT", `${base}/profile`, { ...profile(), tagline: "x".repeat(10_000) }],
      ["PUT", `${base}/profile`, { ...profile(), logo: "javascript:alert(1)" }],
      ["PUT", `${base}/profile`, { ...profile(), logo: "x".repeat(10_000) }],
      ["PUT", `${base}/profile`, { ...profile(), email: `${"a".repeat(10_000)}@x.com` }],
      ["PUT", `${base}/profile`, { ...profile(), website: "javascript:alert(1)" }],
      ["PUT", `${base}/profile`, { ...profile(), stage: "Series Z" }],
      ["PUT", `${base}/profile`, { ...profile(), stage: 7 }],
      ["POST", `${base}/jobs`, { job: spotlightJob({ title: "x".repeat(10_000) }) }],
      ["POST", `${base}/jobs`, { job: spotlightJob({ category: "x".repeat(10_000) }) }],
      ["POST", `${base}/jobs`, { job: spotlightJob({ tags: "TypeScript" as never }) }],
      ["POST", `${base}/jobs`, { job: spotlightJob({ tags: ["x".repeat(500)] }) }],
      ["POST", `${base}/jobs`, { job: spotlightJob({ description: "x".repeat(1_000_000) }) }],
      ["POST", `${base}/jobs`, { job: spotlightJob({ description: "<script>alert(1)</script>" }) }],
      ["POST", `${base}/jobs`, { job: spotlightJob({ type: "gig" as never }) }],
      ["POST", `${base}/jobs`, { job: spotlightJob({ equity: "lots" }) }],
      ["POST", `${base}/jobs`, { job: spotlightJob(), published: "yes" }],
      ["POST", `${base}/jobs`, { job: "a job" }],
      ["POST", `${base}/jobs`, 42],
      ["PUT", `${base}/jobs/${jobId}`, { job: spotlightJob({ title: "" }) }],
      ["PUT", `${base}/jobs/${jobId}`, { job: { ...spotlightJob(), location: ["Dubai"] } }],
      ["PUT", `${base}/jobs/${"x".repeat(500)}`, { job: spotlightJob() }],
      ["POST", "/api/spotlight/company/preview-jobs", { jobs: "x" }],
      ["POST", "/api/spotlight/publish-preview", { jobs: [1, 2], company: { company: 1 } }],
      ["POST", "/api/spotlight/post-job", { job: { title: 1 }, submissionId: "x" }],
      ["POST", "/api/spotlight/checkout", { previewJobCount: -1 }],
    ];
    const wrong: string[] = [];
    for (const [method, path, json] of bad) {
      const res = await call(path, { method, cookie: s.cookie, json, headers: AR });
      const body = (await res.json()) as { error: string };
      if (![400, 404, 409].includes(res.status) || !arabic.test(body.error ?? "")) wrong.push(`${method} ${path.slice(0, 60)} ${JSON.stringify(json).slice(0, 200)}: ${res.status} ${body.error}`);
    }
    expect(wrong).toEqual([]);
    const raw = await call(`${base}/profile`, { method: "PUT", cookie: s.cookie, body: "{not json", headers: { ...AR, "Content-Type": "application/json" } });
    expect(raw.status).toBe(400);
    expect(((await raw.json()) as { error: string }).error).toMatch(arabic);
    const after = await stateOf(s);
    // A 400 for every one (a description of <script> alone is empty once sanitised).
    expect(after.profile).toEqual(before.profile);
    expect(after.jobs).toEqual(before.jobs);
  });

  it("HTML in the plain fields is kept as text, and the description is sanitised by the server", async () => {
    const s = await published();
    const res = await call(`/api/spotlight/companies/${s.companyId}/jobs`, {
      method: "POST",
      cookie: s.cookie,
      json: {
        job: spotlightJob({
          title: "<b>Lead</b> <img src=x onerror=alert(1)>",
          description: `<p onclick="x()">${"Build the thing. ".repeat(10)}</p><script>alert(1)</script><a href="javascript:alert(1)">x</a>`,
        }),
      },
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const row = await env.DB.prepare("SELECT title, description FROM jobs WHERE id = ?").bind(id).first<{ title: string; description: string }>();
    expect(row!.description).not.toMatch(/script|onclick|javascript:/i);
    // Plain fields are text: kept as typed, escaped wherever they are shown (docs/decisions/0014).
    expect(row!.title).toBe("<b>Lead</b> <img src=x onerror=alert(1)>");
  });
});

describe("the profile saved at once", () => {
  it("ten saves at once all answer, and the object and D1 end on the same one", async () => {
    const s = await published();
    const names = Array.from({ length: 10 }, (_, i) => `Parallel Co ${i} ${crypto.randomUUID().slice(0, 4)}`);
    const results = await Promise.all(names.map((company) => call(`/api/spotlight/companies/${s.companyId}/profile`, { method: "PUT", cookie: s.cookie, json: profile({ company }) })));
    expect(results.map((r) => r.status)).toEqual(names.map(() => 200));
    const state = await stateOf(s);
    expect(names).toContain(state.profile!.company);
    await expectProjection(s.companyId, state);
  });
});

describe("the subscription ending under the subscriber", () => {
  it("past_due: the jobs stay public and editable, and Billing says past_due", async () => {
    const s = await published();
    const jobId = await jobOf(s);
    await emulatorAction(s.subscriptionId, "fail-payment");
    const edit = await call(`/api/spotlight/companies/${s.companyId}/jobs/${jobId}`, { method: "PUT", cookie: s.cookie, json: { job: spotlightJob({ title: "Edited while past due" }) } });
    expect(edit.status).toBe(200);
    expect((await exports.default.fetch(`http://localhost/api/jobs/${jobId}`)).status).toBe(200);
    const billing = (await (await call("/api/billing", { cookie: s.cookie })).json()) as { subscription: { status: string; manageable: boolean } };
    expect(billing.subscription).toMatchObject({ status: "past_due", manageable: true });
  });

  it("cancelled at the period's end: editable until then; after it the jobs leave, the dashboard says why in Arabic; a new subscription brings them back as edited", async () => {
    const s = await published();
    const jobId = await jobOf(s);
    await emulatorAction(s.subscriptionId, "cancel-at-period-end");
    const edit = await call(`/api/spotlight/companies/${s.companyId}/jobs/${jobId}`, { method: "PUT", cookie: s.cookie, json: { job: spotlightJob({ title: "Edited before the end" }) } });
    expect(edit.status).toBe(200);
    expect((await exports.default.fetch(`http://localhost/api/jobs/${jobId}`)).status).toBe(200);
    await emulatorAction(s.subscriptionId, "period-end");
    expect((await stateOf(s)).jobs.map((j) => j.status)).toEqual(["expired"]);
    expect((await exports.default.fetch(`http://localhost/api/jobs/${jobId}`)).status).toBe(410);
    for (const res of [
      await call(`/api/spotlight/companies/${s.companyId}`, { cookie: s.cookie, headers: AR }),
      await call(`/api/spotlight/companies/${s.companyId}/analytics`, { cookie: s.cookie, headers: AR }),
    ]) {
      expect(res.status).toBe(403);
      expect(((await res.json()) as { error: string }).error).toMatch(arabic);
    }
    const billing = (await (await call("/api/billing", { cookie: s.cookie })).json()) as { subscription: { status: string; endedAt: string | null } };
    expect(billing.subscription.status).toBe("canceled");
    expect(billing.subscription.endedAt).not.toBeNull();
    await subscribe(s);
    const state = await stateOf(s);
    expect(state.jobs.map((j) => [j.status, j.title])).toEqual([["live", "Edited before the end"]]);
    await expectProjection(s.companyId, state);
    const kinds = (await env.DB.prepare(`SELECT kind FROM mail_outbox WHERE "to" = ? AND kind LIKE 'spotlight_%' ORDER BY rowid`).bind(s.email).all<{ kind: string }>()).results.map((r) => r.kind);
    expect(kinds.filter((k) => k === "spotlight_cancel_scheduled")).toHaveLength(1);
    expect(kinds.filter((k) => k === "spotlight_ended")).toHaveLength(1);
  });
});

describe("Advanced Analytics", () => {
  it("is the owner's alone, in the request's language; a range in the query is ignored (always 30 days)", async () => {
    const s = await published();
    const other = await signUp();
    const cases: [Response, number][] = [
      [await call(`/api/spotlight/companies/${s.companyId}/analytics`, { cookie: other.cookie, headers: AR }), 403],
      [await call(`/api/spotlight/companies/${s.companyId}/analytics`, { headers: AR }), 401],
      [await call("/api/spotlight/companies/nope-nope/analytics", { cookie: s.cookie, headers: AR }), 404],
      [await call(`/api/spotlight/companies/${"x".repeat(300)}/analytics`, { cookie: s.cookie, headers: AR }), 400],
    ];
    for (const [res, status] of cases) {
      expect(res.status).toBe(status);
      expect(((await res.json()) as { error: string }).error).toMatch(arabic);
    }
    const ranged = await call(`/api/spotlight/companies/${s.companyId}/analytics?from=zzz&days=-5`, { cookie: s.cookie });
    expect(ranged.status).toBe(200);
    expect(((await ranged.json()) as { days: string[] }).days).toHaveLength(30);
  });
});

describe("a job created on /spotlight/live sent ten times at once", () => {
  it("with one submission id makes one job; the others are told it is already posted, in the request's language", async () => {
    const s = await published();
    const submissionId = crypto.randomUUID();
    const job = spotlightJob();
    const results = await Promise.all(
      Array.from({ length: 10 }, () => call(`/api/spotlight/companies/${s.companyId}/jobs`, { method: "POST", cookie: s.cookie, headers: AR, json: { job, published: true, submissionId } })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    for (const r of results.filter((r) => r.status === 409)) expect(((await r.json()) as { error: string; code?: string }).error).toMatch(arabic);
    const state = await stateOf(s);
    expect(state.jobs).toHaveLength(1);
    await expectProjection(s.companyId, state);
    // A different form (another submission id) is another job.
    const second = await call(`/api/spotlight/companies/${s.companyId}/jobs`, { method: "POST", cookie: s.cookie, json: { job, published: true, submissionId: crypto.randomUUID() } });
    expect(second.status).toBe(201);
    const bad = await call(`/api/spotlight/companies/${s.companyId}/jobs`, { method: "POST", cookie: s.cookie, headers: AR, json: { job, submissionId: "x".repeat(500) } });
    expect(bad.status).toBe(400);
    expect((await stateOf(s)).jobs).toHaveLength(2);
  });
});

describe("a rename under open job pages and followers", () => {
  it("keeps the company's id and links; the open job page and the next follower e-mail carry the new name", async () => {
    const s = await published();
    const jobId = await jobOf(s);
    const email = `fan-${crypto.randomUUID().slice(0, 6)}@example.com`;
    expect((await call(`/api/companies/${s.companyId}/notify`, { method: "POST", json: { email } })).status).toBe(201);
    const confirm = await env.DB.prepare(`SELECT text FROM mail_outbox WHERE "to" = ? AND kind = 'company_notify_confirm'`).bind(email).first<{ text: string }>();
    const link = new URL(confirm!.text.match(/https?:\/\/\S+\/api\/alerts\/confirm\?token=[\w%-]+/)![0]);
    await exports.default.fetch(`http://localhost${link.pathname}${link.search}`, { redirect: "manual" });

    const renamed = await call(`/api/spotlight/companies/${s.companyId}/profile`, { method: "PUT", cookie: s.cookie, json: profile({ company: "Renamed Labs" }) });
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as { state: { companyId: string } }).state.companyId).toBe(s.companyId);
    const page = (await (await exports.default.fetch(`http://localhost/api/jobs/${jobId}`)).json()) as { job?: { company: string; company_id: string }; company?: string };
    expect(JSON.stringify(page)).toContain("Renamed Labs");
    expect((await exports.default.fetch(`http://localhost/api/companies/${s.companyId}`)).status).toBe(200);

    await jobOf(s);
    const news = await env.DB.prepare(`SELECT subject FROM mail_outbox WHERE "to" = ? AND kind = 'company_new_job'`).bind(email).all<{ subject: string }>();
    expect(news.results).toHaveLength(1);
    expect(news.results[0]!.subject).toMatch(/^Renamed Labs is hiring/);
  });
});

describe("a candidate's open page of a Spotlight job that left the board", () => {
  it("reads 'This job is no longer available' (410) when the subscription ended or the owner deleted it, as any job gone; an unknown id stays 404", async () => {
    const s = await published();
    const ended = await jobOf(s);
    const deleted = await jobOf(s);
    expect((await call(`/api/spotlight/companies/${s.companyId}/jobs/${deleted}`, { method: "DELETE", cookie: s.cookie })).status).toBe(200);
    const gone = async (id: string) => {
      const api = await exports.default.fetch(`http://localhost/api/jobs/${id}`, { headers: AR });
      const body = (await api.json()) as { error: string; code?: string };
      const page = await exports.default.fetch(`http://localhost/jobs/${id}`);
      await page.body?.cancel();
      return { api: api.status, code: body.code, arabic: arabic.test(body.error), page: page.status };
    };
    expect(await gone(deleted)).toEqual({ api: 410, code: "gone", arabic: true, page: 410 });
    await emulatorAction(s.subscriptionId, "cancel");
    expect(await gone(ended)).toEqual({ api: 410, code: "gone", arabic: true, page: 410 });
    expect((await exports.default.fetch("http://localhost/api/jobs/no-such-job-id")).status).toBe(404);
  });
});

describe("HTML typed into the company's plain fields", () => {
  it("is text on its pages: a name or tagline with </script> never opens a tag in the company or job page", async () => {
    const s = await published();
    const evil = `</script><script>alert("pwned")</script>`;
    const saved = await call(`/api/spotlight/companies/${s.companyId}/profile`, {
      method: "PUT",
      cookie: s.cookie,
      json: profile({ company: `Evil ${evil}`.slice(0, 100), tagline: `<img src=x onerror=alert(1)>` }),
    });
    expect(saved.status).toBe(200);
    const jobId = await jobOf(s);
    for (const path of [`/company/${s.companyId}`, `/jobs/${jobId}`]) {
      const page = await exports.default.fetch(`http://localhost${path}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).not.toContain(`<script>alert("pwned")`);
      expect(html).not.toContain("<img src=x onerror");
    }
  });
});

describe("a stale tab acting on a job deleted in another", () => {
  it("edit, publish, unpublish and delete answer 404 in the request's language and bring nothing back", async () => {
    const s = await published();
    const jobId = await jobOf(s);
    const base = `/api/spotlight/companies/${s.companyId}/jobs/${jobId}`;
    expect((await call(base, { method: "DELETE", cookie: s.cookie })).status).toBe(200);
    for (const [method, path, json] of [
      ["PUT", base, { job: spotlightJob() }],
      ["POST", `${base}/publish`, undefined],
      ["POST", `${base}/unpublish`, undefined],
      ["DELETE", base, undefined],
    ] as const) {
      const res = await call(path, { method, cookie: s.cookie, headers: AR, ...(json ? { json } : {}) });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(((await res.json()) as { error: string }).error).toMatch(arabic);
    }
    const state = await stateOf(s);
    expect(state.jobs).toEqual([]);
    await expectProjection(s.companyId, state);
  });
});

describe("a renewal whose webhook comes after the daily expiry", () => {
  it("brings the jobs back; when the subscription really ends later, the subscriber is told that end too (once)", async () => {
    const s = await published();
    await jobOf(s);
    const end = (await env.DB.prepare("SELECT current_period_end AS e FROM spotlight_subscriptions WHERE id = ?").bind(s.subscriptionId).first<{ e: number }>())!.e;
    // The task runs just after the period's end, before the provider's renewal event arrives.
    await runScheduledTasks(env, end + 1000, ["expire-subscriptions"]);
    expect((await stateOf(s)).active).toBe(false);
    await emulatorAction(s.subscriptionId, "renew");
    const renewed = await stateOf(s);
    expect(renewed.active).toBe(true);
    expect(renewed.jobs.map((j) => j.status)).toEqual(["live"]);
    await expectProjection(s.companyId, renewed);
    await emulatorAction(s.subscriptionId, "cancel");
    await emulatorAction(s.subscriptionId, "cancel"); // a repeated event tells no one twice
    const ended = (await env.DB.prepare(`SELECT text FROM mail_outbox WHERE "to" = ? AND kind = 'spotlight_ended' ORDER BY rowid`).bind(s.email).all<{ text: string }>()).results;
    expect(ended).toHaveLength(2);
  });
});
