// The SPOTLIGHT Durable Object (README, Decisions: "Spotlight: the Durable Object is the truth"): the source of truth for a company's
// profile, Spotlight jobs and publish state; D1 rebuilt from it after every change; realtime over
// hibernatable WebSockets. Tested inside the object (runInDurableObject) and through the worker.
import { runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { SpotlightSocketMessage } from "../../worker/spotlight/SpotlightCompany";
import type { SpotlightCompany } from "../../worker/spotlight/SpotlightCompany";
import { SPOTLIGHT_MESSAGES } from "../../worker/rules/spotlight";
import type { SpotlightState } from "../../worker/rules/spotlight";
import { GOOD_PASSWORD, call, signUp } from "../support/auth";
import { DESCRIPTION, expectProjection, profile, publicJobIds, spotlightJob, withCompany } from "../support/spotlight";
import { DAY } from "../../worker/rules/time";

// Each test's bare object gets its own owner (one Spotlight company per user).
let OWNER = "";

/** A bare object, bound to an id and a new owner, with an active subscription unless told otherwise. */
async function company(id = `co-${crypto.randomUUID().slice(0, 8)}`, active = true) {
  OWNER = `owner-${crypto.randomUUID()}`;
  const stub = env.SPOTLIGHT.getByName(id);
  expect((await stub.setup(id, OWNER, "owner@example.com")).ok).toBe(true);
  if (active) await stub.setActiveUntil(Date.now() + 30 * DAY);
  return { id, stub };
}

function ok<T>(r: { ok: true; value: T } | { ok: false; error: string }): T {
  if (!r.ok) throw new Error(`expected success, got: ${r.error}`);
  return r.value;
}

function failure(r: { ok: boolean; error?: string; status?: number }): { status?: number; error?: string } {
  expect(r.ok).toBe(false);
  return { status: r.status, error: r.error };
}

describe("the company profile", () => {
  it("lives in the object's own SQLite storage, addressed by company id", async () => {
    const { id, stub } = await company();
    const p = profile({ company: "Acme Labs" });
    const state = ok(await stub.saveProfile(OWNER, p));
    expect(state.profile).toMatchObject({ company: "Acme Labs", tagline: p.tagline, stage: "Seed", website: "https://acme.example/", published: false });
    expect(ok(await env.SPOTLIGHT.getByName(id).getState(OWNER)).profile?.company).toBe("Acme Labs");
    await runInDurableObject(stub, (instance: SpotlightCompany, ctx) => {
      expect(ctx.storage.sql.exec("SELECT count(*) AS n FROM company").one().n).toBe(1);
      expect(instance.state().profile?.company).toBe("Acme Labs");
    });
  });

  it("validates inside the object with the spec's messages: company at least 2 characters, tagline under 100", async () => {
    const { stub } = await company();
    expect(failure(await stub.saveProfile(OWNER, profile({ company: " " })))).toEqual({ status: 400, error: SPOTLIGHT_MESSAGES.companyRequired });
    expect(failure(await stub.saveProfile(OWNER, profile({ company: "A" })))).toEqual({ status: 400, error: "Company name must be at least 2 characters" });
    expect(failure(await stub.saveProfile(OWNER, profile({ tagline: "x".repeat(100) })))).toEqual({ status: 400, error: "Tagline must be less than 100 characters" });
    expect(ok(await stub.saveProfile(OWNER, profile({ tagline: "x".repeat(99) }))).profile?.tagline).toHaveLength(99);
    expect(failure(await stub.saveProfile(OWNER, profile({ stage: "Series Z" }))).status).toBe(400);
    expect(failure(await stub.saveProfile(OWNER, profile({ website: "javascript:alert(1)" }))).error).toBe("Please enter a valid URL");
  });

  it("refuses anyone but the owner, and cannot be taken over by a second setup", async () => {
    const { id, stub } = await company();
    expect(failure(await stub.saveProfile("intruder", profile()))).toEqual({ status: 403, error: SPOTLIGHT_MESSAGES.notOwner });
    expect(failure(await stub.getState("intruder")).status).toBe(403);
    expect(failure(await stub.setup(id, "intruder", "x@example.com")).status).toBe(403);
  });
});

describe("Spotlight jobs", () => {
  it("validate inside the object with the Spotlight job form's messages", async () => {
    const { stub } = await company();
    ok(await stub.saveProfile(OWNER, profile()));
    const cases: [Partial<Parameters<typeof spotlightJob>[0]>, string][] = [
      [{ title: "  " }, "Job title is required"],
      [{ location: "" }, "Location is required"],
      [{ salary: "" }, "Salary range is required"],
      [{ description: "<p></p>" }, "Job description is required"],
      [{ description: "<p>Too short.</p>" }, "Job description must be at least 100 characters"],
      [{ tags: [] }, "At least one skill is required"],
    ];
    for (const [bad, message] of cases) expect(failure(await stub.createJob(OWNER, spotlightJob(bad), true))).toEqual({ status: 400, error: message });
    expect(ok(await stub.getState(OWNER)).jobs).toHaveLength(0);
  });

  it("sanitise the description and default the category to Engineering", async () => {
    const { stub } = await company();
    ok(await stub.saveProfile(OWNER, profile()));
    const { state } = ok(await stub.createJob(OWNER, spotlightJob({ category: "", description: `${DESCRIPTION}<script>alert(1)</script><img src=x onerror=alert(1)>` }), true));
    expect(state.jobs[0]!.category).toBe("Engineering");
    expect(state.jobs[0]!.description).not.toMatch(/script|onerror/);
  });

  it("are preview until the subscription is active, live while it is, expired after", async () => {
    const { stub } = await company(undefined, false);
    ok(await stub.saveProfile(OWNER, profile()));
    const { id } = ok(await stub.createJob(OWNER, spotlightJob(), true));
    const draft = ok(await stub.createJob(OWNER, spotlightJob(), false));
    const status = async () => Object.fromEntries(ok(await stub.getState(OWNER)).jobs.map((j) => [j.id, j.status]));
    expect(await status()).toEqual({ [id]: "preview", [draft.id]: "preview" });
    await stub.setActiveUntil(Date.now() + DAY);
    expect(await status()).toEqual({ [id]: "live", [draft.id]: "preview" });
    await stub.setActiveUntil(null);
    expect(await status()).toEqual({ [id]: "expired", [draft.id]: "preview" });
  });
});

describe("publishing and the D1 projection", () => {
  it("Publish Company makes every unpublished job and the company published, and copies the live jobs into D1", async () => {
    const { id, stub } = await company();
    ok(await stub.saveProfile(OWNER, profile({ company: "Projection Co" })));
    const a = ok(await stub.createJob(OWNER, spotlightJob({ title: "Alpha Engineer" }), true));
    const b = ok(await stub.createJob(OWNER, spotlightJob({ title: "Beta Designer" }), false));
    // Not public before the company is published.
    await expectProjection(id, ok(await stub.getState(OWNER)));
    expect(await publicJobIds(id)).toEqual([]);

    const published = ok(await stub.publishCompany(OWNER));
    expect(published.profile?.published).toBe(true);
    expect(published.jobs.every((j) => j.published && j.status === "live")).toBe(true);
    await expectProjection(id, published);
    expect(await publicJobIds(id)).toEqual([a.id, b.id].sort());

    // Public search and the company page read the copy.
    const search = (await (await exports.default.fetch("http://localhost/api/jobs?keywords=Alpha%20Engineer")).json()) as { jobs: { id: string; company_id: string }[] };
    expect(search.jobs.map((j) => j.id)).toContain(a.id);
    const page = (await (await exports.default.fetch(`http://localhost/api/companies/${id}`)).json()) as { company: { company: string }; jobs: { id: string }[] };
    expect(page.company.company).toBe("Projection Co");
    expect(page.jobs.map((j) => j.id).sort()).toEqual([a.id, b.id].sort());
  });

  it("unpublishing a job, or the company, removes it from D1; publishing again restores it", async () => {
    const { id, stub } = await company();
    ok(await stub.saveProfile(OWNER, profile()));
    const a = ok(await stub.createJob(OWNER, spotlightJob(), true));
    const b = ok(await stub.createJob(OWNER, spotlightJob(), true));
    ok(await stub.publishCompany(OWNER));
    let state = ok(await stub.setJobPublished(OWNER, a.id, false));
    await expectProjection(id, state);
    expect(await publicJobIds(id)).toEqual([b.id]);
    state = ok(await stub.unpublishCompany(OWNER));
    await expectProjection(id, state);
    expect(await publicJobIds(id)).toEqual([]);
    expect((await exports.default.fetch(`http://localhost/api/companies/${id}`)).status).toBe(404);
    state = ok(await stub.publishCompany(OWNER));
    await expectProjection(id, state);
    expect(await publicJobIds(id)).toEqual([a.id, b.id].sort());
  });

  it("editing a live job rewrites its public copy; renaming the company rewrites every copy", async () => {
    const { id, stub } = await company();
    ok(await stub.saveProfile(OWNER, profile({ company: "Old Name" })));
    const a = ok(await stub.createJob(OWNER, spotlightJob({ title: "First Title" }), true));
    ok(await stub.publishCompany(OWNER));
    ok(await stub.updateJob(OWNER, a.id, spotlightJob({ title: "Second Title", location: "Remote" })));
    let row = await env.DB.prepare("SELECT title, location, is_remote, company FROM jobs WHERE id = ?").bind(a.id).first();
    expect(row).toEqual({ title: "Second Title", location: "Remote", is_remote: 1, company: "Old Name" });
    const state = ok(await stub.saveProfile(OWNER, profile({ company: "New Name", tagline: "Fresh", logo: "/logos/coinbase.svg" })));
    row = await env.DB.prepare("SELECT company, company_key, tagline, logo FROM jobs WHERE id = ?").bind(a.id).first();
    expect(row).toEqual({ company: "New Name", company_key: "new name", tagline: "Fresh", logo: "/logos/coinbase.svg" });
    await expectProjection(id, state);
  });

  it("delete is soft: the row stays in the object with deleted_at, and leaves every view and D1", async () => {
    const { id, stub } = await company();
    ok(await stub.saveProfile(OWNER, profile()));
    const a = ok(await stub.createJob(OWNER, spotlightJob(), true));
    ok(await stub.publishCompany(OWNER));
    const state = ok(await stub.deleteJob(OWNER, a.id));
    expect(state.jobs).toEqual([]);
    await expectProjection(id, state);
    await runInDurableObject(stub, (_i: SpotlightCompany, ctx) => {
      expect(typeof ctx.storage.sql.exec("SELECT deleted_at FROM jobs WHERE id = ?", a.id).one().deleted_at).toBe("number");
    });
    expect(await env.DB.prepare("SELECT deleted_at IS NOT NULL AS gone FROM spotlight_jobs WHERE id = ?").bind(a.id).first()).toEqual({ gone: 1 });
    expect(failure(await stub.deleteJob(OWNER, a.id)).status).toBe(404);
    expect(failure(await stub.updateJob(OWNER, a.id, spotlightJob())).status).toBe(404);
  });

  it("the subscription ending takes every job out of D1 and the company off the list; renewal brings them back", async () => {
    const { id, stub } = await company();
    ok(await stub.saveProfile(OWNER, profile()));
    const a = ok(await stub.createJob(OWNER, spotlightJob(), true));
    ok(await stub.publishCompany(OWNER));
    expect(await publicJobIds(id)).toEqual([a.id]);
    let state = await stub.setActiveUntil(null);
    expect(state.jobs[0]!.status).toBe("expired");
    await expectProjection(id, state);
    expect(await publicJobIds(id)).toEqual([]);
    state = await stub.setActiveUntil(Date.now() + 30 * DAY);
    expect(state.jobs[0]!.status).toBe("live");
    await expectProjection(id, state);
  });

  it("the public copy expires exactly at the end of the paid period, before any task runs", async () => {
    const { id, stub } = await company();
    const until = Date.now() + 5 * DAY;
    await stub.setActiveUntil(until);
    ok(await stub.saveProfile(OWNER, profile()));
    ok(await stub.createJob(OWNER, spotlightJob(), true));
    ok(await stub.publishCompany(OWNER));
    const row = await env.DB.prepare("SELECT expires_at, user_id, source, plan FROM jobs WHERE company_id = ?").bind(id).first();
    expect(row).toEqual({ expires_at: until, user_id: null, source: "spotlight", plan: "premium" });
  });

  it("a D1 projection that fails is retried by the object's alarm, rebuilt from the object", async () => {
    const { id, stub } = await company();
    ok(await stub.saveProfile(OWNER, profile()));
    const a = ok(await stub.createJob(OWNER, spotlightJob(), true));
    ok(await stub.publishCompany(OWNER));
    // Someone edits the copy behind the object's back: the next projection puts it right.
    await env.DB.prepare("DELETE FROM jobs WHERE id = ?").bind(a.id).run();
    await stub.reproject();
    expect(await publicJobIds(id)).toEqual([a.id]);
  });
});

describe("preview jobs", () => {
  it("are imported once by their local id and published by publish_preview_spotlight_jobs, counted once", async () => {
    const { id, stub } = await company();
    ok(await stub.saveProfile(OWNER, profile()));
    const local = [
      { ...spotlightJob(), id: "local-aaaaaaaa", created_at: new Date(Date.now() - DAY).toISOString() },
      { ...spotlightJob(), id: "local-bbbbbbbb" },
      { ...spotlightJob({ title: "" }), id: "local-invalid1" },
    ];
    expect(ok(await stub.importPreviewJobs(OWNER, local))).toMatchObject({ imported: 2, skipped: 1 });
    expect(ok(await stub.importPreviewJobs(OWNER, local))).toMatchObject({ imported: 0, skipped: 3 });
    const state = ok(await stub.getState(OWNER));
    expect(state.jobs.map((j) => j.status)).toEqual(["preview", "preview"]);
    expect(state.jobs.map((j) => j.id)).not.toContain("local-aaaaaaaa"); // the object makes its own ids
    const first = ok(await stub.publishPreviewJobs(OWNER));
    expect(first.count).toBe(2);
    expect(first.state.profile?.published).toBe(true);
    await expectProjection(id, first.state);
    expect(ok(await stub.publishPreviewJobs(OWNER)).count).toBe(0);
  });
});

describe("realtime updates over WebSockets (hibernation API)", () => {
  async function connect(cookie: string, companyId: string) {
    const res = await exports.default.fetch(`http://localhost/api/spotlight/companies/${companyId}/socket`, { headers: { Upgrade: "websocket", Cookie: cookie, Origin: "http://localhost" } });
    expect(res.status).toBe(101);
    const ws = res.webSocket!;
    const messages: SpotlightState[] = [];
    const waiters: (() => void)[] = [];
    ws.addEventListener("message", (e) => {
      messages.push((JSON.parse(e.data as string) as SpotlightSocketMessage).state);
      for (const w of waiters.splice(0)) w();
    });
    ws.accept();
    const next = async (test: (s: SpotlightState) => boolean) => {
      const deadline = Date.now() + 1000; // "shows in another tab within a second"
      for (;;) {
        const found = messages.find(test);
        if (found) return found;
        if (Date.now() > deadline) throw new Error("no matching state within a second");
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 50);
        });
      }
    };
    return { ws, messages, next };
  }

  it("an edit reaches two connected dashboards; each gets the whole state on connecting", async () => {
    const s = await withCompany();
    await env.DB.prepare("UPDATE accounts SET is_spotlight_user = 1 WHERE id = ?").bind(s.userId).run();
    const created = await call(`/api/spotlight/companies/${s.companyId}/jobs`, { method: "POST", cookie: s.cookie, json: { job: spotlightJob({ title: "Before" }) } });
    const { id } = (await created.json()) as { id: string };
    const one = await connect(s.cookie, s.companyId);
    const two = await connect(s.cookie, s.companyId);
    expect((await one.next((st) => st.jobs.length === 1)).jobs[0]!.title).toBe("Before");
    expect((await two.next((st) => st.jobs.length === 1)).jobs[0]!.title).toBe("Before");
    const res = await call(`/api/spotlight/companies/${s.companyId}/jobs/${id}`, { method: "PUT", cookie: s.cookie, json: { job: spotlightJob({ title: "After" }) } });
    expect(res.status).toBe(200);
    for (const client of [one, two]) expect((await client.next((st) => st.jobs[0]?.title === "After")).jobs[0]!.id).toBe(id);
    // A reconnect catches up: the new socket starts from the current state.
    one.ws.close(1000, "drop");
    const again = await connect(s.cookie, s.companyId);
    expect((await again.next(() => true)).jobs[0]!.title).toBe("After");
    two.ws.close();
    again.ws.close();
  });

  it("a dashboard left open is closed when its owner deletes the account: no state reaches it after", async () => {
    const s = await withCompany();
    await env.DB.prepare("UPDATE accounts SET is_spotlight_user = 1 WHERE id = ?").bind(s.userId).run();
    const tab = await connect(s.cookie, s.companyId);
    await tab.next(() => true);
    const closed = new Promise<number>((resolve) => tab.ws.addEventListener("close", (e) => resolve(e.code)));
    const deleted = await exports.default.fetch("http://localhost/api/account/delete", {
      method: "POST",
      headers: { Cookie: s.cookie, "Content-Type": "application/json", Origin: "http://localhost" },
      body: JSON.stringify({ currentPassword: GOOD_PASSWORD }),
    });
    expect(deleted.status).toBe(200);
    expect(await Promise.race([closed, new Promise<string>((r) => setTimeout(() => r("still open"), 1000))])).toBe(1008);
  });

  it("refuses sockets from other users and other sites", async () => {
    const s = await withCompany();
    const other = await signUp();
    const res = await exports.default.fetch(`http://localhost/api/spotlight/companies/${s.companyId}/socket`, { headers: { Upgrade: "websocket", Cookie: other.cookie, Origin: "http://localhost" } });
    expect(res.status).toBe(403);
    const foreign = await exports.default.fetch(`http://localhost/api/spotlight/companies/${s.companyId}/socket`, {
      headers: { Upgrade: "websocket", Cookie: s.cookie, Origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
    const anonymous = await exports.default.fetch(`http://localhost/api/spotlight/companies/${s.companyId}/socket`, { headers: { Upgrade: "websocket" } });
    expect(anonymous.status).toBe(401);
  });
});
