// Saved jobs (issue 26; worker/saved): one save per user and job (10 at once make 1 row), newest saved first,
// expired and removed jobs stay listed and say so, a changed job says so, the browser's saves move into the
// account at sign-in, and only the signed-in user reads or changes their own list.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { jobFingerprint } from "../../worker/rules/saved";
import type { SavedJob } from "../../worker/rules/saved";
import type { PublicJob } from "../../worker/rules/search";
import { call, signUp } from "../support/auth";
import { addJobs, clearJobs, get } from "../support/jobs";

beforeEach(clearJobs);

const list = async (cookie: string) => {
  const res = await call("/api/saved", { cookie });
  expect(res.status).toBe(200);
  return ((await res.json()) as { saved: SavedJob[] }).saved;
};
const save = (cookie: string, id: string) => call(`/api/saved/${id}`, { method: "PUT", cookie });
const rows = async (userId: string) => (await env.DB.prepare("SELECT count(*) AS n FROM saved_jobs WHERE user_id = ?").bind(userId).first<{ n: number }>())!.n;

describe("saving a job", () => {
  it("saving twice, or 10 times at once, keeps one save", async () => {
    const s = await signUp();
    const [id] = await addJobs({ title: "Saved once" });
    const answers = await Promise.all(Array.from({ length: 10 }, () => save(s.cookie, id!)));
    expect(answers.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect((await save(s.cookie, id!)).status).toBe(200);
    expect(await rows(s.userId)).toBe(1);
    expect((await list(s.cookie)).map((x) => x.title)).toEqual(["Saved once"]);
  });

  it("lists newest saved first; unsave removes it", async () => {
    const s = await signUp();
    const [a, b] = await addJobs({ title: "A" }, { title: "B" });
    await save(s.cookie, a!);
    await new Promise((r) => setTimeout(r, 5));
    await save(s.cookie, b!);
    expect((await list(s.cookie)).map((x) => x.title)).toEqual(["B", "A"]);
    const del = await call(`/api/saved/${a}`, { method: "DELETE", cookie: s.cookie });
    expect(await del.json()).toEqual({ removed: true });
    expect((await list(s.cookie)).map((x) => x.title)).toEqual(["B"]);
  });

  it("a job that does not exist, or is not live, cannot be saved (404); signed out is 401", async () => {
    const s = await signUp();
    expect((await save(s.cookie, "nope")).status).toBe(404);
    const [hidden] = await addJobs({ title: "Unpublished", published: 0 });
    expect((await save(s.cookie, hidden!)).status).toBe(404);
    const [id] = await addJobs({});
    expect((await call(`/api/saved/${id}`, { method: "PUT" })).status).toBe(401);
    expect((await call("/api/saved")).status).toBe(401);
    expect(await rows(s.userId)).toBe(0);
  });

  it("each user sees and changes only their own list", async () => {
    const a = await signUp();
    const b = await signUp();
    const [id] = await addJobs({ title: "Mine" });
    await save(a.cookie, id!);
    expect(await list(b.cookie)).toEqual([]);
    await call(`/api/saved/${id}`, { method: "DELETE", cookie: b.cookie });
    expect(await rows(a.userId)).toBe(1);
  });
});

describe("/saved says what became of each job", () => {
  it("an expired or removed job stays listed, marked as such, with its title; a changed job says so", async () => {
    const s = await signUp();
    const [live, expiring, removed, changing] = await addJobs({ title: "Live" }, { title: "Expiring" }, { title: "Removed" }, { title: "Changing" });
    for (const id of [live, expiring, removed, changing]) await save(s.cookie, id!);
    await env.DB.batch([
      env.DB.prepare("UPDATE jobs SET expires_at = ? WHERE id = ?").bind(Date.now() - 1000, expiring),
      env.DB.prepare("DELETE FROM jobs WHERE id = ?").bind(removed),
      env.DB.prepare("UPDATE jobs SET salary = '$200k - $250k' WHERE id = ?").bind(changing),
    ]);
    const byTitle = Object.fromEntries((await list(s.cookie)).map((x) => [x.title, x]));
    expect(byTitle.Live).toMatchObject({ status: "live", changed: false });
    expect(byTitle.Live!.job!.title).toBe("Live");
    expect(byTitle.Expiring).toMatchObject({ status: "expired", changed: false });
    expect(byTitle.Removed).toMatchObject({ status: "removed", job: null, company: expect.any(String) });
    expect(byTitle.Changing).toMatchObject({ status: "live", changed: true });
  });
});

describe("saves kept in the browser before sign-in", () => {
  it("lookup describes them without an account; merge moves them into the account once, keeping their time", async () => {
    const [a, b] = await addJobs({ title: "Browser A" }, { title: "Browser B" });
    const jobA = ((await (await get(`/api/jobs/${a}`)).json()) as { job: PublicJob }).job;
    const items = [
      { jobId: a!, savedAt: Date.parse("2026-11-20T10:00:00Z"), fingerprint: jobFingerprint(jobA) },
      { jobId: b!, savedAt: Date.parse("2026-11-21T10:00:00Z"), fingerprint: "" },
      { jobId: "gone", savedAt: Date.parse("2026-11-22T10:00:00Z"), fingerprint: "" },
    ];
    const lookup = await call("/api/saved/lookup", { method: "POST", json: { items } });
    expect(lookup.status).toBe(200);
    const described = ((await lookup.json()) as { saved: SavedJob[] }).saved;
    expect(described.map((x) => [x.jobId, x.status])).toEqual([
      ["gone", "removed"],
      [b, "live"],
      [a, "live"],
    ]);
    expect(described.find((x) => x.jobId === a)!.changed).toBe(false);

    const s = await signUp();
    await save(s.cookie, b!); // already in the account: kept as it is
    const merges = await Promise.all(Array.from({ length: 10 }, () => call("/api/saved/merge", { method: "POST", cookie: s.cookie, json: { items } })));
    expect(merges.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await rows(s.userId)).toBe(2); // the job that is gone is not carried
    const saved = await list(s.cookie);
    expect(saved.map((x) => x.title)).toEqual(["Browser B", "Browser A"]);
    expect(saved[1]!.savedAt).toBe("2026-11-20T10:00:00.000Z");
  });

  it("a bad list is a 400 and saves nothing", async () => {
    const s = await signUp();
    const bad = await call("/api/saved/merge", { method: "POST", cookie: s.cookie, json: { items: [{ jobId: "", savedAt: -1 }] } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toHaveProperty("error");
    const tooMany = await call("/api/saved/lookup", { method: "POST", json: { items: Array.from({ length: 201 }, (_, i) => ({ jobId: `j${i}`, savedAt: 1 })) } });
    expect(tooMany.status).toBe(400);
    expect(await rows(s.userId)).toBe(0);
  });
});

describe("a user's saves for 'Download my data' and 'Delete my account' (wired in by issue 23a)", () => {
  it("exportSavedJobs lists them; deleteSavedJobsStatement removes them all and no one else's", async () => {
    const { exportSavedJobs, deleteSavedJobsStatement } = await import("../../worker/saved/store");
    const a = await signUp();
    const b = await signUp();
    const [id] = await addJobs({ title: "Exported" });
    await save(a.cookie, id!);
    await save(b.cookie, id!);
    expect((await exportSavedJobs(env.DB, a.userId)).map((x) => x.title)).toEqual(["Exported"]);
    await deleteSavedJobsStatement(env.DB, a.userId).run();
    expect(await rows(a.userId)).toBe(0);
    expect(await rows(b.userId)).toBe(1);
  });
});
