// Issue 22, item 15: a paid job stays the job that was paid for. After payment the company is fixed; the
// title, description and the other details can be edited; every edit of a paid job is kept in its history,
// which the operator reads (GET /api/admin/jobs/:id/history).
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { DEV_ADMIN_EMAIL } from "../../worker/admin/gate";
import { call, signUp } from "../support/auth";
import type { Session } from "../support/auth";
import { checkoutJob, jobDetails, purchase } from "../support/fixtures";

let admin: Session;
beforeAll(async () => {
  admin = await signUp(DEV_ADMIN_EMAIL);
});

const edit = (s: Session, id: string, fields: Record<string, unknown>) => call(`/api/dashboard/jobs/${id}`, { method: "PATCH", cookie: s.cookie, json: fields });
const editable = (title: string, company: string) => {
  const d = jobDetails({ title, company });
  return { title: d.title, company: d.company, location: d.location, category: d.category, salary: d.salary, equity: d.equity, description: d.description, apply_url: "https://acme.example/apply" };
};

describe("item 15: a paid job stays the job that was paid for", () => {
  it("'Junior Designer / Acme' cannot become '... / Totally Different Corp' (10 at once: all refused); its title can change, and the operator sees each edit", async () => {
    const s = await signUp();
    const res = await checkoutJob(s.cookie, { job: jobDetails({ title: "Junior Designer", company: "Acme" }), purchase: purchase(), submissionId: crypto.randomUUID() });
    const { id, jobId } = (await res.json()) as { id: string; jobId: string };
    await exports.default.fetch(`http://localhost/api/emulator/checkout/${id}/pay`, { method: "POST", redirect: "manual" });
    const refused = await Promise.all(Array.from({ length: 10 }, () => edit(s, jobId, editable("Head of Sales", "Totally Different Corp"))));
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(((await r.json()) as { code: string }).code).toBe("company_fixed");
    }
    expect(await env.DB.prepare("SELECT title, company FROM jobs WHERE id = ?").bind(jobId).first()).toEqual({ title: "Junior Designer", company: "Acme" });
    expect((await edit(s, jobId, editable("Senior Designer", "Acme"))).status).toBe(200);
    expect((await edit(s, jobId, editable("Lead Designer", "Acme"))).status).toBe(200);
    const history = await call(`/api/admin/jobs/${jobId}/history`, { cookie: admin.cookie });
    expect(history.status).toBe(200);
    const { edits } = (await history.json()) as { edits: { before: { title: string }; after: { title: string } }[] };
    expect(edits.map((e) => [e.before.title, e.after.title])).toEqual([
      ["Junior Designer", "Senior Designer"],
      ["Senior Designer", "Lead Designer"],
    ]);
    // Only an operator reads it.
    expect((await call(`/api/admin/jobs/${jobId}/history`, { cookie: s.cookie })).status).toBe(404);
  });

  it("an unpaid job's company can still change, and its edits are not a paid job's history", async () => {
    const s = await signUp();
    const res = await checkoutJob(s.cookie, { job: jobDetails({ title: "Draft Role", company: "Acme" }), purchase: purchase(), submissionId: crypto.randomUUID() });
    const { jobId } = (await res.json()) as { jobId: string };
    expect((await edit(s, jobId, editable("Draft Role", "Other Corp"))).status).toBe(200);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM job_edits WHERE job_id = ?").bind(jobId).first<{ n: number }>())!.n).toBe(0);
  });
});
