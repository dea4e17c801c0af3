// Every mail greets its reader, by name when the board knows who reads the address (issue 25: a Gulf reader
// expects «مرحبًا سارة،», not a bare «مرحبًا،»), and only once. The name is the account's when the mail goes to the
// account's own address, the candidate's in an application's mails; a receipt sent to another address (finance@)
// or an alert's subscriber gets the plain greeting.
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { applicationRejectedMail } from "../../worker/mail/applicationMails";
import { greeting, nameFor } from "../../worker/mail/templates";
import { runScheduledTasks } from "../../worker/scheduled";
import { sendExpiryReminders } from "../../worker/upkeep/reminders";
import { call, cookiesFrom, GOOD_PASSWORD, signUp, uniqueEmail } from "../support/auth";
import { checkoutJob, jobDetails, purchase } from "../support/fixtures";
import { DAY, addJobs } from "../support/jobs";
import { subscriber } from "../support/spotlight";

const FSI = "\u2068";
const PDI = "\u2069";

async function mailsTo(to: string, kind: string) {
  const { results } = await env.DB.prepare(`SELECT subject, text, html FROM mail_outbox WHERE "to" = ? AND kind = ? ORDER BY created_at`).bind(to, kind).all<Record<string, string>>();
  return results;
}

const firstLine = (text: string) => text.split("\n")[0];

async function pay(sessionId: string) {
  const res = await exports.default.fetch(`http://localhost/api/emulator/checkout/${sessionId}/pay`, { method: "POST", redirect: "manual" });
  expect(res.status).toBe(303);
}

describe("the greeting", () => {
  it("names the reader when known, in each language, the name isolated in Arabic; the plain greeting otherwise", () => {
    expect(greeting({ locale: "en", name: "Sara Ali" })).toBe("Hello Sara Ali,");
    expect(greeting({ locale: "ar", name: "سارة" })).toBe(`مرحبًا ${FSI}سارة${PDI}،`);
    // A Latin name in an Arabic line keeps its place: isolated, the comma after it on the right side.
    expect(greeting({ locale: "ar", name: "Sara" })).toBe(`مرحبًا ${FSI}Sara${PDI}،`);
    for (const name of [null, undefined, "", "   "]) {
      expect(greeting({ locale: "en", name })).toBe("Hello,");
      expect(greeting({ locale: "ar", name })).toBe("مرحبًا،");
    }
  });

  it("a name is one line, without stray isolates, and never longer than 80 characters", () => {
    expect(greeting({ locale: "en", name: "Sara\r\nBcc: x@example.com" })).toBe("Hello Sara Bcc: x@example.com,");
    expect(greeting({ locale: "ar", name: `\u2066سارة${PDI}` })).toBe(`مرحبًا ${FSI}سارة${PDI}،`);
    expect(greeting({ locale: "en", name: "A".repeat(200) })).toBe(`Hello ${"A".repeat(80)},`);
  });

  it("the account's name is used only for the account's own address", () => {
    expect(nameFor("Sara@Example.com", { email: "sara@example.com", name: "Sara" })).toBe("Sara");
    expect(nameFor("finance@example.com", { email: "sara@example.com", name: "Sara" })).toBeNull();
    expect(nameFor("sara@example.com", { email: "sara@example.com", name: "" })).toBeNull();
    expect(nameFor("sara@example.com", null)).toBeNull();
  });

  it("the rejection greets the candidate once (it used to say «مرحبًا،» and then «مرحبًا سارة،»)", () => {
    for (const [locale, hello] of [
      ["ar", `مرحبًا ${FSI}سارة${PDI}،`],
      ["en", "Hello سارة,"],
    ] as const) {
      const mail = applicationRejectedMail({ locale, title: "Backend Engineer", company: "Acme", name: "سارة" });
      expect(firstLine(mail.text), locale).toBe(hello);
      expect(
        mail.text.split("\n").filter((l) => /^(مرحبًا|Hello|Dear)/.test(l)),
        locale,
      ).toEqual([hello]);
      expect(mail.html.match(/<p style="margin:0 0 12px">(مرحبًا|Hello|Dear)/g), locale).toHaveLength(1);
    }
  });
});

describe("mails that reach an account greet it by its name", () => {
  it("sign-up from /ar: the verification e-mail says «مرحبًا سارة،»", async () => {
    const email = uniqueEmail("greet-ar");
    const res = await call("/api/auth/sign-up", { method: "POST", json: { email, password: GOOD_PASSWORD, name: "سارة" }, headers: { "CF-Connecting-IP": "203.0.113.91", "Accept-Language": "ar" } });
    expect(res.status).toBe(201);
    const [mail] = await mailsTo(email, "verify_email");
    expect(firstLine(mail!.text)).toBe(`مرحبًا ${FSI}سارة${PDI}،`);
    expect(mail!.html).toContain(`<p style="margin:0 0 12px">مرحبًا ${FSI}سارة${PDI}،</p>`);
    expect(cookiesFrom(res)).not.toBe("");
  });

  it("a credit receipt to the buyer's own address names them; a job receipt sent to another address does not", async () => {
    const s = await signUp();
    const credits = await call("/api/checkout/credits", { method: "POST", cookie: s.cookie, json: { bundleId: "premium-enhanced" } });
    expect(credits.status).toBe(200);
    await pay(((await credits.json()) as { id: string }).id);
    const [receipt] = await mailsTo(s.email, "credit_purchase");
    expect(firstLine(receipt!.text)).toBe("Hello Test User,");

    const other = await checkoutJob(s.cookie, { job: jobDetails(), purchase: purchase({ email: "finance@example.com" }), submissionId: crypto.randomUUID() });
    expect(other.status, await other.clone().text()).toBe(200);
    await pay(((await other.json()) as { id: string }).id);
    const [toFinance] = await mailsTo("finance@example.com", "job_confirmation");
    expect(firstLine(toFinance!.text)).toBe("Hello,");

    const own = await checkoutJob(s.cookie, { job: jobDetails(), purchase: purchase({ email: s.email }), submissionId: crypto.randomUUID() });
    await pay(((await own.json()) as { id: string }).id);
    const [toOwner] = await mailsTo(s.email, "job_confirmation");
    expect(firstLine(toOwner!.text)).toBe("Hello Test User,");
  });

  it("an expiry reminder names the owner at their own address only", async () => {
    const s = await signUp();
    const T = Date.now() + 400 * DAY;
    await addJobs(
      { title: "Own address", userId: s.userId, customerEmail: s.email, createdAt: T - 28 * DAY, expiresAt: T + 2 * DAY },
      { title: "Hiring inbox", userId: s.userId, customerEmail: "hiring@example.com", createdAt: T - 28 * DAY, expiresAt: T + 2 * DAY },
    );
    await sendExpiryReminders(env, T);
    expect(firstLine((await mailsTo(s.email, "job_expiry_reminder"))[0]!.text)).toBe("Hello Test User,");
    expect(firstLine((await mailsTo("hiring@example.com", "job_expiry_reminder"))[0]!.text)).toBe("Hello,");
  });

  it("a Spotlight period ended by the scheduled task: the e-mail is in the subscriber's language, by name (it was always English)", async () => {
    const s = await subscriber();
    await env.DB.prepare("UPDATE accounts SET locale = 'ar', name = 'ليلى' WHERE id = ?").bind(s.userId).run();
    const sub = await env.DB.prepare("SELECT current_period_end AS end FROM spotlight_subscriptions WHERE id = ?").bind(s.subscriptionId).first<{ end: number }>();
    await runScheduledTasks(env, sub!.end + 1000, ["expire-subscriptions"]);
    const [ended] = await mailsTo(s.email, "spotlight_ended");
    expect(ended!.subject).toMatch(/\p{Script=Arabic}/u);
    expect(ended!.html).toContain('<html lang="ar" dir="rtl">');
    expect(firstLine(ended!.text)).toBe(`مرحبًا ${FSI}ليلى${PDI}،`);
    expect(ended!.text).toContain("/ar/spotlight/live");
  });
});

describe("mails with no known reader keep the plain greeting", () => {
  it("an alert's confirmation", async () => {
    const email = uniqueEmail("alert-greet");
    const res = await call("/api/alerts", { method: "POST", json: { email, query: "rust" }, headers: { "CF-Connecting-IP": "203.0.113.92" } });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    const { results } = await env.DB.prepare(`SELECT text FROM mail_outbox WHERE "to" = ?`).bind(email).all<{ text: string }>();
    expect(results.length).toBeGreaterThan(0);
    for (const r of results) expect(firstLine(r.text)).toBe("Hello,");
  });
});
