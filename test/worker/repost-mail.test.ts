// A repost tells its owner, once, in their language (the 25th reading: "Job reposted successfully" on the screen
// and nothing in the inbox, although the repost spent a credit and changed the job's package). One e-mail per
// repost that happened: none for a refused one, one of ten at once, one for each of a subscriber's free renewals.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, signUp } from "../support/auth";
import type { Session } from "../support/auth";
import { checkoutJob, jobDetails, purchase } from "../support/fixtures";
import { subscribe, withCompany } from "../support/spotlight";

const pay = (id: string) => exports.default.fetch(`http://localhost/api/emulator/checkout/${id}/pay`, { method: "POST", redirect: "manual" });
const repost = (s: Session, jobId: string, locale = "en", json: unknown = {}) =>
  call(`/api/dashboard/jobs/${jobId}/repost`, { method: "POST", cookie: s.cookie, json, headers: { "Accept-Language": locale } });

async function paidJob(s: Session, buy: Record<string, unknown> = {}, title = "Senior Backend Engineer") {
  const { id, jobId } = (await (await checkoutJob(s.cookie, { job: jobDetails({ title }), purchase: purchase({ email: s.email, ...buy }), submissionId: crypto.randomUUID() })).json()) as {
    id: string;
    jobId: string;
  };
  await pay(id);
  return jobId;
}

async function buyCredits(s: Session, bundleId: string) {
  const { id } = (await (await call("/api/checkout/credits", { method: "POST", cookie: s.cookie, json: { bundleId } })).json()) as { id: string };
  await pay(id);
}

const expire = (jobId: string) =>
  env.DB.prepare("UPDATE jobs SET expires_at = ? WHERE id = ?")
    .bind(Date.now() - 1000, jobId)
    .run();

async function repostMails(to: string) {
  const { results } = await env.DB.prepare(`SELECT key, subject, text, html FROM mail_outbox WHERE "to" = ? AND kind = 'job_repost' ORDER BY created_at, rowid`).bind(to).all<Record<string, string>>();
  return results;
}

describe("a repost's e-mail", () => {
  it("in Arabic, paid with a credit: says the job is live again, until when, the package it renewed, the credit used and the credits left", async () => {
    const s = await signUp();
    const jobId = await paidJob(s, { plan: "premium", enhancements: ["highlight"] }, "مهندس برمجيات أول");
    await buyCredits(s, "standard"); // five Standard posts
    await expire(jobId);
    const res = await repost(s, jobId, "ar");
    expect(res.status, await res.clone().text()).toBe(200);
    const mails = await repostMails(s.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe("أُعيد نشر وظيفتك: \u2068مهندس برمجيات أول\u2069 لدى \u2068Acme Labs\u2069");
    expect(mail!.text).toContain("ستبقى ظاهرة للمرشحين 30\u00a0يومًا");
    // The package it came back with, which the credit decided (no Premium, no Highlight), in Arabic.
    expect(mail!.text).toMatch(/الخطة: .*القياسية/);
    expect(mail!.text).toMatch(/الإضافات: .*لا توجد/);
    expect(mail!.text).toContain("طريقة الدفع: \u2068رصيد الإعلانات (\u2068الباقة القياسية\u2069)\u2069");
    // Four of the five-pack are left, as read after the spend.
    expect(mail!.text).toMatch(/الإعلانات المتبقية في رصيدك: .*4/);
    expect(mail!.text).toContain(`/ar/jobs/${jobId}`);
    expect(mail!.text).not.toMatch(/Standard|Premium|reposted|credit/i);
    expect(mail!.html).toContain('dir="rtl"');
  });

  it("ten reposts at once: one spends, one e-mail; a refused repost (the job is live) writes none", async () => {
    const s = await signUp();
    const jobId = await paidJob(s);
    await buyCredits(s, "standard");
    await expire(jobId);
    const results = await Promise.all(Array.from({ length: 10 }, () => repost(s, jobId)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await repostMails(s.email)).toHaveLength(1);
    expect((await repost(s, jobId)).status).toBe(409);
    expect(await repostMails(s.email)).toHaveLength(1);
    const [mail] = await repostMails(s.email);
    expect(mail!.subject).toBe("Your job is live again: Senior Backend Engineer at Acme Labs");
    expect(mail!.text).toContain("It is live for 30 days");
    expect(mail!.text).toContain("Credits left: 4");
  });

  it("a subscriber's free renewals: one e-mail each, naming the subscription, not a credit", async () => {
    const s = await withCompany();
    const jobId = await paidJob(s);
    await subscribe(s);
    for (let i = 1; i <= 2; i++) {
      await expire(jobId);
      const results = await Promise.all(Array.from({ length: 5 }, () => repost(s, jobId)));
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      expect(await repostMails(s.email)).toHaveLength(i);
    }
    const [mail] = await repostMails(s.email);
    expect(mail!.text).toContain("Paid with: Included in your Spotlight subscription, at no extra cost");
    expect(mail!.text).not.toContain("Credits left");
  });
});
