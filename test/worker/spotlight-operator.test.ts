// An operator's word on a Spotlight job holds (the guide: "an operator whose word holds"). The company's object
// rebuilds its public rows in D1 after every change (worker/spotlight/projection.ts); a rebuild deleted and re-inserted
// them, and so undid what the console had done to them: a takedown of one job, a disabled account's jobs, the free
// Featured and Sticky marks. Each came back on the owner's next edit, an alarm or a subscription event.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { DEV_ADMIN_EMAIL } from "../../worker/admin/gate";
import { adminSession, call } from "../support/auth";
import type { Session } from "../support/auth";
import { spotlightJob, subscriber } from "../support/spotlight";

let admin: Session;
beforeAll(async () => {
  admin = await adminSession(DEV_ADMIN_EMAIL);
});

const post = (path: string, cookie: string, json: unknown = {}) => call(path, { method: "POST", cookie, json });
const row = (id: string) =>
  env.DB.prepare("SELECT title, published, removed_at, removed_by, enhancements FROM jobs WHERE id = ?")
    .bind(id)
    .first<{ title: string; published: number; removed_at: number | null; removed_by: string | null; enhancements: string }>();
const onBoard = async (id: string) => (await call(`/api/jobs/${id}`)).status === 200;

async function ownerWithLiveJob() {
  const s = await subscriber();
  const created = await post(`/api/spotlight/companies/${s.companyId}/jobs`, s.cookie, { job: spotlightJob() });
  expect(created.status, await created.clone().text()).toBe(201);
  const { id: jobId } = (await created.json()) as { id: string };
  expect((await post(`/api/spotlight/companies/${s.companyId}/publish`, s.cookie)).status).toBe(200);
  expect(await onBoard(jobId)).toBe(true);
  const edit = (title: string) => call(`/api/spotlight/companies/${s.companyId}/jobs/${jobId}`, { method: "PUT", cookie: s.cookie, json: { job: spotlightJob({ title }) } });
  return { ...s, jobId, edit };
}

describe("the console's actions on a Spotlight job outlive the company's next projection", () => {
  it("a job the operator took down stays down after its owner edits it, an alarm or a repair; Restore brings it back as edited", async () => {
    const s = await ownerWithLiveJob();
    expect((await post(`/api/admin/jobs/${s.jobId}/unpublish`, admin.cookie, { reason: "Misleading pay" })).status).toBe(200);
    expect(await onBoard(s.jobId)).toBe(false);
    expect((await s.edit("Edited after the takedown")).status).toBe(200);
    await env.SPOTLIGHT.getByName(s.companyId).reproject();
    expect(await onBoard(s.jobId)).toBe(false);
    expect(await row(s.jobId)).toMatchObject({ published: 0, removed_by: "operator" });
    // Restore: back on the board, with what its owner wrote since.
    expect((await post(`/api/admin/jobs/${s.jobId}/restore`, admin.cookie, { reason: "Pay corrected" })).status).toBe(200);
    expect(await onBoard(s.jobId)).toBe(true);
    expect(await row(s.jobId)).toMatchObject({ title: "Edited after the takedown", published: 1, removed_at: null });
  });

  it("a disabled account's Spotlight jobs stay off the board through a repair; enabling it with its jobs brings them back", async () => {
    const s = await ownerWithLiveJob();
    expect((await post(`/api/admin/accounts/${s.userId}/disable`, admin.cookie, { reason: "Spam" })).status).toBe(200);
    expect(await onBoard(s.jobId)).toBe(false);
    await env.SPOTLIGHT.getByName(s.companyId).reproject();
    expect(await onBoard(s.jobId)).toBe(false);
    expect(await row(s.jobId)).toMatchObject({ published: 0, removed_by: "account" });
    expect((await post(`/api/admin/accounts/${s.userId}/enable`, admin.cookie, { reason: "Appeal accepted", restoreJobs: true })).status).toBe(200);
    expect(await onBoard(s.jobId)).toBe(true);
  });

  it("the free Featured and Sticky marks stay on through the owner's edits", async () => {
    const s = await ownerWithLiveJob();
    expect((await post(`/api/admin/jobs/${s.jobId}/enhancement`, admin.cookie, { reason: "Launch week", enhancement: "featured", on: true })).status).toBe(200);
    expect(JSON.parse((await row(s.jobId))!.enhancements)).toContain("featured");
    expect((await s.edit("Edited while featured")).status).toBe(200);
    const after = (await row(s.jobId))!;
    expect(after.title).toBe("Edited while featured");
    expect(JSON.parse(after.enhancements)).toContain("featured");
  });
});
