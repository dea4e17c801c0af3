// Issue 22, items 8 and 9: a repost renews what it pays for this time. The renewed job carries the plan and
// enhancements of the credit spent; the default credit matches the job's package, else a bundle's first;
// the owner may pick another. A Spotlight subscriber's free repost renews Spotlight's own package only.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, signUp } from "../support/auth";
import type { Session } from "../support/auth";
import { checkoutJob, jobDetails, purchase } from "../support/fixtures";
import { subscribe, withCompany } from "../support/spotlight";

const post = (path: string, cookie: string, json?: unknown) => call(path, { method: "POST", cookie, ...(json === undefined ? {} : { json }) });
const pay = (id: string) => exports.default.fetch(`http://localhost/api/emulator/checkout/${id}/pay`, { method: "POST", redirect: "manual" });

async function paidJob(s: Session, buy: Record<string, unknown> = {}) {
  const { id, jobId } = (await (await checkoutJob(s.cookie, { job: jobDetails(), purchase: purchase({ email: s.email, ...buy }), submissionId: crypto.randomUUID() })).json()) as {
    id: string;
    jobId: string;
  };
  await pay(id);
  return jobId;
}

async function buyCredits(s: Session, bundleId: string) {
  const { id } = (await (await post("/api/checkout/credits", s.cookie, { bundleId })).json()) as { id: string };
  await pay(id);
}

async function grants(s: Session) {
  return ((await (await call("/api/credits", { cookie: s.cookie })).json()) as { grants: { id: string; bundle: string; plan: string; enhancements: string[]; postsRemaining: number }[] }).grants;
}

const expire = (jobId: string) =>
  env.DB.prepare("UPDATE jobs SET expires_at = ? WHERE id = ?")
    .bind(Date.now() - 1000, jobId)
    .run();
const packageOf = async (jobId: string) =>
  env.DB.prepare("SELECT plan, enhancements, relevance_rank, published FROM jobs WHERE id = ?").bind(jobId).first<{ plan: string; enhancements: string; relevance_rank: number; published: number }>();

describe("item 8: a repost renews what it pays for", () => {
  it("a plain Standard job reposted with a $527 Complete Bundle credit comes back with the bundle's enhancements", async () => {
    const s = await signUp();
    const jobId = await paidJob(s);
    await buyCredits(s, "complete-bundle");
    await expire(jobId);
    const res = await post(`/api/dashboard/jobs/${jobId}/repost`, s.cookie);
    expect(res.status, await res.clone().text()).toBe(200);
    const job = await packageOf(jobId);
    expect(job).toMatchObject({ plan: "standard", published: 1, relevance_rank: 3 });
    expect(JSON.parse(job!.enhancements).sort()).toEqual(["company-profile", "featured", "highlight", "sticky"]);
  });

  it("a Premium + Sticky + Highlight + Featured job ($726) reposted with a $199 credit comes back plain Standard", async () => {
    const s = await signUp();
    const jobId = await paidJob(s, { plan: "premium", enhancements: ["sticky", "highlight", "featured"] });
    await buyCredits(s, "basic");
    await expire(jobId);
    expect((await post(`/api/dashboard/jobs/${jobId}/repost`, s.cookie)).status).toBe(200);
    expect(await packageOf(jobId)).toMatchObject({ plan: "standard", enhancements: "[]", relevance_rank: 0, published: 1 });
  });

  it("the default credit is one matching the job's package, else a bundle's; the owner may pick another; 10 reposts at once spend one", async () => {
    const s = await signUp();
    // 2 × Premium + Featured: the job and one matching individual credit; then a Standard 5-pack bought later.
    const jobId = await paidJob(s, { plan: "premium", enhancements: ["featured"], quantity: 2 });
    await buyCredits(s, "standard");
    await expire(jobId);
    const before = await grants(s);
    const matching = before.find((g) => g.bundle === "individual")!;
    const results = await Promise.all(Array.from({ length: 10 }, () => post(`/api/dashboard/jobs/${jobId}/repost`, s.cookie)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await packageOf(jobId)).toMatchObject({ plan: "premium", enhancements: '["featured"]' });
    const after = await grants(s);
    expect(after.find((g) => g.id === matching.id)).toBeUndefined(); // its one credit spent
    expect(after.find((g) => g.bundle === "standard")!.postsRemaining).toBe(5);
    // Picking the 5-pack explicitly renews as Standard.
    await expire(jobId);
    const pack = after.find((g) => g.bundle === "standard")!;
    expect((await post(`/api/dashboard/jobs/${jobId}/repost`, s.cookie, { grantId: pack.id })).status).toBe(200);
    expect(await packageOf(jobId)).toMatchObject({ plan: "standard", enhancements: "[]" });
    expect((await grants(s)).find((g) => g.id === pack.id)!.postsRemaining).toBe(4);
    // Someone else's credit, or none: a clear answer, nothing spent.
    await expire(jobId);
    const other = await signUp();
    await buyCredits(other, "basic");
    const theirs = (await grants(other))[0]!;
    const refused = await post(`/api/dashboard/jobs/${jobId}/repost`, s.cookie, { grantId: theirs.id });
    expect(refused.status).toBe(404);
    expect((await grants(other))[0]!.postsRemaining).toBe(1);
  });
});

describe("item 9: a Spotlight subscription renews Spotlight's package, not card-bought placement", () => {
  it("a subscriber's Premium + Sticky job bought by card, expired and reposted for free, loses Sticky; with a credit it renews the credit's", async () => {
    const s = await withCompany();
    const jobId = await paidJob(s, { plan: "premium", enhancements: ["sticky"] });
    await subscribe(s);
    for (let i = 0; i < 3; i++) {
      await expire(jobId);
      expect((await post(`/api/dashboard/jobs/${jobId}/repost`, s.cookie)).status).toBe(200);
      const job = await packageOf(jobId);
      expect(job!.plan).toBe("premium");
      expect(JSON.parse(job!.enhancements)).not.toContain("sticky");
    }
    // Sticky again is paid for: a credit that includes it.
    await buyCredits(s, "complete-bundle");
    const credit = (await grants(s))[0]!;
    await expire(jobId);
    expect((await post(`/api/dashboard/jobs/${jobId}/repost`, s.cookie, { grantId: credit.id })).status).toBe(200);
    expect(JSON.parse((await packageOf(jobId))!.enhancements)).toContain("sticky");
    expect(await grants(s)).toHaveLength(0);
  });
});
