// /api/spotlight and the company pages: who may do what (the live dashboard needs an active
// subscription; nobody edits a company they do not own), the owner's view with drafts, publishing the
// local preview after subscribing, posting from the wizard without paying, and 'Notify me' with double
// opt-in, notification and a working unsubscribe link.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { SPOTLIGHT_MESSAGES } from "../../worker/rules/spotlight";
import type { SpotlightState } from "../../worker/rules/spotlight";
import type { CompanyPageResponse } from "../../worker/spotlight/present";
import { call, signUp } from "../support/auth";
import { jobDetails } from "../support/fixtures";
import { addJobs } from "../support/jobs";
import { expectProjection, profile, publicJobIds, spotlightJob, stateOf, subscriber, withCompany } from "../support/spotlight";

async function errorOf(res: Response): Promise<{ status: number; error: string }> {
  return { status: res.status, error: ((await res.json()) as { error: string }).error };
}

async function page(id: string, cookie?: string): Promise<CompanyPageResponse> {
  const res = await call(`/api/companies/${id}`, { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as CompanyPageResponse;
}

describe("access to the live dashboard", () => {
  it("is refused without an active subscription: 'No active subscription found'", async () => {
    const s = await withCompany();
    for (const [method, path] of [
      ["GET", `/api/spotlight/companies/${s.companyId}`],
      ["PUT", `/api/spotlight/companies/${s.companyId}/profile`],
      ["POST", `/api/spotlight/companies/${s.companyId}/jobs`],
      ["POST", `/api/spotlight/companies/${s.companyId}/publish`],
    ] as const) {
      const res = await call(path, { method, cookie: s.cookie, json: method === "GET" ? undefined : method === "PUT" ? profile() : { job: spotlightJob() } });
      expect(await errorOf(res)).toEqual({ status: 403, error: SPOTLIGHT_MESSAGES.noSubscription });
    }
    expect(await errorOf(await call(`/api/spotlight/companies/${s.companyId}`))).toEqual({ status: 401, error: SPOTLIGHT_MESSAGES.notAuthenticated });
  });

  it("is open to a subscriber, and to an account flagged is_spotlight_user", async () => {
    const s = await subscriber();
    expect((await call(`/api/spotlight/companies/${s.companyId}`, { cookie: s.cookie })).status).toBe(200);
    const flagged = await withCompany();
    await env.DB.prepare("UPDATE accounts SET is_spotlight_user = 1 WHERE id = ?").bind(flagged.userId).run();
    expect((await call(`/api/spotlight/companies/${flagged.companyId}`, { cookie: flagged.cookie })).status).toBe(200);
  });
});

describe("ownership", () => {
  it("another subscriber cannot read or change a company they do not own, and nothing changes", async () => {
    const owner = await subscriber();
    const created = await call(`/api/spotlight/companies/${owner.companyId}/jobs`, { method: "POST", cookie: owner.cookie, json: { job: spotlightJob() } });
    const { id: jobId } = (await created.json()) as { id: string };
    const before = await stateOf(owner);
    const intruder = await subscriber();
    const attempts: [string, string, unknown?][] = [
      ["GET", `/api/spotlight/companies/${owner.companyId}`],
      ["PUT", `/api/spotlight/companies/${owner.companyId}/profile`, profile({ company: "Hijacked" })],
      ["POST", `/api/spotlight/companies/${owner.companyId}/jobs`, { job: spotlightJob() }],
      ["PUT", `/api/spotlight/companies/${owner.companyId}/jobs/${jobId}`, { job: spotlightJob({ title: "Hijacked" }) }],
      ["POST", `/api/spotlight/companies/${owner.companyId}/jobs/${jobId}/unpublish`],
      ["DELETE", `/api/spotlight/companies/${owner.companyId}/jobs/${jobId}`],
      ["POST", `/api/spotlight/companies/${owner.companyId}/publish`],
      ["POST", `/api/spotlight/companies/${owner.companyId}/unpublish`],
    ];
    for (const [method, path, json] of attempts) {
      expect(await errorOf(await call(path, { method, cookie: intruder.cookie, json }))).toEqual({ status: 403, error: SPOTLIGHT_MESSAGES.notOwner });
    }
    // Their own company's routes cannot reach the other company's jobs either.
    expect((await call(`/api/spotlight/companies/${intruder.companyId}/jobs/${jobId}`, { method: "DELETE", cookie: intruder.cookie })).status).toBe(404);
    expect(await stateOf(owner)).toEqual(before);
    // The company page shows them the public view only: not published yet, so not found.
    expect(await errorOf(await call(`/api/companies/${owner.companyId}`, { cookie: intruder.cookie }))).toEqual({ status: 404, error: "Company not found" });
    await call(`/api/spotlight/companies/${owner.companyId}/publish`, { method: "POST", cookie: owner.cookie });
    expect((await page(owner.companyId, intruder.cookie)).owner).toBe(false);
  });

  it("an unknown company is 404 'Company profile not found'", async () => {
    const s = await subscriber();
    expect(await errorOf(await call("/api/spotlight/companies/no-such-company", { cookie: s.cookie }))).toEqual({ status: 404, error: SPOTLIGHT_MESSAGES.companyNotFound });
  });

  it("one company per account; its id comes from the name and never takes a listed company's id", async () => {
    // A listed company of its own (other test files in this runtime may have listed a "Stripe").
    const name = `Listed ${crypto.randomUUID().slice(0, 8)}`;
    const id = name.toLowerCase().replace(" ", "-");
    await env.DB.prepare("INSERT INTO companies (id, company) VALUES (?, ?)").bind(id, name).run();
    const s = await signUp();
    const first = await call("/api/spotlight/company", { method: "POST", cookie: s.cookie, json: profile({ company: name }) });
    const { companyId } = (await first.json()) as { companyId: string };
    expect(companyId).toBe(`${id}-2`);
    const again = await call("/api/spotlight/company", { method: "POST", cookie: s.cookie, json: profile({ company: "Renamed Inc" }) });
    expect(((await again.json()) as { companyId: string }).companyId).toBe(`${id}-2`);
    expect((await env.DB.prepare("SELECT company FROM companies WHERE id = ?").bind(id).first<{ company: string }>())!.company).toBe(name);
  });

  it("the profile rules apply at the API too, with the same messages", async () => {
    const s = await signUp();
    const res = await call("/api/spotlight/company", { method: "POST", cookie: s.cookie, json: profile({ company: "A", tagline: "x".repeat(120) }) });
    const body = (await res.json()) as { issues: { path: string; message: string }[] };
    expect(res.status).toBe(400);
    expect(body.issues).toEqual(
      expect.arrayContaining([
        { path: "company", message: "Company name must be at least 2 characters" },
        { path: "tagline", message: "Tagline must be less than 100 characters" },
      ]),
    );
  });
});

describe("the company page", () => {
  it("shows the owner drafts and status; visitors see only what is public", async () => {
    const s = await subscriber({ company: "Owner View Co" });
    const live = await call(`/api/spotlight/companies/${s.companyId}/jobs`, { method: "POST", cookie: s.cookie, json: { job: spotlightJob({ title: "Live One" }) } });
    await call(`/api/spotlight/companies/${s.companyId}/jobs`, { method: "POST", cookie: s.cookie, json: { job: spotlightJob({ title: "Draft One" }), published: false } });
    // Not published yet: visitors get 'Company not found', the owner sees the page.
    expect(await errorOf(await call(`/api/companies/${s.companyId}`))).toEqual({ status: 404, error: "Company not found" });
    const own = await page(s.companyId, s.cookie);
    expect(own.owner).toBe(true);
    expect(own.company.published).toBe(false);
    expect(own.jobs.map((j) => [j.title, j.published, j.spotlight_status])).toEqual(
      expect.arrayContaining([
        ["Live One", true, "live"],
        ["Draft One", false, "preview"],
      ]),
    );
    // Publish Company publishes the draft too.
    await call(`/api/spotlight/companies/${s.companyId}/publish`, { method: "POST", cookie: s.cookie });
    const visitor = await page(s.companyId);
    expect(visitor.owner).toBe(false);
    expect(visitor.company).toMatchObject({ company: "Owner View Co", spotlight: true });
    expect(visitor.jobs.map((j) => j.title).sort()).toEqual(["Draft One", "Live One"]);
    expect(visitor.jobs.every((j) => j.published)).toBe(true);
    const { id } = (await live.json()) as { id: string };
    const job = visitor.jobs.find((j) => j.id === id)!;
    expect(job.apply).toEqual({ href: "https://acme.example/", kind: "url" });
  });

  it("the demo companies work out of the box", async () => {
    for (const id of ["stripe", "coinbase", "airbnb", "your-company"]) {
      await env.DB.prepare("INSERT INTO companies (id, company) VALUES (?, ?) ON CONFLICT DO NOTHING").bind(id, id).run();
      expect((await call(`/api/companies/${id}`)).status).toBe(200);
    }
    expect(await errorOf(await call("/api/companies/unknown-co"))).toEqual({ status: 404, error: "Company not found" });
  });
});

describe("after subscribing: publish_preview_spotlight_jobs", () => {
  it("uploads the local preview jobs and publishes them with the company; a second call publishes none", async () => {
    const s = await withCompany();
    const local = [
      { ...spotlightJob({ title: "Preview A" }), id: "prev-00000001", created_at: new Date().toISOString() },
      { ...spotlightJob({ title: "Preview B" }), id: "prev-00000002" },
    ];
    // Before paying: refused.
    expect((await call("/api/spotlight/publish-preview", { method: "POST", cookie: s.cookie, json: { jobs: local } })).status).toBe(403);
    // Onboarding may upload them before checkout (kept as preview).
    expect(await (await call("/api/spotlight/company/preview-jobs", { method: "POST", cookie: s.cookie, json: { jobs: [local[0]] } })).json()).toEqual({ imported: 1, skipped: 0 });
    const { subscribe } = await import("../support/spotlight");
    await subscribe(s);
    const res = await call("/api/spotlight/publish-preview", { method: "POST", cookie: s.cookie, json: { jobs: local } });
    expect(await res.json()).toEqual({ count: 2, companyId: s.companyId });
    const state = await stateOf(s);
    expect(state.profile?.published).toBe(true);
    expect(state.jobs.map((j) => [j.title, j.status]).sort()).toEqual([
      ["Preview A", "live"],
      ["Preview B", "live"],
    ]);
    await expectProjection(s.companyId, state);
    expect((await publicJobIds(s.companyId)).length).toBe(2);
    expect(await (await call("/api/spotlight/publish-preview", { method: "POST", cookie: s.cookie, json: { jobs: local } })).json()).toEqual({ count: 0, companyId: s.companyId });
  });
});

describe("posting from the wizard as a subscriber", () => {
  it("is free and unlimited, lands on the company page, and a company rename carries onto it", async () => {
    const s = await subscriber({ company: "Wizard Co" });
    await call(`/api/spotlight/companies/${s.companyId}/publish`, { method: "POST", cookie: s.cookie });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await call("/api/spotlight/post-job", { method: "POST", cookie: s.cookie, json: { job: jobDetails({ company: "Wizard Co" }), submissionId: crypto.randomUUID() } });
      expect(res.status).toBe(201);
      ids.push(((await res.json()) as { job: { id: string } }).job.id);
    }
    expect((await env.DB.prepare("SELECT count(*) AS n FROM credit_uses WHERE user_id = ?").bind(s.userId).first<{ n: number }>())!.n).toBe(0);
    const visitor = await page(s.companyId);
    expect(visitor.jobs.map((j) => j.id)).toEqual(expect.arrayContaining(ids));
    const renamed = await call(`/api/spotlight/companies/${s.companyId}/profile`, {
      method: "PUT",
      cookie: s.cookie,
      json: profile({ company: "Wizard Renamed", tagline: "New tagline", logo: "/logos/airbnb.svg" }),
    });
    expect(renamed.status).toBe(200);
    const rows = await env.DB.prepare(`SELECT DISTINCT company, company_key, tagline, logo FROM jobs WHERE id IN (${ids.map(() => "?").join(",")})`)
      .bind(...ids)
      .all();
    expect(rows.results).toEqual([{ company: "Wizard Renamed", company_key: "wizard renamed", tagline: "New tagline", logo: "/logos/airbnb.svg" }]);
  });

  it("is refused to an account without Spotlight", async () => {
    const s = await signUp();
    const res = await call("/api/spotlight/post-job", { method: "POST", cookie: s.cookie, json: { job: jobDetails(), submissionId: crypto.randomUUID() } });
    expect(await errorOf(res)).toEqual({ status: 403, error: SPOTLIGHT_MESSAGES.noSubscription });
  });
});

describe("'Notify me'", () => {
  async function mailTo(to: string) {
    const { results } = await env.DB.prepare(`SELECT kind, subject, text, html FROM mail_outbox WHERE "to" = ? ORDER BY created_at, rowid`)
      .bind(to)
      .all<{ kind: string; subject: string; text: string; html: string }>();
    return results;
  }
  const linkIn = (text: string, path: string) => new URL(text.match(new RegExp(`https?://\\S+${path.replace(/\//g, "\\/")}\\?token=[\\w%-]+`))![0]);

  it("requires the e-mail, stores it with double opt-in, notifies of a new published job, and unsubscribes", async () => {
    const s = await subscriber({ company: "Followed Co" });
    await call(`/api/spotlight/companies/${s.companyId}/publish`, { method: "POST", cookie: s.cookie });
    expect(await errorOf(await call(`/api/companies/${s.companyId}/notify`, { method: "POST", json: { email: "" } }))).toEqual({ status: 400, error: "Email is required" });
    expect((await call("/api/companies/nobody-here/notify", { method: "POST", json: { email: "x@example.com" } })).status).toBe(404);

    const email = `fan-${crypto.randomUUID().slice(0, 6)}@example.com`;
    const res = await call(`/api/companies/${s.companyId}/notify`, { method: "POST", json: { email } });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { message: string }).message).toBe("Thanks! We'll notify you about new jobs.");
    const [confirm] = await mailTo(email);
    expect(confirm).toMatchObject({ kind: "company_notify_confirm", subject: "Confirm job updates from Followed Co" });
    expect(linkIn(confirm!.text, "/api/alerts/unsubscribe").search).toMatch(/^\?token=/); // every e-mail can unsubscribe

    // Not confirmed yet: a new job sends nothing.
    await call(`/api/spotlight/companies/${s.companyId}/jobs`, { method: "POST", cookie: s.cookie, json: { job: spotlightJob({ title: "Before Confirming" }) } });
    expect((await mailTo(email)).map((m) => m.kind)).toEqual(["company_notify_confirm"]);

    const confirmUrl = linkIn(confirm!.text, "/api/alerts/confirm");
    const confirmed = await exports.default.fetch(`http://localhost${confirmUrl.pathname}${confirmUrl.search}`, { redirect: "manual" });
    // The page links back to the company it follows (issue 25's fifth reading).
    expect(confirmed.headers.get("Location")).toBe(`/alerts/confirmed?kind=company&company=${encodeURIComponent(s.companyId)}`);

    await call(`/api/spotlight/companies/${s.companyId}/jobs`, { method: "POST", cookie: s.cookie, json: { job: spotlightJob({ title: "Staff Engineer" }) } });
    // A draft, and edits to a job already public, send nothing more.
    const draft = await call(`/api/spotlight/companies/${s.companyId}/jobs`, { method: "POST", cookie: s.cookie, json: { job: spotlightJob({ title: "Quiet Draft" }), published: false } });
    expect(draft.status).toBe(201);
    const mails = await mailTo(email);
    expect(mails.map((m) => m.kind)).toEqual(["company_notify_confirm", "company_new_job"]);
    const news = mails[1]!;
    expect(news.subject).toBe("Followed Co is hiring: Staff Engineer");
    // A company is unfollowed, as its button follows it (the re-reading: «إلغاء الاشتراك» under «أكّد المتابعة»).
    expect(news.html).toContain(">Unfollow</a>");

    const unsubscribeUrl = linkIn(news.text, "/api/alerts/unsubscribe");
    const gone = await exports.default.fetch(`http://localhost${unsubscribeUrl.pathname}${unsubscribeUrl.search}`, { redirect: "manual" });
    expect(gone.headers.get("Location")).toBe(`/alerts/unsubscribed?kind=company&company=${encodeURIComponent(s.companyId)}`);
    await call(`/api/spotlight/companies/${s.companyId}/jobs`, { method: "POST", cookie: s.cookie, json: { job: spotlightJob({ title: "After Unsubscribing" }) } });
    expect((await mailTo(email)).length).toBe(2);
  });

  it("works for the demo companies too", async () => {
    await env.DB.prepare("INSERT INTO companies (id, company) VALUES ('coinbase', 'Coinbase') ON CONFLICT DO NOTHING").run();
    const res = await call("/api/companies/coinbase/notify", { method: "POST", json: { email: "demo-fan@example.com" } });
    expect(res.status).toBe(201);
  });
});

describe("the state the dashboard reads", () => {
  it("GET /api/spotlight/me says whether the account is a Spotlight user, with its company and subscription", async () => {
    const s = await withCompany({ company: "Me Co" });
    const before = (await (await call("/api/spotlight/me", { cookie: s.cookie })).json()) as { isSpotlightUser: boolean; company: { id: string } };
    expect(before).toMatchObject({ isSpotlightUser: false, company: { id: s.companyId }, subscription: null });
    const sub = await subscriber();
    const after = (await (await call("/api/spotlight/me", { cookie: sub.cookie })).json()) as { isSpotlightUser: boolean; subscription: { status: string }; manageUrl: string };
    expect(after).toMatchObject({ isSpotlightUser: true, subscription: { status: "active" } });
    expect(after.manageUrl).toBe(`/api/emulator/subscriptions/${sub.subscriptionId}`);
    const pageHtml = await (await call(after.manageUrl)).text();
    expect(pageHtml).toContain("Fail next payment");
    const state = (await (await call(`/api/spotlight/companies/${sub.companyId}`, { cookie: sub.cookie })).json()) as { state: SpotlightState };
    expect(state.state.active).toBe(true);
  });

  it("counts the company page's posts made without Spotlight, so the dashboard does not say «لا توجد وظائف منشورة» beside a page that lists them (the seventeenth reading)", async () => {
    const sub = await subscriber({ company: "Nakhla Tech" });
    const me = async () => ((await (await call("/api/spotlight/me", { cookie: sub.cookie })).json()) as { company: { otherPosts: number } }).company.otherPosts;
    expect(await me()).toBe(0);
    const owned = { companyId: sub.companyId, company: "Nakhla Tech", userId: sub.userId, source: "post" };
    // Two public posts count; an unpublished, an expired and a deleted one do not, nor a Spotlight job.
    await addJobs(owned, owned, { ...owned, published: 0, publishedAt: null }, { ...owned, expiresAt: Date.now() - 1000 }, { ...owned, deletedAt: Date.now() });
    expect((await call(`/api/spotlight/companies/${sub.companyId}/jobs`, { method: "POST", cookie: sub.cookie, json: { job: spotlightJob(), published: true } })).status).toBe(201);
    expect(await me()).toBe(2);
    // The company page lists the same two beside the Spotlight job.
    expect((await page(sub.companyId, sub.cookie)).jobs.filter((j) => j.spotlight_status === null)).toHaveLength(2);
  });
});
