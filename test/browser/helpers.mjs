import assert from "node:assert/strict";
import { after } from "node:test";
// Shared by the browser specs: the app's address, a fresh Chromium per spec file, pages, screenshots.
import { appendFileSync, mkdirSync, readFileSync, readdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import axe from "axe-core";
import { chromium } from "playwright-core";
import { createIntl } from "@formatjs/intl";
import { tsImport } from "tsx/esm/api";

// The shared pure rules, read through tsx (they import each other without extensions and read the JSON
// catalogues): tests check the screen against the same rules.
const { parseSalary, salaryTopUsdCents } = await tsImport("../../worker/rules/salary.ts", import.meta.url);
/** What "Salary: High to Low" sorts by (docs/decisions/0702): the range's top in US cents a year, -1 without a structured salary. */
export const yearlyTopCents = (text) => salaryTopUsdCents(parseSalary(text)) ?? -1;
export const { POPULAR_TAGS, SORT_LABELS } = await tsImport("../../worker/rules/lists.ts", import.meta.url);
const { CURRENCIES } = await tsImport("../../worker/rules/rates.ts", import.meta.url);

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const BASE_URL = process.env.BASE_URL ?? `http://localhost:${process.env.BROWSER_PORT ?? 8799}`;
export const SCREENSHOTS = join(ROOT, "test-results", "screenshots");
export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };
export const NARROWEST = { width: 360, height: 740 };

// Requests leaving the app (company career sites opened by Apply) never reach the network: every host but the app's
// fails to resolve. A resolver rule rather than a route on every request, because Playwright's routing turns the
// HTTP cache off: each navigation would fetch and compile the app's scripts again (issue 21, CI time).
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  `--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE ${new URL(BASE_URL).hostname}`,
];

// One Chromium per spec file, started on first use and closed when the file's tests end (Playwright gives it a
// fresh profile directory of its own and removes it at close); every openBrowser() is a new context of it, as separate as a fresh browser (its own cookies, storage,
// cache and permissions) without starting a process for each test (issue 21: a launch costs about 0.6 s of a
// two-core machine, a context 0.2 s).
let shared = null;
function sharedChromium() {
  shared ??= chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", headless: true, args: CHROMIUM_ARGS });
  return shared;
}
// Node's test runner runs root after() hooks in the order they were registered, so this one, registered when a spec
// imports the helpers, runs before the spec's own: work that needs the browser at the end goes in beforeBrowserCloses.
const closing = [];
/** Runs `fn` once the spec file's tests have ended, while its Chromium is still open (say, to remove what it made). */
export function beforeBrowserCloses(fn) {
  closing.push(fn);
}
after(async () => {
  for (const fn of closing) await fn();
  if (shared) await (await shared).close();
});

/**
 * A fresh browser: a new context of the spec file's Chromium, with nothing carried over. Requests leaving the app
 * fail (CHROMIUM_ARGS' resolver rule), so tests never touch the network.
 */
export async function openBrowser({ javaScriptEnabled = true } = {}) {
  const browser = await sharedChromium();
  const context = await browser.newContext({
    viewport: DESKTOP,
    // openBrowser({ javaScriptEnabled: false }): a visitor without JavaScript (the server-rendered pages, issue 24).
    javaScriptEnabled,
  });
  context.setDefaultTimeout(15_000);
  // Every page runs under the app's Content-Security-Policy: a violation is recorded on its page and
  // done(page) fails on it (issue 12). The listener is installed before any of the page's own scripts.
  await context.exposeBinding("__reportCspViolation", ({ page }, violation) => page?.cspViolations?.push(violation));
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) =>
      window.__reportCspViolation({ directive: e.violatedDirective, blocked: e.blockedURI, source: e.sourceFile, line: e.lineNumber, sample: e.sample }),
    );
  });

  return {
    context,
    /** A new tab at the given size; page.errors lists uncaught errors thrown in it. */
    async newPage(viewport = DESKTOP) {
      const page = await context.newPage();
      await page.setViewportSize(viewport);
      page.errors = [];
      page.cspViolations = [];
      page.consoleErrors = [];
      page.expectedConsoleErrors = [];
      page.on("pageerror", (err) => page.errors.push(err.message));
      // The job searches under way in this tab (waitForJobs waits for them).
      page.searches = new Set();
      const isSearch = (r) => new URL(r.url()).pathname === "/api/jobs";
      page.on("request", (r) => isSearch(r) && page.searches.add(r));
      for (const end of ["requestfinished", "requestfailed"]) page.on(end, (r) => page.searches.delete(r));
      page.on("console", (msg) => {
        if (msg.type() !== "error") return;
        const text = `${msg.text()} (${msg.location().url || page.url()})`;
        if (!page.expectedConsoleErrors.some((p) => p.test(text))) page.consoleErrors.push(text);
      });
      // A page of the app is opened as a person would find it: started (appStarted). A server-rendered page asks for
      // its scripts after its first paint (decision 0041), and a click or a keystroke before the app runs does nothing.
      // A test about what happens before the app starts sets page.waitsForStart = false.
      page.waitsForStart = true;
      if (javaScriptEnabled) {
        const goto = page.goto.bind(page);
        page.goto = async (...args) => {
          const response = await goto(...args);
          if (page.waitsForStart && (await page.evaluate(() => Boolean(document.getElementById("root"))).catch(() => false))) await appStarted(page);
          return response;
        };
      }
      return page;
    },
    async close() {
      await context.close();
    },
  };
}

/**
 * Declares that this page logs console errors matching `pattern` on purpose (say, the browser's own line for
 * a request the test expects to fail); done(page) fails on any other console error.
 */
export function expectConsoleError(page, pattern) {
  (page.expectedConsoleErrors ??= []).push(pattern);
}

// axe-core, evaluated into the page through the DevTools protocol (which the page's CSP does not govern).
const AXE_SOURCE = axe.source;
const AXE_FAILS = ["serious", "critical"];

/**
 * Checks the screen the page shows with axe-core: no serious or critical violation (WCAG 2.x A and AA and
 * axe's best practices). Runs for every screenshot and in done(page), so every screen the specs show.
 */
export async function checkAccessibility(page, name = page.url()) {
  if (page.isClosed()) return;
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.evaluate(AXE_SOURCE);
  // A screen already checked at this width, with nothing in its document changed since (no mutation of its nodes,
  // attributes or text), is not checked again: a snapshot's checks and done(page) often meet the same screen.
  const unchanged = await page.evaluate(() => {
    if (!window.__axeChecked) {
      window.__axeChecked = new Set();
      new MutationObserver(() => window.__axeChecked.clear()).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    }
    return window.__axeChecked.has(window.innerWidth);
  });
  if (unchanged) return;
  const violations = await page.evaluate(async () => {
    // A colour transition caught half-way (a toggle just pressed) is not what a visitor reads: let running
    // CSS transitions finish first (they last 0.15 s; infinite animations such as spinners are left alone).
    const finite = document.getAnimations().filter((a) => a.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY);
    await Promise.race([Promise.allSettled(finite.map((a) => a.finished)), new Promise((r) => setTimeout(r, 1000))]);
    const result = await window.axe.run(document, { resultTypes: ["violations"] });
    // Mutations axe's own run caused (none expected) are delivered before this: the width counts as checked after them.
    await new Promise((r) => setTimeout(r, 0));
    window.__axeChecked.add(window.innerWidth);
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")) }));
  });
  // AXE_REPORT=file.jsonl: every screen's violations, moderate and minor included, one JSON line each.
  if (process.env.AXE_REPORT) appendFileSync(process.env.AXE_REPORT, `${JSON.stringify({ name, url: page.url(), violations })}\n`);
  const failing = violations.filter((v) => AXE_FAILS.includes(v.impact));
  assert.deepEqual(failing, [], `${name}: no serious or critical accessibility violation (axe-core)`);
}

/** The viewport (or, with fullPage, the whole page for long forms), once the images shown have loaded. */
export async function screenshot(page, name, { fullPage = false } = {}) {
  await checkAccessibility(page, name);
  mkdirSync(SCREENSHOTS, { recursive: true });
  // Images in view (all of them, for a full page) have loaded or failed: the picture shows what a visitor sees.
  await page.waitForFunction((all) => [...document.images].every((img) => img.complete || (!all && img.getBoundingClientRect().top > window.innerHeight)), fullPage);
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage, animations: "disabled" });
}

/** Screenshots at 1280 and 390 px; nothing may scroll sideways at 390 or 360 px. */
export async function snapSizes(page, name, { fullPage = false } = {}) {
  const size = page.viewportSize();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.setViewportSize(DESKTOP);
  await screenshot(page, `${name}-desktop`, { fullPage });
  await page.setViewportSize(MOBILE);
  await screenshot(page, `${name}-mobile`, { fullPage });
  assert.ok(await fitsWidth(page), `${name}: no sideways scrolling at 390 px`);
  await page.setViewportSize(NARROWEST);
  assert.ok(await fitsWidth(page), `${name}: no sideways scrolling at 360 px`);
  await page.setViewportSize(size);
  await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * Closes a page after checking it threw no uncaught errors, reported no CSP violation, logged no console
 * error it did not declare (expectConsoleError) and shows no serious accessibility violation.
 */
export async function done(page) {
  assert.deepEqual(page.errors, [], "no uncaught errors in the page");
  assert.deepEqual(page.cspViolations ?? [], [], "no Content-Security-Policy violation in the page");
  assert.deepEqual(page.consoleErrors ?? [], [], "no unexpected console error in the page");
  await checkAccessibility(page);
  await page.close();
}

/**
 * The page's documents without the data their HTML carries for the first screen (the first page of results, a
 * job, a company: worker/rules/firstPage.ts), so the screen asks the API as it does after an in-app navigation:
 * for tests of the loading and error states, which the carried data skips on a first load. The screen the server
 * rendered from it goes too, so the browser renders the page itself.
 */
export async function withoutCarriedData(page) {
  await page.route(
    (u) => new URL(u).origin === new URL(BASE_URL).origin,
    async (route) => {
      if (route.request().resourceType() !== "document") return route.fallback();
      const res = await route.fetch();
      // And without the first screen the server rendered from that data (issue 24): the browser renders it.
      const body = (await res.text())
        .replace(/<script type="application\/json" id="(?:first-page|page-job|page-company)"[^>]*>.*?<\/script>/s, "")
        .replace(/<div id="root">[\s\S]*?<\/div>(?=\s*(?:<script|<\/body>))/, '<div id="root"></div>');
      await route.fulfill({ response: res, body });
    },
  );
}

export function url(path) {
  return new URL(path, BASE_URL).toString();
}

/** The app's own API, asked directly: what the screen should agree with. */
export async function api(path) {
  const res = await fetch(url(path));
  if (!res.ok) throw new Error(`${path}: ${res.status}`);
  return res.json();
}

/** A frame and a task in the page: React commits what a navigation or a click started, and its requests begin. */
const settle = (page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0))));

/**
 * Waits until the app runs: React has the page's root (hydrating or rendering it). A server-rendered page asks for its
 * scripts after its first paint (decision 0041), so its controls are on screen a moment before a click does anything;
 * from here on a click is React's (during hydration React hydrates what was clicked first).
 */
export async function appStarted(page, { timeout = 15_000 } = {}) {
  await page.waitForFunction(
    () => {
      const root = document.getElementById("root");
      return Boolean(root && Object.keys(root).some((k) => k.startsWith("__reactContainer$")));
    },
    undefined,
    { timeout },
  );
}

/**
 * Waits until React has rendered the address the page shows. The router writes the address at once and renders it in a
 * transition (react-router's BrowserRouter), which a slow machine can finish well after a frame: until then the cards on
 * screen are the previous address's (a CI run read the recent list as the salary-sorted one). The header's language
 * switch is rendered from the router's location, so its query equals the address's once the render has committed.
 */
async function routerCaughtUp(page) {
  await page.waitForFunction(() => {
    const link = document.querySelector("a.language-switch");
    return !link || new URL(link.href).search === location.search;
  });
}

/**
 * Waits until the job list has settled (and the app runs: appStarted): the search the page's address asks for has been answered (no `/api/jobs`
 * request of this page is under way: the address changes a moment before the list starts loading, and the cards on
 * screen until then are the previous search's), the skeleton is gone and cards, the empty state or an error show.
 */
export async function waitForJobs(page) {
  await appStarted(page);
  // And has hydrated the list's controls: a change made to a server-rendered select before then is replayed only once
  // React has hydrated it, so the address would change after the helper had read it (8× CPU throttling: every time).
  await page.waitForFunction(() => [...document.querySelectorAll(".sort-select select, .job-list")].every((el) => Object.keys(el).some((k) => k.startsWith("__reactFiber$"))));
  await routerCaughtUp(page);
  await settle(page);
  for (const until = Date.now() + 15_000; page.searches?.size; await new Promise((r) => setTimeout(r, 25))) {
    if (Date.now() > until) throw new Error(`a job search still under way after 15 s: ${[...page.searches].map((r) => r.url())}`);
  }
  await settle(page);
  await page.locator(".job-card[data-job-id], .empty-state, .notice-error").first().waitFor();
  await page.locator("[aria-busy=true]").waitFor({ state: "detached" });
}

/** Waits until check() (a test's own flag, such as "the held-back request was asked for") is true, or fails saying what. */
export async function waitUntil(check, what, ms = 10_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) assert.fail(what);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Waits until React has hydrated an element the server rendered: a click before that does nothing (the page's script
 * is still loading), so a test that clicks a server-rendered control waits for this first, as a person's second click would.
 */
export async function hydrated(locator, { timeout = 15_000 } = {}) {
  const until = Date.now() + timeout;
  // Asked again each time: React may replace the server's node rather than adopt it.
  const ready = (el) => Object.keys(el).some((k) => k.startsWith("__reactFiber$"));
  while (!(await locator.evaluate(ready, undefined, { timeout }))) {
    if (Date.now() > until) throw new Error(`not hydrated after ${timeout} ms: ${locator}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Each «·» between facts in `locator` that is drawn at the start or the end of a line, as "«before» · «after»" with the
 * line's drawn text (issue 25: at 390 px a dashboard row left «·» hanging at a line's end); [] when none is. A «·» the
 * line clips is not drawn. Reads the glyphs' own boxes, so it holds whatever the markup.
 */
export async function separatorsAtLineEdges(locator) {
  return locator.evaluate((root) => {
    const box = root.getBoundingClientRect();
    const glyphs = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 0; i < node.data.length; i++) {
        if (/\s/.test(node.data[i])) continue;
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const r = range.getBoundingClientRect();
        // Not drawn, or drawn outside the element (clipped).
        if (r.width === 0 || r.right <= box.left + 0.5 || r.left >= box.right - 0.5) continue;
        glyphs.push({ ch: node.data[i], r, mid: (r.top + r.bottom) / 2 });
      }
    }
    const faults = [];
    for (const dot of glyphs.filter((g) => g.ch === "·")) {
      const line = glyphs.filter((g) => g !== dot && Math.abs(g.mid - dot.mid) < dot.r.height * 0.4);
      const left = line.some((g) => g.r.right <= dot.r.left + 0.5);
      const right = line.some((g) => g.r.left >= dot.r.right - 0.5);
      if (!left || !right) faults.push(`«·» at the ${left ? "right" : "left"} end of the line «${line.map((g) => g.ch).join("")}»`);
    }
    return faults;
  });
}

/** Each % in `locator` drawn on the left of its number («%0.5» for «0.5%»), as the text around it; [] when none is. */
export async function percentSignsBeforeNumbers(locator) {
  return locator.evaluate((root) => {
    const box = (node, i) => {
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      return range.getBoundingClientRect();
    };
    const faults = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let i = 1; i < node.data.length; i++) {
        if (node.data[i] !== "%" || !/\d/.test(node.data[i - 1])) continue;
        if (box(node, i).left < box(node, i - 1).left) faults.push(node.data.slice(Math.max(0, i - 12), i + 1));
      }
    }
    return faults;
  });
}

/**
 * Sweeps the viewport from `from` to `to` px and checks an e-mail address in a sentence (web/components/EmailAddress.tsx):
 * each of its parts on one line (the name may break only where it alone is wider than the line); the whole address on one line wherever a line can hold it (half an em is kept for
 * the full stop), broken after its «@» only where it is wider than the line; and the punctuation after it never
 * opening a line, and beside the domain. Returns the widths at which it was whole.
 */
export async function sweepAddress(page, paragraph, address, { from = 330, to = 430, step = 1, height = 800 } = {}) {
  // Read out whole: an inline-block part, or a <wbr>, gave «…@ example.com» to the accessibility tree, and a box of
  // the address alone «example.com .».
  const read = await paragraph.ariaSnapshot();
  assert.ok(read.includes(address), `the sentence reads «${address}» whole: ${read}`);
  assert.doesNotMatch(read, /@\S+ [.,،؛:!?؟]/u, "nothing between the address and the punctuation after it");
  const wholeAt = [];
  for (let width = from; width <= to; width += step) {
    await page.setViewportSize({ width, height });
    const { parts, line, after } = await paragraph.evaluate((p) => {
      const bdi = p.querySelector(".email-address");
      const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT);
      let node = walker.nextNode();
      while (node && (bdi.contains(node) || !(bdi.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING))) node = walker.nextNode();
      const domain = p.querySelector(".email-address-domain").getBoundingClientRect();
      let after = null;
      if (node?.data) {
        const range = document.createRange();
        range.setStart(node, 0);
        range.setEnd(node, 1);
        const stop = range.getBoundingClientRect();
        // How far the punctuation stands from the address on its line, on the side the sentence goes on (in Arabic the
        // whole left-to-right address comes first, so the «.» sits by its leftmost part).
        const onLine = [".email-address-name", ".email-address-domain"].map((s) => p.querySelector(s).getBoundingClientRect()).filter((r) => Math.abs(r.bottom - stop.bottom) < r.height / 2);
        const gap = onLine.length
          ? getComputedStyle(p).direction === "rtl"
            ? Math.min(...onLine.map((r) => r.left)) - stop.right
            : stop.left - Math.max(...onLine.map((r) => r.right))
          : Number.POSITIVE_INFINITY;
        after = { char: node.data[0], sameLine: Math.abs(stop.bottom - domain.bottom) < domain.height / 2, gap };
      }
      return {
        parts: [".email-address-name", ".email-address-domain"].map((part) => {
          // Its parts are inline (an inline-block part gave one box however many lines it took): its rectangles, by line.
          const rects = [...p.querySelector(part).getClientRects()];
          const lines = Map.groupBy(rects, (r) => Math.round(r.top));
          const width = [...lines.values()].reduce((sum, line) => sum + Math.max(...line.map((r) => r.right)) - Math.min(...line.map((r) => r.left)), 0);
          return { lines: lines.size, middle: rects[0].top + rects[0].height / 2, height: rects[0].height, width, text: p.querySelector(part).textContent };
        }),
        line: p.clientWidth,
        after,
      };
    });
    assert.equal(parts.map((part) => part.text).join(""), address);
    // The domain never breaks; the name only where it alone is wider than the line.
    assert.deepEqual(
      parts.map((part) => (part.width > line ? 1 : part.lines)),
      [1, 1],
      `at ${width} px each part of «${address}» on one line`,
    );
    const whole = Math.abs(parts[0].middle - parts[1].middle) < parts[1].height / 2;
    const wide = Math.round(parts[0].width + parts[1].width);
    if (wide <= line - 10) assert.ok(whole, `at ${width} px «${address}» (${wide} px) whole on one line of ${line} px`);
    if (wide > line) assert.ok(!whole, `at ${width} px «${address}» (${wide} px) wider than the line (${line} px) and yet unbroken`);
    if (after && /^[.,،؛:!?؟]/u.test(after.char)) {
      assert.ok(after.sameLine, `at ${width} px the «${after.char}» after «${address}» opens a line`);
      assert.ok(after.gap < 4, `at ${width} px the «${after.char}» stands ${Math.round(after.gap)} px from «${address}»`);
    }
    if (whole) wholeAt.push(width);
  }
  return wholeAt;
}

/** How many lines `text` (in one text node of `locator`), or without `text` all of `locator`'s text, is drawn on. */
export async function linesOf(locator, text) {
  return locator.evaluate((root, text) => {
    const range = document.createRange();
    if (text === undefined) range.selectNodeContents(root);
    else {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      let node = walker.nextNode();
      while (node && !node.data.includes(text)) node = walker.nextNode();
      if (!node) return 0;
      const at = node.data.indexOf(text);
      range.setStart(node, at);
      range.setEnd(node, at + text.length);
    }
    // Runs in two fonts (Arabic and Latin digits) sit a little apart on one line: a line is a group of middles.
    const rects = [...range.getClientRects()].filter((r) => r.width > 0);
    const mids = rects.map((r) => (r.top + r.bottom) / 2).sort((a, b) => a - b);
    const gap = Math.min(...rects.map((r) => r.height)) / 2;
    return mids.filter((mid, i) => i === 0 || mid - mids[i - 1] > gap).length;
  }, text);
}

export function cards(page) {
  return page.locator(".job-card[data-job-id]");
}

export async function jobIds(page) {
  return cards(page).evaluateAll((els) => els.map((el) => el.getAttribute("data-job-id")));
}

/** The count in the heading: '12 Jobs Available' → 12. */
export async function shownTotal(page) {
  const text = await page.locator("#jobs-heading").innerText();
  const m = text.match(/^(\d+) Jobs? Available$/);
  if (!m) throw new Error(`unexpected heading: ${text}`);
  return Number(m[1]);
}

/** The query the page's URL carries, for asking the API the same question. */
export function queryOf(page) {
  return new URL(page.url()).search;
}

/** True when nothing on the page is wider than the window (no sideways scrolling). */
export async function fitsWidth(page) {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

/**
 * JSON through the page, so the browser's own cookies (and same-origin checks) apply, in the page's language as the
 * app's own client sends it (`Accept-Language`, web/client.ts).
 */
export async function inPage(page, method, path, body) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const language = { "Accept-Language": document.documentElement.lang || "en" };
      const res = await fetch(path, { method, headers: body ? { "Content-Type": "application/json", ...language } : language, body: body ? JSON.stringify(body) : undefined });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    { method, path, body },
  );
}

/** A valid job for the posting API (Standard details; a remote Go role). */
export function jobFixture(title, company) {
  return {
    title,
    company,
    logo: "/logos/careem.svg",
    website: "example.com",
    location: "Remote",
    stage: "Seed",
    category: "Engineering",
    type: "full-time",
    salary: "$100k - $150k",
    equity: "0.5% - 1.0%",
    tags: ["Go"],
    description: "<p>We are looking for someone who enjoys building reliable products. You will own a real part of the platform and work with a small team.</p>",
  };
}

/**
 * The local mailbox's e-mail of `kind` to `email`, read again for a few seconds: a screen may show its next step a
 * moment before the answer that queued the mail is read here.
 */
export async function mailTo(email, kind) {
  let mail;
  for (const until = Date.now() + 5000; !mail && Date.now() < until; await new Promise((r) => setTimeout(r, 200))) {
    mail = (await api("/api/dev/mailbox")).messages.find((m) => m.kind === kind && m.to === email);
  }
  if (!mail) throw new Error(`no ${kind} e-mail to ${email} in the local mailbox after 5 s`);
  return mail;
}

/**
 * Follows the newest verification link the local mailbox holds for `email`, as its owner would (issue 23:
 * paying, credit posts, Spotlight checkout and admin rights need a verified address). Call it right after a
 * sign-up; a page that already shows the account picks the change up on its next session read.
 */
export async function verifyAddress(email) {
  const mail = await mailTo(email, "verify_email");
  const token = mail.text.match(/[?&]token=([\w-]+)/)?.[1];
  const res = await fetch(url("/api/auth/verify-email"), { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ token }) });
  assert.equal(res.status, 200, await res.text());
}

/**
 * Sign Out in Settings, as its owner would, and the server's answer to it: the screen goes to / at once, and a test
 * that left that page at once would cancel the sign-out on its way (a person reads the home page first).
 */
export async function signOutHere(page) {
  await Promise.all([page.waitForResponse((r) => r.url().endsWith("/api/auth/sign-out") && r.ok()), page.getByRole("button", { name: "Sign Out", exact: true }).click()]);
  // Where the page went instead is what a failure needs to say (the screen, too: signout-failed.png).
  await page
    .waitForURL((u) => u.pathname === "/")
    .catch(async (err) => {
      await page.screenshot({ path: join(SCREENSHOTS, "signout-failed.png") }).catch(() => {});
      throw new Error(`after Sign Out the page is at ${page.url()}, not /: ${err.message}`);
    });
}

/** Signs up and verifies the address (or, when the account exists from an earlier run on the same server, signs in) in this page. */
export async function signUpOrIn(page, { email, name, company, password = "Correct-Horse-9" }) {
  await page.goto(url("/"));
  expectConsoleError(page, /status of 409 .*\/api\/auth\/sign-up\b/); // the account is there from an earlier run
  const up = await inPage(page, "POST", "/api/auth/sign-up", { email, password, name, company });
  if (up.status === 409) assert.equal((await inPage(page, "POST", "/api/auth/sign-in", { email, password })).status, 200);
  else {
    assert.equal(up.status, 201, JSON.stringify(up.body));
    await verifyAddress(email);
  }
}

/** Whether a job with exactly this title is on the public board. */
export async function onBoard(title) {
  const res = await fetch(url(`/api/jobs?keywords=${encodeURIComponent(title)}`));
  return (await res.json()).jobs.some((j) => j.title === title);
}

/** Buys credits (a bundle, `{ bundleId }`, or `{ customQuantity }`) from this signed-in page and pays in the emulator (lands on the success page). */
export async function payForCredits(page, purchase) {
  const checkout = await inPage(page, "POST", "/api/checkout/credits", purchase);
  assert.equal(checkout.status, 200, JSON.stringify(checkout.body));
  await page.goto(checkout.body.url);
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await page.waitForURL((u) => u.pathname.endsWith("/credit-purchase-success"));
}

/** Checks out one Standard post of `job` from this signed-in page and pays in the emulator (lands on the success page). */
export async function payForStandardJob(page, { job, email, submissionId }) {
  const checkout = await inPage(page, "POST", "/api/checkout/job", {
    job,
    purchase: { plan: "standard", enhancements: [], selectedBundle: null, quantity: 1, email },
    submissionId,
  });
  assert.equal(checkout.status, 200, JSON.stringify(checkout.body));
  await page.goto(checkout.body.url);
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await page.waitForURL((u) => /^(\/ar)?\/job-posting-success$/.test(u.pathname));
}

/** A catalogue as one object (worker/rules/locales/<locale>/*.json merged), for asserting on what the pages say. */
export function catalogue(locale) {
  const dir = join(ROOT, "worker/rules/locales", locale);
  return Object.assign(
    {},
    ...readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .map((f) => JSON.parse(readFileSync(join(dir, f), "utf8"))),
  );
}

/** The text of a catalogue message without its arguments, e.g. for a role's accessible name. */
export function message(locale, id, values = {}) {
  const text = catalogue(locale)[id];
  if (text === undefined) throw new Error(`no message ${id} in ${locale}`);
  return text.replace(/\{\s*(\w+)\s*\}/g, (_, name) => String(values[name] ?? ""));
}

/**
 * English left in an Arabic page's chrome: every text node and text attribute (placeholder, aria-label,
 * title, alt) a person can see or hear, outside what users typed (elements with dir="auto"), text marked
 * as another language (lang="en", e.g. the switch to English) and form values. Returns the texts that
 * are an English catalogue message (with its key) or are Latin words with no Arabic.
 */
export async function englishLeft(page) {
  const texts = await page.evaluate(() => {
    // User content (dir="auto"), left-to-right data (dir="ltr": URLs, e-mail addresses), names never translated (translate="no").
    const skip = (el) => el.closest('[dir="auto"], [dir="ltr"], [translate="no"], script, style, noscript, code, kbd, [lang]:not([lang|="ar"]), [aria-hidden="true"], [hidden]');
    const out = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      const text = n.textContent.trim();
      if (!text || !el || skip(el)) continue;
      const style = getComputedStyle(el);
      if (style.display === "none" || style.visibility === "hidden") continue;
      out.push(text);
    }
    for (const el of document.body.querySelectorAll("[placeholder], [aria-label], [title], img[alt]")) {
      if (skip(el)) continue;
      for (const a of ["placeholder", "aria-label", "title", "alt"]) if (el.getAttribute(a)) out.push(el.getAttribute(a).trim());
    }
    return out;
  });
  const english = catalogue("en");
  const byText = new Map(
    Object.entries(english)
      .filter(([, v]) => !v.includes("{") && /[A-Za-z]{2,}/.test(v))
      .map(([k, v]) => [v, k]),
  );
  // Not language: e-mail addresses, URLs, currency codes (the pay filter's, issue 26) and the brand mark of a logo's initials.
  const notLanguage = new RegExp(String.raw`\S+@\S+|https?:\/\/\S+|\b[\w-]+(?:\.[\w-]+)+\b|\bUS\$|\b(?:${CURRENCIES.join("|")})\b`, "g");
  // A text with Arabic in it is a translated message; Latin inside it is an argument (a company name in a
  // logo's alt text, the Enter key). A text with Latin words and no Arabic is English left over.
  return [...new Set(texts)]
    .filter((t) => byText.has(t) || (/[A-Za-z]{2,}/.test(t.replace(notLanguage, "")) && !/\p{Script=Arabic}/u.test(t)))
    .map((t) => (byText.has(t) ? `${t} (${byText.get(t)})` : t));
}

/** A catalogue message formatted as the app formats it (ICU plurals included): say("en", "public.company.hiringFor", { count: 2 }). */
export function say(locale, id, values = {}) {
  const messages = catalogue(locale);
  if (messages[id] === undefined) throw new Error(`no message ${id} in ${locale}`);
  return createIntl({ locale: locale === "ar" ? "ar-u-nu-latn" : "en-US", messages }).formatMessage({ id }, values);
}
