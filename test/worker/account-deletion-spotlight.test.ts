// "Delete my account" (docs/decisions/0301) for an account with a Spotlight company: the company's Durable Object
// (worker/spotlight/SpotlightCompany.ts) keeps the owner's e-mail as the fallback apply address of its jobs, and its
// projection rebuilds the company's public rows in D1 after every change (an edit, a subscription event, an alarm).
// After the deletion the object holds only the account's anonymised address, the Spotlight jobs are off the board,
// and no later projection brings back either.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DAY } from "../../worker/rules/time";
import type { SpotlightCompany } from "../../worker/spotlight/SpotlightCompany";
import { refreshEntitlement } from "../../worker/spotlight/subscription";
import { GOOD_PASSWORD, call, signUp, verifyAddress } from "../support/auth";
import { profile, publicJobIds, spotlightJob, subscriber, withCompany } from "../support/spotlight";

const anonymised = (userId: string) => `deleted-${userId}@deleted.invalid`;

/** What the object itself keeps as the owner's e-mail (its meta row), read inside it. */
function storedOwnerEmail(companyId: string): Promise<string | null> {
  return runInDurableObject(env.SPOTLIGHT.getByName(companyId), (_: SpotlightCompany, state) => {
    const row = state.storage.sql.exec<{ value: string }>("SELECT value FROM meta WHERE key = 'owner_email'").toArray()[0];
    return row ? row.value : null;
  });
}

/** The object's state version, which every change it makes moves on. */
async function versionOf(companyId: string, ownerId: string): Promise<number> {
  const state = await env.SPOTLIGHT.getByName(companyId).getState(ownerId);
  if (!state.ok) throw new Error(state.error);
  return state.value.version;
}

/** Every D1 row of `jobs` that names `email` in an address column. */
async function jobsNaming(email: string): Promise<{ id: string }[]> {
  const { results } = await env.DB.prepare("SELECT id FROM jobs WHERE email = ?1 OR apply_url = ?1 OR customer_email = ?1").bind(email).all<{ id: string }>();
  return results;
}

/**
 * A subscriber whose company gives no e-mail and no website, so its live job's candidates apply to the owner's own
 * address; the company is published and has one live job.
 */
async function spotlightOwnerWithLiveJob() {
  const s = await subscriber({ email: "", website: "" });
  const created = await call(`/api/spotlight/companies/${s.companyId}/jobs`, { method: "POST", cookie: s.cookie, json: { job: spotlightJob({ website: "" }) } });
  expect(created.status, await created.clone().text()).toBe(201);
  const { id: jobId } = (await created.json()) as { id: string };
  expect((await call(`/api/spotlight/companies/${s.companyId}/publish`, { method: "POST", cookie: s.cookie })).status).toBe(200);
  return { ...s, jobId };
}

const deleteAccount = (cookie: string) => call("/api/account/delete", { method: "POST", cookie, json: { currentPassword: GOOD_PASSWORD } });

describe("Delete my account, with a Spotlight company", () => {
  it("the company's object keeps only the anonymised address, and no later projection writes the real one back to D1", async () => {
    const s = await spotlightOwnerWithLiveJob();
    // Before: the object has the owner's address, and the live job applies to it.
    expect(await storedOwnerEmail(s.companyId)).toBe(s.email);
    expect((await jobsNaming(s.email)).map((j) => j.id)).toEqual([s.jobId]);

    expect((await deleteAccount(s.cookie)).status).toBe(200);

    expect(await storedOwnerEmail(s.companyId)).toBe(anonymised(s.userId));
    expect(await jobsNaming(s.email)).toEqual([]);
    // Later projections: a repair, the retry alarm, and a late subscription event (the period still runs).
    const stub = env.SPOTLIGHT.getByName(s.companyId);
    await stub.reproject();
    await runInDurableObject(stub, (instance: SpotlightCompany) => instance.alarm());
    await refreshEntitlement(env, s.userId);
    await stub.setActiveUntil(Date.now() + 30 * DAY);
    expect(await storedOwnerEmail(s.companyId)).toBe(anonymised(s.userId));
    expect(await jobsNaming(s.email)).toEqual([]);
    // The object's binding for the same owner, called again with a real address, does not put it back.
    expect((await stub.setup(s.companyId, s.userId, "someone@example.com")).ok).toBe(true);
    expect(await storedOwnerEmail(s.companyId)).toBe(anonymised(s.userId));
  });

  it("the Spotlight jobs leave the board with the account and stay off it, though the paid period runs on", async () => {
    const s = await spotlightOwnerWithLiveJob();
    expect(await publicJobIds(s.companyId)).toEqual([s.jobId]);
    expect((await call(`/api/jobs/${s.jobId}`)).status).toBe(200);

    expect((await deleteAccount(s.cookie)).status).toBe(200);

    expect(await publicJobIds(s.companyId)).toEqual([]);
    expect((await call(`/api/jobs/${s.jobId}`)).status).not.toBe(200);
    // The subscription runs to the end of its period: its events and the object's own projections come later.
    const stub = env.SPOTLIGHT.getByName(s.companyId);
    await refreshEntitlement(env, s.userId);
    await stub.setActiveUntil(Date.now() + 30 * DAY);
    await stub.reproject();
    await runInDurableObject(stub, (instance: SpotlightCompany) => instance.alarm());
    expect(await publicJobIds(s.companyId)).toEqual([]);
    expect((await call(`/api/jobs/${s.jobId}`)).status).not.toBe(200);
    // The company leaves the board with them, though the period runs on (decision 0301): nobody is there to answer.
    expect(await env.DB.prepare("SELECT id FROM companies WHERE id = ?").bind(s.companyId).first()).toBeNull();
    expect((await call(`/api/companies/${s.companyId}`)).status).toBe(404);
  });

  it("the owner's address given as the company's e-mail goes too: the one the object keeps, or the account's after a change", async () => {
    for (const changed of [false, true]) {
      const s = await signUp();
      const res = await call("/api/spotlight/company", { method: "POST", cookie: s.cookie, json: profile({ email: "" }) });
      expect(res.status, await res.clone().text()).toBe(200);
      const { companyId } = (await res.json()) as { companyId: string };
      let address = s.email;
      if (changed) {
        address = `moved-${crypto.randomUUID().slice(0, 8)}@example.com`;
        expect((await call("/api/account/email", { method: "POST", cookie: s.cookie, json: { email: address, currentPassword: GOOD_PASSWORD } })).status).toBe(202);
        await verifyAddress(s, address);
      }
      expect((await call("/api/spotlight/company", { method: "POST", cookie: s.cookie, json: profile({ email: address }) })).status).toBe(200);
      // The object keeps the account's confirmed address: after a change, the new one.
      expect(await storedOwnerEmail(companyId)).toBe(address);
      expect((await deleteAccount(s.cookie)).status).toBe(200);
      const state = await env.SPOTLIGHT.getByName(companyId).getState(s.userId);
      if (!state.ok) throw new Error(state.error);
      expect(state.value.profile?.email).toBe(anonymised(s.userId));
      expect(await storedOwnerEmail(companyId)).toBe(anonymised(s.userId));
    }
  });

  it("forgetting is done once: a retry finds it done and changes nothing, and a call for another owner changes nothing", async () => {
    const s = await spotlightOwnerWithLiveJob();
    expect((await deleteAccount(s.cookie)).status).toBe(200);
    const stub = env.SPOTLIGHT.getByName(s.companyId);
    const version = () => versionOf(s.companyId, s.userId);
    const before = await version();
    expect(await stub.forgetOwner(s.userId, s.email, anonymised(s.userId))).toBe(true);
    expect(await version()).toBe(before);
    const other = crypto.randomUUID();
    expect(await stub.forgetOwner(other, "other@example.com", anonymised(other))).toBe(false);
    expect(await version()).toBe(before);
    expect(await storedOwnerEmail(s.companyId)).toBe(anonymised(s.userId));
  });

  it("a company without a subscription is forgotten too; an object never bound has nothing to forget", async () => {
    const s = await withCompany({ email: "" });
    expect(await storedOwnerEmail(s.companyId)).toBe(s.email);
    expect((await deleteAccount(s.cookie)).status).toBe(200);
    expect(await storedOwnerEmail(s.companyId)).toBe(anonymised(s.userId));
    const unbound = env.SPOTLIGHT.getByName(`never-${crypto.randomUUID()}`);
    expect(await unbound.forgetOwner(s.userId, s.email, anonymised(s.userId))).toBe(true);
    expect((await unbound.state()).companyId).toBe("");
  });
});

describe("a change of address, with a Spotlight company", () => {
  it("once the new address is confirmed, the object and the live job's apply address follow it; the old one is nowhere", async () => {
    const s = await spotlightOwnerWithLiveJob();
    expect((await jobsNaming(s.email)).map((j) => j.id)).toEqual([s.jobId]);
    const address = `moved-${crypto.randomUUID().slice(0, 8)}@example.com`;
    expect((await call("/api/account/email", { method: "POST", cookie: s.cookie, json: { email: address, currentPassword: GOOD_PASSWORD } })).status).toBe(202);
    // Asked, not yet confirmed: candidates still write to the proved address.
    expect(await storedOwnerEmail(s.companyId)).toBe(s.email);
    await verifyAddress(s, address);
    expect(await storedOwnerEmail(s.companyId)).toBe(address);
    expect((await jobsNaming(address)).map((j) => j.id)).toEqual([s.jobId]);
    expect(await jobsNaming(s.email)).toEqual([]);
    // Told again (the same link opened twice, or a retry): nothing changes.
    const stub = env.SPOTLIGHT.getByName(s.companyId);
    const version = () => versionOf(s.companyId, s.userId);
    const before = await version();
    expect(await stub.ownerAddressChanged(s.userId, address)).toBe(true);
    expect(await version()).toBe(before);
    // Another owner's call changes nothing.
    expect(await stub.ownerAddressChanged(crypto.randomUUID(), "other@example.com")).toBe(false);
    expect(await storedOwnerEmail(s.companyId)).toBe(address);
  });
});
