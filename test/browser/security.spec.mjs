// The Content-Security-Policy holds in a real browser, and static files carry their headers (issue 12).
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { done, openBrowser, url, waitForJobs, expectConsoleError } from "./helpers.mjs";

let browser;
before(async () => {
  browser = await openBrowser();
});
after(async () => {
  await browser?.close();
});

describe("Content-Security-Policy", () => {
  test("an injected inline script is blocked and reported; the page's own scripts run", async () => {
    const page = await browser.newPage();
    const res = await page.goto(url("/"));
    assert.match(res.headers()["content-security-policy"], /script-src 'self' 'nonce-[0-9a-f]+'/);
    await waitForJobs(page); // the app's own bundle ran
    expectConsoleError(page, /Executing inline script violates the following Content Security Policy directive/); // the injection below
    await page.evaluate(() => {
      const s = document.createElement("script");
      s.textContent = "window.__injected = true";
      document.body.append(s);
    });
    await page.waitForTimeout(300);
    assert.equal(await page.evaluate(() => window.__injected), undefined, "the injected script did not run");
    assert.equal(page.cspViolations.length, 1, "the browser reported the blocked script");
    assert.match(page.cspViolations[0].directive, /^script-src/);
    page.cspViolations = []; // the one violation this test caused on purpose
    await done(page);
  });

  test("a job page's JSON-LD carries the response's nonce, and the page reports no violation", async () => {
    const page = await browser.newPage();
    const list = await (await fetch(url("/api/jobs?limit=1"))).json();
    const res = await page.goto(url(`/jobs/${list.jobs[0].id}`));
    const nonce = res.headers()["content-security-policy"].match(/'nonce-([0-9a-f]+)'/)[1];
    assert.match(await res.text(), new RegExp(`<script type="application/ld\\+json" nonce="${nonce}">`));
    await page.locator("h1").first().waitFor();
    await done(page);
  });
});

describe("static files", () => {
  test("hashed assets are cached for a year and immutable, with the security headers; the HTML is not cached so", async () => {
    const html = await fetch(url("/"));
    const body = await html.text();
    const asset = body.match(/\/assets\/[^"]+\.js/)[0];
    const res = await fetch(url(asset));
    assert.equal(res.status, 200);
    assert.equal(res.headers.get("cache-control"), "public, max-age=31536000, immutable");
    assert.equal(res.headers.get("x-content-type-options"), "nosniff");
    assert.equal(res.headers.get("strict-transport-security"), "max-age=31536000; includeSubDomains");
    assert.doesNotMatch(html.headers.get("cache-control") ?? "", /immutable/);
    assert.equal(html.headers.get("x-content-type-options"), "nosniff");
  });
});
