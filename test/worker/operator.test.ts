// The operator's word (issue 23, items 7 to 14): a takedown holds ("Removed by the board", only an operator
// lifts it), the owner is told by e-mail in their language, disabling an account holds its jobs, admins
// cannot lock the board out, a replay that fails says so, the console's lists page through thousands of
// rows on their indexes, the overview's numbers and CSV exports, and the small leaks.
import { env, exports } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { DEV_ADMIN_EMAIL } from "../../worker/admin/gate";
import { app } from "../../worker/app";
import type { Env } from "../../worker/env";
import { REMOVED_BY_BOARD } from "../../worker/jobs/takedown";
import { ORIGIN, adminSession, call, signUp, verifyAddress } from "../support/auth";
import type { Session } from "../support/auth";
import { expectConsoleError } from "../support/console-guard";
import { checkoutJob, jobDetails, purchase } from "../support/fixtures";

let admin: Session;
beforeAll(async () => {
  admin = await adminSession(DEV_ADMIN_EMAIL);
});

const post = (path: string, cookie: string | undefined, json: unknown) => call(path, { method: "POST", cookie, json });
const count = async (sql: string, ...params: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...params)
    .first<{ n: number }>())!.n;
const onBoard = async (jobId: string) => (await call(`/api/jobs/${jobId}`)).status === 200;
const mailTo = (to: string, kind: string) =>
  env.DB.prepare(`SELECT subject, text, html FROM mail_outbox WHERE "to" = ? AND kind = ? ORDER BY created_at`).bind(to, kind).all<{ subject: string; text: string; html: string }>();

async function paidJob(s: Session, title = `Engineer ${crypto.randomUUID().slice(0, 8)}`, headers: Record<string, string> = {}) {
  const res = await checkoutJob(s.cookie, { job: jobDetails({ title }), purchase: purchase(), submissionId: crypto.randomUUID() }, headers);
  const { id, orderId, jobId } = (await res.json()) as { id: string; orderId: string; jobId: string };
  await exports.default.fetch(`http://localhost/api/emulator/checkout/${id}/pay`, { method: "POST", redirect: "manual" });
  return { sessionId: id, orderId, jobId };
}

/** An owner who signed up on /ar (their account's language is Arabic), with a confirmed address: paying waits for one (issue 23). */
async function arabicOwner(ip: string): Promise<Session> {
  const email = `ar-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const res = await call("/api/auth/sign-up", {
    method: "POST",
    json: { email, password: "Str0ng!Passw0rd", name: "مالك" },
    headers: { "CF-Connecting-IP": ip, "Accept-Language": "ar", Referer: `${ORIGIN}/ar/sign-up` },
  });
  expect(res.status).toBe(201);
  const session = {
    cookie: res.headers
      .getSetCookie()
      .map((l) => l.split(";")[0])
      .join("; "),
    userId: "",
    email,
  };
  await verifyAddress(session);
  return session;
}

const dashboardJob = async (s: Session, jobId: string) =>
  ((await (await call("/api/dashboard/jobs", { cookie: s.cookie })).json()) as { jobs: { id: string; status: string; removal: { reason: string } | null }[] }).jobs.find((j) => j.id === jobId);

const edit = (s: Session, jobId: string) =>
  call(`/api/dashboard/jobs/${jobId}`, {
    method: "PATCH",
    cookie: s.cookie,
    json: { title: "Renamed by the owner", company: "Acme", location: "Doha", category: "Engineering", salary: "$1k - $2k", equity: "0% - 1%", description: jobDetails().description },
  });

describe("item 7: a takedown holds", () => {
  it("after an operator's Unpublish the owner's Activate, repost and edit answer 409 'removed by the board' and change nothing; the dashboard shows the reason", async () => {
    const owner = await signUp();
    const { jobId } = await paidJob(owner);
    expect(await onBoard(jobId)).toBe(true);
    const res = await post(`/api/admin/jobs/${jobId}/unpublish`, admin.cookie, { reason: "Misleading salary range" });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { job: { state: string; removal: { reason: string; by: string } } }).job).toMatchObject({
      state: "removed",
      removal: { reason: "Misleading salary range", by: "operator" },
    });
    expect(await onBoard(jobId)).toBe(false);
    for (const attempt of [() => post(`/api/dashboard/jobs/${jobId}/activate`, owner.cookie, {}), () => post(`/api/dashboard/jobs/${jobId}/repost`, owner.cookie, {}), () => edit(owner, jobId)]) {
      const answer = await attempt();
      expect(answer.status).toBe(409);
      expect(await answer.json()).toEqual({ error: REMOVED_BY_BOARD, code: "removed_by_board" });
    }
    expect(await onBoard(jobId)).toBe(false);
    expect(await env.DB.prepare("SELECT title, published FROM jobs WHERE id = ?").bind(jobId).first()).toMatchObject({ published: 0 });
    expect(await dashboardJob(owner, jobId)).toMatchObject({ status: "removed", removal: { reason: "Misleading salary range" } });
    // Ten activations at once: none goes through.
    const many = await Promise.all(Array.from({ length: 10 }, () => post(`/api/dashboard/jobs/${jobId}/activate`, owner.cookie, {})));
    expect(many.map((r) => r.status)).toEqual(Array(10).fill(409));
    expect(await onBoard(jobId)).toBe(false);
  });

  it("after an operator's Delete the owner's dashboard shows 'removed' (not active) and Activate is refused, while the public API answers 410", async () => {
    const owner = await signUp();
    const { jobId } = await paidJob(owner);
    expect((await post(`/api/admin/jobs/${jobId}/delete`, admin.cookie, { reason: "Scam reported by candidates" })).status).toBe(200);
    expect((await call(`/api/jobs/${jobId}`)).status).toBe(410);
    expect(await dashboardJob(owner, jobId)).toMatchObject({ status: "removed", removal: { reason: "Scam reported by candidates" } });
    expect((await post(`/api/dashboard/jobs/${jobId}/activate`, owner.cookie, {})).status).toBe(409);
    expect((await call(`/api/jobs/${jobId}`)).status).toBe(410);
  });

  it("only an operator lifts it: Restore brings the job back as it was, and the owner may act again", async () => {
    const owner = await signUp();
    const { jobId } = await paidJob(owner);
    await post(`/api/admin/jobs/${jobId}/unpublish`, admin.cookie, { reason: "Checking the company" });
    expect((await post(`/api/admin/jobs/${jobId}/restore`, admin.cookie, { reason: "The company checked out" })).status).toBe(200);
    expect(await onBoard(jobId)).toBe(true);
    expect(await dashboardJob(owner, jobId)).toMatchObject({ status: "active", removal: null });
    expect((await post(`/api/dashboard/jobs/${jobId}/deactivate`, owner.cookie, {})).status).toBe(200);
    expect((await post(`/api/dashboard/jobs/${jobId}/activate`, owner.cookie, {})).status).toBe(200);
    // A job the owner had switched off comes back switched off.
    await post(`/api/dashboard/jobs/${jobId}/deactivate`, owner.cookie, {});
    await post(`/api/admin/jobs/${jobId}/unpublish`, admin.cookie, { reason: "Checking again" });
    const restored = await post(`/api/admin/jobs/${jobId}/restore`, admin.cookie, { reason: "Fine after all" });
    expect(((await restored.json()) as { job: { state: string } }).job.state).toBe("inactive");
    expect(await onBoard(jobId)).toBe(false);
  });

  it("the same takedown twice, or ten at once: one audit row and one e-mail; a second Unpublish is a 409", async () => {
    const owner = await signUp();
    const { jobId } = await paidJob(owner);
    const results = await Promise.all(Array.from({ length: 10 }, () => post(`/api/admin/jobs/${jobId}/unpublish`, admin.cookie, { reason: "Duplicate of another post" })));
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(await count("SELECT count(*) AS n FROM admin_audit WHERE target_id = ? AND action = 'job.unpublish'", jobId)).toBe(1);
    expect((await mailTo(owner.email, "job_removed")).results).toHaveLength(1);
    const again = await post(`/api/admin/jobs/${jobId}/unpublish`, admin.cookie, { reason: "Duplicate of another post" });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { code: string }).code).toBe("already_removed");
  });
});

describe("item 8: the owner is told", () => {
  it("a takedown (with the reason) and a restore each send one e-mail to the owner", async () => {
    const owner = await signUp();
    const { jobId } = await paidJob(owner, "Growth Marketer");
    await post(`/api/admin/jobs/${jobId}/unpublish`, admin.cookie, { reason: "The apply link is broken" });
    const removed = (await mailTo(owner.email, "job_removed")).results;
    expect(removed).toHaveLength(1);
    expect(removed[0]!.subject).toContain("Your job was removed from the board: Growth Marketer");
    expect(removed[0]!.text).toContain("Reason: The apply link is broken");
    await post(`/api/admin/jobs/${jobId}/restore`, admin.cookie, { reason: "Link fixed" });
    const restored = (await mailTo(owner.email, "job_restored")).results;
    expect(restored).toHaveLength(1);
    expect(restored[0]!.subject).toContain("Your job is back: Growth Marketer");
    expect(restored[0]!.text).toContain("live on the board again");
    // Deleting a job already removed tells nothing new.
    await post(`/api/admin/jobs/${jobId}/unpublish`, admin.cookie, { reason: "Broken again" });
    await post(`/api/admin/jobs/${jobId}/delete`, admin.cookie, { reason: "Gone for good" });
    expect((await mailTo(owner.email, "job_removed")).results).toHaveLength(2);
  });

  it("in the owner's language: an account made on /ar gets the takedown e-mail in Arabic", async () => {
    const session = await arabicOwner("10.77.1.2");
    const { email } = session;
    expect(await env.DB.prepare("SELECT locale FROM accounts WHERE email = ?").bind(email).first()).toEqual({ locale: "ar" });
    // Bought on the Arabic pages (the account's language follows its last checkout, decision 0509).
    const { jobId } = await paidJob(session, "Designer", { "Accept-Language": "ar" });
    await post(`/api/admin/jobs/${jobId}/unpublish`, admin.cookie, { reason: "Spam" });
    const [mail] = (await mailTo(email, "job_removed")).results;
    // The title and the company are isolated (FSI … PDI), so a Latin name keeps its place in the Arabic line.
    expect(mail!.subject).toBe("أُزيلت وظيفتك من الموقع: \u2068Designer\u2069 لدى \u2068Acme Labs\u2069");
    // The reason is isolated in the Arabic line (FSI … PDI), as every value a label introduces.
    expect(mail!.text).toContain("السبب: \u2068Spam\u2069");
    expect(mail!.html).toContain('lang="ar" dir="rtl"');
  });

  it("a reason picked from the list reaches an Arabic owner in Arabic, in the e-mail and on the dashboard; the typed one stays the board's", async () => {
    const session = await arabicOwner("10.77.1.3");
    const { email } = session;
    // Bought on the Arabic pages (the account's language follows its last checkout, decision 0509).
    const { jobId } = await paidJob(session, "Designer", { "Accept-Language": "ar" });
    // A code the list does not have: 400 in the operator's language, nothing changed, nobody told.
    const wrong = await post(`/api/admin/jobs/${jobId}/unpublish`, admin.cookie, { reason: "Copy of another post", ownerReason: "boring" });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(await wrong.json())).toContain("Choose what the owner is told from the list");
    expect(await onBoard(jobId)).toBe(true);
    expect((await mailTo(email, "job_removed")).results).toHaveLength(0);

    const done = await post(`/api/admin/jobs/${jobId}/unpublish`, admin.cookie, { reason: "Copy of another post", ownerReason: "duplicate" });
    expect(done.status).toBe(200);
    // The console keeps the typed reason, and says which the owner read.
    expect(((await done.json()) as { job: { removal: unknown } }).job.removal).toMatchObject({ reason: "Copy of another post", ownerReason: "duplicate" });
    const [mail] = (await mailTo(email, "job_removed")).results;
    expect(mail!.text).toContain("السبب: \u2068الإعلان مكرّر لوظيفة منشورة على الموقع.\u2069");
    expect(mail!.text).not.toContain("Copy of another post");
    expect(await dashboardJob(session, jobId)).toMatchObject({ status: "removed", removal: { reason: "Copy of another post", ownerReason: "duplicate" } });
    expect(await env.DB.prepare("SELECT reason FROM admin_audit WHERE target_id = ? AND action = 'job.unpublish'").bind(jobId).first()).toEqual({ reason: "Copy of another post" });
    // Restored, the job forgets both; taken down again without a pick, the owner reads the typed reason.
    expect((await post(`/api/admin/jobs/${jobId}/restore`, admin.cookie, { reason: "Checked again" })).status).toBe(200);
    expect(await env.DB.prepare("SELECT removed_reason, removed_reason_code FROM jobs WHERE id = ?").bind(jobId).first()).toEqual({ removed_reason: null, removed_reason_code: null });
    await post(`/api/admin/jobs/${jobId}/delete`, admin.cookie, { reason: "Spam" });
    expect((await mailTo(email, "job_removed")).results[1]!.text).toContain("السبب: \u2068Spam\u2069");
  });

  it("a job with no owner to tell (seeded) is taken down without an e-mail", async () => {
    const id = crypto.randomUUID();
    const { insertJobs } = await import("../../worker/jobs/store");
    await insertJobs(env.DB, [
      {
        id,
        title: "Seeded role",
        company: "Seed Co",
        location: "Remote",
        category: "Engineering",
        type: "Full-time",
        tags: [],
        description: "<p>Seeded</p>",
        applyUrl: "https://example.com",
        plan: "standard",
        enhancements: [],
        published: 1,
        source: "seed",
      } as never,
    ]);
    const before = await count("SELECT count(*) AS n FROM mail_outbox");
    expect((await post(`/api/admin/jobs/${id}/unpublish`, admin.cookie, { reason: "Old seed data" })).status).toBe(200);
    expect(await count("SELECT count(*) AS n FROM mail_outbox")).toBe(before);
  });
});

describe("item 9: disabling an account holds its jobs", () => {
  it("a disabled user's jobs leave the board ('Removed by the board', the disable's reason); enabling with restoreJobs brings them back, without it they stay", async () => {
    const owner = await signUp();
    const a = await paidJob(owner);
    const b = await paidJob(owner);
    await post(`/api/dashboard/jobs/${b.jobId}/deactivate`, owner.cookie, {});
    expect(await onBoard(a.jobId)).toBe(true);
    // What the disable dialog tells the operator: two jobs, one of them on the board (it leaves it).
    const before = (await (await call(`/api/admin/accounts?q=${encodeURIComponent(owner.email)}`, { cookie: admin.cookie })).json()) as { accounts: { jobs: number; liveJobs: number }[] };
    expect(before.accounts[0]).toMatchObject({ jobs: 2, liveJobs: 1 });
    expect((await post(`/api/admin/accounts/${owner.userId}/disable`, admin.cookie, { reason: "Fraudulent postings" })).status).toBe(200);
    expect(await onBoard(a.jobId)).toBe(false);
    const rows = await env.DB.prepare("SELECT id, removed_by, removed_reason FROM jobs WHERE user_id = ? ORDER BY id").bind(owner.userId).all();
    expect(rows.results.every((r) => r.removed_by === "account" && r.removed_reason === "Fraudulent postings")).toBe(true);
    const listed = (await (await call(`/api/admin/accounts?q=${encodeURIComponent(owner.email)}`, { cookie: admin.cookie })).json()) as { accounts: { heldJobs: number; disabled: boolean }[] };
    expect(listed.accounts[0]).toMatchObject({ heldJobs: 2, disabled: true, liveJobs: 0 });
    // Enabling without restoring: the jobs stay down.
    expect((await post(`/api/admin/accounts/${owner.userId}/enable`, admin.cookie, { reason: "Cleared", restoreJobs: false })).status).toBe(200);
    expect(await onBoard(a.jobId)).toBe(false);
    // Disabled again, then enabled with restoreJobs: the live one is live again, the switched-off one stays off.
    await post(`/api/admin/accounts/${owner.userId}/disable`, admin.cookie, { reason: "Again" });
    expect((await post(`/api/admin/accounts/${owner.userId}/enable`, admin.cookie, { reason: "Cleared for good", restoreJobs: true })).status).toBe(200);
    // The first enable left them removed with the first disable's reason; the second disable did not touch them, so restoreJobs releases both.
    expect(await onBoard(a.jobId)).toBe(true);
    expect(await onBoard(b.jobId)).toBe(false);
    expect(await count("SELECT count(*) AS n FROM jobs WHERE user_id = ? AND removed_at IS NOT NULL", owner.userId)).toBe(0);
  });

  it("a Spotlight subscriber's public company jobs leave the board with the account, and come back when it is enabled with restoreJobs", async () => {
    const { subscriber, spotlightJob, publicJobIds } = await import("../support/spotlight");
    const s = await subscriber();
    const created = await call(`/api/spotlight/companies/${s.companyId}/jobs`, { method: "POST", cookie: s.cookie, json: { job: spotlightJob() } });
    const { id: jobId } = (await created.json()) as { id: string };
    await call(`/api/spotlight/companies/${s.companyId}/jobs/${jobId}/publish`, { method: "POST", cookie: s.cookie });
    await call(`/api/spotlight/companies/${s.companyId}/publish`, { method: "POST", cookie: s.cookie });
    expect(await publicJobIds(s.companyId)).toEqual([jobId]);
    expect(await onBoard(jobId)).toBe(true);
    // The console counts the company's jobs as the account's: its dialog said «لا وظائف» while the disable took this
    // one down (the ninth reading, in the console).
    const listed = async () =>
      ((await (await call(`/api/admin/accounts?q=${encodeURIComponent(s.email)}`, { cookie: admin.cookie })).json()) as { accounts: { jobs: number; liveJobs: number; heldJobs: number }[] })
        .accounts[0];
    expect(await listed()).toMatchObject({ jobs: 1, liveJobs: 1, heldJobs: 0, companyPage: true });
    const page = async () => (await call(`/api/companies/${s.companyId}`)).status;
    const sitemap = async () => (await (await call("/sitemap-companies-1.xml")).text()).includes(`/company/${s.companyId}<`);
    expect(await page()).toBe(200);
    expect((await post(`/api/admin/accounts/${s.userId}/disable`, admin.cookie, { reason: "Chargeback fraud" })).status).toBe(200);
    expect(await listed()).toMatchObject({ jobs: 1, liveJobs: 0, heldJobs: 1 });
    // The company page goes with the account (the re-reading found it public, without its jobs), and leaves the sitemap.
    expect(await page()).toBe(404);
    expect(await sitemap()).toBe(false);
    expect(await onBoard(jobId)).toBe(false);
    expect(await env.DB.prepare("SELECT removed_by, removed_reason FROM jobs WHERE id = ?").bind(jobId).first()).toEqual({ removed_by: "account", removed_reason: "Chargeback fraud" });
    expect((await post(`/api/admin/accounts/${s.userId}/enable`, admin.cookie, { reason: "Cleared", restoreJobs: true })).status).toBe(200);
    expect(await onBoard(jobId)).toBe(true);
    expect(await page()).toBe(200);
    expect(await sitemap()).toBe(true);
  });

  it("enabling with restoreJobs does not lift a takedown an operator made on its own", async () => {
    const owner = await signUp();
    const { jobId } = await paidJob(owner);
    await post(`/api/admin/jobs/${jobId}/unpublish`, admin.cookie, { reason: "Misleading" });
    await post(`/api/admin/accounts/${owner.userId}/disable`, admin.cookie, { reason: "Fraud" });
    await post(`/api/admin/accounts/${owner.userId}/enable`, admin.cookie, { reason: "Cleared", restoreJobs: true });
    expect(await onBoard(jobId)).toBe(false);
    expect(await env.DB.prepare("SELECT removed_by, removed_reason FROM jobs WHERE id = ?").bind(jobId).first()).toEqual({ removed_by: "operator", removed_reason: "Misleading" });
  });

  it("ten disables at once: one audit row; disabling a disabled account is a 409", async () => {
    const owner = await signUp();
    await paidJob(owner);
    const results = await Promise.all(Array.from({ length: 10 }, () => post(`/api/admin/accounts/${owner.userId}/disable`, admin.cookie, { reason: "Fraud" })));
    expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    expect(await count("SELECT count(*) AS n FROM admin_audit WHERE target_id = ? AND action = 'account.disable'", owner.userId)).toBe(1);
    expect((await post(`/api/admin/accounts/${owner.userId}/disable`, admin.cookie, { reason: "Fraud" })).status).toBe(409);
  });
});

describe("item 10: admins cannot lock the board out", () => {
  const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
  /** A request to the app under `vars`, with a cookie or headers (an Access assertion). */
  const as = (vars: Env, auth: { cookie?: string; access?: string }, path: string, json?: unknown) =>
    Promise.resolve(
      app.fetch(
        new Request(`${ORIGIN}${path}`, {
          method: json === undefined ? "GET" : "POST",
          headers: {
            Origin: ORIGIN,
            ...(auth.cookie ? { Cookie: auth.cookie } : {}),
            ...(auth.access ? { "Cf-Access-Jwt-Assertion": auth.access } : {}),
            ...(json === undefined ? {} : { "Content-Type": "application/json" }),
          },
          body: json === undefined ? undefined : JSON.stringify(json),
        }),
        vars,
        ctx,
      ),
    );

  it("no admin can disable their own account", async () => {
    const res = await post(`/api/admin/accounts/${admin.userId}/disable`, admin.cookie, { reason: "Testing myself", confirmAdmin: true });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: "self" });
    expect(await count("SELECT count(*) AS n FROM accounts WHERE id = ? AND disabled_at IS NOT NULL", admin.userId)).toBe(0);
  });

  it("admins are marked in the Accounts list; disabling another admin asks for confirmation (409 confirm_admin) and is in the audit log", async () => {
    const one = await signUp(`ops-one-${crypto.randomUUID().slice(0, 6)}@example.com`);
    const two = await signUp(`ops-two-${crypto.randomUUID().slice(0, 6)}@example.com`);
    const plain = await signUp(`ops-plain-${crypto.randomUUID().slice(0, 6)}@example.com`);
    const vars = { ...env, ADMIN_EMAILS: `${one.email}, ${two.email.toUpperCase()}` } as Env;
    const list = (await (await as(vars, { cookie: one.cookie }, "/api/admin/accounts?q=ops-")).json()) as { accounts: { email: string; admin: boolean; you: boolean }[] };
    expect(list.accounts.find((a) => a.email === two.email)).toMatchObject({ admin: true, you: false });
    expect(list.accounts.find((a) => a.email === one.email)).toMatchObject({ admin: true, you: true });
    expect(list.accounts.find((a) => a.email === plain.email)).toMatchObject({ admin: false, you: false });
    const unconfirmed = await as(vars, { cookie: one.cookie }, `/api/admin/accounts/${two.userId}/disable`, { reason: "Left the company" });
    expect(unconfirmed.status).toBe(409);
    expect(await unconfirmed.json()).toMatchObject({ code: "confirm_admin", error: "This account is an admin. Confirm that you want to disable it." });
    expect(await count("SELECT count(*) AS n FROM accounts WHERE id = ? AND disabled_at IS NOT NULL", two.userId)).toBe(0);
    const confirmed = await as(vars, { cookie: one.cookie }, `/api/admin/accounts/${two.userId}/disable`, { reason: "Left the company", confirmAdmin: true });
    expect(confirmed.status).toBe(200);
    const audit = await env.DB.prepare("SELECT actor, reason, detail FROM admin_audit WHERE target_id = ? AND action = 'account.disable'")
      .bind(two.userId)
      .first<{ actor: string; reason: string; detail: string }>();
    expect(audit).toMatchObject({ actor: one.email, reason: "Left the company" });
    expect(JSON.parse(audit!.detail)).toMatchObject({ email: two.email, admin: true });
    // A plain account needs no confirmation.
    expect((await as(vars, { cookie: one.cookie }, `/api/admin/accounts/${plain.userId}/disable`, { reason: "Spam account" })).status).toBe(200);
  });

  it("the last enabled admin account cannot be disabled, even confirmed (here by a Cloudflare Access operator)", async () => {
    const { SignJWT, exportJWK, generateKeyPair } = await import("jose");
    const { clearAccessKeyCache } = await import("../../worker/admin/gate");
    const { publicKey, privateKey } = await generateKeyPair("RS256");
    const jwk = { ...(await exportJWK(publicKey)), kid: "k1", alg: "RS256", use: "sig" };
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL) => {
      if (String(input instanceof Request ? input.url : input).endsWith("/cdn-cgi/access/certs")) return Response.json({ keys: [jwk] });
      throw new Error(`unexpected fetch ${String(input)}`);
    }) as typeof fetch;
    clearAccessKeyCache();
    try {
      const access = await new SignJWT({ email: "contractor@example.com" })
        .setProtectedHeader({ alg: "RS256", kid: "k1" })
        .setIssuer("https://myteam.cloudflareaccess.com")
        .setAudience("aud-1")
        .setIssuedAt()
        .setExpirationTime("5m")
        .sign(privateKey);
      const last = await signUp(`ops-last-${crypto.randomUUID().slice(0, 6)}@example.com`);
      const gone = await signUp(`ops-gone-${crypto.randomUUID().slice(0, 6)}@example.com`);
      await post(`/api/admin/accounts/${gone.userId}/disable`, admin.cookie, { reason: "Left" });
      const vars = { ...env, ADMIN_EMAILS: `${last.email}, ${gone.email}`, ACCESS_TEAM_DOMAIN: "myteam", ACCESS_AUD: "aud-1" } as Env;
      const res = await as(vars, { access }, `/api/admin/accounts/${last.userId}/disable`, { reason: "Locking everyone out", confirmAdmin: true });
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({ code: "last_admin", error: "This is the last admin account: make another admin before disabling it." });
      expect(await count("SELECT count(*) AS n FROM accounts WHERE id = ? AND disabled_at IS NOT NULL", last.userId)).toBe(0);
      // With a second enabled admin account, the same request goes through.
      await post(`/api/admin/accounts/${gone.userId}/enable`, admin.cookie, { reason: "Back" });
      expect((await as(vars, { access }, `/api/admin/accounts/${last.userId}/disable`, { reason: "Rotating duties", confirmAdmin: true })).status).toBe(200);
    } finally {
      globalThis.fetch = realFetch;
      clearAccessKeyCache();
    }
  });

  it("the last-admin guard counts only admin accounts that verified their address", async () => {
    const { SignJWT, exportJWK, generateKeyPair } = await import("jose");
    const { clearAccessKeyCache } = await import("../../worker/admin/gate");
    const { publicKey, privateKey } = await generateKeyPair("RS256");
    const jwk = { ...(await exportJWK(publicKey)), kid: "k1", alg: "RS256", use: "sig" };
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL) => {
      if (String(input instanceof Request ? input.url : input).endsWith("/cdn-cgi/access/certs")) return Response.json({ keys: [jwk] });
      throw new Error(`unexpected fetch ${String(input)}`);
    }) as typeof fetch;
    clearAccessKeyCache();
    try {
      const access = await new SignJWT({ email: "contractor@example.com" })
        .setProtectedHeader({ alg: "RS256", kid: "k1" })
        .setIssuer("https://myteam.cloudflareaccess.com")
        .setAudience("aud-1")
        .setIssuedAt()
        .setExpirationTime("5m")
        .sign(privateKey);
      const verified = await signUp(`ops-verified-${crypto.randomUUID().slice(0, 6)}@example.com`);
      // Someone signed up with the other admin address but never proved they own it: not an admin.
      const unverified = await signUp(`ops-unverified-${crypto.randomUUID().slice(0, 6)}@example.com`, undefined, { verified: false });
      expect(await count("SELECT count(*) AS n FROM accounts WHERE id = ? AND email_verified_at IS NULL AND disabled_at IS NULL", unverified.userId)).toBe(1);
      const vars = { ...env, ADMIN_EMAILS: `${verified.email}, ${unverified.email}`, ACCESS_TEAM_DOMAIN: "myteam", ACCESS_AUD: "aud-1" } as Env;
      const res = await as(vars, { access }, `/api/admin/accounts/${verified.userId}/disable`, { reason: "Locking everyone out", confirmAdmin: true });
      expect(res.status).toBe(409);
      expect(await res.json()).toMatchObject({ code: "last_admin", error: "This is the last admin account: make another admin before disabling it." });
      expect(await count("SELECT count(*) AS n FROM accounts WHERE id = ? AND disabled_at IS NOT NULL", verified.userId)).toBe(0);
    } finally {
      globalThis.fetch = realFetch;
      clearAccessKeyCache();
    }
  });
});

describe("item 8: approval and rejection are told too (MODERATION=on)", () => {
  const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
  const moderated = { ...env, MODERATION: "on" } as Env;
  async function waitingPost(s: Session, title: string) {
    const res = await checkoutJob(s.cookie, { job: jobDetails({ title }), purchase: purchase(), submissionId: crypto.randomUUID() });
    const { id, jobId } = (await res.json()) as { id: string; jobId: string };
    await app.fetch(new Request(`${ORIGIN}/api/emulator/checkout/${id}/pay`, { method: "POST", headers: { Origin: ORIGIN }, redirect: "manual" }), moderated, ctx);
    return jobId;
  }

  it("approve sends one 'approved and live' e-mail; reject sends one with the reason and the refund", async () => {
    const owner = await signUp();
    const approved = await waitingPost(owner, "Data Engineer");
    const results = await Promise.all(Array.from({ length: 5 }, () => post(`/api/admin/jobs/${approved}/approve`, admin.cookie, { reason: "Looks right" })));
    expect(results.some((r) => r.status === 200)).toBe(true);
    const ok = (await mailTo(owner.email, "job_approved")).results;
    expect(ok).toHaveLength(1);
    expect(ok[0]!.subject).toBe("Your job is approved and live: Data Engineer at Acme Labs");
    const rejected = await waitingPost(owner, "Crypto Promoter");
    expect((await post(`/api/admin/jobs/${rejected}/reject`, admin.cookie, { reason: "Not a startup role" })).status).toBe(200);
    const no = (await mailTo(owner.email, "job_rejected")).results;
    expect(no).toHaveLength(1);
    expect(no[0]!.subject).toBe("Your job was not approved: Crypto Promoter at Acme Labs");
    expect(no[0]!.text).toContain("Reason: Not a startup role");
    expect(no[0]!.text).toContain("refunded in full");
  });
});

describe("item 11: a webhook replay that fails again says so", () => {
  it("answers ok:false with the error, and the audit row records the outcome", async () => {
    const id = `evt_bad_${crypto.randomUUID().slice(0, 8)}`;
    // A charge.refunded without its charge: its handler fails again on replay.
    const event = { id, type: "charge.refunded", data: {} };
    await env.DB.prepare("INSERT INTO stripe_events (id, type, received_at, status, error, payload) VALUES (?, ?, ?, 'failed', 'first failure', ?)")
      .bind(id, event.type, Date.now(), JSON.stringify(event))
      .run();
    expectConsoleError(/webhook\.event_failed/);
    const res = await post(`/api/admin/webhook-events/${id}/replay`, admin.cookie, { reason: "Trying again" });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { ok: boolean; error: string | null; event: { status: string } };
    const audit = await env.DB.prepare("SELECT detail FROM admin_audit WHERE target_id = ? AND action = 'webhook_event.replay'").bind(id).first<{ detail: string }>();
    const detail = JSON.parse(audit!.detail) as { outcome: string; error?: string };
    expect(body).toMatchObject({ ok: false, event: { status: "failed" } });
    expect(body.error).toBeTruthy();
    expect(detail).toMatchObject({ outcome: "failed", error: body.error });
  });
});

describe("item 14: small leaks", () => {
  it("admin API answers carry Cache-Control: no-store (to admins and to everyone else)", async () => {
    for (const cookie of [admin.cookie, undefined]) {
      const res = await call("/api/admin/jobs", { cookie });
      expect(res.headers.get("Cache-Control")).toBe("no-store");
      await res.body?.cancel();
    }
    const action = await post("/api/admin/jobs/nope/unpublish", admin.cookie, { reason: "No such job" });
    expect(action.status).toBe(404);
    expect(action.headers.get("Cache-Control")).toBe("no-store");
  });

  it("/ar/admin answers 404 to non-admins exactly as /admin does, never cached; 200 to an admin", async () => {
    const user = await signUp();
    for (const path of ["/admin", "/ar/admin", "/ar/admin/"]) {
      for (const cookie of [user.cookie, undefined]) {
        const res = await call(path, { cookie });
        expect(res.status, `${path} ${cookie ? "user" : "anonymous"}`).toBe(404);
        expect(res.headers.get("Cache-Control")).toBe("private, no-store");
        await res.body?.cancel();
      }
      const mine = await call(path, { cookie: admin.cookie });
      expect(mine.status).toBe(200);
      expect(mine.headers.get("Cache-Control")).toBe("private, no-store");
      await mine.body?.cancel();
    }
  });

  it("a never-paid draft is a 'draft' in the console, not 'Unpublished', and Restore on it is a 409 that changes nothing", async () => {
    const owner = await signUp();
    const res = await checkoutJob(owner.cookie, { job: jobDetails({ title: "Never paid role" }), purchase: purchase(), submissionId: crypto.randomUUID() });
    const { jobId } = (await res.json()) as { jobId: string };
    const listed = (await (await call(`/api/admin/jobs?q=${jobId}`, { cookie: admin.cookie })).json()) as { jobs: { id: string; state: string; restorable: boolean }[] };
    expect(listed.jobs[0]).toMatchObject({ id: jobId, state: "draft", restorable: false });
    const audit0 = await count("SELECT count(*) AS n FROM admin_audit");
    const restore = await post(`/api/admin/jobs/${jobId}/restore`, admin.cookie, { reason: "Restore it" });
    expect(restore.status).toBe(409);
    expect(await restore.json()).toMatchObject({ code: "never_paid" });
    expect(await count("SELECT count(*) AS n FROM admin_audit")).toBe(audit0);
    const drafts = (await (await call("/api/admin/jobs?state=draft&limit=200", { cookie: admin.cookie })).json()) as { jobs: { id: string }[] };
    expect(drafts.jobs.map((j) => j.id)).toContain(jobId);
  });

  it("a job its owner switched off is 'inactive', and Restore does not publish it against the owner's choice (409)", async () => {
    const owner = await signUp();
    const { jobId } = await paidJob(owner);
    await post(`/api/dashboard/jobs/${jobId}/deactivate`, owner.cookie, {});
    const listed = (await (await call(`/api/admin/jobs?q=${jobId}`, { cookie: admin.cookie })).json()) as { jobs: { state: string; restorable: boolean }[] };
    expect(listed.jobs[0]).toMatchObject({ state: "inactive", restorable: false });
    const restore = await post(`/api/admin/jobs/${jobId}/restore`, admin.cookie, { reason: "Restore it" });
    expect(restore.status).toBe(409);
    expect(await restore.json()).toMatchObject({ code: "not_removed" });
    expect(await onBoard(jobId)).toBe(false);
  });
});

describe("item 12: the console works with real volumes", () => {
  type Listed = { total: number; nextCursor: string | null };
  /** Every page of a list, following nextCursor; the ids in the order they came. */
  async function everyPage(path: string, rowsOf: (body: never) => { id: string }[]) {
    const ids: string[] = [];
    let cursor: string | null = null;
    let total = -1;
    let pages = 0;
    do {
      const sep = path.includes("?") ? "&" : "?";
      const res = await call(`${path}${sep}limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, { cookie: admin.cookie });
      expect(res.status).toBe(200);
      const body = (await res.json()) as Listed;
      total = body.total;
      ids.push(...rowsOf(body as never).map((r) => r.id));
      cursor = body.nextCursor;
      pages += 1;
    } while (cursor && pages < 100);
    return { ids, total, pages };
  }

  it("3,000 jobs: every one is reached through the pages (no repeats, none missed), with the total; oldest first too", async () => {
    const { insertJobsScript } = await import("../../worker/jobs/store");
    const { deriveJobRow } = await import("../../worker/jobs/derive");
    const { jobInput } = await import("../support/jobs");
    const base = Date.UTC(2020, 0, 1);
    // Many share a creation time, so the id must break ties.
    const rows = Array.from({ length: 3000 }, (_, i) => deriveJobRow(jobInput({ title: `Volume ${i}`, company: "Volume Co", createdAt: base + Math.floor(i / 3) * 1000 }), base));
    for (const sql of insertJobsScript(rows, "strict")) await env.DB.exec(sql.replace(/\n/g, " "));
    const expected = await count("SELECT count(*) AS n FROM jobs");
    const newest = await everyPage("/api/admin/jobs", (b: { jobs: { id: string }[] }) => b.jobs);
    expect(newest.total).toBe(expected);
    expect(newest.ids).toHaveLength(expected);
    expect(new Set(newest.ids).size).toBe(expected);
    const oldest = await everyPage("/api/admin/jobs?sort=oldest", (b: { jobs: { id: string }[] }) => b.jobs);
    expect(oldest.ids).toEqual([...newest.ids].reverse());
    // Filters: the date range and the state, with their totals.
    const ranged = (await (await call("/api/admin/jobs?from=2020-01-01&to=2020-01-01&limit=10", { cookie: admin.cookie })).json()) as { total: number; jobs: { createdAt: string }[] };
    expect(ranged.total).toBe(3000);
    expect(ranged.jobs.every((j) => j.createdAt.startsWith("2020-01-01"))).toBe(true);
    const q = (await (await call("/api/admin/jobs?q=Volume%2012&limit=5", { cookie: admin.cookie })).json()) as { total: number };
    expect(q.total).toBe(111); // Volume 12, 120-129, 1200-1299
    // A cursor that is not one of ours, or a bad limit or day: 400 naming it.
    for (const bad of ["cursor=nonsense", "limit=0", "limit=500", "from=yesterday", "sort=sideways", "state=gone"]) {
      const res = await call(`/api/admin/jobs?${bad}`, { cookie: admin.cookie });
      expect(res.status, bad).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBeTruthy();
    }
  });

  it("2,000 audit rows: filtered by actor and by target, each with its detail, paged to the end", async () => {
    const { auditStatement } = await import("../../worker/admin/store");
    const target = crypto.randomUUID();
    const statements = Array.from({ length: 2000 }, (_, i) =>
      auditStatement(
        env.DB,
        {
          actor: i % 2 ? "ops-a@example.com" : "ops-b@example.com",
          action: "order.refund",
          targetType: "order",
          targetId: i < 30 ? target : `o-${i}`,
          reason: `Refund ${i}`,
          detail: { amountCents: i },
        },
        Date.UTC(2021, 0, 1) + i,
      ),
    );
    for (let i = 0; i < statements.length; i += 500) await env.DB.batch(statements.slice(i, i + 500));
    const byActor = await everyPage("/api/admin/audit?actor=ops-a@example.com", (b: { entries: { id: string }[] }) => b.entries);
    expect(byActor.total).toBe(1000);
    expect(new Set(byActor.ids).size).toBe(1000);
    const byTarget = (await (await call(`/api/admin/audit?target=${target}`, { cookie: admin.cookie })).json()) as { total: number; entries: { reason: string; detail: { amountCents: number } }[] };
    expect(byTarget.total).toBe(30);
    expect(byTarget.entries[0]).toMatchObject({ reason: "Refund 29", detail: { amountCents: 29 } });
  });

  it("orders are found by e-mail, order id, the reference the buyer's receipt gives, checkout session id and payment id", async () => {
    const owner = await signUp(`Buyer-${crypto.randomUUID().slice(0, 6)}@Example.com`);
    const { orderId, sessionId } = await paidJob(owner);
    const intent = (await env.DB.prepare("SELECT payment_intent_id AS p FROM payments WHERE order_id = ?").bind(orderId).first<{ p: string }>())!.p;
    // The receipt's and Billing's reference ("6E614D8E"); the console lists it the same way (it showed «6e614d8e»).
    const reference = orderId.replace(/-/g, "").slice(0, 8).toUpperCase();
    for (const q of [owner.email, orderId, reference, reference.toLowerCase(), sessionId, intent]) {
      const body = (await (await call(`/api/admin/orders?q=${encodeURIComponent(q)}`, { cookie: admin.cookie })).json()) as { total: number; orders: { id: string; reference: string }[] };
      expect(
        body.orders.map((o) => o.id),
        q,
      ).toEqual([orderId]);
      expect(body.orders[0]!.reference).toBe(reference);
      expect(body.total).toBe(1);
    }
  });

  it("every list reads its page through an index, with no sort of its own", async () => {
    const { listAccounts, listAudit, listContactMessages, listEvents, listJobs, listOrders, listOutbox } = await import("../../worker/admin/store");
    const plans: string[] = [];
    const list = { sort: "newest" as const, after: { time: Date.now(), id: "z" }, start: null, end: null, limit: 50, plans };
    await listJobs(env.DB, {}, list);
    await listJobs(env.DB, { state: "live" }, { ...list, sort: "oldest" });
    await listOrders(env.DB, { status: "all" }, 0, list);
    await listOrders(env.DB, { status: "paid" }, 0, list);
    await listEvents(env.DB, "all", list);
    await listOutbox(env.DB, "all", list);
    await listAccounts(env.DB, { status: "all" }, list);
    await listContactMessages(env.DB, "all", list);
    await listAudit(env.DB, {}, list);
    await listAudit(env.DB, { actor: "ops-a@example.com" }, list);
    expect(plans).toHaveLength(10);
    for (const plan of plans) {
      expect(plan).toMatch(/USING (COVERING )?INDEX \w+_idx/);
      expect(plan).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
    }
  });
});

describe("item 13: numbers an operator needs", () => {
  it("the overview: revenue by day and by product, refunds, active subscriptions and MRR, posts per day, failed webhooks and outbox failures", async () => {
    const before = (await (await call("/api/admin/overview", { cookie: admin.cookie })).json()) as {
      revenue: { totalCents: number; byProduct: { job: number; credits: number }; byDay: { day: string; cents: number }[] };
      refunds: { totalCents: number; count: number };
      subscriptions: { active: number; mrrCents: number };
      posts: { total: number };
      failedWebhooks: number;
      failedMail: number;
    };
    const owner = await signUp();
    const { orderId } = await paidJob(owner);
    const bought = await post("/api/checkout/credits", owner.cookie, { bundleId: "standard" });
    const { id: creditSession } = (await bought.json()) as { id: string };
    await exports.default.fetch(`http://localhost/api/emulator/checkout/${creditSession}/pay`, { method: "POST", redirect: "manual" });
    await post(`/api/admin/orders/${orderId}/refund`, admin.cookie, { reason: "Asked for it", key: `overview-${crypto.randomUUID()}`, amountCents: 5000 });
    await env.DB.prepare("INSERT INTO stripe_events (id, type, received_at, status, error) VALUES (?, 'x', ?, 'failed', 'boom')").bind(`evt_${crypto.randomUUID()}`, Date.now()).run();
    await env.DB.prepare(
      `INSERT INTO mail_outbox (id, key, kind, "to", subject, text, html, status, attempts, next_attempt_at, created_at) VALUES (?, ?, 'x', 'a@example.com', 's', 't', 'h', 'failed', 9, 0, 0)`,
    )
      .bind(crypto.randomUUID(), `failed:${crypto.randomUUID()}`)
      .run();
    await env.DB.prepare("INSERT INTO spotlight_subscriptions (id, user_id, status) VALUES (?, ?, 'active')").bind(`sub_${crypto.randomUUID()}`, owner.userId).run();
    const res = await call("/api/admin/overview", { cookie: admin.cookie });
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const after = (await res.json()) as typeof before;
    expect(after.revenue.byProduct.job - before.revenue.byProduct.job).toBe(19900);
    expect(after.revenue.byProduct.credits - before.revenue.byProduct.credits).toBeGreaterThan(0);
    expect(after.revenue.totalCents - before.revenue.totalCents).toBe(19900 + (after.revenue.byProduct.credits - before.revenue.byProduct.credits));
    const today = new Date().toISOString().slice(0, 10);
    expect(after.revenue.byDay.find((d) => d.day === today)!.cents).toBeGreaterThanOrEqual(19900);
    expect(after.refunds.totalCents - before.refunds.totalCents).toBe(5000);
    expect(after.refunds.count - before.refunds.count).toBe(1);
    expect(after.subscriptions.active - before.subscriptions.active).toBe(1);
    expect(after.subscriptions.mrrCents - before.subscriptions.mrrCents).toBe(299_900);
    expect(after.posts.total - before.posts.total).toBe(1);
    expect(after.failedWebhooks - before.failedWebhooks).toBe(1);
    expect(after.failedMail - before.failedMail).toBe(1);
    // A range with nothing in it.
    const empty = (await (await call("/api/admin/overview?from=2001-01-01&to=2001-01-31", { cookie: admin.cookie })).json()) as typeof before;
    expect(empty.revenue.totalCents).toBe(0);
    expect((await call("/api/admin/overview?from=tomorrow", { cookie: admin.cookie })).status).toBe(400);
  });

  it("CSV exports of orders, refunds, accounts and the audit log, streamed over a range of 1,200 orders; cells that look like formulas are made text", async () => {
    const { createOrderStatement } = await import("../../worker/orders/store");
    const base = Date.UTC(2019, 5, 1);
    const orders = Array.from({ length: 1200 }, (_, i) =>
      createOrderStatement(
        env.DB,
        {
          id: `exp-${String(i).padStart(4, "0")}`,
          userId: "u-export",
          kind: "job",
          items: { plan: "standard" },
          amountCents: 100 + i,
          customerEmail: i === 7 ? "=cmd@example.com" : `c${i}@example.com`,
        },
        base + i * 60_000,
      ),
    );
    for (let i = 0; i < orders.length; i += 400) await env.DB.batch(orders.slice(i, i + 400));
    const res = await call("/api/admin/export/orders?from=2019-06-01&to=2019-06-01", { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toContain('filename="orders-2019-06-01-to-2019-06-01.csv"');
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.body).toBeInstanceOf(ReadableStream);
    const lines = (await res.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe("id,created_at,kind,status,amount_cents,refunded_cents,currency,customer_email,user_id,job_id,checkout_session_id,fulfilled_at");
    expect(lines).toHaveLength(1 + 1200);
    expect(lines[1]).toMatch(/^exp-0000,2019-06-01T00:00:00.000Z,job,pending,100,0,usd,c0@example.com,u-export,,,$/);
    expect(lines[1200]!.startsWith("exp-1199,")).toBe(true);
    expect(lines[8]).toContain(",'=cmd@example.com,");
    for (const what of ["refunds", "accounts", "audit"]) {
      const csv = await call(`/api/admin/export/${what}`, { cookie: admin.cookie });
      expect(csv.status, what).toBe(200);
      const text = await csv.text();
      expect(text.split("\r\n")[0]).toMatch(/^id,created_at,/);
    }
    const audit = await (await call("/api/admin/export/audit", { cookie: admin.cookie })).text();
    expect(audit).toContain("admin@startupjobs.example");
    expect((await call("/api/admin/export/passwords", { cookie: admin.cookie })).status).toBe(400);
    expect((await call("/api/admin/export/orders")).status).toBe(404);
  });
});
