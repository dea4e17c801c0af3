// Applying and privacy (issue 10, items 8 to 10): the application target is validated on the server,
// the link wins over the e-mail (which stays stored), a job with nowhere else to apply says 'Apply via
// Email', and the success pages' lookups answer only for the signed-in owner.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { applyButtonLabel } from "../../worker/rules/apply";
import { MESSAGES } from "../../worker/rules/posting";
import type { PublicJob } from "../../worker/rules/search";
import { call, signUp } from "../support/auth";
import type { Session } from "../support/auth";
import { checkoutJob, jobDetails, purchase } from "../support/fixtures";
import { clearJobs } from "../support/jobs";

const count = async (table: string) => (await env.DB.prepare(`SELECT count(*) AS n FROM ${table}`).first<{ n: number }>())!.n;

/** Checkout and payment as the emulator's Pay does it, then the success page's check: the job is live. */
async function postPaid(s: Session, job = jobDetails(), email = "buyer@example.com") {
  const res = await checkoutJob(s.cookie, { job, purchase: purchase({ email }), submissionId: crypto.randomUUID() });
  expect(res.status, await res.clone().text()).toBe(200);
  const answer = (await res.json()) as { id: string; jobId: string };
  await env.DB.prepare("UPDATE emulator_sessions SET status = 'complete', payment_status = 'paid' WHERE id = ?").bind(answer.id).run();
  const verify = await call(`/api/checkout/verify?session_id=${answer.id}`, { cookie: s.cookie });
  expect(verify.status).toBe(200);
  return answer;
}

async function publicJob(id: string): Promise<PublicJob> {
  const res = await call(`/api/jobs/${id}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { job: PublicJob }).job;
}

beforeEach(async () => {
  await clearJobs();
  await env.DB.prepare("DELETE FROM orders").run();
});

describe("item 8: the application target is validated", () => {
  it.each([
    ["applicationLink", "our careers page", MESSAGES.website],
    ["applicationLink", "javascript:alert(document.cookie)", MESSAGES.website],
    ["applicationEmail", "jobs at acme", MESSAGES.emailFormat],
  ])("%s %j is refused with a 400 naming the field (%s), and nothing is written", async (field, value, message) => {
    const s = await signUp();
    const res = await checkoutJob(s.cookie, { job: jobDetails({ [field]: value }), purchase: purchase(), submissionId: crypto.randomUUID() });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; issues: { path: string; message: string }[] };
    expect(body.issues).toContainEqual({ path: `job.${field}`, message });
    expect(await count("jobs")).toBe(0);
    expect(await count("orders")).toBe(0);
  });

  it("with both a link and an e-mail, the link wins and the e-mail stays stored", async () => {
    const s = await signUp();
    const { jobId } = await postPaid(s, jobDetails({ applicationLink: "https://acme.example/apply", applicationEmail: "jobs@acme.example" }));
    const row = await env.DB.prepare("SELECT apply_url, application_link, application_email FROM jobs WHERE id = ?").bind(jobId).first();
    expect(row).toEqual({ apply_url: "https://acme.example/apply", application_link: "https://acme.example/apply", application_email: "jobs@acme.example" });
    const job = await publicJob(jobId);
    expect(job.apply).toEqual({ href: "https://acme.example/apply", kind: "url" });
    expect(applyButtonLabel(job)).toBe("Apply Now");
  });

  it("the dashboard's Application URL refuses javascript: with 'Please enter a valid URL' and changes nothing", async () => {
    const s = await signUp();
    const { jobId } = await postPaid(s);
    const before = await env.DB.prepare("SELECT * FROM jobs WHERE id = ?").bind(jobId).first();
    const j = jobDetails();
    const res = await call(`/api/dashboard/jobs/${jobId}`, {
      method: "PATCH",
      cookie: s.cookie,
      json: { title: j.title, company: j.company, location: j.location, category: j.category, salary: j.salary, equity: j.equity, description: j.description, apply_url: "javascript:alert(1)" },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { issues: { path: string; message: string }[] }).issues).toContainEqual({
      path: "apply_url",
      message: "Enter a valid link starting with https:// or a valid email address",
    });
    expect(await env.DB.prepare("SELECT * FROM jobs WHERE id = ?").bind(jobId).first()).toEqual(before);
  });
});

describe("item 9: no e-mail is published without the poster knowing", () => {
  it("with no link, no application e-mail and no website, candidates apply to the purchase address and the button reads 'Apply via Email'", async () => {
    const s = await signUp();
    const { jobId } = await postPaid(s, jobDetails({ applicationLink: "", applicationEmail: "", website: "" }), "buyer@acme.example");
    const job = await publicJob(jobId);
    expect(job.apply).toEqual({ href: "mailto:buyer@acme.example", kind: "email" });
    expect(applyButtonLabel(job)).toBe("Apply via Email");
  });
});

describe("item 10: success pages answer only for the signed-in owner", () => {
  it("GET /api/checkout/posted/:id: the owner gets the job; another user and a signed-out visitor get the same 404 as an unknown job", async () => {
    const owner = await signUp();
    const other = await signUp();
    const { jobId } = await postPaid(owner);
    const mine = await call(`/api/checkout/posted/${jobId}`, { cookie: owner.cookie });
    expect(mine.status).toBe(200);
    expect(await mine.json()).toMatchObject({ job: { id: jobId, published: true, email: "buyer@example.com" } });
    const unknown = await call(`/api/checkout/posted/${crypto.randomUUID()}`, { cookie: other.cookie });
    expect(unknown.status).toBe(404);
    const unknownBody = await unknown.json();
    for (const cookie of [other.cookie, undefined]) {
      const res = await call(`/api/checkout/posted/${jobId}`, { cookie });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual(unknownBody);
    }
  });

  it("GET /api/checkout/verify: another user and a signed-out visitor get 'No session information found', as for an unknown session", async () => {
    const owner = await signUp();
    const other = await signUp();
    const { id } = await postPaid(owner);
    const expected = { error: "No session information found" };
    expect(await (await call(`/api/checkout/verify?session_id=cs_emu_unknown`, { cookie: other.cookie })).json()).toEqual(expected);
    for (const cookie of [other.cookie, undefined]) {
      const res = await call(`/api/checkout/verify?session_id=${id}`, { cookie });
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual(expected);
    }
    expect((await call(`/api/checkout/verify?session_id=${id}`, { cookie: owner.cookie })).status).toBe(200);
  });

  it("10 identical checks at once, from the owner and from someone else: the owner's all say paid, the others 404, and the order is fulfilled once", async () => {
    const owner = await signUp();
    const other = await signUp();
    const res = await checkoutJob(owner.cookie, { job: jobDetails(), purchase: purchase(), submissionId: crypto.randomUUID() });
    const { id, jobId, orderId } = (await res.json()) as { id: string; jobId: string; orderId: string };
    await env.DB.prepare("UPDATE emulator_sessions SET status = 'complete', payment_status = 'paid' WHERE id = ?").bind(id).run();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(`/api/checkout/verify?session_id=${id}`, { cookie: i % 2 ? other.cookie : owner.cookie }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> })),
      ),
    );
    for (const [i, a] of answers.entries()) {
      if (i % 2) expect(a).toEqual({ status: 404, body: { error: "No session information found" } });
      else expect(a).toMatchObject({ status: 200, body: { status: "paid", job: { id: jobId, published: true } } });
    }
    expect((await env.DB.prepare("SELECT count(*) AS n FROM payments WHERE order_id = ?").bind(orderId).first<{ n: number }>())!.n).toBe(1);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM mail_outbox WHERE key = ?").bind(`job_confirmation:${jobId}`).first<{ n: number }>())!.n).toBe(1);
  });
});
