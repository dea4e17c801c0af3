// What an eleventh reading (the account's pages and e-mails, in Arabic) found in the server's answers: the
// password-changed mail said every device was signed out after a change on Settings, where the page said the other
// devices; a confirmation link opened again said it could not confirm an address that was confirmed.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { GOOD_PASSWORD, call, linkTokenFromOutbox, signUp, uniqueEmail } from "../support/auth";

const NEW_PASSWORD = "N3w!Passw0rd-2";

async function lastMail(to: string, kind: string) {
  return env.DB.prepare(`SELECT subject, text FROM mail_outbox WHERE "to" = ? AND kind = ? ORDER BY created_at DESC, rowid DESC LIMIT 1`).bind(to, kind).first<{ subject: string; text: string }>();
}

async function arabic(s: { cookie: string }) {
  expect((await call("/api/account/language", { method: "PUT", cookie: s.cookie, json: { locale: "ar" } })).status).toBe(200);
}

describe("«your password was changed» says which devices were signed out", () => {
  it("changed on Settings: the other devices, as the page says; this one stays signed in", async () => {
    const s = await signUp();
    await arabic(s);
    const res = await call("/api/account/password", { method: "POST", cookie: s.cookie, json: { currentPassword: GOOD_PASSWORD, newPassword: NEW_PASSWORD } });
    expect(res.status).toBe(200);
    const mail = await lastMail(s.email, "password_changed");
    expect(mail!.text).toContain("وسجّلنا خروجك من الأجهزة الأخرى.");
    expect(mail!.text).not.toContain("جميع الأجهزة");
  });

  it("through a reset link: every device", async () => {
    const s = await signUp();
    expect((await call("/api/auth/forgot-password", { method: "POST", json: { email: s.email } })).status).toBe(200);
    const token = await linkTokenFromOutbox(s.email, "reset_password");
    expect((await call("/api/auth/reset-password", { method: "POST", json: { token, password: NEW_PASSWORD } })).status).toBe(200);
    expect((await lastMail(s.email, "password_changed"))!.text).toContain("and every device was signed out.");
  });
});

describe("a confirmation link opened again", () => {
  it("says the address is already confirmed, and writes nothing", async () => {
    const email = uniqueEmail("twice");
    const s = await signUp(email, GOOD_PASSWORD, { verified: false });
    const token = await linkTokenFromOutbox(s.email, "verify_email");
    const first = await call("/api/auth/verify-email", { method: "POST", json: { token } });
    expect(await first.json()).toMatchObject({ verified: true, email: s.email, changed: false, already: false });
    const before = await env.DB.prepare("SELECT email_verified_at, updated_at FROM accounts WHERE id = ?").bind(s.userId).first();
    const again = await call("/api/auth/verify-email", { method: "POST", json: { token } });
    expect(again.status).toBe(200);
    // No company named, nothing posted: a candidate's account, which the page does not send to the dashboard.
    expect(await again.json()).toEqual({ verified: true, email: s.email, changed: false, already: true, employer: false });
    expect(await env.DB.prepare("SELECT email_verified_at, updated_at FROM accounts WHERE id = ?").bind(s.userId).first()).toEqual(before);
  });

  it("says whether the account is an employer's, so a signed-out page offers the dashboard only to them (the eighteenth reading)", async () => {
    const email = uniqueEmail("employer-link");
    const res = await call("/api/auth/sign-up", { method: "POST", json: { email, password: GOOD_PASSWORD, name: "Sara", company: "Nakhla" }, headers: { "CF-Connecting-IP": "10.9.8.7" } });
    expect(res.status).toBe(201);
    const token = await linkTokenFromOutbox(email, "verify_email");
    expect(await (await call("/api/auth/verify-email", { method: "POST", json: { token } })).json()).toMatchObject({ already: false, employer: true });
  });

  it("a link for an address the account no longer has, or an unknown link, is still refused", async () => {
    const s = await signUp(uniqueEmail("moved"), GOOD_PASSWORD, { verified: false });
    const token = await linkTokenFromOutbox(s.email, "verify_email");
    expect((await call("/api/auth/verify-email", { method: "POST", json: { token } })).status).toBe(200);
    // The account moves to another address (proved): the old link no longer speaks for it.
    await env.DB.prepare("UPDATE accounts SET email = ? WHERE id = ?").bind(uniqueEmail("elsewhere"), s.userId).run();
    const old = await call("/api/auth/verify-email", { method: "POST", json: { token }, headers: { "Accept-Language": "ar" } });
    expect(old.status).toBe(400);
    expect(((await old.json()) as { error: string }).error).toBe("هذا الرابط غير صالح أو انتهت صلاحيته. يُرجى طلب رابط جديد.");
    expect((await call("/api/auth/verify-email", { method: "POST", json: { token: "x".repeat(43) } })).status).toBe(400);
  });
});
