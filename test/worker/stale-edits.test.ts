// A stale tab's save does not overwrite a newer one (optimistic concurrency, decision 0250). The edit form
// sends the version it loaded (the job's `updated_at`); the owner's edit applies only while the job still
// has it, as a condition of the UPDATE itself, else 409 `stale` in the request's language, nothing changed.
// A request without a version keeps the old behaviour (old clients).
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { DEV_ADMIN_EMAIL } from "../../worker/admin/gate";
import { m } from "../../worker/rules/serverMessages";
import ar from "../../worker/rules/locales/ar/server.json";
import { adminSession, call, signUp } from "../support/auth";
import type { Session } from "../support/auth";
import { checkoutJob, jobDetails, purchase } from "../support/fixtures";
import { profile, spotlightJob, stateOf, subscriber } from "../support/spotlight";
import type { Subscriber } from "../support/spotlight";

let admin: Session;
beforeAll(async () => {
  admin = await adminSession(DEV_ADMIN_EMAIL);
});

const edit = (s: Session, id: string, fields: Record<string, unknown>, headers: Record<string, string> = {}) =>
  call(`/api/dashboard/jobs/${id}`, { method: "PATCH", cookie: s.cookie, json: fields, headers });
const loaded = async (s: Session, id: string) => ((await (await call(`/api/dashboard/jobs/${id}`, { cookie: s.cookie })).json()) as { job: Record<string, unknown> & { updated_at: string } }).job;
const editable = (job: Record<string, unknown>, title: string) => ({
  title,
  company: job.company,
  location: job.location,
  category: job.category,
  salary: job.salary,
  equity: job.equity,
  description: job.description,
  apply_url: job.apply_url,
});
const titleOf = async (id: string) => (await env.DB.prepare("SELECT title FROM jobs WHERE id = ?").bind(id).first<{ title: string }>())!.title;

async function paidJob(s: Session, title: string) {
  const res = await checkoutJob(s.cookie, { job: jobDetails({ title, company: "Acme" }), purchase: purchase(), submissionId: crypto.randomUUID() });
  const { id, jobId } = (await res.json()) as { id: string; jobId: string };
  await exports.default.fetch(`http://localhost/api/emulator/checkout/${id}/pay`, { method: "POST", redirect: "manual" });
  return jobId;
}

describe("a stale tab's job edit", () => {
  it("two saves from the same loaded version: the second is 409 stale (en and ar) and the first's text stays; the paid job's history has one edit", async () => {
    const s = await signUp();
    const jobId = await paidJob(s, "Junior Designer");
    const job = await loaded(s, jobId);
    const first = await edit(s, jobId, { ...editable(job, "Senior Designer"), version: job.updated_at });
    expect(first.status).toBe(200);
    const second = await edit(s, jobId, { ...editable(job, "Old Tab Title"), version: job.updated_at });
    expect(second.status).toBe(409);
    const body = (await second.json()) as { code: string; error: string };
    expect(body.code).toBe("stale");
    expect(body.error).toBe(m("server.dashboard.staleEdit"));
    const inArabic = await edit(s, jobId, { ...editable(job, "Old Tab Title"), version: job.updated_at }, { "accept-language": "ar" });
    expect(inArabic.status).toBe(409);
    const arBody = (await inArabic.json()) as { code: string; error: string };
    expect(arBody.code).toBe("stale");
    expect(arBody.error).toBe(ar["server.dashboard.staleEdit"]);
    expect(arBody.error).not.toBe(body.error);
    expect(await titleOf(jobId)).toBe("Senior Designer");
    const history = (await (await call(`/api/admin/jobs/${jobId}/history`, { cookie: admin.cookie })).json()) as { edits: { after: { title: string } }[] };
    expect(history.edits.map((e) => e.after.title)).toEqual(["Senior Designer"]);
    // Reloaded, the new version saves.
    const again = await loaded(s, jobId);
    expect((await edit(s, jobId, { ...editable(again, "Lead Designer"), version: again.updated_at })).status).toBe(200);
    expect(await titleOf(jobId)).toBe("Lead Designer");
  });

  it("ten saves at once from one version: exactly one applies, nine are 409 stale, the history records one edit", async () => {
    const s = await signUp();
    const jobId = await paidJob(s, "Data Analyst");
    const job = await loaded(s, jobId);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => edit(s, jobId, { ...editable(job, `Analyst ${i}`), version: job.updated_at })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((x) => x === 200)).toHaveLength(1);
    expect(statuses.filter((x) => x === 409)).toHaveLength(9);
    const winner = statuses.indexOf(200);
    expect(await titleOf(jobId)).toBe(`Analyst ${winner}`);
    const { n } = (await env.DB.prepare("SELECT count(*) AS n FROM job_edits WHERE job_id = ?").bind(jobId).first<{ n: number }>())!;
    expect(n).toBe(1);
  });

  it("a save without a version keeps today's behaviour (old clients): last save wins", async () => {
    const s = await signUp();
    const jobId = await paidJob(s, "Support Lead");
    const job = await loaded(s, jobId);
    expect((await edit(s, jobId, editable(job, "Support Manager"))).status).toBe(200);
    expect((await edit(s, jobId, editable(job, "Support Director"))).status).toBe(200);
    expect(await titleOf(jobId)).toBe("Support Director");
  });

  it("a version that is no time at all is stale, never a 500; a version that is not text is a 400; neither changes anything", async () => {
    const s = await signUp();
    const jobId = await paidJob(s, "Backend Engineer");
    const job = await loaded(s, jobId);
    const nonsense = await edit(s, jobId, { ...editable(job, "Nonsense"), version: "yesterday" });
    expect(nonsense.status).toBe(409);
    expect(((await nonsense.json()) as { code: string }).code).toBe("stale");
    expect((await edit(s, jobId, { ...editable(job, "Nonsense"), version: 12 })).status).toBe(400);
    expect(await titleOf(jobId)).toBe("Backend Engineer");
  });
});

describe("a stale tab's Spotlight company profile save (the company's object is the one writer; its state has a version)", () => {
  const put = (s: Subscriber, json: unknown, headers: Record<string, string> = {}) => call(`/api/spotlight/companies/${s.companyId}/profile`, { method: "PUT", cookie: s.cookie, json, headers });

  it("an old tab's save does not put back the old name over 'Newer Name': 409 stale (en and ar), nothing changed; reloaded, it saves", async () => {
    const s = await subscriber({ company: "Old Name" });
    const opened = await stateOf(s);
    const first = await put(s, { ...profile({ company: "Newer Name" }), version: opened.version });
    expect(first.status, await first.clone().text()).toBe(200);
    const stale = await put(s, { ...profile({ company: "Old Name" }), version: opened.version });
    expect(stale.status).toBe(409);
    const body = (await stale.json()) as { code: string; error: string };
    expect(body).toMatchObject({ code: "stale", error: m("server.dashboard.staleEdit") });
    const inArabic = (await (await put(s, { ...profile({ company: "Old Name" }), version: opened.version }, { "accept-language": "ar" })).json()) as { code: string; error: string };
    expect(inArabic).toEqual(expect.objectContaining({ code: "stale", error: ar["server.dashboard.staleEdit"] }));
    expect(inArabic.error).not.toBe(body.error);
    const now = await stateOf(s);
    expect(now.profile?.company).toBe("Newer Name");
    expect(now.version).toBe(opened.version + 1);
    const again = await put(s, { ...profile({ company: "Newest Name" }), version: now.version });
    expect(again.status).toBe(200);
    expect((await stateOf(s)).profile?.company).toBe("Newest Name");
  });

  it("ten saves at once from one version: exactly one applies", async () => {
    const s = await subscriber({ company: "Racing Co" });
    const { version } = await stateOf(s);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => put(s, { ...profile({ company: `Racer ${i}` }), version })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((x) => x === 200)).toHaveLength(1);
    expect(statuses.filter((x) => x === 409)).toHaveLength(9);
    const after = await stateOf(s);
    expect(after.profile?.company).toBe(`Racer ${statuses.indexOf(200)}`);
    expect(after.version).toBe(version + 1);
  });

  it("without a version the last save wins (old clients); a version that is not a whole number is 400, nothing changed", async () => {
    const s = await subscriber({ company: "Plain Co" });
    expect((await put(s, profile({ company: "Plain Two" }))).status).toBe(200);
    expect((await put(s, profile({ company: "Plain Three" }))).status).toBe(200);
    const before = await stateOf(s);
    expect(before.profile?.company).toBe("Plain Three");
    for (const version of ["1", 1.5, -1]) expect((await put(s, { ...profile({ company: "Bad Version" }), version })).status).toBe(400);
    expect((await stateOf(s)).version).toBe(before.version);
  });
});

describe("a stale tab's Spotlight job edit (the same object, the same version)", () => {
  it("two saves from one version: the second is 409 stale and the first's title stays; ten at once: exactly one applies", async () => {
    const s = await subscriber();
    const created = await call(`/api/spotlight/companies/${s.companyId}/jobs`, { method: "POST", cookie: s.cookie, json: { job: spotlightJob({ title: "Spotlight Original" }) } });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const put = (title: string, version: number) => call(`/api/spotlight/companies/${s.companyId}/jobs/${id}`, { method: "PUT", cookie: s.cookie, json: { job: spotlightJob({ title }), version } });
    const opened = await stateOf(s);
    expect((await put("Spotlight Newer", opened.version)).status).toBe(200);
    const stale = await put("Spotlight Older", opened.version);
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ code: "stale", error: m("server.dashboard.staleEdit") });
    const now = await stateOf(s);
    expect(now.jobs.find((j) => j.id === id)?.title).toBe("Spotlight Newer");
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => put(`Spotlight ${i}`, now.version)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((x) => x === 200)).toHaveLength(1);
    expect((await stateOf(s)).jobs.find((j) => j.id === id)?.title).toBe(`Spotlight ${statuses.indexOf(200)}`);
  });
});
