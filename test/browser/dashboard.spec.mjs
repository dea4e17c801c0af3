// The employer dashboard in a real browser: an employer with real jobs (paid in the payment
// emulator, then posted with credits) deactivates one, reposts it, edits a title and finds it in public
// search, deletes one, buys the 5-post bundle in the emulator and sees the bundle card change, and saves
// settings that survive a reload. Screenshots of every screen at 1280 and 390 px; nothing scrolls sideways
// at 360 px.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { tsImport } from "tsx/esm/api";
// Through tsx: the rules import each other without extensions and read the JSON catalogues.
const { CREDIT_BUNDLES, CREDIT_PRICE, describeCredits, formatUsd, priceCredits } = await tsImport("../../worker/rules/pricing.ts", import.meta.url);
const { JOB_CATEGORIES } = await tsImport("../../worker/rules/lists.ts", import.meta.url);
const { compactNumber } = await tsImport("../../worker/rules/text.ts", import.meta.url);
import {
  api,
  done,
  inPage,
  jobFixture,
  openBrowser,
  screenshot,
  url,
  signOutHere,
  snapSizes as snap,
  expectConsoleError,
  verifyAddress,
  beforeBrowserCloses,
  hydrated,
  signUpOrIn,
} from "./helpers.mjs";

const PASSWORD = "Correct-Horse-9";
const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const EMAIL = `dash-${RUN}@example.com`;
const COMPANY = `Dashco ${RUN}`;
const DEMO_JOB = "00000000-0000-4000-8001-000000000000"; // a seeded job with no owner: not mine
const TITLES = { first: `Platform Engineer ${RUN}`, second: `Product Designer ${RUN}`, third: `Growth Marketer ${RUN}` };

let anon; // never signs in
let employer; // one profile: the session carries across the tests
const jobs = {}; // title key → id

before(async () => {
  anon = await openBrowser();
  employer = await openBrowser();
  await createEmployerWithJobs();
});
beforeBrowserCloses(() => removeEmployerJobs().catch((err) => console.error("cleaning up the dashboard jobs failed", err)));
after(async () => {
  await anon?.close();
  await employer?.close();
});

/** The other specs expect the demo data as found: the employer's jobs go at the end (signed in again). */
async function removeEmployerJobs() {
  if (!employer) return;
  const page = await employer.newPage();
  await page.goto(url("/"));
  await inPage(page, "POST", "/api/auth/sign-in", { email: EMAIL, password: PASSWORD });
  const { body } = await inPage(page, "GET", "/api/dashboard/jobs");
  for (const job of body?.jobs ?? []) await inPage(page, "DELETE", `/api/dashboard/jobs/${job.id}`);
  await page.close();
}

const jobDetails = (title) => jobFixture(title, COMPANY);

/**
 * A signed-up employer (in the employer browser) with three published jobs: the first paid by card in the
 * emulator with 3 posts (one for the job, two credits), the other two posted with those credits. Balance: 0.
 */
async function createEmployerWithJobs() {
  const page = await employer.newPage();
  await page.goto(url("/"));
  const signUp = await inPage(page, "POST", "/api/auth/sign-up", { email: EMAIL, password: PASSWORD, name: "Dana Example", company: COMPANY });
  assert.equal(signUp.status, 201, JSON.stringify(signUp.body));
  await verifyAddress(EMAIL);
  const sub = () => `sub-${RUN}-${Math.random().toString(36).slice(2)}`;
  const checkout = await inPage(page, "POST", "/api/checkout/job", {
    job: jobDetails(TITLES.first),
    purchase: { plan: "standard", enhancements: [], selectedBundle: null, quantity: 3, email: EMAIL },
    submissionId: sub(),
  });
  assert.equal(checkout.status, 200, JSON.stringify(checkout.body));
  await page.goto(checkout.body.url);
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await page.waitForURL((u) => u.pathname === "/job-posting-success");
  await page.getByRole("heading", { name: "Success! Your Job is Live", exact: true }).waitFor();
  jobs.first = checkout.body.jobId;
  for (const key of ["second", "third"]) {
    const posted = await inPage(page, "POST", "/api/jobs/with-credit", { job: jobDetails(TITLES[key]), submissionId: sub() });
    assert.equal(posted.status, 201, JSON.stringify(posted.body));
    jobs[key] = posted.body.job.id;
  }
  const credits = await inPage(page, "GET", "/api/credits");
  assert.equal(credits.body.totalPostsRemaining, 0);
  await page.close();
}

const card = (page, id) => page.locator(`.dash-job-card[data-job-id="${id}"]`);
const activeSection = (page) => page.locator("section").filter({ has: page.getByRole("heading", { name: /^Active Jobs/ }) });
const inactiveSection = (page) => page.locator("section").filter({ has: page.getByRole("heading", { name: /^Inactive Jobs/ }) });
const overlay = (page) => page.locator(".status-overlay-card");
const toast = (page) => page.locator(".toast");

async function openJobs(page, path = "/dashboard/jobs") {
  await page.goto(url(path));
  await page.locator(".dash-job-card[data-job-id], .dash-job-manager .empty-state").first().waitFor();
}

/** The success overlay shows, then goes, and the list has been fetched again. */
/**
 * Records, by the page's own clock, when each status overlay appears and when it leaves. Measured from the test
 * process instead, a busy machine added its polling delay to the overlay's time (issue 21: a flaky 1 to 1.5 s check).
 */
async function recordOverlays(page) {
  await page.evaluate(() => {
    if (window.__overlays) return;
    window.__overlays = [];
    const seen = new Map();
    const scan = () => {
      const now = performance.now();
      const present = new Set(document.querySelectorAll(".status-overlay-card"));
      for (const el of present) {
        if (!seen.has(el)) {
          const record = { text: "", shownAt: now, goneAt: null };
          seen.set(el, record);
          window.__overlays.push(record);
        }
        seen.get(el).text = el.textContent;
      }
      for (const [el, record] of seen) {
        if (!present.has(el)) {
          record.goneAt = now;
          seen.delete(el);
        }
      }
    };
    new MutationObserver(scan).observe(document.body, { childList: true, subtree: true, characterData: true });
    scan();
  });
}

/** How long the overlay saying `text` stayed, in ms of the page's clock, once it has left. */
async function overlayShownFor(page, text) {
  const done = await page.waitForFunction((t) => window.__overlays.find((r) => r.text.includes(t) && r.goneAt !== null), text);
  const { shownAt, goneAt } = await done.jsonValue();
  return Math.round(goneAt - shownAt);
}

async function overlayThenRefresh(page, text) {
  await overlay(page).filter({ hasText: text }).waitFor();
  await overlay(page).waitFor({ state: "detached" });
}

async function publicIds(query) {
  const body = await api(`/api/jobs?${new URLSearchParams(query)}`);
  return body.jobs.map((j) => j.id);
}

describe("signed out", () => {
  for (const path of ["/dashboard", "/dashboard/jobs", "/dashboard/settings", "/buy-credits", "/credit-purchase-success?session_id=x", `/jobs/${DEMO_JOB}/edit`]) {
    test(`${path} goes to /sign-in with the path remembered`, async () => {
      const page = await anon.newPage();
      await page.goto(url(path));
      await page.waitForURL((u) => u.pathname === "/sign-in");
      assert.equal(new URL(page.url()).searchParams.get("redirect"), path);
      await done(page);
    });
  }
});

describe("overview", () => {
  test("greets by first name, shows 'No Available Job Posts' in red at 0, and lists the active jobs with real analytics", async () => {
    // Two real views (two visitors: a visitor counts once per job per day) and one apply click on the
    // first job, counted by the public side.
    const visitor = (n) => ({ "User-Agent": `Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36 visitor-${n}` });
    for (const n of [1, 1, 2]) assert.equal((await fetch(url(`/api/jobs/${jobs.first}/view`), { method: "POST", headers: visitor(n) })).status, 200);
    const click = await fetch(url(`/api/jobs/${jobs.first}/apply-click`), { method: "POST", headers: visitor(1) });
    assert.equal(click.status, 200);

    const page = await employer.newPage();
    await page.goto(url("/dashboard"));
    await page.getByRole("heading", { name: "Welcome, Dana", exact: true }).waitFor();
    const nav = page.getByRole("navigation", { name: "Dashboard" });
    assert.deepEqual(await nav.getByRole("link").allInnerTexts(), ["Overview", "My Job Posts", "Billing", "Settings"]);
    assert.equal(await nav.getByRole("link", { name: "Overview" }).getAttribute("aria-current"), "page");

    const bundle = page.locator(".bundle-summary");
    await bundle.getByRole("heading", { name: "No Available Job Posts", exact: true }).waitFor();
    assert.match(await bundle.getAttribute("class"), /is-empty/, "red at 0 remaining");

    await card(page, jobs.first).waitFor();
    for (const id of Object.values(jobs)) assert.equal(await activeSection(page).locator(card(page, id)).count(), 1);
    const strip = card(page, jobs.first).getByRole("definition");
    assert.deepEqual(await strip.allInnerTexts(), ["2", "1", "50%", "1"], "views, clicks, click rate, applies");
    assert.deepEqual(await card(page, jobs.first).getByRole("term").allInnerTexts(), ["Views", "Clicks", "Click rate", "Applies"]);
    assert.equal(
      await inactiveSection(page)
        .getByRole("button", { name: /Inactive Jobs/ })
        .getAttribute("aria-expanded"),
      "true",
      "open by default",
    );
    await snap(page, "dashboard-overview");
    await done(page);
  });

  test("numbers of 1,000 or more show with K", async () => {
    const page = await employer.newPage();
    await page.route("**/api/dashboard/jobs", async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      body.jobs[0].analytics = { views: 12_345, clicks: 1_000, clickRate: 8.1, applies: 999 };
      await route.fulfill({ response: res, json: body });
    });
    await openJobs(page);
    const strip = page.locator(".dash-job-card").first().getByRole("definition");
    assert.deepEqual(await strip.allInnerTexts(), [compactNumber(12_345), compactNumber(1_000), "8.1%", "999"]);
    assert.deepEqual(await strip.allInnerTexts(), ["12.3K", "1K", "8.1%", "999"]);
    await done(page);
  });

  test("the bundle card shows its error state with Refresh, and Refresh loads it", async () => {
    const page = await employer.newPage();
    let fail = true;
    expectConsoleError(page, /status of 500 .*\/api\/credits\b/);
    await page.route("**/api/credits", (route) => (fail ? route.fulfill({ status: 500, json: { error: "down" } }) : route.continue()));
    await page.goto(url("/dashboard"));
    const bundle = page.locator(".bundle-summary");
    await bundle.getByText("Failed to load bundle information. Please try again.", { exact: true }).waitFor();
    await screenshot(page, "dashboard-bundle-error-desktop");
    fail = false;
    await bundle.getByRole("button", { name: "Refresh" }).click();
    await bundle.getByRole("heading", { name: "No Available Job Posts", exact: true }).waitFor();
    await done(page);
  });
});

describe("job actions", () => {
  test("an active job cannot be reposted: the tip says so and nothing opens", async () => {
    const page = await employer.newPage();
    await openJobs(page);
    const repost = card(page, jobs.third).getByRole("button", { name: /^Repost/ });
    assert.equal(await repost.getAttribute("aria-disabled"), "true");
    await repost.focus();
    const tip = card(page, jobs.third).getByRole("tooltip");
    assert.equal(await tip.innerText(), "Cannot repost an active job");
    await tip.waitFor({ state: "visible" });
    await repost.click({ force: true }); // aria-disabled: focusable (for the tip) but does nothing
    assert.equal(await page.getByRole("dialog").count(), 0, "no dialog for an active job");
    await done(page);
  });

  test("Deactivate moves a job to Inactive (dashed, with the banner) and takes it out of public search", async () => {
    const page = await employer.newPage();
    await openJobs(page);
    await card(page, jobs.third)
      .getByRole("button", { name: /^Deactivate/ })
      .click();
    await overlayThenRefresh(page, "Job deactivated");
    const moved = inactiveSection(page).locator(card(page, jobs.third));
    await moved.waitFor();
    assert.equal(await activeSection(page).locator(card(page, jobs.third)).count(), 0);
    assert.equal(await moved.locator(".dash-job-banner").innerText(), "INACTIVE - Not visible to candidates");
    assert.equal(await moved.evaluate((el) => getComputedStyle(el).borderStyle), "dashed");
    await moved.getByRole("button", { name: /^Activate/ }).waitFor();
    assert.ok(!(await publicIds({ keywords: TITLES.third })).includes(jobs.third), "not in public search");

    // The section folds away and back, by keyboard.
    const toggle = inactiveSection(page).getByRole("button", { name: /Inactive Jobs/ });
    await toggle.focus();
    await page.keyboard.press("Enter");
    assert.equal(await toggle.getAttribute("aria-expanded"), "false");
    await moved.waitFor({ state: "hidden" });
    await page.keyboard.press("Enter");
    await moved.waitFor();
    await snap(page, "dashboard-jobs");
    await done(page);
  });

  test("with no posts left, Repost offers Purchase Posts (/post) and Buy Credits", async () => {
    const page = await employer.newPage();
    // The balance answers late, as on a slow connection: Repost is pressed before it arrives, and the offer still
    // comes once it does (a run on three workers opened the plain confirmation instead).
    await page.route("**/api/credits", async (route) => {
      await new Promise((r) => setTimeout(r, 1_500));
      await route.continue();
    });
    await openJobs(page);
    await card(page, jobs.third)
      .getByRole("button", { name: /^Repost/ })
      .click();
    const dialog = page.getByRole("dialog", { name: "No Job Posts Left" });
    await dialog.getByText("No job posts left. Purchase more posts to repost this job.", { exact: true }).waitFor();
    assert.equal(await dialog.getByRole("link", { name: "Purchase Posts" }).getAttribute("href"), "/post");
    assert.equal(await dialog.getByRole("link", { name: "Buy Credits" }).getAttribute("href"), "/buy-credits");
    await screenshot(page, "dashboard-no-posts-desktop");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await done(page);
  });

  test("the server's own refusal when no post is left opens the same offer", async () => {
    const page = await employer.newPage();
    expectConsoleError(page, /status of 409 .*\/api\/dashboard\/jobs\/[^/]+\/repost\b/); // the server refuses: no post left
    // The balance looks positive in the browser; the server still has the last word.
    await page.route("**/api/credits", (route) => route.fulfill({ json: { bundlePostsRemaining: 0, individualPostsRemaining: 1, totalPostsRemaining: 1, activeBundle: null, bundles: [] } }));
    await openJobs(page);
    await card(page, jobs.third)
      .getByRole("button", { name: /^Repost/ })
      .click();
    const confirm = page.getByRole("dialog", { name: "Repost this job?" });
    await confirm.getByRole("button", { name: "Repost" }).click();
    const offer = page.getByRole("dialog", { name: "No Job Posts Left" });
    await offer.getByText("No job posts left. Purchase more posts to repost this job.", { exact: true }).waitFor();
    await offer.getByRole("link", { name: "Purchase Posts" }).waitFor();
    await done(page);
  });

  test("Delete asks first: Cancel keeps the job; a failure shows for 3 s and the dialog opens again; Delete removes it for good", async () => {
    const page = await employer.newPage();
    await openJobs(page);
    // Keyboard: Tab order reaches Delete; Enter opens the dialog; Escape closes it and focus comes back.
    const del = card(page, jobs.second).getByRole("button", { name: /^Delete/ });
    await del.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Delete this job?" });
    await dialog.getByText(TITLES.second).waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    assert.ok(await del.evaluate((el) => el === document.activeElement), "focus back on Delete");

    await del.click();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    await card(page, jobs.second).waitFor();

    // A failed delete: the message for 3 s, then the dialog again.
    expectConsoleError(page, /status of 500 .*\/api\/dashboard\/jobs\//);
    await page.route(`**/api/dashboard/jobs/${jobs.second}`, (route) =>
      route.request().method() === "DELETE" ? route.fulfill({ status: 500, json: { error: "Something went wrong on our side. Please try again." } }) : route.continue(),
    );
    await recordOverlays(page);
    await del.click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    const failure = overlay(page).filter({ hasText: "Failed to delete job: Something went wrong on our side. Please try again." });
    await failure.waitFor();
    await dialog.waitFor();
    const shownFor = await overlayShownFor(page, "Failed to delete job");
    assert.ok(shownFor >= 2_500 && shownFor < 4_500, `the failure stayed about 3 s (${shownFor} ms)`);
    await page.unroute(`**/api/dashboard/jobs/${jobs.second}`);

    await dialog.getByRole("button", { name: "Delete" }).click();
    const successFor = await overlayShownFor(page, "Job deleted successfully");
    assert.ok(successFor >= 800 && successFor <= 1_800, `the success overlay stayed 1 to 1.5 s (${successFor} ms)`);
    await card(page, jobs.second).waitFor({ state: "detached" });
    const gone = await fetch(url(`/api/jobs/${jobs.second}`));
    assert.equal(gone.status, 404, "gone from the public side");
    assert.ok(!(await publicIds({ keywords: TITLES.second })).includes(jobs.second));
    await done(page);
  });

  test("query flags show their toasts once and leave the URL; Refresh says 'Job listings refreshed'", async () => {
    const page = await employer.newPage();
    for (const [flag, text] of [
      ["updated", "Job updated successfully"],
      ["deleted", "Job deleted successfully"],
      ["reposted", "Job reposted successfully"],
    ]) {
      await openJobs(page, `/dashboard/jobs?${flag}=1`);
      await toast(page).filter({ hasText: text }).waitFor();
      await page.waitForURL((u) => u.pathname === "/dashboard/jobs" && u.search === "");
    }
    await toast(page).waitFor({ state: "detached", timeout: 5_000 });
    await page.getByRole("button", { name: "Refresh", exact: true }).click();
    await toast(page).filter({ hasText: "Job listings refreshed" }).waitFor();
    await done(page);
  });
});

describe("edit job", () => {
  test("shows the posting rules' messages, saves, says 'Job updated successfully!', returns to the list, and public search finds the new title", async () => {
    const page = await employer.newPage();
    await openJobs(page);
    await card(page, jobs.first).getByRole("link", { name: /^Edit/ }).click();
    await page.waitForURL((u) => u.pathname === `/jobs/${jobs.first}/edit`);
    const title = page.locator("#edit-title");
    await title.waitFor();
    assert.equal(await title.inputValue(), TITLES.first);
    assert.equal(await page.locator("#edit-category").inputValue(), "Engineering");
    // The header marks the dashboard, where the page belongs, not Find Jobs by the path's /jobs (the 25th reading).
    assert.deepEqual(await page.locator(".site-header .nav-link[aria-current=page]").allInnerTexts(), ["Dashboard"]);
    await snap(page, "edit-job");

    await title.fill("   ");
    await page.locator("#edit-salary").fill("lots");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.locator("#edit-title-error").filter({ hasText: "Job title is required" }).waitFor();
    await page.locator("#edit-salary-error").filter({ hasText: "Invalid salary format. Give a range and its currency, such as $100k - $150k or AED 15,000 - 20,000 monthly" }).waitFor();
    assert.ok(await title.evaluate((el) => el === document.activeElement), "focus on the first field in error");

    const renamed = `Staff Platform Engineer ${RUN}`;
    await title.fill(renamed);
    await page.locator("#edit-salary").fill("$120k - $170k");
    await page.locator("#edit-category").selectOption("Product");
    let releaseSave;
    const saveHeld = new Promise((r) => (releaseSave = r));
    await page.route(`**/api/dashboard/jobs/${jobs.first}`, async (route) => (route.request().method() === "PATCH" && (await saveHeld), route.continue()));
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByRole("button", { name: "Saving..." }).waitFor();
    releaseSave();
    await page.getByText("Job updated successfully!", { exact: true }).waitFor();
    await page.unrouteAll();
    await page.waitForURL((u) => u.pathname === "/dashboard/jobs");
    await toast(page).filter({ hasText: "Job updated successfully" }).waitFor();
    await page.waitForURL((u) => u.search === "");
    assert.equal(await card(page, jobs.first).locator(".dash-job-title").innerText(), renamed);

    assert.ok((await publicIds({ keywords: renamed })).includes(jobs.first), "public search finds the new title");
    const { job } = await api(`/api/jobs/${jobs.first}`);
    assert.equal(job.title, renamed);
    assert.equal(job.category, "Product");
    assert.equal(job.salary, "$120k - $170k");
    TITLES.first = renamed;
    await done(page);
  });

  test("a save from a tab opened before another tab's save is refused with the stale message, and the other tab's change stays (decision 0250)", async () => {
    const first = await employer.newPage();
    const second = await employer.newPage();
    for (const page of [first, second]) {
      await page.goto(url(`/jobs/${jobs.first}/edit`));
      await page.locator("#edit-equity").waitFor();
    }
    await first.locator("#edit-equity").fill("1% - 2%");
    await first.getByRole("button", { name: "Save Changes" }).click();
    await first.getByText("Job updated successfully!", { exact: true }).waitFor();
    expectConsoleError(second, /status of 409/);
    await second.locator("#edit-equity").fill("0.1% - 0.2%");
    await second.getByRole("button", { name: "Save Changes" }).click();
    await second.locator(".form-alert[role=alert]").filter({ hasText: "This was changed in another tab since you opened it. Reload, then make your change again." }).waitFor();
    await snap(second, "edit-job-stale", { fullPage: true });
    const { job } = await api(`/api/jobs/${jobs.first}`);
    assert.equal(job.equity, "1% - 2%");
    await done(first);
    await done(second);
  });

  test("a category outside the shared list still shows as the job's own; Cancel goes back without saving", async () => {
    const page = await employer.newPage();
    await page.goto(url("/"));
    const { body } = await inPage(page, "GET", `/api/dashboard/jobs/${jobs.first}`);
    const { title, company, location, salary, equity, description, apply_url } = body.job;
    const saved = await inPage(page, "PATCH", `/api/dashboard/jobs/${jobs.first}`, { title, company, location, category: "Web3 Research", salary, equity, description, apply_url });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    await page.goto(url(`/jobs/${jobs.first}/edit`));
    const category = page.locator("#edit-category");
    await category.waitFor();
    assert.equal(await category.inputValue(), "Web3 Research");
    const options = await category.locator("option").allInnerTexts();
    assert.deepEqual(options.slice(0, JOB_CATEGORIES.length), [...JOB_CATEGORIES], "the one shared list first");
    assert.equal(options.at(-1), "Web3 Research");
    await page.locator("#edit-title").fill("Not saved");
    await page.getByRole("link", { name: "Cancel" }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard/jobs");
    const { job } = await api(`/api/jobs/${jobs.first}`);
    assert.equal(job.title, TITLES.first);
    await done(page);
  });

  test("a job that is not mine, or does not exist, shows 'Job not found', never a form", async () => {
    const page = await employer.newPage();
    expectConsoleError(page, /status of 404 .*\/api\/dashboard\/jobs\//); // not yours, or no such job
    for (const id of [DEMO_JOB, "no-such-job"]) {
      await page.goto(url(`/jobs/${id}/edit`));
      await page.getByRole("heading", { name: "Job not found", exact: true }).waitFor();
      await page.getByText("This job does not exist or you do not have permission to edit it.", { exact: true }).waitFor();
      assert.equal(await page.locator("#edit-title").count(), 0);
      assert.equal(await page.getByRole("link", { name: "Back to My Job Posts" }).getAttribute("href"), "/dashboard/jobs");
    }
    await snap(page, "edit-job-not-found");
    await done(page);
  });
});

describe("buying credits", () => {
  test("bundle cards follow the catalogue; a selected bundle deselects; custom quantity and bundle exclude each other; nothing chosen is refused", async () => {
    const page = await employer.newPage();
    await page.goto(url("/buy-credits"));
    await page.getByRole("heading", { name: "Buy Job Credits", exact: true }).waitFor();
    const options = page.locator(".credit-bundle");
    assert.equal(await options.count(), CREDIT_BUNDLES.length);
    for (const [i, b] of CREDIT_BUNDLES.entries()) {
      const text = await options.nth(i).innerText();
      assert.ok(text.includes(b.name) && text.includes(formatUsd(b.price)) && text.includes(b.description), `${b.id}: ${text}`);
      // Named by its contents (issue 22 item 12): "Premium bundle: 10 Standard posts, save 15%".
      assert.ok(text.includes(describeCredits(b.posts, { plan: b.plan, enhancements: [...b.enhancements] })), `${b.id} contents: ${text}`);
      assert.equal(text.includes(`, save ${b.savings}%`), b.savings > 0, `${b.id} savings`);
    }

    await page.getByRole("button", { name: "Proceed to Payment" }).click();
    await page.getByRole("alert").filter({ hasText: "Please select a bundle or specify a custom quantity" }).waitFor();

    const standard = page.locator('.credit-bundle[data-bundle-id="standard"]');
    await standard.click();
    assert.equal(await standard.getAttribute("aria-pressed"), "true");
    await standard.click();
    assert.equal(await standard.getAttribute("aria-pressed"), "false", "a second click deselects");

    // Custom quantity: default 5, $199 each with the discount; choosing it deselects the bundle, and back.
    await standard.click();
    const quantity = page.locator("#custom-quantity");
    assert.equal(await quantity.inputValue(), "5");
    await quantity.fill("10");
    assert.equal(await standard.getAttribute("aria-pressed"), "false");
    const ten = priceCredits({ customQuantity: 10 });
    assert.equal(await page.getByTestId("credits-total").innerText(), formatUsd(ten.total));
    assert.equal(ten.total, Math.round(CREDIT_PRICE * 10 * 0.85));
    await page.getByText("Bulk discount (15%)").waitFor();
    await quantity.fill("0");
    await page.locator("#custom-quantity-error").waitFor();
    await quantity.fill("2.5");
    await page.locator("#custom-quantity-error").waitFor();
    // 1,001 and more: no price, the valid range in the message, and Proceed disabled.
    await quantity.fill("1001");
    assert.equal(await page.locator("#custom-quantity-error").innerText(), "Custom quantity must be a whole number from 1 to 1,000");
    assert.equal(await page.getByTestId("custom-total").count(), 0, "no price next to the field");
    assert.equal(await page.getByTestId("credits-total").count(), 0, "no price in the summary");
    assert.equal(await page.getByRole("button", { name: "Proceed to Payment" }).isDisabled(), true);
    await screenshot(page, "buy-credits-1001-desktop");
    await quantity.fill("3");
    assert.equal(await page.getByTestId("credits-total").innerText(), formatUsd(CREDIT_PRICE * 3));
    const useCustom = page.getByRole("button", { name: "Use custom quantity" });
    assert.equal(await useCustom.getAttribute("aria-pressed"), "true");
    await standard.click();
    assert.equal(await useCustom.getAttribute("aria-pressed"), "false", "the custom quantity is no longer chosen");
    assert.equal(await page.getByTestId("credits-total").innerText(), formatUsd(896));
    await snap(page, "buy-credits");
    await done(page);
  });

  test("a cancelled payment comes back with a banner", async () => {
    const page = await employer.newPage();
    await page.goto(url("/buy-credits"));
    await page.locator('.credit-bundle[data-bundle-id="basic"]').click();
    await page.getByRole("button", { name: "Proceed to Payment" }).click();
    await page.waitForURL((u) => u.pathname.startsWith("/api/emulator/checkout/"));
    await page.getByRole("button", { name: "Cancel and return" }).click();
    await page.waitForURL((u) => u.pathname === "/buy-credits" && u.searchParams.get("cancelled") === "1");
    await page.getByText("Payment cancelled. You have not been charged").waitFor();
    const credits = await inPage(page, "GET", "/api/credits");
    assert.equal(credits.body.totalPostsRemaining, 0, "nothing granted");
    await done(page);
  });

  test("buys the 5-post Standard bundle in the emulator: 'Credit Purchase Successful!', and the bundle card changes", async () => {
    const page = await employer.newPage();
    await page.goto(url("/buy-credits"));
    await page.locator('.credit-bundle[data-bundle-id="standard"]').click();
    let sent;
    page.on("request", (r) => r.url().endsWith("/api/checkout/credits") && (sent = r.postDataJSON()));
    // Hold the checkout call, then the payment page, to see each state the page passes through.
    let releaseCheckout;
    const checkoutHeld = new Promise((r) => (releaseCheckout = r));
    await page.route("**/api/checkout/credits", async (route) => (await checkoutHeld, route.continue()));
    // The success banner shows just before the page leaves for checkout: note it where the next page can read it.
    await page.evaluate(() => {
      new MutationObserver(() => {
        if (document.body.innerText.includes("Purchase successful! Redirecting to checkout...")) sessionStorage.setItem("sawSuccess", "1");
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await page.getByRole("button", { name: "Proceed to Payment" }).click();
    const busy = page.getByRole("button", { name: "Processing..." });
    await busy.waitFor();
    assert.equal(await busy.isDisabled(), true, "locked while processing");
    await page.getByText("Processing your purchase...", { exact: true }).waitFor();
    releaseCheckout();
    await page.waitForURL((u) => u.pathname.startsWith("/api/emulator/checkout/"));
    await page.unrouteAll();
    assert.equal(await page.evaluate(() => sessionStorage.getItem("sawSuccess")), "1", "'Purchase successful! Redirecting to checkout...' was shown");
    assert.deepEqual(sent, { bundleId: "standard" }, "what is bought goes up, never an amount");
    assert.equal(await page.locator("[data-total]").innerText(), "$896.00", "the server priced the bundle");
    await page.getByRole("button", { name: /^Pay \$/ }).click();

    await page.waitForURL((u) => u.pathname === "/credit-purchase-success" && u.searchParams.has("session_id"));
    await page.getByRole("heading", { name: "Credit Purchase Successful!", exact: true }).waitFor();
    await page.getByText("Your purchase is complete — Standard bundle: 5 Standard posts, save 10%.", { exact: true }).waitFor();
    await page.getByText("You can now use your 5 credits to post jobs.", { exact: true }).waitFor();
    assert.equal(await page.getByRole("link", { name: "Post a New Job" }).getAttribute("href"), "/post");
    await snap(page, "credit-purchase-success");

    // A reload verifies again and grants nothing more.
    await page.reload();
    await page.getByRole("heading", { name: "Credit Purchase Successful!", exact: true }).waitFor();
    await page.getByRole("link", { name: "Go to Dashboard" }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard");
    const bundle = page.locator(".bundle-summary");
    await bundle.getByRole("heading", { name: "Standard Bundle", exact: true }).waitFor(); // the name, not the id
    assert.equal(await bundle.locator(".bundle-total strong").innerText(), "5");
    // Only bundle posts: no split that says 5 and 0 again.
    assert.equal(await bundle.locator(".bundle-counts").count(), 0);
    await bundle.getByText("0% used", { exact: true }).waitFor();
    assert.match(await bundle.getAttribute("class"), /is-ok/);
    await done(page);
  });

  test("reposting the inactive job spends one bundle post: back in Active, renewed, and the bundle shows 20% used", async () => {
    const page = await employer.newPage();
    await page.goto(url("/dashboard"));
    await page.locator(".bundle-summary").getByText("0% used", { exact: true }).waitFor();
    await card(page, jobs.third)
      .getByRole("button", { name: /^Repost/ })
      .click();
    const dialog = page.getByRole("dialog", { name: "Repost this job?" });
    await dialog.getByText("After this repost, you will have 4 job posts left.").waitFor();
    await screenshot(page, "dashboard-repost-confirm-desktop");
    await dialog.getByRole("button", { name: "Repost" }).click();
    await overlayThenRefresh(page, "Job reposted successfully");
    await activeSection(page).locator(card(page, jobs.third)).waitFor();
    assert.match(await card(page, jobs.third).locator(".dash-job-dates").innerText(), /Expires in 30 days/);
    const bundle = page.locator(".bundle-summary");
    await bundle.getByText("20% used", { exact: true }).waitFor();
    assert.equal(await bundle.locator(".bundle-total strong").innerText(), "4");
    await page.evaluate(() => window.scrollTo(0, 0));
    await snap(page, "dashboard-bundle");
    assert.ok((await publicIds({ keywords: TITLES.third })).includes(jobs.third), "public again");
    await done(page);
  });

  test("an expired job leaves public view, shows as Expired, and Repost renews it for one post", async () => {
    // The dev-only clock: this job's 30 days are over.
    const expired = await fetch(url(`/api/dev/jobs/${jobs.first}/expire`), { method: "POST" });
    assert.equal(expired.status, 200);
    assert.equal((await fetch(url(`/api/jobs/${jobs.first}`))).status, 410, "expired jobs are not public: gone");
    const page = await employer.newPage();
    await page.goto(url("/dashboard")); // the overview: the bundle card and the job list
    const expiredCard = inactiveSection(page).locator(card(page, jobs.first));
    await expiredCard.waitFor();
    await expiredCard.getByText("EXPIRED - Not visible to candidates", { exact: true }).waitFor();
    await snap(page, "dashboard-expired");
    await card(page, jobs.first)
      .getByRole("button", { name: /^Repost/ })
      .click();
    const dialog = page.getByRole("dialog", { name: "Repost this job?" });
    await dialog.getByText("After this repost, you will have 3 job posts left.").waitFor();
    await dialog.getByRole("button", { name: "Repost" }).click();
    await overlayThenRefresh(page, "Job reposted successfully");
    await activeSection(page).locator(card(page, jobs.first)).waitFor();
    assert.match(await card(page, jobs.first).locator(".dash-job-dates").innerText(), /Expires in 30 days/);
    // The credits are read again after the list: wait for the count rather than read it the moment the card moves.
    await page.locator(".bundle-summary .bundle-total strong").filter({ hasText: /^3$/ }).waitFor();
    assert.equal((await fetch(url(`/api/jobs/${jobs.first}`))).status, 200, "public again");
    await done(page);
  });

  test("the expiry reminder's repost link: a live job says when it can be reposted; an expired one opens the confirmation", async () => {
    const page = await employer.newPage();
    await page.goto(url(`/dashboard/jobs?repost=${jobs.first}`));
    await page.getByText(/is live until .+\. You can repost it once it expires\./).waitFor();
    assert.equal(new URL(page.url()).searchParams.has("repost"), false, "the link's flag leaves the URL");
    assert.equal((await fetch(url(`/api/dev/jobs/${jobs.first}/expire`), { method: "POST" })).status, 200);
    await page.goto(url(`/dashboard/jobs?repost=${jobs.first}`));
    const dialog = page.getByRole("dialog", { name: "Repost this job?" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Cancel" }).click(); // nothing is spent without the click
    await dialog.waitFor({ state: "detached" });
    await done(page);
  });

  test("the success page without a session, or with an unknown one, says no purchase was found for the link, and when a payment made shows", async () => {
    const page = await employer.newPage();
    // It said "No session information found" (the twentieth reading: «لم يتم العثور على معلومات الجلسة», jargon, said twice).
    const text = "We couldn't find a purchase for this link. If you paid by card, your credits will appear on your dashboard within minutes; if you paid by bank transfer, once it arrives.";
    await page.goto(url("/credit-purchase-success"));
    await page.getByRole("heading", { name: "We Couldn't Find Your Purchase", exact: true }).waitFor();
    await page.getByText(text, { exact: true }).waitFor();
    expectConsoleError(page, /status of 404 .*\/api\/checkout\/verify\b/);
    await page.goto(url("/credit-purchase-success?session_id=cs_emu_unknown"));
    await page.getByRole("heading", { name: "We Couldn't Find Your Purchase", exact: true }).waitFor();
    await page.getByText(text, { exact: true }).waitFor();
    assert.equal(await page.getByRole("link", { name: "Go to Dashboard" }).getAttribute("href"), "/dashboard");
    await snap(page, "credit-purchase-problem");
    await done(page);
  });
});

describe("applications on the board (issue 26)", () => {
  test("the edit form's 'Receive applications on Startup Jobs' turns the board's Apply on and off, and the job page follows", async () => {
    // The third job: live again by now (the first one has expired above).
    const page = await employer.newPage();
    const edit = async (on) => {
      await page.goto(url(`/jobs/${jobs.third}/edit`));
      const box = page.locator("#edit-applications");
      await page.locator("#edit-title").waitFor();
      assert.equal(await box.isChecked(), !on, "the form shows the job's current choice");
      await box.setChecked(on);
      if (on) await snap(page, "edit-job-applications", { fullPage: true });
      await page.getByRole("button", { name: "Save Changes" }).click();
      await page.getByText("Job updated successfully!", { exact: true }).waitFor();
      assert.equal((await api(`/api/jobs/${jobs.third}`)).job.applications, on, "saved on the server");
    };
    await edit(true);
    // The public page offers the board's own form next to the company's link.
    await page.goto(url(`/jobs/${jobs.third}`));
    await page.locator(`.job-detail-apply a[href$="/jobs/${jobs.third}/apply"]`).waitFor();
    await edit(false);
    await page.goto(url(`/jobs/${jobs.third}`));
    await page.locator(".job-detail-apply").waitFor();
    assert.equal(await page.locator(`.job-detail-apply a[href$="/jobs/${jobs.third}/apply"]`).count(), 0, "no form once it is off");
    await done(page);
  });

  test("Settings → Application e-mails: the daily digest is saved, said, and still chosen after a reload", async () => {
    const page = await employer.newPage();
    // The account answers late, as it did once in CI: a choice made before it arrived was put back by it ("Clicking
    // the checkbox did not change its state"). The choices wait for it now.
    await page.route(
      (u) => u.pathname === "/api/account",
      async (route) => {
        if (route.request().method() === "GET") await new Promise((r) => setTimeout(r, 1_500));
        await route.continue();
      },
    );
    const loaded = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/account" && r.request().method() === "GET");
    await page.goto(url("/dashboard/settings"));
    const section = page.getByRole("region", { name: "Application e-mails" });
    const digest = section.getByRole("radio", { name: /A daily digest/ });
    await digest.waitFor();
    await page.waitForFunction(() => !document.querySelector('input[name="application-notices"][value="digest"]').disabled);
    assert.equal(await section.getByRole("radio", { name: /each application/i }).isChecked(), true, "each application until they choose");
    await digest.check();
    // Still chosen once the account has answered and the page has drawn it.
    await loaded;
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    assert.equal(await digest.isChecked(), true, "the choice stays once the account has loaded");
    assert.equal(await section.getByRole("radio", { name: /each application/i }).isChecked(), false);
    await section.getByRole("button", { name: "Save" }).click();
    await section.getByRole("status").filter({ hasText: "Saved. You will get a daily digest." }).waitFor();
    await snap(page, "dashboard-settings-digest", { fullPage: true });
    await page.reload();
    await page.waitForFunction(() => document.querySelector('input[name="application-notices"][value="digest"]')?.checked === true);
    assert.equal((await inPage(page, "GET", "/api/account")).body.applicationNotices, "digest");
    // Back to one e-mail per application, as the rest of this spec expects.
    await section.getByRole("radio", { name: /each application/i }).check();
    await section.getByRole("button", { name: "Save" }).click();
    await section.getByRole("status").filter({ hasText: "Saved. You will get an e-mail for each application." }).waitFor();
    await done(page);
  });
});

describe("settings", () => {
  test("the e-mail is read-only; name and company really save and survive a reload; the greeting follows", async () => {
    const page = await employer.newPage();
    await page.goto(url("/dashboard/settings"));
    const email = page.locator("#settings-email");
    await page.locator("#settings-name").waitFor();
    await page.waitForFunction((e) => document.querySelector("#settings-email")?.value === e, EMAIL);
    assert.equal(await email.getAttribute("readonly"), "");
    // Deleting the account is the owner's own action now, behind the password (issue 23: test/browser/identity.spec.mjs).
    await page.getByRole("button", { name: "Delete my account" }).waitFor();

    await page.locator("#settings-name").fill("Robin Q. Public");
    await page.locator("#settings-company").fill(`${COMPANY} Renamed`);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByRole("status").filter({ hasText: "Settings saved successfully!" }).waitFor();
    await snap(page, "dashboard-settings");

    await page.reload();
    await page.waitForFunction(() => document.querySelector("#settings-name")?.value === "Robin Q. Public");
    assert.equal(await page.locator("#settings-company").inputValue(), `${COMPANY} Renamed`);
    const account = await inPage(page, "GET", "/api/account");
    // applicationNotices: the employer's choice of application e-mails (issue 26), "each" until they choose the digest;
    // locale: the language of the account's mails (decision 0509), the one it signed up in.
    assert.deepEqual(account.body, { email: EMAIL, name: "Robin Q. Public", company: `${COMPANY} Renamed`, applicationNotices: "each", locale: "en" });

    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Overview" }).click();
    await page.getByRole("heading", { name: "Welcome, Robin", exact: true }).waitFor();
    await done(page);
  });

  test("a failed save says 'Error saving settings. Please try again.'", async () => {
    const page = await employer.newPage();
    expectConsoleError(page, /status of 500 .*\/api\/account\b/);
    await page.route("**/api/account", (route) => (route.request().method() === "PATCH" ? route.fulfill({ status: 500, json: { error: "down" } }) : route.continue()));
    await page.goto(url("/dashboard/settings"));
    await page.waitForFunction(() => document.querySelector("#settings-name")?.value === "Robin Q. Public");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByRole("alert").filter({ hasText: "Error saving settings. Please try again." }).waitFor();
    await done(page);
  });

  test("what the owner types before the saved values arrive is kept, and saved", async () => {
    // CI caught it: the form opens with the session's copy at once, the server's copy came after the test had typed
    // and replaced its words, and Save sent the old name back. The server's copy comes 1.5 s late here.
    const page = await employer.newPage();
    await page.route("**/api/account", async (route) => {
      if (route.request().method() === "GET") await new Promise((r) => setTimeout(r, 1_500));
      await route.fallback();
    });
    const saved = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/account" && r.request().method() === "GET");
    await page.goto(url("/dashboard/settings"));
    await hydrated(page.locator("#settings-name"));
    await page.locator("#settings-name").fill("Robin Typed Early");
    await page.locator("#settings-company").fill(`${COMPANY} Early`);
    await saved;
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    assert.equal(await page.locator("#settings-name").inputValue(), "Robin Typed Early");
    assert.equal(await page.locator("#settings-company").inputValue(), `${COMPANY} Early`);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByRole("status").filter({ hasText: "Settings saved successfully!" }).waitFor();
    const account = await inPage(page, "GET", "/api/account");
    assert.equal(account.body.name, "Robin Typed Early");
    assert.equal(account.body.company, `${COMPANY} Early`);
    await done(page);
  });

  test("Sign Out on a slow phone lands on the home page, not on /sign-in", async () => {
    // CI caught it: the router renders the home page as a transition, the settings screen stays on show meanwhile,
    // and when the sign-out's answer came first its guard sent the visitor to /sign-in. A CPU 10 times slower makes
    // that order certain (it failed 2 of 2 so before the fix).
    const visitor = await openBrowser();
    const page = await visitor.newPage();
    await signUpOrIn(page, { email: `leaving-${RUN}@example.com`, name: "Lea Ving", company: COMPANY });
    await page.goto(url("/dashboard/settings"));
    const signOut = page.getByRole("button", { name: "Sign Out", exact: true });
    await hydrated(signOut);
    const cdp = await visitor.context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 10 });
    await Promise.all([page.waitForResponse((r) => r.url().endsWith("/api/auth/sign-out") && r.ok()), signOut.click()]);
    await page.waitForURL((u) => u.pathname === "/");
    await page.locator(".job-card").first().waitFor();
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    assert.equal(new URL(page.url()).pathname, "/", "still on the home page once it has rendered");
    await done(page);
    await visitor.close();
  });

  test("Sign Out signs out and the dashboard asks to sign in again", async () => {
    const page = await employer.newPage();
    // A renewal of this long-lived test session may still be under way when Sign Out revokes its refresh token.
    expectConsoleError(page, /status of 401 .*\/api\/auth\/refresh\b/);
    await page.goto(url("/dashboard/settings"));
    await signOutHere(page);
    await page.goto(url("/dashboard"));
    await page.waitForURL((u) => u.pathname === "/sign-in");
    await done(page);
  });
});
