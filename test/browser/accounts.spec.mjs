// Accounts in a real browser (the auth guard, the /sign-in, /sign-up and /auth-success routes): the password rules shown live, server messages, the guard's redirect and return,
// and /auth-success following only paths on this site.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { tsImport } from "tsx/esm/api";
// Through tsx: the rules import each other without extensions and read the JSON catalogues.
const { PASSWORD_RULES } = await tsImport("../../worker/rules/password.ts", import.meta.url);
import { DESKTOP, MOBILE, NARROWEST, fitsWidth, openBrowser, screenshot, url, done, expectConsoleError, jobFixture, payForStandardJob, signUpOrIn } from "./helpers.mjs";

let browser;
let account; // one account for the file: sign-ups from one address are rate-limited
before(async () => {
  browser = await openBrowser();
  account = await createAccount();
});
after(async () => {
  await browser?.close();
});

const PASSWORD = "Correct-Horse-9";
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * An employer's account (it names a company, so the header shows Dashboard), made through the API (no cookies kept:
 * the browser signs in by itself).
 */
async function createAccount() {
  const email = `guard-${unique()}@example.com`;
  const res = await fetch(url("/api/auth/sign-up"), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email, password: PASSWORD, company: "Guard Co" }),
  });
  assert.equal(res.status, 201, await res.text());
  return email;
}

describe("/auth-success", () => {
  const cases = [
    ["//evil.example", "/"],
    ["/\\evil.example", "/"],
    ["https:evil.example", "/"],
    ["https://evil.example/jobs", "/"],
    ["javascript:alert(1)", "/"],
    ["/jobs?keywords=Engineer", "/jobs?keywords=Engineer"],
  ];
  for (const [value, expected] of cases) {
    test(`redirect_url=${value} goes to ${expected}`, async () => {
      const page = await browser.newPage(DESKTOP);
      await page.goto(url("/contact"));
      // The page is on screen for only 100 ms: record what it showed and when it left.
      await page.addInitScript(() => {
        const w = /** @type {any} */ (window);
        w.__shown = null;
        const observer = new MutationObserver(() => {
          // textContent, not innerText: innerText waits for layout and styles, so on a loaded machine it saw the text
          // some milliseconds after React had put it there and started the 100 ms (CI measured 82 ms so).
          const text = document.body?.textContent ?? "";
          if (!w.__shown && text.includes("Login Successful") && text.includes("Redirecting you...")) w.__shown = performance.now();
          if (w.__shown && location.pathname !== "/auth-success") {
            w.__left = performance.now();
            observer.disconnect();
          }
        });
        observer.observe(document, { subtree: true, childList: true, characterData: true });
      });
      await page.goto(url(`/auth-success?redirect_url=${encodeURIComponent(value)}`));
      await page.waitForURL((u) => u.pathname !== "/auth-success");
      await page.waitForFunction(() => /** @type {any} */ (window).__left);
      const [shown, left] = await page.evaluate(() => [/** @type {any} */ (window).__shown, /** @type {any} */ (window).__left]);
      assert.ok(shown, "'Login Successful' and 'Redirecting you...' were shown");
      assert.ok(left - shown >= 90, `it waited about 100 ms (${Math.round(left - shown)} ms)`);
      const now = new URL(page.url());
      assert.equal(now.origin, new URL(url("/")).origin, "stays on this site");
      assert.equal(now.pathname + now.search, expected);
      await page.goBack();
      await page.waitForURL((u) => u.pathname === "/contact");
      assert.equal(new URL(page.url()).pathname, "/contact", "the success page was replaced in the history, not added");
      await done(page);
    });
  }
});

describe("sign-up and sign-in", () => {
  test("sign-up shows each password rule with its exact message, live, and refuses a taken e-mail", async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto(url("/sign-up"));
    await page.locator("#sign-up-password").waitFor();
    const rules = page.locator(".password-rules li");
    assert.deepEqual(
      (await rules.allInnerTexts()).map((t) =>
        t
          .replace(/^[•✓]\s*/, "")
          .replace(/\s*\((done|not yet)\)$/, "")
          .trim(),
      ),
      PASSWORD_RULES.map((r) => r.message),
    );
    await page.locator("#sign-up-password").fill("abc");
    assert.deepEqual(await rules.evaluateAll((els) => els.map((el) => el.dataset.met)), ["false", "false", "true", "false", "false"]);
    await page.locator("#sign-up-password").fill(PASSWORD);
    assert.deepEqual(await rules.evaluateAll((els) => els.map((el) => el.dataset.met)), ["true", "true", "true", "true", "true"]);
    await screenshot(page, "sign-up-desktop");

    await page.locator("#sign-up-email").fill(account);
    expectConsoleError(page, /status of 409 .*\/api\/auth\/sign-up\b/); // the account exists: the form says so
    await page.getByRole("button", { name: "Create Account" }).click();
    // With the way on: sign in (keeping the page's redirect) or reset the password (the twentieth reading: no next step).
    const taken = page.getByRole("alert").filter({ hasText: "This e-mail already has an account. Sign in or reset your password." });
    await taken.waitFor();
    assert.equal(await taken.getByRole("link", { name: "reset your password" }).getAttribute("href"), "/forgot-password");
    await taken.getByRole("link", { name: "Sign in" }).click();
    await page.waitForURL((u) => u.pathname === "/sign-in");
    await done(page);
  });

  test("a wrong password shows 'Invalid email or password'", async () => {
    const email = account;
    const page = await browser.newPage(DESKTOP);
    await page.goto(url("/sign-in"));
    await page.locator("#sign-in-email").fill(email);
    expectConsoleError(page, /status of 401 .*\/api\/auth\/sign-in\b/);
    await page.locator("#sign-in-password").fill("Wrong-password-1");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("alert").filter({ hasText: "Invalid email or password" }).waitFor();
    await screenshot(page, "sign-in-desktop");
    await done(page);
  });
});

describe("auth guard", () => {
  test("a signed-out visitor is sent to /sign-in, and after signing in returns to the original path and query", async () => {
    const email = account;
    const page = await browser.newPage(DESKTOP);
    await page.goto(url("/dashboard/settings?tab=profile"));
    await page.waitForURL((u) => u.pathname === "/sign-in");
    assert.equal(new URL(page.url()).searchParams.get("redirect"), "/dashboard/settings?tab=profile");
    const nav = page.getByRole("navigation", { name: "Main" });
    assert.equal(await nav.getByRole("link", { name: "Dashboard" }).count(), 0, "no Dashboard link while signed out");

    await page.locator("#sign-in-email").fill(email);
    await page.locator("#sign-in-password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL((u) => u.pathname === "/auth-success");
    assert.equal(new URL(page.url()).searchParams.get("redirect_url"), "/dashboard/settings?tab=profile");
    await page.waitForURL((u) => u.pathname === "/dashboard/settings" && u.search === "?tab=profile");
    await nav.getByRole("link", { name: "Dashboard" }).waitFor();
    assert.equal(await nav.getByRole("link", { name: "Sign In" }).count(), 0, "no Sign In link while signed in");

    // The session survives a reload, and signing out through the API puts the guard back.
    await page.reload();
    await page.waitForURL((u) => u.pathname === "/dashboard/settings");
    await nav.getByRole("link", { name: "Dashboard" }).waitFor();
    // The settings screen has read the account (its spinner is gone) before the session ends behind its back;
    // a read still in flight would rightly get a 401.
    await page.locator("#account-heading").waitFor();
    await page.locator("#account-heading ~ .spinner-wrap").waitFor({ state: "detached" });
    await page.evaluate(() => fetch("/api/auth/sign-out", { method: "POST" }));
    expectConsoleError(page, /status of 401 .*\/api\/auth\/refresh\b/); // signed out: the session cannot be renewed
    await page.goto(url("/buy-credits"));
    await page.waitForURL((u) => u.pathname === "/sign-in" && u.searchParams.get("redirect") === "/buy-credits");
    await done(page);
  });

  test("an expired access cookie is renewed with the refresh cookie, without signing in again", async () => {
    const email = account;
    const page = await browser.newPage(DESKTOP);
    await page.goto(url("/sign-in?redirect=/dashboard"));
    await page.locator("#sign-in-email").fill(email);
    await page.locator("#sign-in-password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard");
    // The short-lived access cookie is gone (as after 15 minutes); the refresh cookie is still there.
    const cookies = await browser.context.cookies();
    const access = cookies.filter((c) => c.path === "/" && c.httpOnly);
    assert.ok(access.length >= 1, "an HttpOnly session cookie is set");
    expectConsoleError(page, /status of 401 .*\/api\//); // the first call without the access cookie, before the renewal
    await browser.context.clearCookies({ path: "/" });
    await page.goto(url("/dashboard/jobs"));
    await page.waitForURL((u) => u.pathname === "/dashboard/jobs");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).waitFor();
    await page.evaluate(() => fetch("/api/auth/sign-out", { method: "POST" }));
    await done(page);
  });
});

describe("keeping the session fresh", () => {
  /** Signs in on /dashboard with /api/auth/me saying the access token expires in 62 s. */
  async function signedInNearExpiry(page, refreshAnswers) {
    expectConsoleError(page, /status of (500|401) .*\/api\/auth\/refresh\b/); // the failing renewals this test answers
    const calls = [];
    await page.route("**/api/auth/me", async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      if (body.user) body.accessExpiresAt = Date.now() + 62_000;
      await route.fulfill({ response, json: body });
    });
    await page.route("**/api/auth/refresh", async (route) => {
      calls.push(Date.now());
      const answer = refreshAnswers[calls.length - 1] ?? refreshAnswers.at(-1);
      if (answer === "ok") await route.continue();
      else await route.fulfill({ status: 500, json: { error: "Something went wrong on our side. Please try again." } });
    });
    await page.goto(url("/sign-in?redirect=/dashboard"));
    await page.locator("#sign-in-email").fill(account);
    await page.locator("#sign-in-password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard");
    calls.length = 0;
    await page.reload(); // now /api/auth/me answers, with the near expiry
    await page.waitForURL((u) => u.pathname === "/dashboard");
    return calls;
  }

  test("the session renews itself a minute before expiry, retrying failures after 200, 400 ms", async () => {
    const page = await browser.newPage(DESKTOP);
    const calls = await signedInNearExpiry(page, ["fail", "fail", "ok"]);
    for (let i = 0; i < 100 && calls.length < 3; i++) await page.waitForTimeout(100);
    assert.equal(calls.length, 3, "two failed renewals, then one that worked");
    assert.ok(calls[1] - calls[0] >= 190, `first retry after ${calls[1] - calls[0]} ms`);
    assert.ok(calls[2] - calls[1] >= 390, `second retry after ${calls[2] - calls[1]} ms`);
    await page.waitForTimeout(500);
    assert.equal(new URL(page.url()).pathname, "/dashboard", "still signed in");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }).waitFor();
    await page.evaluate(() => fetch("/api/auth/sign-out", { method: "POST" }));
    await done(page);
  });

  test("when every renewal fails, the visitor is treated as signed out and the guard sends them to /sign-in", async () => {
    const page = await browser.newPage(DESKTOP);
    const calls = await signedInNearExpiry(page, ["fail"]);
    await page.waitForURL((u) => u.pathname === "/sign-in" && u.searchParams.get("redirect") === "/dashboard", { timeout: 20_000 });
    assert.equal(calls.length, 5, "the first try and 4 retries");
    await page.evaluate(() => fetch("/api/auth/sign-out", { method: "POST" }));
    await done(page);
  });
});

describe("auth screens at every size", () => {
  for (const [size, viewport] of [
    ["mobile", MOBILE],
    ["narrowest", NARROWEST],
  ]) {
    test(`sign-in and sign-up fit at ${size} size`, async () => {
      const page = await browser.newPage(viewport);
      for (const name of ["sign-in", "sign-up"]) {
        await page.goto(url(`/${name}`));
        await page.locator(`#${name}-email`).waitFor();
        if (size === "mobile") await screenshot(page, `${name}-mobile`);
        assert.ok(await fitsWidth(page), `${name} has no sideways scrolling`);
      }
      await done(page);
    });
  }
});

describe("the header fits the account (issue 26): Saved jobs and My applications for a candidate, Dashboard for an employer", () => {
  /** The main navigation's link names, in order, once the session is read (Sign In or My applications is there). */
  async function navLinks(page) {
    const nav = page.getByRole("navigation", { name: "Main" }).first();
    await nav
      .getByRole("link", { name: /^(Sign In|My applications|Dashboard)$/ })
      .first()
      .waitFor();
    return nav.getByRole("link").allInnerTexts();
  }

  test("a candidate signs up without a company: Saved jobs and My applications, no Dashboard; /post is still one click away", async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto(url("/sign-up"));
    await page.locator("#sign-up-email").fill(`candidate-${unique()}@example.com`);
    await page.locator("#sign-up-password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL((u) => u.pathname === "/");
    const links = await navLinks(page);
    assert.ok(links.includes("Saved jobs") && links.includes("My applications"), links.join(", "));
    assert.ok(!links.includes("Dashboard") && !links.includes("Sign In"), links.join(", "));
    await screenshot(page, "header-candidate-desktop");
    await page.getByRole("navigation", { name: "Main" }).first().getByRole("link", { name: "Post a Job" }).click();
    await page.waitForURL((u) => u.pathname === "/post");
    await page.locator("#section-pay, .posting-steps, form").first().waitFor();
    await page.evaluate(() => fetch("/api/auth/sign-out", { method: "POST" }));
    await done(page);
  });

  test("an employer signs up with a company: Dashboard at once (not My applications), and it opens the dashboard; at 390 px too", async () => {
    const page = await browser.newPage(MOBILE);
    // This browser had a session (the test before): the first load tries to renew it, and the end signs out behind
    // the dashboard's back.
    expectConsoleError(page, /status of 401 .*\/api\/auth\/refresh\b/);
    await page.goto(url("/sign-up"));
    await page.locator("#sign-up-company").fill("Hirewell Labs");
    await page.locator("#sign-up-email").fill(`employer-${unique()}@example.com`);
    await page.locator("#sign-up-password").fill(PASSWORD);
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL((u) => u.pathname === "/");
    await page.getByRole("button", { name: "Open menu" }).click();
    const links = await navLinks(page);
    assert.ok(links.includes("Dashboard") && links.includes("Saved jobs"), links.join(", "));
    assert.ok(!links.includes("My applications"), links.join(", "));
    await screenshot(page, "header-employer-mobile");
    await page.locator("#mobile-menu").getByRole("link", { name: "Dashboard" }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard");
    await page.evaluate(() => fetch("/api/auth/sign-out", { method: "POST" }));
    await done(page);
  });

  test("an account without a company becomes an employer by posting a job: the Dashboard link appears after the payment", async () => {
    const page = await browser.newPage(DESKTOP);
    const email = `poster-${unique()}@example.com`;
    expectConsoleError(page, /status of 401 .*\/api\/auth\/refresh\b/); // as above
    // Let the failed renewal finish first: its answer clears the session cookies, also a newer session's.
    await page.goto(url("/contact"));
    await page.getByRole("navigation", { name: "Main" }).first().getByRole("link", { name: "Sign In" }).waitFor();
    await signUpOrIn(page, { email, name: "Pat Poster" });
    await page.goto(url("/jobs"));
    assert.ok(!(await navLinks(page)).includes("Dashboard"), "no Dashboard before posting");
    await payForStandardJob(page, { job: jobFixture(`Header Spec Engineer ${unique()}`, "Poster Co"), email, submissionId: `sub-${unique()}` });
    const links = await navLinks(page);
    assert.ok(links.includes("Dashboard"), links.join(", "));
    assert.ok(!links.includes("My applications"), "an employer who never applied does not see My applications");
    await page.getByRole("navigation", { name: "Main" }).first().getByRole("link", { name: "Dashboard" }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard");
    await page.evaluate(() => fetch("/api/auth/sign-out", { method: "POST" }));
    await done(page);
  });
});
