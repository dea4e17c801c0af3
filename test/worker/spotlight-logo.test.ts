// A Spotlight company without a logo does not take the logo off its owner's posts (the 26th reading: a job posted with
// its uploaded logo showed the letter «ش» once its owner had set up Spotlight without one, and /api/jobs said logo "").
// A company with a logo still gives it to them, as a rename carries the company's fields onto its posts.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, signUp } from "../support/auth";
import type { Session } from "../support/auth";
import { checkoutJob, jobDetails, purchase } from "../support/fixtures";
import { profile, subscribe } from "../support/spotlight";

async function postedJob(s: Session, company: string) {
  const res = await checkoutJob(s.cookie, { job: jobDetails({ company, logo: "/logos/stripe.svg" }), purchase: purchase({ email: s.email }), submissionId: crypto.randomUUID() });
  const { id, jobId } = (await res.json()) as { id: string; jobId: string };
  await exports.default.fetch(`http://localhost/api/emulator/checkout/${id}/pay`, { method: "POST", redirect: "manual" });
  return jobId;
}

const logoOf = async (jobId: string) => (await env.DB.prepare("SELECT logo, company_id FROM jobs WHERE id = ?").bind(jobId).first<{ logo: string; company_id: string }>())!;

describe("a Spotlight company and its owner's posts' logos", () => {
  it("a company set up without a logo leaves each post its own, through the profile and the subscription", async () => {
    const s = await signUp();
    const company = `Nakhla ${crypto.randomUUID().slice(0, 6)}`;
    const jobId = await postedJob(s, company);
    const res = await call("/api/spotlight/company", { method: "POST", cookie: s.cookie, json: profile({ company, logo: "" }) });
    expect(res.status, await res.clone().text()).toBe(200);
    await subscribe(s);
    const job = await logoOf(jobId);
    expect(job.company_id).toBeTruthy(); // it is the company's post now
    expect(job.logo).toBe("/logos/stripe.svg");
    expect(((await (await call(`/api/jobs/${jobId}`)).json()) as { job: { logo: string } }).job.logo).toBe("/logos/stripe.svg");
  });

  it("a company with a logo gives it to them", async () => {
    const s = await signUp();
    const company = `Nakhla ${crypto.randomUUID().slice(0, 6)}`;
    const jobId = await postedJob(s, company);
    expect((await call("/api/spotlight/company", { method: "POST", cookie: s.cookie, json: profile({ company, logo: "/logos/notion.svg" }) })).status).toBe(200);
    await subscribe(s);
    expect((await logoOf(jobId)).logo).toBe("/logos/notion.svg");
  });
});
