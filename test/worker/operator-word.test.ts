// An operator whose word holds, at the edges (helper 43): what a later payment, a repeated or a stale console click
// does to the board's decision; and the account's own links after the things that should end them.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { DEV_ADMIN_EMAIL } from "../../worker/admin/gate";
import { app } from "../../worker/app";
import { GOOD_PASSWORD, ORIGIN, adminSession, call, cookiesFrom, linkTokenFromOutbox, signUp, uniqueEmail } from "../support/auth";
import type { Session } from "../support/auth";
import { checkoutJob, jobDetails, purchase } from "../support/fixtures";
import { count, payInEmulator } from "../support/db";

let admin: Session;
beforeAll(async () => {
  admin = await adminSession(DEV_ADMIN_EMAIL);
});

const post = (path: string, cookie: string | undefined, json: unknown) => call(path, { method: "POST", cookie, json });
const pay = payInEmulator;
const mailKinds = async (to: string) => (await env.DB.prepare(`SELECT kind FROM mail_outbox WHERE "to" = ? ORDER BY created_at, rowid`).bind(to).all<{ kind: string }>()).results.map((r) => r.kind);
const refundMail = (to: string) => env.DB.prepare(`SELECT text FROM mail_outbox WHERE kind = 'refund' AND "to" = ?`).bind(to).first<{ text: string }>();
const orderStatus = async (orderId: string) => (await env.DB.prepare("SELECT status FROM orders WHERE id = ?").bind(orderId).first<{ status: string }>())!.status;

/**
 * The database as the worker sees it, where another request (`change`) lands right after the statement whose SQL contains
 * `after` has run: the moment a refresh has claimed its token, a sign-in has read the account, a posting has read its
 * submission's row.
 */
function racing(after: string, change: () => Promise<unknown>): { db: D1Database; raced: () => boolean } {
  let done = false;
  // The app reads through a D1 session (worker/http/d1Session.ts): the session it opens is watched the same way.
  const watch = <T extends object>(db: T): T =>
    new Proxy(db, {
      get(target, prop) {
        if (prop === "withSession") return (...args: unknown[]) => watch((target as unknown as D1Database).withSession(...(args as [string])));
        if (prop !== "prepare") return Reflect.get(target, prop, target);
        return (sql: string) => {
          const statement = (target as unknown as D1Database).prepare(sql);
          if (!sql.includes(after)) return statement;
          return {
            bind: (...params: unknown[]) => {
              const bound = statement.bind(...params);
              return {
                first: async <R>() => {
                  const row = await bound.first<R>();
                  if (!done) {
                    done = true;
                    await change();
                  }
                  return row;
                },
              };
            },
          };
        };
      },
    });
  return { db: watch(env.DB), raced: () => done };
}

/** A checkout opened for a new job, not paid yet (the Stripe page is still open in the owner's tab). */
async function openCheckout(s: Session, headers: Record<string, string> = {}) {
  const res = await checkoutJob(s.cookie, { job: jobDetails(), purchase: purchase({ email: s.email }), submissionId: crypto.randomUUID() }, headers);
  expect(res.status).toBe(200);
  return (await res.json()) as { id: string; orderId: string; jobId: string };
}

describe("a payment that arrives after the board took the job down", () => {
  it("an account disabled while its checkout was open: the payment does not put the job on the board; it is refunded, and the owner told why", async () => {
    const s = await signUp();
    const open = await openCheckout(s);
    expect((await post(`/api/admin/accounts/${s.userId}/disable`, admin.cookie, { reason: "Fraud report" })).status).toBe(200);
    await pay(open.id);
    expect((await call(`/api/jobs/${open.jobId}`)).status).not.toBe(200);
    const job = await env.DB.prepare("SELECT published, removed_at FROM jobs WHERE id = ?").bind(open.jobId).first<{ published: number; removed_at: number | null }>();
    expect(job).toMatchObject({ published: 0 });
    expect(job!.removed_at).not.toBeNull();
    expect(await mailKinds(s.email)).not.toContain("job_confirmation");
    expect(await orderStatus(open.orderId)).toBe("refunded");
    expect((await refundMail(s.email))!.text).toContain("The job was taken off the board before this payment arrived, so it was not published.");
  });

  it("a draft an operator unpublished, or deleted, before its payment arrived stays down; each payment is refunded once, never 'Your job is live'", async () => {
    for (const action of ["unpublish", "delete"]) {
      const s = await signUp();
      const open = await openCheckout(s);
      expect((await post(`/api/admin/jobs/${open.jobId}/${action}`, admin.cookie, { reason: "Spam posting" })).status).toBe(200);
      await Promise.all([pay(open.id), pay(open.id)]);
      expect((await call(`/api/jobs/${open.jobId}`)).status, action).not.toBe(200);
      expect(await mailKinds(s.email), action).toEqual(["verify_email", "job_removed", "refund"]);
      expect(await orderStatus(open.orderId), action).toBe("refunded");
      expect(await count("SELECT count(*) AS n FROM refunds WHERE order_id = ?", open.orderId), action).toBe(1);
    }
  });

  it("an Arabic owner is told why in Arabic", async () => {
    const email = `ar-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const up = await call("/api/auth/sign-up", {
      method: "POST",
      json: { email, password: GOOD_PASSWORD, name: "مالك" },
      headers: { "CF-Connecting-IP": "10.43.1.1", "Accept-Language": "ar", Referer: `${ORIGIN}/ar/sign-up` },
    });
    expect(up.status).toBe(201);
    const s = { cookie: cookiesFrom(up), userId: ((await up.json()) as { user: { id: string } }).user.id, email };
    expect((await post("/api/auth/verify-email", undefined, { token: await linkTokenFromOutbox(email, "verify_email") })).status).toBe(200);
    // Checked out from the Arabic pages (an account's language follows its last checkout, decision 0509).
    const open = await openCheckout(s, { "Accept-Language": "ar", Referer: `${ORIGIN}/ar/post` });
    expect((await post(`/api/admin/jobs/${open.jobId}/unpublish`, admin.cookie, { reason: "Spam posting" })).status).toBe(200);
    await pay(open.id);
    expect((await refundMail(email))!.text).toContain("أُزيلت الوظيفة من الموقع قبل وصول هذه الدفعة، فلم تُنشر.");
  });

  it("a job taken down after it was paid for keeps its order: a replayed payment event changes nothing", async () => {
    const s = await signUp();
    const open = await openCheckout(s);
    await pay(open.id);
    expect((await post(`/api/admin/jobs/${open.jobId}/unpublish`, admin.cookie, { reason: "Spam posting" })).status).toBe(200);
    await pay(open.id);
    expect(await orderStatus(open.orderId)).toBe("paid");
    expect(await count("SELECT count(*) AS n FROM refunds WHERE order_id = ?", open.orderId)).toBe(0);
    expect((await call(`/api/jobs/${open.jobId}`)).status).not.toBe(200);
  });
});

describe("a change of address waiting for its link ends with what ends the sessions that asked for it", () => {
  const NEW_PASSWORD = "An0ther!Passw0rd";
  const accountEmail = async (id: string) => (await env.DB.prepare("SELECT email FROM accounts WHERE id = ?").bind(id).first<{ email: string }>())!.email;
  /** Someone signed in as the owner (a stolen session, a shared computer) asks to move the account to their address. */
  async function pendingChange(s: Session) {
    const theirs = uniqueEmail("taker");
    expect((await post("/api/account/email", s.cookie, { email: theirs, currentPassword: GOOD_PASSWORD })).status).toBe(202);
    return { theirs, token: await linkTokenFromOutbox(theirs, "verify_email") };
  }
  async function refused(s: Session, token: string) {
    const res = await post("/api/auth/verify-email", undefined, { token });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "link_invalid" });
    expect(await accountEmail(s.userId)).toBe(s.email);
  }

  it("the owner's password change, a reset through the e-mailed link, and 'Sign out everywhere' each retire it: its link then changes nothing", async () => {
    const changed = await signUp();
    const a = await pendingChange(changed);
    expect((await post("/api/account/password", changed.cookie, { currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD })).status).toBe(200);
    await refused(changed, a.token);

    const reset = await signUp();
    const b = await pendingChange(reset);
    expect((await post("/api/auth/forgot-password", undefined, { email: reset.email })).status).toBe(200);
    expect((await post("/api/auth/reset-password", undefined, { token: await linkTokenFromOutbox(reset.email, "reset_password"), password: NEW_PASSWORD })).status).toBe(200);
    await refused(reset, b.token);

    const everywhere = await signUp();
    const c = await pendingChange(everywhere);
    expect((await post("/api/account/sign-out-everywhere", everywhere.cookie, {})).status).toBe(200);
    await refused(everywhere, c.token);
  });

  it("a disable retires it too: a disabled account's address does not move", async () => {
    const s = await signUp();
    const { token } = await pendingChange(s);
    expect((await post(`/api/admin/accounts/${s.userId}/disable`, admin.cookie, { reason: "Fraud report" })).status).toBe(200);
    await refused(s, token);
  });

  it("a newer change replaces an older one (a mistyped address): the older link changes nothing, the newer one works", async () => {
    const s = await signUp();
    const typo = await pendingChange(s);
    const right = uniqueEmail("right");
    expect((await post("/api/account/email", s.cookie, { email: right, currentPassword: GOOD_PASSWORD })).status).toBe(202);
    await refused(s, typo.token);
    expect((await post("/api/auth/verify-email", undefined, { token: await linkTokenFromOutbox(right, "verify_email") })).status).toBe(200);
    expect(await accountEmail(s.userId)).toBe(right);
  });

  it("the account's own confirmation link is not retired by any of these", async () => {
    const s = await signUp(uniqueEmail(), GOOD_PASSWORD, { verified: false });
    const own = await linkTokenFromOutbox(s.email, "verify_email");
    await pendingChange(s);
    expect((await post("/api/account/password", s.cookie, { currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD })).status).toBe(200);
    const res = await post("/api/auth/verify-email", undefined, { token: own });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ email: s.email, changed: false, already: false });
  });
});

describe("the console's free Featured and Sticky marks, clicked twice, ten at once, or from a stale tab", () => {
  async function liveJob() {
    const s = await signUp();
    const open = await openCheckout(s);
    await pay(open.id);
    return open.jobId;
  }
  const mark = (jobId: string, enhancement: string, on: boolean, headers: Record<string, string> = {}) =>
    call(`/api/admin/jobs/${jobId}/enhancement`, { method: "POST", cookie: admin.cookie, json: { reason: "Launch promotion", enhancement, on }, headers });
  const audits = (jobId: string) => count("SELECT count(*) AS n FROM admin_audit WHERE target_id = ? AND action LIKE 'job.%mark_%'", jobId);
  const marks = async (jobId: string) => JSON.parse((await env.DB.prepare("SELECT enhancements FROM jobs WHERE id = ?").bind(jobId).first<{ enhancements: string }>())!.enhancements) as string[];

  it("ten identical marks at once: the job is marked once, one audit row; the others are a 409 that says it is marked already", async () => {
    const jobId = await liveJob();
    const answers = await Promise.all(Array.from({ length: 10 }, () => mark(jobId, "featured", true)));
    expect(answers.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(await audits(jobId)).toBe(1);
    expect(await marks(jobId)).toEqual(["featured"]);
    const again = await mark(jobId, "featured", true);
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: "already_marked", error: "This job is already marked Featured." });
    expect(await audits(jobId)).toBe(1);
  });

  it("taking off a mark the job does not have (another operator took it off meanwhile) is a 409 that changes nothing and writes no audit row, in the console's language", async () => {
    const jobId = await liveJob();
    const off = await mark(jobId, "sticky", false);
    expect(off.status).toBe(409);
    expect(await off.json()).toMatchObject({ code: "not_marked", error: "This job is not marked Sticky." });
    const arabic = await mark(jobId, "featured", false, { "Accept-Language": "ar" });
    expect(await arabic.json()).toMatchObject({ code: "not_marked", error: "هذه الوظيفة غير مميّزة حاليًا، فلا يوجد تمييز لإلغائه." });
    expect(await audits(jobId)).toBe(0);
    expect((await mark(jobId, "sticky", true)).status).toBe(200);
    const offs = await Promise.all(Array.from({ length: 10 }, () => mark(jobId, "sticky", false)));
    expect(offs.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(await audits(jobId)).toBe(2);
    expect(await marks(jobId)).toEqual([]);
  });
});

describe("two operators marking one job at once", () => {
  it("one marks it Featured while the other marks it Sticky: both marks stay, each recorded once", async () => {
    const s = await signUp();
    const open = await openCheckout(s);
    await pay(open.id);
    const mark = (enhancement: string) => call(`/api/admin/jobs/${open.jobId}/enhancement`, { method: "POST", cookie: admin.cookie, json: { reason: "Launch promotion", enhancement, on: true } });
    const answers = await Promise.all(["featured", "sticky", "featured", "sticky", "featured", "sticky"].map(mark));
    expect(answers.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const row = await env.DB.prepare("SELECT enhancements FROM jobs WHERE id = ?").bind(open.jobId).first<{ enhancements: string }>();
    expect((JSON.parse(row!.enhancements) as string[]).sort()).toEqual(["featured", "sticky"]);
    expect(await count("SELECT count(*) AS n FROM admin_audit WHERE target_id = ? AND action = 'job.mark_featured'", open.jobId)).toBe(1);
    expect(await count("SELECT count(*) AS n FROM admin_audit WHERE target_id = ? AND action = 'job.mark_sticky'", open.jobId)).toBe(1);
    expect(await (await mark("sticky")).json()).toMatchObject({ code: "already_marked", error: "This job is already marked Sticky." });
  });
});

describe("a session that starts while the owner ends every session", () => {
  const NEW_PASSWORD = "An0ther!Passw0rd";
  const me = async (cookie: string) => ((await (await call("/api/auth/me", { cookie })).json()) as { user: { id: string } | null }).user;
  const changePassword = async (s: Session) => {
    const res = await post("/api/account/password", s.cookie, { currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.status).toBe(200);
  };

  it("a refresh whose token was claimed just before the owner's password change gets no session that outlives it", async () => {
    const owner = await signUp();
    // The other device (a copied refresh token) refreshes at the moment the owner changes the password elsewhere.
    const other = cookiesFrom(await call("/api/auth/sign-in", { method: "POST", json: { email: owner.email, password: GOOD_PASSWORD }, headers: { "CF-Connecting-IP": "10.43.0.1" } }));
    const race = racing("SET rotated_at", () => changePassword(owner));
    const res = await app.request("/api/auth/refresh", { method: "POST", headers: { Cookie: other, Origin: ORIGIN } }, { ...env, DB: race.db });
    expect(race.raced()).toBe(true);
    const after = cookiesFrom(res, other);
    expect(await me(after)).toBeNull();
    expect((await post("/api/auth/refresh", after, {})).status).toBe(401);
  });

  it("a sign-in with the old password that read the account just before the change gets no session that outlives it", async () => {
    const owner = await signUp();
    const race = racing("SELECT id, password_hash", () => changePassword(owner));
    const res = await app.request(
      "/api/auth/sign-in",
      { method: "POST", headers: { Origin: ORIGIN, "Content-Type": "application/json", "CF-Connecting-IP": "10.43.0.2" }, body: JSON.stringify({ email: owner.email, password: GOOD_PASSWORD }) },
      { ...env, DB: race.db },
    );
    expect(race.raced()).toBe(true);
    const after = cookiesFrom(res);
    expect(await me(after)).toBeNull();
    expect((await post("/api/auth/refresh", after, {})).status).toBe(401);
  });
});

describe("disabling or enabling an account tells its owner, once, in their language (helper 45)", () => {
  type Mail = { subject: string; text: string; html: string };
  const accountMails = async (to: string, kind: string) =>
    (await env.DB.prepare(`SELECT subject, text, html FROM mail_outbox WHERE "to" = ? AND kind = ? ORDER BY created_at, rowid`).bind(to, kind).all<Mail>()).results;
  const audits = (id: string, action: string) => count("SELECT count(*) AS n FROM admin_audit WHERE target_id = ? AND action = ?", id, action);
  /** An owner with one job on the board and one draft nobody paid for (held with the account, but never on the board). */
  async function ownerWithJobs(s: Session, headers: Record<string, string> = {}) {
    const live = await openCheckout(s, headers);
    await pay(live.id);
    await openCheckout(s, headers);
    return live.jobId;
  }

  it("ten disables at once: one e-mail saying the board suspended the account, how many of its jobs left the board, the reason and how to reach support; one audit row", async () => {
    const s = await signUp();
    const jobId = await ownerWithJobs(s);
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(`/api/admin/accounts/${s.userId}/disable`, admin.cookie, { reason: "Fraud report" })));
    expect(answers.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(await audits(s.userId, "account.disable")).toBe(1);
    const mails = await accountMails(s.email, "account_disabled");
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe("Your account is suspended");
    expect(mail!.text).toContain(`Our team suspended your account (${s.email}).`);
    expect(mail!.text).toContain("Jobs taken off the board: 1");
    expect(mail!.text).toContain("Reason: Fraud report");
    expect(mail!.text).toContain("support@startupjobs.example");
    expect(mail!.html).toContain("mailto:support@startupjobs.example");
    expect((await call(`/api/jobs/${jobId}`)).status).not.toBe(200);
    // Only the disable told them: no e-mail per job.
    expect(await mailKinds(s.email)).not.toContain("job_removed");
  });

  it("ten enables at once with 'restore its jobs': one e-mail that the account is enabled and its jobs are back; without it, one that they stay off the board", async () => {
    const s = await signUp();
    const jobId = await ownerWithJobs(s);
    expect((await post(`/api/admin/accounts/${s.userId}/disable`, admin.cookie, { reason: "Fraud report" })).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(`/api/admin/accounts/${s.userId}/enable`, admin.cookie, { reason: "Cleared by support", restoreJobs: true })));
    expect(answers.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(await audits(s.userId, "account.enable")).toBe(1);
    const enabled = await accountMails(s.email, "account_enabled");
    expect(enabled).toHaveLength(1);
    expect(enabled[0]!.subject).toBe("Your account is enabled again");
    expect(enabled[0]!.text).toContain(`Our team enabled your account (${s.email}) again: you can sign in.`);
    expect(enabled[0]!.text).toContain("Your jobs taken off the board with your account are back as they were");
    expect(enabled[0]!.text).toContain("If you have a question, write to us at support@startupjobs.example.");
    expect((await call(`/api/jobs/${jobId}`)).status).toBe(200);

    // Disabled again, enabled without its jobs: told each time, and that the jobs stay off the board.
    expect((await post(`/api/admin/accounts/${s.userId}/disable`, admin.cookie, { reason: "Second report" })).status).toBe(200);
    expect((await post(`/api/admin/accounts/${s.userId}/enable`, admin.cookie, { reason: "Cleared again" })).status).toBe(200);
    expect(await accountMails(s.email, "account_disabled")).toHaveLength(2);
    const again = await accountMails(s.email, "account_enabled");
    expect(again).toHaveLength(2);
    expect(again[1]!.text).toContain("Your jobs taken off the board with your account stay off it");
    expect((await call(`/api/jobs/${jobId}`)).status).not.toBe(200);
  });

  it("an owner whose account reads Arabic is told in Arabic", async () => {
    const email = `ar-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const up = await call("/api/auth/sign-up", {
      method: "POST",
      json: { email, password: GOOD_PASSWORD, name: "مالك" },
      headers: { "CF-Connecting-IP": "10.45.1.1", "Accept-Language": "ar", Referer: `${ORIGIN}/ar/sign-up` },
    });
    expect(up.status).toBe(201);
    const s = { cookie: cookiesFrom(up), userId: ((await up.json()) as { user: { id: string } }).user.id, email };
    expect((await post("/api/auth/verify-email", undefined, { token: await linkTokenFromOutbox(email, "verify_email") })).status).toBe(200);
    await ownerWithJobs(s, { "Accept-Language": "ar", Referer: `${ORIGIN}/ar/post` });
    expect((await post(`/api/admin/accounts/${s.userId}/disable`, admin.cookie, { reason: "Fraud report" })).status).toBe(200);
    const [disabled] = await accountMails(email, "account_disabled");
    expect(disabled!.subject).toBe("عُلِّق حسابك");
    expect(disabled!.text).toContain("الوظائف التي أُزيلت من الموقع: \u20681\u2069");
    expect((await post(`/api/admin/accounts/${s.userId}/enable`, admin.cookie, { reason: "Cleared", restoreJobs: true })).status).toBe(200);
    const [enabled] = await accountMails(email, "account_enabled");
    expect(enabled!.subject).toBe("أُعيد تفعيل حسابك");
  });
});

describe("a credit post of a submission the board is holding (helper 45)", () => {
  const job = (id: string) => env.DB.prepare("SELECT * FROM jobs WHERE id = ?").bind(id).first();
  const balance = async (s: Session) => ((await (await call("/api/credits", { cookie: s.cookie })).json()) as { totalPostsRemaining: number }).totalPostsRemaining;

  it("an unpaid draft an operator unpublished, or deleted, is never replaced: 409 removed_by_board, no credit spent, nothing changed", async () => {
    for (const action of ["unpublish", "delete"]) {
      const s = await signUp();
      const credits = (await (await post("/api/checkout/credits", s.cookie, { bundleId: "basic" })).json()) as { id: string };
      await pay(credits.id);
      const submissionId = crypto.randomUUID();
      const res = await checkoutJob(s.cookie, { job: jobDetails(), purchase: purchase({ email: s.email }), submissionId });
      const open = (await res.json()) as { jobId: string };
      expect((await post(`/api/admin/jobs/${open.jobId}/${action}`, admin.cookie, { reason: "Spam posting" })).status).toBe(200);
      const before = await job(open.jobId);
      const left = await balance(s);
      expect(left).toBeGreaterThan(0);
      const posted = await post("/api/jobs/with-credit", s.cookie, { job: jobDetails(), submissionId });
      expect(posted.status, action).toBe(409);
      expect(await posted.json(), action).toMatchObject({
        code: "removed_by_board",
        error: "This job was removed by the board. Only the board can restore it: contact us if you think this is a mistake.",
      });
      expect(await job(open.jobId), action).toEqual(before);
      expect(await balance(s), action).toBe(left);
      expect(await count("SELECT count(*) AS n FROM credit_uses WHERE job_id = ?", open.jobId), action).toBe(0);
      expect(await count("SELECT count(*) AS n FROM jobs WHERE submission_id = ?", submissionId), action).toBe(1);

      // A new card checkout of the same submission does not replace it either.
      const again = await checkoutJob(s.cookie, { job: jobDetails(), purchase: purchase({ email: s.email }), submissionId });
      expect(again.status, action).toBe(409);
      expect(await again.json(), action).toMatchObject({ code: "removed_by_board" });
      expect(await job(open.jobId), action).toEqual(before);
    }
  });
  it("an operator's unpublish that lands just after the credit post read the draft: the batch leaves the draft held, spends no credit, and answers removed_by_board", async () => {
    const s = await signUp();
    const credits = (await (await post("/api/checkout/credits", s.cookie, { bundleId: "basic" })).json()) as { id: string };
    await pay(credits.id);
    const submissionId = crypto.randomUUID();
    const open = (await (await checkoutJob(s.cookie, { job: jobDetails(), purchase: purchase({ email: s.email }), submissionId })).json()) as { jobId: string };
    const left = await balance(s);
    const race = racing("SELECT id, user_id, published, review, removed_at", async () => {
      expect((await post(`/api/admin/jobs/${open.jobId}/unpublish`, admin.cookie, { reason: "Spam posting" })).status).toBe(200);
    });
    const res = await app.request(
      "/api/jobs/with-credit",
      { method: "POST", headers: { Origin: ORIGIN, Cookie: s.cookie, "Content-Type": "application/json" }, body: JSON.stringify({ job: jobDetails(), submissionId }) },
      { ...env, DB: race.db },
    );
    expect(race.raced()).toBe(true);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: "removed_by_board" });
    const row = await env.DB.prepare("SELECT removed_at, removed_by, published FROM jobs WHERE id = ?").bind(open.jobId).first<{ removed_at: number | null; removed_by: string; published: number }>();
    expect(row).toMatchObject({ removed_by: "operator", published: 0 });
    expect(row!.removed_at).not.toBeNull();
    expect(await balance(s)).toBe(left);
    expect(await count("SELECT count(*) AS n FROM credit_uses WHERE job_id = ?", open.jobId)).toBe(0);
  });
});

describe("the overview's range (helper 45)", () => {
  it("a `from` after `to` is a 400 that says so, in the console's language; the exports and the lists refuse it too", async () => {
    const res = await call("/api/admin/overview?from=2026-03-10&to=2026-03-01", { cookie: admin.cookie });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: "The range starts after it ends: choose a From day on or before the To day." });
    const ar = await call("/api/admin/overview?from=2026-03-10&to=2026-03-01", { cookie: admin.cookie, headers: { "Accept-Language": "ar" } });
    expect(ar.status).toBe(400);
    expect(await ar.json()).toMatchObject({ error: "تاريخ البداية بعد تاريخ النهاية: اختر في «من» يومًا يسبق يوم «إلى» أو يساويه." });
    expect((await call("/api/admin/export/orders?from=2026-03-10&to=2026-03-01", { cookie: admin.cookie })).status).toBe(400);
    expect((await call("/api/admin/jobs?from=2026-03-10&to=2026-03-01", { cookie: admin.cookie })).status).toBe(400);
    // Only `from`, after today (the overview's `to` is today then): the same answer.
    expect((await call("/api/admin/overview?from=2999-01-01", { cookie: admin.cookie })).status).toBe(400);
    // One day (from = to) is a range.
    expect((await call("/api/admin/overview?from=2026-03-01&to=2026-03-01", { cookie: admin.cookie })).status).toBe(200);
  });
});
