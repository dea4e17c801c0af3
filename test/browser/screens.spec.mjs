// Every screen at desktop (1280×800) and phone (390×844) size, screenshotted into test-results/screenshots,
// plus what holds on any screen: the header, the loading skeleton, the error state, no sideways scrolling.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { DESKTOP, MOBILE, NARROWEST, cards, done, fitsWidth, openBrowser, screenshot, url, waitForJobs, expectConsoleError, withoutCarriedData } from "./helpers.mjs";

let browser;
before(async () => {
  browser = await openBrowser();
});
after(async () => {
  await browser?.close();
});

const FIRST_JOB = "00000000-0000-4000-8001-000000000000"; // the demo data's stable first job id

/** Each screen: how to reach it and what shows it has loaded. */
const SCREENS = [
  { name: "home", path: "/", ready: (page) => waitForJobs(page) },
  { name: "jobs", path: "/jobs", ready: (page) => waitForJobs(page) },
  {
    name: "card-expanded",
    path: "/jobs",
    ready: async (page) => {
      await waitForJobs(page);
      await cards(page).first().click();
      await page.locator(".job-card.is-expanded .job-description").waitFor();
      await page.evaluate(() => window.scrollTo(0, 0));
    },
  },
  {
    name: "filters",
    path: "/jobs",
    ready: async (page) => {
      await waitForJobs(page);
      const desktop = page.viewportSize().width >= 1024;
      await page.getByRole("button", { name: desktop ? "Show Filters" : "Filters", exact: true }).click();
      await (desktop ? page.locator("#filter-panel") : page.getByRole("dialog")).waitFor();
    },
  },
  { name: "detail", path: `/jobs/${FIRST_JOB}`, ready: (page) => page.locator(".job-detail h1").waitFor() },
  { name: "not-found", path: "/no/such/page", ready: (page) => page.getByText("404 | Page Not Found").waitFor(), consoleErrors: [/status of 404 .*\/no\/such\/page\b/] },
];

describe("screenshots", () => {
  for (const [size, viewport] of [
    ["desktop", DESKTOP],
    ["mobile", MOBILE],
  ]) {
    for (const screen of SCREENS) {
      test(`${screen.name} at ${size} size`, async () => {
        const page = await browser.newPage(viewport);
        for (const p of screen.consoleErrors ?? []) expectConsoleError(page, p);
        await page.goto(url(screen.path));
        await screen.ready(page);
        await screenshot(page, `${screen.name}-${size}`);
        assert.ok(await fitsWidth(page), "no sideways scrolling");
        assert.deepEqual(page.errors, []);
        await done(page); // and no Content-Security-Policy violation
      });
    }
  }
});

describe("360 px wide", () => {
  for (const screen of SCREENS) {
    test(`${screen.name} fits without sideways scrolling`, async () => {
      const page = await browser.newPage(NARROWEST);
      for (const p of screen.consoleErrors ?? []) expectConsoleError(page, p);
      await page.goto(url(screen.path));
      await screen.ready(page);
      assert.ok(await fitsWidth(page));
      await page.close();
    });
  }
});

describe("header", () => {
  test("brand is current only on '/', Find Jobs on /jobs and below; Sign In shows while signed out, Dashboard does not", async () => {
    const page = await browser.newPage(DESKTOP);
    const nav = page.getByRole("navigation", { name: "Main" });
    const current = () => page.locator('header a[aria-current="page"]');
    await page.goto(url("/"));
    await current().filter({ hasText: "Startup Jobs" }).waitFor();
    assert.equal(await current().count(), 1, "only the brand is current on '/'");
    await nav.getByRole("link", { name: "Sign In" }).waitFor();
    assert.equal(await nav.getByRole("link", { name: "Dashboard" }).count(), 0);
    assert.equal(await nav.getByRole("link", { name: "Post a Job" }).getAttribute("href"), "/post");

    await nav.getByRole("link", { name: "Find Jobs" }).click();
    await current().filter({ hasText: "Find Jobs" }).waitFor();
    assert.equal(await current().count(), 1, "the brand is not current on /jobs");
    await page.goto(url(`/jobs/${FIRST_JOB}`));
    await current().filter({ hasText: "Find Jobs" }).waitFor();
    assert.equal(await current().count(), 1, "Find Jobs stays current on a job's page");

    for (const [link, path] of [
      ["Contact", "/contact"],
      ["Sign In", "/sign-in"],
      ["Post a Job", "/post"],
    ]) {
      await nav.getByRole("link", { name: link }).click();
      await page.waitForURL((u) => u.pathname === path);
      assert.equal(await page.getByText("404 | Page Not Found").count(), 0, `${path} is not a 404`);
    }
    await page.close();
  });

  test("on a phone the menu button toggles the same links", async () => {
    const page = await browser.newPage(MOBILE);
    await page.goto(url("/"));
    const toggle = page.getByRole("button", { name: "Open menu" });
    assert.equal(await toggle.getAttribute("aria-expanded"), "false");
    assert.equal(await page.getByRole("link", { name: "Find Jobs" }).count(), 0, "links are hidden behind the menu");
    await toggle.click();
    const menu = page.locator("#mobile-menu");
    for (const link of ["Find Jobs", "Contact", "Sign In", "Post a Job"]) await menu.getByRole("link", { name: link }).waitFor();
    await screenshot(page, "menu-mobile");
    await menu.getByRole("link", { name: "Find Jobs" }).click();
    await page.waitForURL((u) => u.pathname === "/jobs");
    await menu.waitFor({ state: "detached" });
    await page.close();
  });
});

describe("loading and errors", () => {
  test("while jobs load, exactly 3 skeleton cards hold the space real cards take", async () => {
    const page = await browser.newPage(DESKTOP);
    await withoutCarriedData(page);
    let release;
    const held = new Promise((resolve) => (release = resolve));
    await page.route("**/api/jobs?*", async (route) => {
      await held;
      await route.continue();
    });
    await page.route("**/api/jobs", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(url("/jobs"));
    await page.locator(".skeleton-card").first().waitFor();
    assert.equal(await page.locator(".skeleton-card").count(), 3);
    await screenshot(page, "loading-desktop");
    const skeleton = await page.locator(".skeleton-card").first().boundingBox();
    const headingBefore = await page.locator("#jobs-heading").boundingBox();
    release();
    await waitForJobs(page);
    const card = await cards(page).first().boundingBox();
    // The results begin where the skeleton did: the Pinned strip when sticky jobs match, else the first card.
    const first = await page.locator(".pinned-strip, .job-card[data-job-id]").first().boundingBox();
    const headingAfter = await page.locator("#jobs-heading").boundingBox();
    assert.equal(first.y, skeleton.y, "the results start where the skeleton did");
    assert.ok(Math.abs(card.height - skeleton.height) <= 4, `card ${card.height}px vs skeleton ${skeleton.height}px`);
    assert.deepEqual([headingAfter.y, headingAfter.height], [headingBefore.y, headingBefore.height], "the heading does not move");
    await page.close();
  });

  test("a failed load says 'Error loading jobs. Please try refreshing the page.'", async () => {
    const page = await browser.newPage(DESKTOP);
    expectConsoleError(page, /status of 500 .*\/api\/jobs\b/);
    await withoutCarriedData(page);
    await page.route("**/api/jobs*", (route) => route.fulfill({ status: 500, json: { error: "Something went wrong on our side. Please try again." } }));
    await page.goto(url("/jobs"));
    await page.getByText("Error loading jobs. Please try refreshing the page.").waitFor();
    await page.close();
  });
});
