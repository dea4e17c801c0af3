// The listing's first load (issue 14): the HTML of / and /jobs carries the first page of results, so the
// cards show without a request to /api/jobs, and nothing on the page shifts when they arrive. Since issue 24 the
// worker renders that first screen with React and the browser hydrates it.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { MOBILE, api, appStarted, cards, done, hydrated, jobIds, openBrowser, shownTotal, url, waitForJobs } from "./helpers.mjs";

let browser;
before(async () => {
  browser = await openBrowser();
});
after(async () => {
  await browser?.close();
});

/** In the page, before its own scripts: records each layout shift not caused by input (read back by cls()). */
function watchShifts() {
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) window.__shifts.push(e.value);
  }).observe({ type: "layout-shift", buffered: true });
}

/** Opens `path` counting the page's requests to /api/jobs (the list) and its layout shifts. */
async function openCounting(path, viewport) {
  const page = await browser.newPage(viewport);
  const listRequests = [];
  page.on("request", (req) => {
    const u = new URL(req.url());
    if (u.pathname === "/api/jobs") listRequests.push(u.search);
  });
  await page.addInitScript(watchShifts);
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

describe("the first screen comes rendered from the server, and React hydrates it (issue 24)", () => {
  for (const viewport of [undefined, MOBILE]) {
    test(`/${viewport ? " (phone)" : ""}: the HTML has every card of the first page; hydration keeps them and shifts nothing`, async () => {
      const page = await browser.newPage(viewport);
      await page.addInitScript(watchShifts);
      await page.addInitScript(() => {
        // The cards the HTML brought, before any script ran: marked, so we can tell React kept these very elements.
        document.addEventListener("DOMContentLoaded", () => {
          for (const el of document.querySelectorAll(".job-card")) el.setAttribute("data-from-server", "");
          window.__fromServer = document.querySelectorAll(".job-card").length;
        });
      });
      await page.goto(url("/"));
      await waitForJobs(page);
      const expected = await api("/api/jobs");
      assert.equal(await page.evaluate(() => window.__fromServer), expected.pinned.length + expected.jobs.length, "every card of the first page (Pinned strip and list) was in the HTML");
      assert.deepEqual(
        await jobIds(page),
        expected.jobs.map((j) => j.id),
        "in the API's order",
      );
      // Hydrated: a card responds to a click, and the server's elements are still the ones shown (no re-render from scratch).
      await cards(page).first().click();
      await page.locator(".job-card[data-job-id][data-from-server] .job-description").first().waitFor();
      assert.equal(await page.locator(".job-card:not([data-from-server])").count(), 0, "React kept the server's cards");
      assert.ok((await cls(page)) <= 0.05, "hydrating shifts nothing");
      await done(page);
    });
  }

  test("a company's page on a phone: hydrating it moves nothing, and the hero's logo is 64 px from the first paint", async () => {
    // The server renders one page for every width: the hero's logo size and the empty detail panel follow the width by
    // CSS (company.css). When a media query in script chose them, hydrating a phone's page shrank the logo from 88 to
    // 64 px and moved the hero's text (Lighthouse's CLS 0.004 on a company page).
    const { jobs } = await api("/api/jobs?limit=50");
    const ids = [...new Set(jobs.map((j) => j.companyId ?? j.company_id).filter(Boolean))];
    let company = null;
    for (const id of ids) if (!company && (await fetch(url(`/api/companies/${encodeURIComponent(id)}`))).ok) company = id;
    assert.ok(company, "a seeded company with a page");
    const page = await browser.newPage(MOBILE);
    await page.addInitScript(watchShifts);
    await page.goto(url(`/company/${encodeURIComponent(company)}`));
    await appStarted(page);
    await hydrated(page.locator(".company-hero h1"));
    await page.waitForTimeout(300);
    assert.equal(await page.locator(".company-hero-logo").evaluate((el) => Math.round(el.getBoundingClientRect().width)), 64);
    assert.equal(await page.locator(".company-job-detail.is-empty").evaluate((el) => getComputedStyle(el).display), "none", "no empty panel on a phone");
    assert.equal(await cls(page), 0, "hydrating the company's page shifts nothing");
    await done(page);
  });

  test("a hydration mismatch fails the page: the console guard reports React's error", async () => {
    const page = await browser.newPage();
    // The server's HTML with one card's title changed, as a server and a browser that disagree would have it.
    await page.route(
      (u) => new URL(u).pathname === "/jobs",
      async (route) => {
        const res = await route.fetch();
        const served = await res.text();
        // The title is the poster's text in its <bdi> (143e972).
        const body = served.replace(/(<h3 class="job-title"[^>]*><a [^>]*>(?:<bdi[^>]*>)?)([^<]+)/, "$1Not what the browser renders");
        assert.notEqual(body, served, "a card's title was changed");
        await route.fulfill({ response: res, body });
      },
    );
    await page.goto(url("/jobs"));
    await waitForJobs(page);
    for (let i = 0; i < 50 && !page.consoleErrors.length; i++) await page.waitForTimeout(100);
    assert.ok(
      page.consoleErrors.some((e) => /hydration/i.test(e)),
      `the mismatch is a console error the guard fails on: ${JSON.stringify(page.consoleErrors)}`,
    );
    await page.close();
  });

  test("without JavaScript a visitor sees the jobs, follows a card's link to the job, and sees the job (English and Arabic)", async () => {
    const noScript = await openBrowser({ javaScriptEnabled: false });
    try {
      for (const prefix of ["", "/ar"]) {
        const page = await noScript.newPage(MOBILE);
        await page.goto(url(`${prefix}/jobs`));
        const expected = await api("/api/jobs");
        assert.deepEqual(
          await jobIds(page),
          expected.jobs.map((j) => j.id),
          `${prefix}/jobs lists the first page`,
        );
        const first = expected.jobs[0];
        await page.locator(`.job-card[data-job-id="${first.id}"] .job-title a`).click();
        await page.waitForURL((u) => u.pathname === `${prefix}/jobs/${first.id}`);
        await page.getByRole("heading", { level: 1, name: first.title }).waitFor();
        assert.ok((await page.locator(".job-detail").innerText()).length > 50, "the job's page shows the job");
        await page.close();
      }
    } finally {
      await noScript.close();
    }
  });
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
