// Job detail is a pure read (POST /view counts); apply clicks are counted; company pages list published jobs.
import { env, exports } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import type { PublicJob } from "../../worker/rules/search";
import { addJobs, clearJobs, get } from "../support/jobs";

beforeEach(clearJobs);

async function stats(id: string) {
  return env.DB.prepare("SELECT views, apply_clicks FROM job_stats WHERE job_id = ?").bind(id).first<{ views: number; apply_clicks: number }>();
}

describe("GET /api/jobs/:id", () => {
  it("returns the job in the public shape, without private fields", async () => {
    const [id] = await addJobs({ title: "Detail", applyUrl: "jobs@acme.example", customerEmail: "buyer@secret.example", userId: "user-1", amountPaid: 19900 });
    const res = await get(`/api/jobs/${id}`);
    expect(res.status).toBe(200);
    const { job } = (await res.json()) as { job: PublicJob & Record<string, unknown> };
    expect(job.title).toBe("Detail");
    expect(job.apply).toEqual({ href: "mailto:jobs@acme.example", kind: "email" });
    expect(JSON.stringify(job)).not.toContain("secret.example");
    expect(job).not.toHaveProperty("user_id");
    expect(job).not.toHaveProperty("amount_paid");
    expect(job).not.toHaveProperty("customer_email");
  });

  it("reading a detail counts nothing: the detail page counts its view with POST /view (so the success pages never count)", async () => {
    const [id] = await addJobs({ title: "Viewed" });
    for (let i = 0; i < 3; i++) await get(`/api/jobs/${id}`);
    expect(await stats(id!)).toBeNull();
    const view = await exports.default.fetch(`http://localhost/api/jobs/${id}/view`, { method: "POST", headers: { "User-Agent": "Mozilla/5.0 Chrome/131.0" } });
    expect(await view.json()).toEqual({ ok: true, counted: true });
    expect((await stats(id!))?.views).toBe(1);
  });

  it("views of hidden jobs are not counted", async () => {
    const [id] = await addJobs({ title: "Hidden", published: 0, publishedAt: null });
    expect((await get(`/api/jobs/${id}`)).status).toBe(404);
    expect((await exports.default.fetch(`http://localhost/api/jobs/${id}/view`, { method: "POST", headers: { "User-Agent": "Mozilla/5.0 Chrome/131.0" } })).status).toBe(404);
    expect(await stats(id!)).toBeNull();
  });
});

describe("POST /api/jobs/:id/apply-click", () => {
  it("counts an apply click, once per visitor per day", async () => {
    const [id] = await addJobs({ title: "Clicked" });
    for (const ip of ["203.0.113.1", "203.0.113.1", "203.0.113.2"]) {
      const res = await exports.default.fetch(`http://localhost/api/jobs/${id}/apply-click`, { method: "POST", headers: { "CF-Connecting-IP": ip, "User-Agent": "Mozilla/5.0 Chrome/131.0" } });
      expect(res.status).toBe(200);
    }
    expect((await stats(id!))?.apply_clicks).toBe(2);
  });

  it("404 for a missing job", async () => {
    const res = await exports.default.fetch("http://localhost/api/jobs/nope/apply-click", { method: "POST" });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Job not found" });
  });
});

describe("GET /api/companies/:id", () => {
  it("returns the company and its published jobs only", async () => {
    await env.DB.prepare("INSERT INTO companies (id, company, logo, tagline) VALUES ('acme', 'Acme', '/logos/acme.svg', 'We make things')").run();
    await addJobs({ title: "Live", company: "Acme", companyId: "acme" }, { title: "Draft", company: "Acme", companyId: "acme", published: 0, publishedAt: null }, { title: "Elsewhere" });
    const res = await get("/api/companies/acme");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { company: { company: string; tagline: string }; jobs: PublicJob[] };
    expect(body.company.company).toBe("Acme");
    expect(body.company.tagline).toBe("We make things");
    expect(body.jobs.map((j) => j.title)).toEqual(["Live"]);
  });

  it("unknown company → 404 'Company not found'", async () => {
    const res = await get("/api/companies/nobody");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Company not found" });
  });
});
