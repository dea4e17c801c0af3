// Employer dashboard and job management (issue 4): server-enforced ownership, repost rules, analytics,
// settings, and buying credits (priced on the server, granted once, expiring).
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { grantExpiry } from "../../worker/credits/ledger";
import { EMULATOR_WEBHOOK_SECRET } from "../../worker/payments/provider";
import { signStripePayload } from "../../worker/payments/signature";
import { call, signUp } from "../support/auth";
import type { Session } from "../support/auth";
import { jobDetails } from "../support/fixtures";
import { DAY, addJobs, search } from "../support/jobs";
import { spotlightJob, subscriber } from "../support/spotlight";

async function ownJob(s: Session, over: Record<string, unknown> = {}) {
  const [id] = await addJobs({ userId: s.userId, title: `Owned ${crypto.randomUUID().slice(0, 6)}`, company: "Acme", ...over });
  return id!;
}
const row = (id: string) => env.DB.prepare("SELECT title, published, expires_at, is_duplicate FROM jobs WHERE id = ?").bind(id).first<Record<string, number | string>>();

async function grant(s: Session, kind: "bundle" | "individual", posts: number, boughtAt = Date.now()) {
  await env.DB.prepare("INSERT INTO bundle_purchases (id, user_id, bundle, kind, job_count, posts_remaining, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
    .bind(crypto.randomUUID(), s.userId, kind === "bundle" ? "standard" : "individual", kind, posts, posts, boughtAt, Date.now() + 30 * DAY)
    .run();
}
const credits = async (s: Session) =>
  (await (await call("/api/credits", { cookie: s.cookie })).json()) as { bundlePostsRemaining: number; individualPostsRemaining: number; totalPostsRemaining: number };

const ACTIONS: [string, string, string, unknown?][] = [
  ["GET", "", "You must be logged in to edit a job"],
  [
    "PATCH",
    "",
    "You must be logged in to edit a job",
    { title: "New", company: "Acme", location: "Doha", category: "Engineering", salary: "$1k - $2k", equity: "0% - 1%", description: jobDetails().description },
  ],
  ["POST", "/activate", "You must be logged in to update a job"],
  ["POST", "/deactivate", "You must be logged in to update a job"],
  ["POST", "/repost", "You must be logged in to repost a job"],
  ["DELETE", "", "You must be logged in to delete a job"],
];

describe("ownership", () => {
  it.each(ACTIONS)("%s %s: signed out → 401 with its message; another user → 404 and nothing changes", async (method, suffix, message, body) => {
    const owner = await signUp();
    const id = await ownJob(owner, { published: 0, publishedAt: null });
    const before = await row(id);
    const signedOut = await call(`/api/dashboard/jobs/${id}${suffix}`, { method, ...(body ? { json: body } : {}) });
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toEqual({ error: message });
    const stranger = await signUp();
    const res = await call(`/api/dashboard/jobs/${id}${suffix}`, { method, cookie: stranger.cookie, ...(body ? { json: body } : {}) });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Job not found" });
    expect(await row(id)).toEqual(before);
  });

  it("the list shows only my jobs, with status", async () => {
    const me = await signUp();
    const other = await signUp();
    const active = await ownJob(me);
    const inactive = await ownJob(me, { published: 0, publishedAt: null });
    const expired = await ownJob(me, { createdAt: Date.now() - 40 * DAY, expiresAt: Date.now() - DAY });
    await ownJob(other);
    const { jobs } = (await (await call("/api/dashboard/jobs", { cookie: me.cookie })).json()) as { jobs: { id: string; status: string }[] };
    expect(Object.fromEntries(jobs.map((j) => [j.id, j.status]))).toEqual({ [active]: "active", [inactive]: "inactive", [expired]: "expired" });
    expect((await call("/api/dashboard/jobs")).status).toBe(401);
  });
});

describe("owner actions", () => {
  it("edit: same validation and sanitising as posting; the new title is searchable", async () => {
    const s = await signUp();
    const id = await ownJob(s);
    const bad = await call(`/api/dashboard/jobs/${id}`, { method: "PATCH", cookie: s.cookie, json: { ...(ACTIONS[1]![3] as object), title: " ", salary: "lots" } });
    expect(bad.status).toBe(400);
    const issues = ((await bad.json()) as { issues: { path: string; message: string }[] }).issues;
    expect(issues).toContainEqual({ path: "title", message: "Job title is required" });
    expect(issues).toContainEqual({ path: "salary", message: "Invalid salary format. Give a range and its currency, such as $100k - $150k or AED 15,000 - 20,000 monthly" });
    const ok = await call(`/api/dashboard/jobs/${id}`, {
      method: "PATCH",
      cookie: s.cookie,
      json: {
        ...(ACTIONS[1]![3] as object),
        title: "Renamed Platform Lead",
        description: `<p onmouseover="x()">${"Plenty of words to pass the minimum length rule here. ".repeat(3)}</p><script>x</script>`,
        apply_url: "jobs@acme.example",
      },
    });
    expect(ok.status).toBe(200);
    const { job } = (await ok.json()) as { job: { title: string; description: string; apply: { kind: string } } };
    expect(job.title).toBe("Renamed Platform Lead");
    expect(job.description).not.toMatch(/script|onmouseover/);
    expect(job.apply.kind).toBe("email");
    expect((await search({ keywords: "Renamed Platform" })).jobs.map((j) => j.id)).toEqual([id]);
  });

  it("deactivate hides the job from search; activate shows it again", async () => {
    const s = await signUp();
    const id = await ownJob(s, { title: "Toggle Me Role", paymentStatus: "completed" });
    expect(((await (await call(`/api/dashboard/jobs/${id}/deactivate`, { method: "POST", cookie: s.cookie })).json()) as { job: { status: string } }).job.status).toBe("inactive");
    expect((await search({ keywords: "Toggle Me Role" })).total).toBe(0);
    expect(((await (await call(`/api/dashboard/jobs/${id}/activate`, { method: "POST", cookie: s.cookie })).json()) as { job: { status: string } }).job.status).toBe("active");
    expect((await search({ keywords: "Toggle Me Role" })).total).toBe(1);
  });

  it("delete is permanent; an uploaded logo stays readable only if another job uses it", async () => {
    const s = await signUp();
    await env.LOGOS.put("company-logos/shared.png", "x");
    await env.LOGOS.put("company-logos/solo.png", "x");
    const a = await ownJob(s, { logo: "/api/logos/company-logos/shared.png", title: "Delete A" });
    await ownJob(s, { logo: "/api/logos/company-logos/shared.png", title: "Keep B" });
    const c = await ownJob(s, { logo: "/api/logos/company-logos/solo.png", title: "Delete C" });
    for (const id of [a, c]) expect((await call(`/api/dashboard/jobs/${id}`, { method: "DELETE", cookie: s.cookie })).status).toBe(200);
    expect(await row(a)).toBeNull();
    expect((await search({ keywords: "Delete" })).total).toBe(0);
    expect(await env.LOGOS.head("company-logos/shared.png")).not.toBeNull();
    expect(await env.LOGOS.head("company-logos/solo.png")).toBeNull();
  });
});

describe("repost", () => {
  it("an active job is refused: 'Cannot repost an active job'", async () => {
    const s = await signUp();
    await grant(s, "individual", 1);
    const id = await ownJob(s);
    const res = await call(`/api/dashboard/jobs/${id}/repost`, { method: "POST", cookie: s.cookie });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: "Cannot repost an active job" });
    expect((await credits(s)).totalPostsRemaining).toBe(1);
  });

  it("an expired job is reposted for one post, the credit bought first, and renewed by 30 days", async () => {
    const s = await signUp();
    await grant(s, "individual", 1, Date.now() - DAY);
    await grant(s, "bundle", 1);
    const id = await ownJob(s, { createdAt: Date.now() - 40 * DAY, expiresAt: Date.now() - DAY });
    const res = await call(`/api/dashboard/jobs/${id}/repost`, { method: "POST", cookie: s.cookie });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { job: { status: string; expires_at: string }; bundleRemaining: number; totalPostsRemaining: number };
    expect(body).toMatchObject({ job: { status: "active" }, bundleRemaining: 1, totalPostsRemaining: 1 });
    expect(Date.parse(body.job.expires_at) - Date.now()).toBeGreaterThan(29.9 * DAY);
    expect(await credits(s)).toMatchObject({ bundlePostsRemaining: 1, individualPostsRemaining: 0 });
  });

  it("an inactive job with no posts left: 409 with code no_posts, and nothing changes", async () => {
    const s = await signUp();
    const id = await ownJob(s, { published: 0, publishedAt: null });
    const res = await call(`/api/dashboard/jobs/${id}/repost`, { method: "POST", cookie: s.cookie });
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: "No job posts left. Purchase more posts to repost this job.", code: "no_posts" });
    expect((await row(id))!.published).toBe(0);
  });
});

describe("money paths under concurrency (issue 10, items 2 and 3)", () => {
  const spent = (s: Session) =>
    env.DB.prepare("SELECT count(*) AS n FROM credit_uses WHERE user_id = ?")
      .bind(s.userId)
      .first<{ n: number }>()
      .then((r) => r!.n);
  const activate = (s: Session, id: string) => call(`/api/dashboard/jobs/${id}/activate`, { method: "POST", cookie: s.cookie });

  it("10 simultaneous reposts of one inactive job spend exactly 1 credit: one 200, nine clear 409s, never a 500", async () => {
    const s = await signUp();
    await grant(s, "bundle", 5);
    const id = await ownJob(s, { published: 0, publishedAt: null, paymentStatus: "completed" });
    const answers = await Promise.all(Array.from({ length: 10 }, () => call(`/api/dashboard/jobs/${id}/repost`, { method: "POST", cookie: s.cookie })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    for (const r of answers.filter((r) => r.status === 409)) expect(await r.json()).toEqual({ error: "Cannot repost an active job" });
    expect(await spent(s)).toBe(1);
    expect((await credits(s)).totalPostsRemaining).toBe(4);
    expect((await row(id))!.published).toBe(1);
  });

  it("10 simultaneous reposts of one expired job, with one credit left: one repost, one credit, no 500", async () => {
    const s = await signUp();
    await grant(s, "individual", 1);
    const id = await ownJob(s, { createdAt: Date.now() - 40 * DAY, expiresAt: Date.now() - DAY });
    const answers = await Promise.all(Array.from({ length: 10 }, () => call(`/api/dashboard/jobs/${id}/repost`, { method: "POST", cookie: s.cookie })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(await spent(s)).toBe(1);
    expect((await credits(s)).totalPostsRemaining).toBe(0);
  });

  it("the repost of an expired job renews what the credit spent pays for (issue 22 item 8): a Standard credit renews it as Standard", async () => {
    const s = await signUp();
    await grant(s, "individual", 1); // a Standard credit
    const id = await ownJob(s, { plan: "premium", enhancements: ["highlight", "sticky"], createdAt: Date.now() - 40 * DAY, expiresAt: Date.now() - DAY });
    expect((await call(`/api/dashboard/jobs/${id}/repost`, { method: "POST", cookie: s.cookie })).status).toBe(200);
    const after = await env.DB.prepare("SELECT plan, enhancements, relevance_rank, published FROM jobs WHERE id = ?").bind(id).first();
    expect(after).toEqual({ plan: "standard", enhancements: "[]", relevance_rank: 0, published: 1 });
  });

  it("activation turns on only a job that was paid for: a never-paid checkout gets a clear 409, stays out of search, and nothing changes", async () => {
    const s = await signUp();
    const res = await call("/api/checkout/job", {
      method: "POST",
      cookie: s.cookie,
      json: {
        job: jobDetails({ title: "Never Paid Role" }),
        purchase: { plan: "standard", enhancements: [], selectedBundle: null, quantity: 1, email: "b@example.com" },
        submissionId: crypto.randomUUID(),
      },
    });
    const { jobId } = (await res.json()) as { jobId: string };
    const before = await row(jobId);
    const answers = await Promise.all(Array.from({ length: 10 }, () => activate(s, jobId)));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(409));
    expect(await answers[0]!.json()).toEqual({ error: "This job has not been paid for. Complete the payment or post it with a credit to publish it.", code: "not_paid" });
    expect(await row(jobId)).toEqual(before);
    expect((await search({ keywords: "Never Paid Role" })).total).toBe(0);
  });

  it("activation of a job paid by card, by credit or by Spotlight: 10 at once all answer 200 and spend nothing", async () => {
    const s = await signUp();
    await grant(s, "individual", 1);
    const card = await ownJob(s, { published: 0, publishedAt: null, paymentStatus: "completed" });
    const spotlight = await ownJob(s, { published: 0, publishedAt: null, source: "spotlight", paymentStatus: null });
    const credit = await ownJob(s, { published: 0, publishedAt: null, paymentStatus: null });
    await env.DB.prepare("INSERT INTO credit_uses (id, grant_id, job_id, user_id, reason) VALUES (?, 'g', ?, ?, 'post')").bind(crypto.randomUUID(), credit, s.userId).run();
    for (const id of [card, spotlight, credit]) {
      const answers = await Promise.all(Array.from({ length: 10 }, () => activate(s, id)));
      expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
      expect((await row(id))!.published).toBe(1);
    }
    expect((await credits(s)).totalPostsRemaining).toBe(1);
  });
});

describe("analytics are counted for real", () => {
  it("views from the detail page and card expansions (once per visitor per day); clicks and distinct applies from Apply", async () => {
    const s = await signUp();
    const id = await ownJob(s);
    const visit = (what: string, ip: string) => exports.default.fetch(`http://localhost/api/jobs/${id}/${what}`, { method: "POST", headers: { "CF-Connecting-IP": ip, "User-Agent": "test" } });
    for (const ip of ["198.51.100.1", "198.51.100.1", "198.51.100.2", "198.51.100.3", "198.51.100.4"]) await visit("view", ip);
    await visit("apply-click", "198.51.100.1");
    await visit("apply-click", "198.51.100.1");
    await visit("apply-click", "198.51.100.2");
    const { job } = (await (await call(`/api/dashboard/jobs/${id}`, { cookie: s.cookie })).json()) as { job: { analytics: Record<string, number> } };
    expect(job.analytics).toEqual({ views: 4, clicks: 2, clickRate: 50, applies: 2 });
  });
});

describe("Spotlight subscribers in the dashboard (issue 10, item 11)", () => {
  it("their Spotlight jobs appear in My Job Posts with the same analytics strip, managed on /spotlight/live", async () => {
    const s = await subscriber();
    const base = `/api/spotlight/companies/${s.companyId}`;
    const live = (await (await call(`${base}/jobs`, { method: "POST", cookie: s.cookie, json: { job: spotlightJob({ title: "Spotlight Live" }) } })).json()) as { id: string };
    expect((await call(`${base}/publish`, { method: "POST", cookie: s.cookie })).status).toBe(200);
    const draft = (await (await call(`${base}/jobs`, { method: "POST", cookie: s.cookie, json: { job: spotlightJob({ title: "Spotlight Draft" }), published: false } })).json()) as { id: string };
    const posted = await ownJob(s, { title: "Ordinary Post" });
    for (const ip of ["198.51.100.61", "198.51.100.62"]) {
      await exports.default.fetch(`http://localhost/api/jobs/${live.id}/view`, { method: "POST", headers: { "CF-Connecting-IP": ip, "User-Agent": "Mozilla/5.0 Chrome/131.0" } });
    }
    await exports.default.fetch(`http://localhost/api/jobs/${live.id}/apply-click`, { method: "POST", headers: { "CF-Connecting-IP": "198.51.100.61", "User-Agent": "Mozilla/5.0 Chrome/131.0" } });

    type Listed = { id: string; status: string; analytics: Record<string, number>; spotlight?: { status: string; manageUrl: string; daily: { views: number }[] } };
    const { jobs } = (await (await call("/api/dashboard/jobs", { cookie: s.cookie })).json()) as { jobs: Listed[] };
    const byId = new Map(jobs.map((j) => [j.id, j]));
    expect(byId.get(live.id)).toMatchObject({ status: "active", analytics: { views: 2, clicks: 1, clickRate: 50, applies: 1 }, spotlight: { status: "live", manageUrl: "/spotlight/live" } });
    expect(byId.get(live.id)!.spotlight!.daily).toHaveLength(30);
    expect(byId.get(live.id)!.spotlight!.daily.at(-1)).toMatchObject({ views: 2 });
    expect(byId.get(draft.id)).toMatchObject({ status: "inactive", spotlight: { status: "preview" } });
    expect(byId.get(posted)).toMatchObject({ status: "active" });
    expect(byId.get(posted)).not.toHaveProperty("spotlight");

    const stranger = await signUp();
    const theirs = (await (await call("/api/dashboard/jobs", { cookie: stranger.cookie })).json()) as { jobs: Listed[] };
    expect(theirs.jobs).toEqual([]);
  });

  it("the dashboard's own actions do not touch a Spotlight job (404, nothing changes): it is managed on /spotlight/live", async () => {
    const s = await subscriber();
    const base = `/api/spotlight/companies/${s.companyId}`;
    const live = (await (await call(`${base}/jobs`, { method: "POST", cookie: s.cookie, json: { job: spotlightJob() } })).json()) as { id: string };
    await call(`${base}/publish`, { method: "POST", cookie: s.cookie });
    for (const [method, suffix] of [
      ["POST", "/deactivate"],
      ["POST", "/repost"],
      ["DELETE", ""],
    ] as const) {
      expect((await call(`/api/dashboard/jobs/${live.id}${suffix}`, { method, cookie: s.cookie })).status).toBe(404);
    }
    expect(await env.DB.prepare("SELECT published FROM jobs WHERE id = ?").bind(live.id).first()).toEqual({ published: 1 });
  });
});

describe("settings", () => {
  it("name and company really save; a company rename follows to the user's jobs", async () => {
    const s = await signUp();
    await call("/api/account", { method: "PATCH", cookie: s.cookie, json: { name: "Layla", company: "Old Co" } });
    const id = await ownJob(s, { company: "Old Co", title: "Ops Lead" });
    const res = await call("/api/account", { method: "PATCH", cookie: s.cookie, json: { name: "Layla Haddad", company: "New Co" } });
    expect(await res.json()).toEqual({ email: s.email, name: "Layla Haddad", company: "New Co", applicationNotices: "each", locale: "en" });
    expect(await (await call("/api/account", { cookie: s.cookie })).json()).toEqual({ email: s.email, name: "Layla Haddad", company: "New Co", applicationNotices: "each", locale: "en" });
    expect(((await (await call("/api/auth/me", { cookie: s.cookie })).json()) as { user: { name: string } }).user.name).toBe("Layla Haddad");
    expect((await search({ keywords: "Ops Lead" })).jobs.map((j) => [j.id, j.company])).toEqual([[id, "New Co"]]);
    expect((await call("/api/account", { method: "PATCH", cookie: s.cookie, json: { name: "x".repeat(101), company: "" } })).status).toBe(400);
  });
});

describe("buying credits", () => {
  const buy = (s: Session | null, body: unknown) => call("/api/checkout/credits", { method: "POST", cookie: s?.cookie, json: body });

  it("errors: signed out, nothing chosen, unknown bundle", async () => {
    expect(await (await buy(null, { bundleId: "standard" })).json()).toEqual({ error: "You must be signed in to purchase job credits" });
    const s = await signUp();
    expect(await (await buy(s, {})).json()).toEqual({ error: "Please select a bundle or specify a custom quantity" });
    expect(await (await buy(s, { bundleId: "mega" })).json()).toEqual({ error: "Selected bundle not found" });
  });

  it("priced on the server, granted once under replayed webhooks and concurrent verification", async () => {
    const s = await signUp();
    const res = await buy(s, { bundleId: "standard", amount: 1 });
    const { id, orderId } = (await res.json()) as { id: string; orderId: string };
    expect((await env.DB.prepare("SELECT amount FROM orders WHERE id = ?").bind(orderId).first<{ amount: number }>())!.amount).toBe(89600);
    await env.DB.prepare("UPDATE emulator_sessions SET status = 'complete', payment_status = 'paid' WHERE id = ?").bind(id).run();
    const payload = JSON.stringify({ id: "evt_credit_1", type: "checkout.session.completed", created: 1, data: { object: { id, metadata: {} } } });
    const sig = await signStripePayload(payload, EMULATOR_WEBHOOK_SECRET);
    await Promise.all([
      ...Array.from({ length: 5 }, () => call("/api/stripe/webhook", { method: "POST", body: payload, headers: { "Stripe-Signature": sig } })),
      ...Array.from({ length: 5 }, () => call(`/api/checkout/verify?session_id=${id}`, { cookie: s.cookie })),
    ]);
    const verify = (await (await call(`/api/checkout/verify?session_id=${id}`, { cookie: s.cookie })).json()) as Record<string, unknown>;
    expect(verify).toMatchObject({ status: "paid", kind: "credits", credits: { bundle: "Standard bundle: 5 Standard posts, save 10%", credits: 5 } });
    expect(await credits(s)).toMatchObject({ bundlePostsRemaining: 5, totalPostsRemaining: 5 });
    expect((await env.DB.prepare("SELECT count(*) AS n FROM bundle_purchases WHERE order_id = ?").bind(orderId).first<{ n: number }>())!.n).toBe(1);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM mail_outbox WHERE key = ?").bind(`credit_purchase:${orderId}`).first<{ n: number }>())!.n).toBe(1);
  });

  it.each([0, 1001, 2.5, -3])("a custom quantity of %s is refused with the valid range: 'Custom quantity must be a whole number from 1 to 1,000'", async (customQuantity) => {
    const s = await signUp();
    const res = await buy(s, { customQuantity });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "Custom quantity must be a whole number from 1 to 1,000" });
    expect((await env.DB.prepare("SELECT count(*) AS n FROM orders WHERE user_id = ?").bind(s.userId).first<{ n: number }>())!.n).toBe(0);
  });

  it("a custom quantity is $199 each with the bulk discount", async () => {
    const s = await signUp();
    const { orderId } = (await (await buy(s, { customQuantity: 10 })).json()) as { orderId: string };
    expect((await env.DB.prepare("SELECT amount FROM orders WHERE id = ?").bind(orderId).first<{ amount: number }>())!.amount).toBe(Math.round(199 * 0.85 * 10) * 100);
  });

  it("grants expire 3 calendar months after the purchase is recorded", () => {
    expect(new Date(grantExpiry(Date.parse("2026-11-21T10:00:00Z"))).toISOString()).toBe("2027-02-21T10:00:00.000Z");
    expect(new Date(grantExpiry(Date.parse("2026-11-30T10:00:00Z"))).toISOString()).toBe("2027-02-28T10:00:00.000Z");
  });
});
