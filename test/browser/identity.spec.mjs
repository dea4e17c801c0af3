// Identity in a real browser (issue 23): a new account confirms its address from the e-mailed link (with
// "Resend the e-mail" meanwhile), a forgotten password is reset from the e-mailed link, and the Settings screen
// shows the confirmed address.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { DESKTOP, MOBILE, api, done, expectConsoleError, openBrowser, screenshot, signOutHere, url } from "./helpers.mjs";

const PASSWORD = "Correct-Horse-9";
const NEW_PASSWORD = "Battery-Staple-7";
const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

let browser;
before(async () => {
  browser = await openBrowser();
});
after(async () => {
  await browser?.close();
});

/** The path and query of the newest e-mailed link of `kind` to `to` (from the local mailbox). */
async function mailedLink(to, kind) {
  for (let i = 0; i < 40; i++) {
    const { messages } = await api("/api/dev/mailbox");
    const mail = messages.find((m) => m.to === to && m.kind === kind);
    const link = mail?.text.match(/https?:\/\/[^\s]+\?token=[\w-]+/)?.[0];
    if (link) {
      const u = new URL(link);
      return `${u.pathname}${u.search}`;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no ${kind} e-mail to ${to}`);
}

/** Signs up through the form, in a browser where nobody is signed in (a visitor signed in on arrival is sent on at once). */
async function signUpInPage(page, email) {
  await page.goto(url("/sign-up"));
  await page.locator("#sign-up-email").fill(email);
  await page.locator("#sign-up-password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL((u) => u.pathname === "/");
  // The page a sign-up leads to says the account is there (issue 25: nothing did).
  await page.getByRole("status").filter({ hasText: "Welcome! Your account is created." }).waitFor();
}

describe("e-mail verification", () => {
  test("a new account sees 'Please confirm your e-mail address' with 'Resend the e-mail'; the e-mailed link confirms it", async () => {
    const email = `verify-${RUN}@example.com`;
    const page = await browser.newPage(DESKTOP);
    await signUpInPage(page, email);
    await page.goto(url("/dashboard"));
    const notice = page.getByRole("region", { name: "Confirm your e-mail address" });
    await notice.getByText(`we sent a link to ${email}`).waitFor();
    // A candidate applies without it: the notice says nothing of paying or posting.
    assert.doesNotMatch(await notice.innerText(), /Paying|posting/);
    await notice.getByRole("button", { name: "Resend the e-mail" }).click();
    await notice
      .getByRole("status")
      .filter({ hasText: `Sent. Check your inbox at ${email}.` })
      .waitFor();
    await screenshot(page, "identity-verify-notice");

    // Paying waits: the server says why, in the same words.
    expectConsoleError(page, /status of 403 .*\/api\/checkout\/credits/);
    const refused = await page.evaluate(async () => {
      const res = await fetch("/api/checkout/credits", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ bundleId: "standard" }) });
      return { status: res.status, body: await res.json() };
    });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.code, "email_unverified");

    await page.goto(url(await mailedLink(email, "verify_email")));
    await page
      .getByRole("status")
      .filter({ hasText: `We will write to you at ${email}.` })
      .waitFor();
    // A candidate (no company): nothing of paying or posting, and on to the jobs, not to an employer's dashboard.
    assert.doesNotMatch(await page.getByRole("status").innerText(), /pay|post|Spotlight/);
    await screenshot(page, "identity-verified");
    await page.getByRole("link", { name: "Browse jobs" }).click();
    await page.waitForURL((u) => u.pathname === "/jobs");
    // Known race (closing note, issue 23): right after the link, the page's session may still be the one read
    // before it; a load of Settings reads the session anew, and the notice must be gone.
    await page.goto(url("/dashboard/settings"));
    await page.locator(".settings-badge").filter({ hasText: "Confirmed" }).waitFor();
    assert.equal(await page.getByRole("region", { name: "Confirm your e-mail address" }).count(), 0, "the notice is gone");
    // A candidate's Settings stand alone: the employer's tabs (Overview, My Job Posts, Billing) would be empty pages.
    assert.equal(await page.getByRole("navigation", { name: "Dashboard" }).count(), 0);
    // Nor do they speak of job posts: no company name shown on them, no jobs unpublished on leaving.
    assert.equal((await page.locator(".dash-page-header .muted").innerText()).trim(), "Your account details.");
    await page.getByText("Your name, e-mail, alerts, saved jobs and applications (with their CVs) are erased").waitFor();
    assert.equal(await page.getByText("Your jobs are unpublished").count(), 0);
    await screenshot(page, "identity-settings", { fullPage: true });

    // A new address: its link confirms that address, and leads back to Settings.
    const next = `verify-next-${RUN}@example.com`;
    const changed = await page.evaluate(
      async ({ email, password }) =>
        (await fetch("/api/account/email", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email, currentPassword: password }) })).status,
      { email: next, password: PASSWORD },
    );
    assert.equal(changed, 202);
    await page.goto(url(await mailedLink(next, "verify_email")));
    await page
      .getByRole("status")
      .filter({ hasText: `From now on we will write to your new address, ${next}.` })
      .waitFor();
    await page.getByRole("link", { name: "Back to your settings" }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard/settings");
    await done(page);
  });

  test("an employer's notice says what waits for the address; its link leads to the dashboard", async () => {
    const email = `verify-employer-${RUN}@example.com`;
    // A browser of its own: the test before left its account signed in in the shared one.
    const employer = await openBrowser();
    const page = await employer.newPage(DESKTOP);
    await page.goto(url("/sign-up"));
    await page.locator("#sign-up-company").fill("Confirmco");
    await page.locator("#sign-up-email").fill(email);
    await page.locator("#sign-up-password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL((u) => u.pathname === "/");
    await page.goto(url("/dashboard"));
    const notice = page.getByRole("region", { name: "Confirm your e-mail address" });
    await notice.getByText("Paying, posting with credits and Spotlight wait until you do.", { exact: false }).waitFor();
    await page.getByRole("navigation", { name: "Dashboard" }).waitFor();
    await page.goto(url(await mailedLink(email, "verify_email")));
    await page.getByRole("status").filter({ hasText: "You can now pay, post with credits and subscribe to Spotlight." }).waitFor();
    await page.getByRole("link", { name: "Go to your dashboard" }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard");
    await done(page);
    await employer.close();
  });

  test("a used or broken link says so and offers a new e-mail", async () => {
    const page = await browser.newPage(DESKTOP);
    expectConsoleError(page, /status of 400 .*\/api\/auth\/verify-email/);
    await page.goto(url("/verify-email?token=not-a-real-token"));
    await page.getByRole("alert").filter({ hasText: "This link is invalid or has expired. Please ask for a new one." }).waitFor();
    await done(page);
  });

  test("a link cut short (no token) says so in the page's words, never the API's field name", async () => {
    const page = await browser.newPage(MOBILE);
    await page.goto(url("/ar/verify-email"));
    const alert = page.getByRole("alert");
    await alert.filter({ hasText: "الرابط غير مكتمل: افتحه مرة أخرى من الرسالة." }).waitFor();
    assert.doesNotMatch(await alert.innerText(), /token/i);
    await done(page);
  });
});

describe("a link opened where nobody is signed in", () => {
  test("another device: the address is confirmed at once, with no session to renew, and the page offers to sign in", async () => {
    const email = `elsewhere-${RUN}@example.com`;
    const signup = await fetch(url("/api/auth/sign-up"), {
      method: "POST",
      headers: { "Content-Type": "application/json", "Accept-Language": "ar" },
      // An employer's account (it names a company): the page offers the dashboard (a candidate's offers «سجّل الدخول»).
      body: JSON.stringify({ email, password: PASSWORD, name: "سارة", company: "نخلة" }),
    });
    assert.equal(signup.status, 201);
    // A browser of its own, as the phone the e-mail was opened on. It used to renew a session that is not there,
    // five times per renewal and twice: the spinner stayed for seconds, with ten 401s in the console (the guard
    // fails on them).
    const visitor = await openBrowser();
    try {
      const page = await visitor.newPage(MOBILE);
      const renewals = [];
      page.on("request", (req) => req.url().includes("/api/auth/refresh") && renewals.push(req.url()));
      const link = await mailedLink(email, "verify_email");
      assert.match(link, /^\/ar\/verify-email\?token=/);
      await page.goto(url(link));
      await page
        .getByRole("status")
        .filter({ hasText: `سنراسلك على ${email}.` })
        .waitFor({ timeout: 3000 });
      assert.deepEqual(renewals, [], "nothing to renew");
      await screenshot(page, "identity-verified-elsewhere-ar");
      await page.getByRole("link", { name: "سجّل الدخول إلى لوحة التحكم" }).click();
      await page.waitForURL((u) => u.pathname === "/ar/sign-in" && u.searchParams.get("redirect") === "/dashboard");
      await page.locator("#sign-in-email").fill(email);
      await page.locator("#sign-in-password").fill(PASSWORD);
      await page.locator("form").getByRole("button", { name: "تسجيل الدخول" }).click();
      await page.waitForURL((u) => u.pathname === "/ar/dashboard");
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      assert.equal(await page.getByRole("region", { name: "تأكيد بريدك الإلكتروني" }).count(), 0, "no notice to confirm: it is confirmed");
      await done(page);
      // A candidate's link opened signed out says the candidate's words: it said the employer's, «يمكنك الآن نشر الوظائف…»
      // (the 27th reading), as the page cannot tell who reads it and the answer can.
      const candidate = `elsewhere-candidate-${RUN}@example.com`;
      const theirs = await fetch(url("/api/auth/sign-up"), {
        method: "POST",
        headers: { "Content-Type": "application/json", "Accept-Language": "ar", "CF-Connecting-IP": "10.77.1.3" },
        body: JSON.stringify({ email: candidate, password: PASSWORD, name: "ليلى" }),
      });
      assert.equal(theirs.status, 201);
      // Another phone again: this browser is now signed in as the employer.
      const phone = await openBrowser();
      try {
        const signedOut = await phone.newPage(MOBILE);
        await signedOut.goto(url(await mailedLink(candidate, "verify_email")));
        const said = signedOut.getByRole("status");
        await said.filter({ hasText: `سنراسلك على ${candidate}.` }).waitFor();
        assert.equal((await said.innerText()).trim(), `سنراسلك على ${candidate}.`);
        await done(signedOut);
      } finally {
        await phone.close();
      }
    } finally {
      await visitor.close();
    }
  });
});

describe("forgot password", () => {
  test("'Forgot your password?' e-mails a link; the new password works and the old one does not", async () => {
    const email = `forgot-${RUN}@example.com`;
    const signup = await fetch(url("/api/auth/sign-up"), { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email, password: PASSWORD }) });
    assert.equal(signup.status, 201);
    // A browser of its own: nobody is signed in there.
    const visitor = await openBrowser();
    try {
      const page = await visitor.newPage(DESKTOP);
      await page.goto(url("/sign-in"));
      await page.getByRole("link", { name: "Forgot your password?" }).click();
      await page.waitForURL((u) => u.pathname === "/forgot-password");
      await page.locator("#forgot-email").fill(email);
      await page.getByRole("button", { name: "Send the link" }).click();
      await page
        .getByRole("status")
        .filter({ hasText: `If an account uses ${email}, a link to choose a new password is on its way.` })
        .waitFor();
      await page.getByRole("heading", { name: "Check your inbox", level: 1 }).waitFor();
      await screenshot(page, "identity-forgot-sent");

      await page.goto(url(await mailedLink(email, "reset_password")));
      await page.locator("#reset-password").fill("short");
      await page.getByRole("button", { name: "Set the new password" }).click();
      await page.locator("#reset-password-rules li.is-unmet").filter({ hasText: "Password must be at least 8 characters" }).waitFor();
      await page.locator("#reset-password").fill(NEW_PASSWORD);
      await page.getByRole("button", { name: "Set the new password" }).click();
      await page.getByRole("status").filter({ hasText: "You can now sign in with your new password." }).waitFor();
      await page.getByRole("heading", { name: "Password changed", level: 1 }).waitFor();
      await page.getByRole("link", { name: "Sign in", exact: true }).click();
      await page.waitForURL((u) => u.pathname === "/sign-in");

      expectConsoleError(page, /status of 401 .*\/api\/auth\/sign-in/);
      await page.locator("#sign-in-email").fill(email);
      await page.locator("#sign-in-password").fill(PASSWORD);
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.getByRole("alert").filter({ hasText: "Invalid email or password" }).waitFor();
      await page.locator("#sign-in-password").fill(NEW_PASSWORD);
      await page.getByRole("button", { name: "Sign In" }).click();
      await page.waitForURL((u) => u.pathname !== "/sign-in");
      const { messages } = await api("/api/dev/mailbox");
      assert.ok(
        messages.some((m) => m.to === email && m.subject === "Your password was changed"),
        "'Your password was changed' was sent",
      );
      await done(page);
    } finally {
      await visitor.close();
    }
  });
});

describe("signing out", () => {
  // Sign Out goes to / at once and ends the session on the server meanwhile. The home page used to ask for the account's
  // saves with the session it still had, and a read the server took after the sign-out got a 401 (a CI run's console error).
  test("Sign Out in Settings: the home page it opens asks nothing of the ended session", async () => {
    const owner = await openBrowser();
    try {
      const page = await owner.newPage(DESKTOP);
      await signUpInPage(page, `signout-${RUN}@example.com`);
      await page.goto(url("/dashboard/settings"));
      await page.getByRole("button", { name: "Sign Out", exact: true }).waitFor();
      // The server ends the session at once; its answer reaches the page a second later (a slow network), while the
      // home page renders.
      await page.route(
        (u) => u.pathname === "/api/auth/sign-out",
        async (route) => {
          const response = await route.fetch();
          await new Promise((r) => setTimeout(r, 1000));
          await route.fulfill({ response });
        },
      );
      const after = [];
      page.on("request", (r) => ["/api/saved", "/api/credits"].includes(new URL(r.url()).pathname) && after.push(`${r.method()} ${new URL(r.url()).pathname}`));
      await signOutHere(page);
      await page.getByRole("link", { name: "Sign In" }).first().waitFor();
      await page.locator("[data-job-id]").first().waitFor();
      await page.waitForTimeout(300);
      assert.deepEqual(after, [], "no read of the account's data once Sign Out was clicked");
      await done(page);
    } finally {
      await owner.close();
    }
  });
});

describe("passkeys", () => {
  test("register a passkey in Settings, sign in with it (Chromium's virtual authenticator), remove it", async () => {
    const email = `passkey-${RUN}@example.com`;
    const owner = await openBrowser();
    try {
      const page = await owner.newPage(DESKTOP);
      // The virtual authenticator: a platform passkey that says yes (user present and verified).
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("WebAuthn.enable");
      const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
        options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
      });
      await signUpInPage(page, email);

      await page.goto(url("/dashboard/settings"));
      const section = page.getByRole("region", { name: "Passkeys" });
      await section.getByText("No passkeys yet.").waitFor();
      await section.getByRole("button", { name: "Add a passkey" }).click();
      await section.getByRole("status").filter({ hasText: "Passkey added. You can sign in with it now." }).waitFor();
      await section.locator(".passkey-item").first().waitFor();
      assert.equal((await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials.length, 1, "the authenticator holds the new passkey");
      await screenshot(page, "identity-passkey-added");

      // Signed out, then in again with the passkey alone.
      await signOutHere(page);
      await page.goto(url("/sign-in"));
      await page.getByRole("button", { name: "Use a passkey" }).click();
      await page.waitForURL((u) => u.pathname !== "/sign-in" && u.pathname !== "/auth-success");
      const session = await page.evaluate(async () => (await fetch("/api/auth/me")).json());
      assert.equal(session.user?.email, email, "signed in with the passkey");

      // Removed: it no longer signs in.
      await page.goto(url("/dashboard/settings"));
      await section.getByRole("button", { name: /^Remove the passkey / }).click();
      await section.getByRole("status").filter({ hasText: "Passkey removed." }).waitFor();
      await section.getByText("No passkeys yet.").waitFor();
      await signOutHere(page);
      await page.goto(url("/sign-in"));
      expectConsoleError(page, /status of 401 .*\/api\/auth\/passkeys\/sign-in/);
      await page.getByRole("button", { name: "Use a passkey" }).click();
      await page.getByRole("alert").filter({ hasText: "This passkey is not registered on this site." }).waitFor();
      await screenshot(page, "identity-passkey-unknown");
      await done(page);
    } finally {
      await owner.close();
    }
  });
});
