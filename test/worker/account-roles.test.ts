// Candidates and employers (issue 26, decision 0605): the session says whether the account is an employer (it named a
// company, posted a job in any state, bought credits or subscribes to Spotlight) and whether it applied to a job on the
// board; the header shows the dashboard to employers and My applications to candidates. One account can be both.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { isEmployer } from "../../worker/rules/auth";
import { call, signUp } from "../support/auth";
import type { Session } from "../support/auth";
import { DAY, addJobs } from "../support/jobs";

const me = async (s: Session) => ((await (await call("/api/auth/me", { cookie: s.cookie })).json()) as { user: { employer: boolean; hasApplications: boolean } }).user;

describe("who is an employer", () => {
  it("an account signed up without a company, with nothing posted, is a candidate only", async () => {
    const s = await signUp();
    expect(await me(s)).toMatchObject({ employer: false, hasApplications: false });
  });

  it("signing up with a company makes an employer at once (the employer's sign-up)", async () => {
    const res = await call("/api/auth/sign-up", {
      method: "POST",
      json: { email: `boss-${crypto.randomUUID()}@example.com`, password: "Str0ng!Passw0rd", company: "Hirewell" },
      headers: { "CF-Connecting-IP": "10.99.1.1" },
    });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { user: { employer: boolean } }).user.employer).toBe(true);
  });

  it("naming a company in Settings, posting a job (even unpaid or expired) or buying credits makes one", async () => {
    const named = await signUp();
    await call("/api/account", { method: "PATCH", cookie: named.cookie, json: { name: "", company: "Acme" } });
    expect((await me(named)).employer).toBe(true);

    const posted = await signUp();
    await addJobs({ userId: posted.userId, published: 0, expiresAt: Date.now() - DAY });
    expect((await me(posted)).employer).toBe(true);

    const bought = await signUp();
    await env.DB.prepare("INSERT INTO bundle_purchases (id, user_id, bundle, job_count, posts_remaining, expires_at) VALUES (?, ?, 'starter', 5, 5, ?)")
      .bind(crypto.randomUUID(), bought.userId, Date.now() + 30 * DAY)
      .run();
    expect((await me(bought)).employer).toBe(true);
  });

  it("a company of spaces is no company; a Spotlight subscriber is an employer", () => {
    expect(isEmployer({ company: "  ", isSpotlightUser: false, posted: false })).toBe(false);
    expect(isEmployer({ company: "", isSpotlightUser: true, posted: false })).toBe(true);
  });

  it("one account can be both: an employer that applied to a job has hasApplications", async () => {
    const owner = await signUp();
    const [job] = await addJobs({ userId: owner.userId, applications: 1 });
    const both = await signUp();
    await call("/api/account", { method: "PATCH", cookie: both.cookie, json: { name: "", company: "Both Co" } });
    const f = new FormData();
    f.set("name", "Both");
    f.set("email", both.email);
    f.set("cv", new File([new TextEncoder().encode("%PDF-1.4\n%%EOF\n")], "cv.pdf", { type: "application/pdf" }));
    expect((await call(`/api/jobs/${job}/applications`, { method: "POST", body: f, cookie: both.cookie })).status).toBe(201);
    expect(await me(both)).toMatchObject({ employer: true, hasApplications: true });
  });
});
