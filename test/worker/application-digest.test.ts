// The employer's daily digest of application notices (issue 26, decision 0604): a setting of the account, "each"
// (the default: one notice per application) or "digest" (one e-mail a day from the scheduled "application-digests",
// per employer, in their language, never the CV), sent once even when the scheduler runs twice or 10 times at once.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { applicationDigestKey } from "../../worker/applications/digest";
import { t } from "../../worker/lib/i18n";
import { runScheduledTasks } from "../../worker/scheduled";
import { call, signUp } from "../support/auth";
import type { Session } from "../support/auth";
import { DAY, HOUR, addJobs, clearJobs } from "../support/jobs";

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
let n = 0;

function apply(jobId: string, name = "Layla Haddad", email?: string) {
  n += 1;
  const f = new FormData();
  f.set("name", name);
  f.set("email", email ?? `candidate${n}@example.com`);
  f.set("cv", new File([PDF], "cv.pdf", { type: "application/pdf" }));
  return call(`/api/jobs/${jobId}/applications`, { method: "POST", body: f, headers: { "CF-Connecting-IP": `10.7.${n % 250}.${(n * 3) % 250}` } });
}

async function applied(jobId: string, name?: string): Promise<string> {
  const res = await apply(jobId, name);
  expect(res.status).toBe(201);
  return ((await res.json()) as { application: { id: string } }).application.id;
}

const choose = (s: Session, applicationNotices: unknown) => call("/api/account/application-notices", { method: "PUT", cookie: s.cookie, json: { applicationNotices } });
const mails = (kind: string) =>
  env.DB.prepare('SELECT key, "to", subject, text, html FROM mail_outbox WHERE kind = ? ORDER BY created_at, rowid')
    .bind(kind)
    .all<{ key: string; to: string; subject: string; text: string; html: string }>()
    .then((r) => r.results);
const digest = (now: number) => runScheduledTasks(env, now, ["application-digests"]).then((r) => r["application-digests"] as { digests: number; applications: number });
const due = async () => (await env.DB.prepare("SELECT count(*) AS n FROM applications WHERE notice_due = 1").first<{ n: number }>())!.n;

async function employer(notices: "each" | "digest", locale = "en"): Promise<{ owner: Session; job: string }> {
  const owner = await signUp();
  if (locale !== "en") await env.DB.prepare("UPDATE accounts SET locale = ? WHERE id = ?").bind(locale, owner.userId).run();
  if (notices === "digest") expect((await choose(owner, "digest")).status).toBe(200);
  const [job] = await addJobs({ title: "Backend Engineer", company: "Acme", applications: 1, userId: owner.userId });
  return { owner, job: job! };
}

beforeEach(async () => {
  await clearJobs();
  await env.DB.batch([env.DB.prepare("DELETE FROM applications"), env.DB.prepare("DELETE FROM mail_outbox"), env.DB.prepare("DELETE FROM rate_limits")]);
});

describe("the setting", () => {
  it("is 'each' by default, and PUT /api/account/application-notices saves 'digest' or 'each' for the account (in Download my data too)", async () => {
    const owner = await signUp();
    const read = async () => ((await (await call("/api/account", { cookie: owner.cookie })).json()) as { applicationNotices: string }).applicationNotices;
    expect(await read()).toBe("each");
    const res = await choose(owner, "digest");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ applicationNotices: "digest" });
    expect(await read()).toBe("digest");
    expect((await choose(owner, "digest")).status).toBe(200); // twice: the same
    expect(await read()).toBe("digest");
    // "Download my data" says what was chosen.
    const data = (await (await call("/api/account/export", { cookie: owner.cookie })).json()) as { account: { application_notices: string } };
    expect(data.account.application_notices).toBe("digest");
    expect((await choose(owner, "each")).status).toBe(200);
    expect(await read()).toBe("each");
  });

  it("a bad value is a 400 with {error} and changes nothing; signed out is a 401", async () => {
    const owner = await signUp();
    await choose(owner, "digest");
    for (const bad of ["weekly", "", 1, null]) {
      const res = await choose(owner, bad);
      expect(res.status, String(bad)).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe("applicationNotices must be one of each, digest");
    }
    const row = await env.DB.prepare("SELECT application_notices AS v FROM accounts WHERE id = ?").bind(owner.userId).first<{ v: string }>();
    expect(row!.v).toBe("digest");
    expect((await call("/api/account/application-notices", { method: "PUT", json: { applicationNotices: "each" } })).status).toBe(401);
  });
});

describe("each application (the default)", () => {
  it("sends one notice per application, as before, and leaves nothing for a digest", async () => {
    const { job } = await employer("each");
    await applied(job);
    await applied(job);
    expect(await mails("application_notice")).toHaveLength(2);
    expect(await due()).toBe(0);
    expect((await digest(Date.now())).digests).toBe(0);
    expect(await mails("application_digest")).toHaveLength(0);
  });
});

describe("a daily digest", () => {
  it("sends no notice per application; the scheduled task sends one e-mail for all the employer's jobs, without the CV", async () => {
    const { owner, job } = await employer("digest");
    const [other] = await addJobs({ title: "Designer", company: "Acme", applications: 1, userId: owner.userId });
    await applied(job, "Layla Haddad");
    await applied(job, "Omar Saleh");
    await applied(other!, "Noor Ali");
    expect(await mails("application_notice")).toHaveLength(0);
    expect(await mails("application_received")).toHaveLength(3); // the candidates' confirmations still go at once
    expect(await due()).toBe(3);

    expect(await digest(Date.now())).toEqual({ employers: 1, digests: 1, applications: 3 });
    const [mail] = await mails("application_digest");
    expect(mail!.to).toBe(owner.email);
    expect(mail!.subject).toBe("3 new applications on Startup Jobs");
    expect(mail!.text).toContain("Backend Engineer at Acme: 2 applications");
    expect(mail!.text).toContain("Designer at Acme: 1 application");
    for (const name of ["Layla Haddad", "Omar Saleh", "Noor Ali"]) expect(mail!.text).toContain(`- ${name}`);
    expect(mail!.text).toContain(`/dashboard/applications?jobId=${job}`);
    expect(mail!.text).toContain(t("en", "mail.application.notice.privacy"));
    expect(mail!.text).toContain("/dashboard/settings");
    // Never the CV: no link to it, no file name, no attachment field in the outbox.
    expect(`${mail!.text}${mail!.html}`).not.toMatch(/\/cv\b|cv\.pdf|%PDF/);
    expect(await due()).toBe(0);
  });

  it("is in the employer's language", async () => {
    const { job } = await employer("digest", "ar");
    await applied(job, "ليلى حداد");
    await applied(job, "عمر صالح");
    await digest(Date.now());
    const [mail] = await mails("application_digest");
    expect(mail!.subject).toBe(t("ar", "mail.application.digest.subject", { count: 2 }));
    expect(mail!.subject).toBe("الملخص اليومي: طلبان جديدان لوظائفك");
    expect(mail!.text).toContain("/ar/dashboard/applications?jobId=");
    expect(mail!.text).toContain("/ar/dashboard/settings");
    expect(mail!.html).toContain('dir="rtl"');
  });

  it("one e-mail per employer: two employers get one each, with only their own applications", async () => {
    const a = await employer("digest");
    const b = await employer("digest");
    await applied(a.job, "For A");
    await applied(b.job, "For B");
    expect((await digest(Date.now())).digests).toBe(2);
    const sent = await mails("application_digest");
    expect(sent.map((m) => m.to).sort()).toEqual([a.owner.email, b.owner.email].sort());
    const toA = sent.find((m) => m.to === a.owner.email)!;
    expect(toA.text).toContain("For A");
    expect(toA.text).not.toContain("For B");
  });

  it("is sent once when the scheduler runs twice, and when it runs 10 times at once", async () => {
    const { job } = await employer("digest");
    await applied(job);
    await applied(job);
    const now = Date.now();
    const runs = await Promise.all(Array.from({ length: 10 }, () => digest(now)));
    expect(runs.reduce((s, r) => s + r.digests, 0)).toBe(1);
    expect((await digest(now + HOUR)).digests).toBe(0);
    expect(await mails("application_digest")).toHaveLength(1);
    expect(await due()).toBe(0);
  });

  it("an application after the day's digest waits for the next day's, and is in it alone", async () => {
    const { owner, job } = await employer("digest");
    await applied(job, "Early Bird");
    const now = Date.now();
    await digest(now);
    await applied(job, "Late Comer");
    // The scheduler runs again the same day: no second e-mail, and the late one is not lost.
    expect((await digest(now + 60_000)).digests).toBe(0);
    expect(await mails("application_digest")).toHaveLength(1);
    expect(await due()).toBe(1);
    expect(await digest(now + DAY)).toMatchObject({ digests: 1, applications: 1 });
    const [, next] = await mails("application_digest");
    expect(next!.key).toBe(applicationDigestKey(owner.userId, now + DAY));
    expect(next!.text).toContain("Late Comer");
    expect(next!.text).not.toContain("Early Bird");
  });

  it("a withdrawn application is not in the digest", async () => {
    const { job } = await employer("digest");
    await applied(job, "Stays");
    const gone = await applied(job, "Withdraws");
    const token = /token=([\w-]+)/.exec((await mails("application_received")).at(-1)!.text)![1]!;
    expect((await call(`/api/applications/${gone}?token=${token}`, { method: "DELETE" })).status).toBe(200);
    await digest(Date.now());
    const [mail] = await mails("application_digest");
    expect(mail!.text).toContain("Stays");
    expect(mail!.text).not.toContain("Withdraws");
  });

  it("switching back to 'each': waiting applications still go in a digest, new ones get their own notice", async () => {
    const { owner, job } = await employer("digest");
    await applied(job, "Waiting");
    await choose(owner, "each");
    await applied(job, "Told At Once");
    expect((await mails("application_notice")).map((m) => m.text).join()).toContain("Told At Once");
    await digest(Date.now());
    const [mail] = await mails("application_digest");
    expect(mail!.subject).toBe("1 new application on Startup Jobs");
    expect(mail!.text).toContain("Waiting");
    expect(mail!.text).not.toContain("Told At Once");
  });

  it("names at most 50 candidates per job and counts the rest; 120 waiting applications are all marked told (D1's 100-value limit)", async () => {
    const { owner, job } = await employer("digest");
    const now = Date.now();
    const rows = Array.from({ length: 120 }, (_, i) =>
      env.DB.prepare(
        `INSERT INTO applications (id, job_id, name, email, email_key, cv_key, cv_name, cv_type, cv_size, access_hash, notice_due, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, 'k', 'cv.pdf', 'pdf', 1, 'h', 1, ?, ?)`,
      ).bind(`bulk-${i}`, job, `Candidate ${i}`, `c${i}@example.com`, `c${i}@example.com`, now - 1000 + i, now - 1000 + i),
    );
    await env.DB.batch(rows);
    expect(await digest(now)).toEqual({ employers: 1, digests: 1, applications: 120 });
    const [mail] = await mails("application_digest");
    expect(mail!.to).toBe(owner.email);
    expect(mail!.text).toContain("Backend Engineer at Acme: 120 applications");
    expect(mail!.text).toContain("- Candidate 49");
    expect(mail!.text).not.toContain("- Candidate 50");
    expect(mail!.text).toContain("and 70 more");
    expect(await due()).toBe(0);
  });

  it("runs from the daily cron, before the outbox is delivered", async () => {
    const { CRON_TASKS } = await import("../../worker/scheduled");
    const daily = CRON_TASKS["0 7 * * *"]!;
    expect(daily).toContain("application-digests");
    expect(daily.indexOf("application-digests")).toBeLessThan(daily.indexOf("deliver-outbox"));
  });
});
