// Issue 22, item 13: credit expiry is disclosed before purchase and on the receipt, and one reminder
// e-mail goes out 7 days before unspent credits expire (once per grant, in the owner's language).
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { runScheduledTasks } from "../../worker/scheduled";
import { DAY } from "../../worker/rules/time";
import { call, signUp } from "../support/auth";

describe("item 13: credit expiry", () => {
  it("the credit receipt says when the credits expire; 7 days before, one reminder per grant (10 runs at once: one e-mail)", async () => {
    const s = await signUp();
    const { id, orderId } = (await (await call("/api/checkout/credits", { method: "POST", cookie: s.cookie, json: { bundleId: "standard" } })).json()) as { id: string; orderId: string };
    await exports.default.fetch(`http://localhost/api/emulator/checkout/${id}/pay`, { method: "POST", redirect: "manual" });
    const receipt = await env.DB.prepare("SELECT text FROM mail_outbox WHERE key = ?").bind(`credit_purchase:${orderId}`).first<{ text: string }>();
    expect(receipt!.text).toMatch(/Credits expire: [A-Z][a-z]+\u00a0\d{1,2},\u00a0\d{4}/);
    const grant = (await env.DB.prepare("SELECT id, expires_at FROM bundle_purchases WHERE order_id = ?").bind(orderId).first<{ id: string; expires_at: number }>())!;
    // Not yet: more than 7 days left.
    await runScheduledTasks(env, grant.expires_at - 8 * DAY, ["credit-reminders"]);
    expect((await env.DB.prepare("SELECT count(*) AS n FROM mail_outbox WHERE kind = 'credit_expiry_reminder' AND \"to\" = ?").bind(s.email).first<{ n: number }>())!.n).toBe(0);
    const at = grant.expires_at - 6 * DAY;
    await Promise.all(Array.from({ length: 10 }, () => runScheduledTasks(env, at, ["credit-reminders"])));
    const mails = (await env.DB.prepare("SELECT subject, text FROM mail_outbox WHERE kind = 'credit_expiry_reminder' AND \"to\" = ?").bind(s.email).all<{ subject: string; text: string }>()).results;
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Your unused job credits expire on /);
    expect(mails[0]!.text).toContain("5 Standard posts");
  });
});

describe("item 12: names say what is sold", () => {
  it("the 10-pack's e-mail says 'Premium bundle: 10 Standard posts, save 15%', never 'Your Premium plan is active'", async () => {
    const s = await signUp();
    const { id, orderId } = (await (await call("/api/checkout/credits", { method: "POST", cookie: s.cookie, json: { bundleId: "premium" } })).json()) as { id: string; orderId: string };
    await exports.default.fetch(`http://localhost/api/emulator/checkout/${id}/pay`, { method: "POST", redirect: "manual" });
    const mail = await env.DB.prepare("SELECT subject, text FROM mail_outbox WHERE key = ?").bind(`credit_purchase:${orderId}`).first<{ subject: string; text: string }>();
    expect(mail!.subject).toBe("Your job credits are ready: 10 Standard posts");
    expect(mail!.text).toContain("Premium bundle: 10 Standard posts, save 15%");
    expect(mail!.text).not.toContain("plan");
  });
});
