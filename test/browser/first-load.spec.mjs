// The listing's first load (issue 14): the HTML of / and /jobs carries the first page of results, so the
// cards show without a request to /api/jobs, and nothing on the page shifts when they arrive.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { MOBILE, api, cards, done, jobIds, openBrowser, shownTotal, url, waitForJobs } from "./helpers.mjs";

let browser;
before(async () => {
  browser = await openBrowser();
});
after(async () => {
  await browser?.close();
});

/** Opens `path` counting the page's requests to /api/jobs (the list) and its layout shifts. */
async function openCounting(path, viewport) {
  const page = await browser.newPage(viewport);
  const listRequests = [];
  page.on("request", (req) => {
    const u = new URL(req.url());
    if (u.pathname === "/api/jobs") listRequests.push(u.search);
  });
  await page.addInitScript(() => {
    window.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts.push(e.value);
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto(url(path));
  await waitForJobs(page);
  return { page, listRequests };
}

const cls = (page) => page.evaluate(() => window.__shifts.reduce((a, b) => a + b, 0));

describe("the first page of results comes with the HTML", () => {
  for (const [path, viewport] of [
    ["/", undefined],
    ["/jobs?keywords=engineer", undefined],
    ["/ar/jobs", undefined],
    ["/", MOBILE],
  ]) {
    test(`${path}${viewport ? " (phone)" : ""}: cards without a request to /api/jobs, and no layout shift`, async () => {
      const { page, listRequests } = await openCounting(path, viewport);
      assert.ok((await cards(page).count()) > 0, "the first results are on the page");
      const search = new URL(page.url()).searchParams;
      const expected = await api(`/api/jobs${search.size ? `?${search}` : ""}`);
      const shown = await cards(page).evaluateAll((els) => els.map((el) => el.getAttribute("data-job-id")));
      assert.deepEqual(
        shown,
        expected.jobs.map((j) => j.id),
        "the cards are the API's first page for this query",
      );
      if (!path.startsWith("/ar")) assert.equal(await shownTotal(page), expected.total);
      // Give a late request or a late shift the chance to happen before counting.
      await page.waitForTimeout(300);
      assert.deepEqual(listRequests, [], "no second round trip for the first results");
      const shift = await cls(page);
      assert.ok(shift <= 0.05, `cumulative layout shift ${shift.toFixed(3)} is at most 0.05`);
      await done(page);
    });
  }

  test("a later query in the same tab asks the API: the inlined page serves the first view only", async () => {
    const { page, listRequests } = await openCounting("/jobs");
    assert.deepEqual(listRequests, []);
    await page.evaluate(() => {
      history.pushState(null, "", "/jobs?keywords=data");
      dispatchEvent(new PopStateEvent("popstate"));
    });
    await page.waitForURL((u) => u.search === "?keywords=data");
    await waitForJobs(page);
    assert.ok(
      listRequests.some((q) => q.includes("keywords=data")),
      "the new query was asked of the API",
    );
    await done(page);
  });
});

describe("the listing renders the first screen's cards first, the rest just after", () => {
  for (const viewport of [undefined, MOBILE]) {
    test(`/${viewport ? " (phone)" : ""}: the first render fills the screen, the next tasks add the rest`, async () => {
      const page = await browser.newPage(viewport);
      // What the first frame shows: from the first card's insertion, the next animation frame callback runs just
      // before that frame is painted, after everything the first render's task did.
      await page.addInitScript(() => {
        window.__shifts = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts.push(e.value);
        }).observe({ type: "layout-shift", buffered: true });
        const observer = new MutationObserver(() => {
          if (!document.querySelector(".job-card")) return;
          observer.disconnect();
          requestAnimationFrame(() => {
            const shown = document.querySelectorAll(".job-card");
            window.__firstRender = {
              cards: shown.length,
              busy: document.querySelectorAll(".job-list[aria-busy=true]").length,
              bottom: shown[shown.length - 1].getBoundingClientRect().bottom,
              screen: window.innerHeight,
            };
          });
        });
        observer.observe(document, { childList: true, subtree: true });
      });
      await page.goto(url("/"));
      await waitForJobs(page);
      const first = await page.evaluate(() => window.__firstRender);
      const expected = await api("/api/jobs");
      const cardsOfPage = expected.pinned.length + expected.jobs.length;
      assert.ok(cardsOfPage > first.cards, `the first frame has ${first.cards} of the page's ${cardsOfPage} cards (Pinned strip and list)`);
      assert.ok(first.bottom >= first.screen, `its cards reach below the first screen (${Math.round(first.bottom)}px, screen ${first.screen}px)`);
      assert.ok(first.busy > 0, "a list whose cards are still being added is marked busy");
      assert.deepEqual(
        await jobIds(page),
        expected.jobs.map((j) => j.id),
        "then every card of the page is there, in order",
      );
      assert.equal(await page.locator(".pinned-strip .job-card").count(), expected.pinned.length, "and every pinned card");
      assert.equal(await page.locator(".job-list[aria-busy]").count(), 0, "and no list is busy any more");
      assert.ok((await cls(page)) <= 0.05, "adding them below the first screen shifts nothing");
      if (!viewport && expected.nextCursor) {
        // Once the list has been whole, what comes later comes at once: Load more adds its page in one render.
        await page.evaluate(() => {
          window.__counts = [];
          new MutationObserver(() => window.__counts.push(document.querySelectorAll(".job-card[data-job-id]").length)).observe(document.body, { childList: true, subtree: true });
        });
        await page.getByRole("button", { name: "Load more" }).click();
        const next = await api(`/api/jobs?cursor=${encodeURIComponent(expected.nextCursor)}`);
        const all = expected.jobs.length + next.jobs.length;
        await page.waitForFunction((n) => document.querySelectorAll(".job-card[data-job-id]").length === n, all);
        const grew = await page.evaluate((n) => window.__counts.filter((c) => c > n), expected.jobs.length);
        assert.equal(grew[0], all, `the next ${next.jobs.length} cards came in one render`);
      }
      await done(page);
    });
  }
});

describe("a job's page comes with its job", () => {
  test("the job shows without a request to /api/jobs/:id, and the view is still counted", async () => {
    const { jobs } = await api("/api/jobs?limit=1");
    const id = jobs[0].id;
    const page = await browser.newPage();
    const requests = [];
    page.on("request", (req) => requests.push(new URL(req.url()).pathname));
    await page.goto(url(`/jobs/${id}`));
    await page.getByRole("heading", { level: 1, name: jobs[0].title }).waitFor();
    for (let i = 0; i < 50 && !requests.includes(`/api/jobs/${id}/view`); i++) await page.waitForTimeout(100);
    assert.ok(requests.includes(`/api/jobs/${id}/view`), "the view is counted");
    assert.ok(!requests.includes(`/api/jobs/${id}`), "no request for the job itself");
    await done(page);
  });
});

describe("a company's page comes with the company", () => {
  test("a visitor sees the company without a request to /api/companies/:id", async () => {
    const { jobs } = await api("/api/jobs?limit=50");
    const id = jobs.find((j) => j.company_id)?.company_id;
    assert.ok(id, "the demo data has a job with a company page");
    const { company } = await api(`/api/companies/${encodeURIComponent(id)}`);
    const page = await browser.newPage();
    const requests = [];
    page.on("request", (req) => requests.push(new URL(req.url()).pathname));
    await page.goto(url(`/company/${encodeURIComponent(id)}`));
    await page.getByRole("heading", { level: 1, name: company.company }).waitFor();
    await page.waitForTimeout(300);
    assert.ok(!requests.includes(`/api/companies/${id}`), "no request for the company itself");
    await done(page);
  });
});
