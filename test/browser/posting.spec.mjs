// Posting a job in a real browser:
// a new employer signs up, fills the wizard with a real logo, pays in the local payment emulator, and the
// job is live, searchable and confirmed by e-mail; the next job goes out with a credit; a cancelled
// checkout comes back at the payment step with its data. Screenshots of every step at both sizes.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { tsImport } from "tsx/esm/api";
import { DESKTOP, api, done, openBrowser, url, snapSizes, screenshot, sweepAddress, verifyAddress, beforeBrowserCloses, waitUntil } from "./helpers.mjs";

// The posting rules import their neighbours without extensions, so tsx loads them: the same messages.
const { MESSAGES } = await tsImport("../../worker/rules/posting.ts", import.meta.url);
const { formatUsd, priceJobOrder } = await tsImport("../../worker/rules/pricing.ts", import.meta.url);

// A real 16×16 PNG.
const LOGO_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAH0lEQVR4nGP4TyFg4C/L+08JHgQGjIbBaBiMhgEYAwCec3SfNQPFWwAAAABJRU5ErkJggg==", "base64");
const PASSWORD = "Correct-Horse-9";
const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const EMAIL = `employer-${RUN}@example.com`;
const DESCRIPTION = "We are looking for an engineer who enjoys building reliable platforms. You will own our edge services, " + "work closely with product and design, and help us grow the team.";

let anon; // a browser that never signs in
let employer; // the employer's browser: one profile, so the session carries across tests
before(async () => {
  anon = await openBrowser();
  employer = await openBrowser();
  await employer.context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: new URL(url("/")).origin });
});
beforeBrowserCloses(() => removeEmployerJobs().catch((err) => console.error("cleaning up the posted jobs failed", err)));
after(async () => {
  await anon?.close();
  await employer?.close();
});

/** The other specs expect the demo data as found: the jobs posted here go at the end. */
/** Long forms: whole-page screenshots. */
const shot = (page, name) => screenshot(page, name, { fullPage: true });
const snap = (page, name) => snapSizes(page, name, { fullPage: true });

async function removeEmployerJobs() {
  if (!employer) return;
  const page = await employer.newPage();
  await page.goto(url("/"));
  await page.evaluate(
    async ({ email, password }) => {
      const json = { "Content-Type": "application/json" };
      await fetch("/api/auth/sign-in", { method: "POST", headers: json, body: JSON.stringify({ email, password }) });
      const { jobs = [] } = await fetch("/api/dashboard/jobs").then((r) => r.json());
      for (const job of jobs) await fetch(`/api/dashboard/jobs/${job.id}`, { method: "DELETE" });
    },
    { email: EMAIL, password: PASSWORD },
  );
  await page.close();
}

function tab(page, name) {
  return page.getByRole("tab", { name });
}

async function selectedTab(page) {
  return (await page.locator('.wizard-tab[aria-selected="true"]').innerText()).replace(/^\d\s*/, "").trim();
}

/** Fills step 0 the way a person would, keyboard first: suggestions, skills, the editor. */
async function fillDetails(page, job) {
  await page.locator("#job-title").fill(job.title);
  await page.locator("#job-company").fill(job.company);
  await page.locator("#job-website").fill("example.com");
  await page.locator("#job-logo").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: LOGO_PNG });
  await page.getByRole("img", { name: "Company logo preview" }).waitFor();

  // Location: suggestions only after more than 1 character; arrow down and Enter picks one.
  const location = page.locator("#job-location");
  await location.pressSequentially("D");
  assert.equal(await location.getAttribute("aria-expanded"), "false", "no suggestions after 1 character");
  await location.pressSequentially("ub");
  await page.getByRole("option", { name: "Dubai, UAE" }).waitFor();
  await location.press("ArrowDown");
  await location.press("Enter");
  assert.equal(await location.inputValue(), "Dubai, UAE");

  await page.locator("#job-stage").selectOption("Series A");
  await page.locator("#job-category").selectOption("Engineering");
  await page.getByRole("button", { name: "$120k-$160k" }).click();
  assert.equal(await page.locator("#job-salary").inputValue(), "$120k-$160k");

  // Equity slider: 5 steps right from 0% gives '5% - 7%'.
  const slider = page.locator("#job-equity-slider");
  await slider.focus();
  for (let i = 0; i < 5; i++) await slider.press("ArrowRight");
  assert.equal(await page.locator("#job-equity").inputValue(), "5% - 7%");

  // Skills: Enter adds trimmed, non-duplicate entries; Backspace in the empty input removes the last.
  const skills = page.locator("#job-tags");
  for (const s of ["  TypeScript ", "typescript", "Go", "Kubernetes"]) {
    await skills.fill(s);
    await skills.press("Enter");
  }
  const chips = page.getByRole("list", { name: "Skills added" }).locator("li");
  assert.deepEqual(
    (await chips.allInnerTexts()).map((t) => t.replace("×", "").trim()),
    ["TypeScript", "Go", "Kubernetes"],
  );
  await skills.press("Backspace");
  assert.equal(await chips.count(), 2, "Backspace on the empty input removed the last skill");

  // The editor: a heading, then the text; the counter follows.
  const editor = page.locator("#job-description");
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  await page.getByRole("button", { name: "Heading 2" }).click();
  await page.keyboard.type("About the role");
  await page.keyboard.press("Enter");
  await page.keyboard.type(DESCRIPTION);
  await page.locator(".editor-count.is-enough").waitFor();
  assert.equal(await editor.locator("h2").innerText(), "About the role");
}

async function goToPreviewAndPayment(page, title, paymentTab) {
  await page.getByRole("button", { name: "Next: Preview →" }).click();
  assert.equal(await selectedTab(page), "Preview");
  const card = page.locator(".preview-card");
  assert.equal(await card.locator(".job-title").innerText(), title);
  await page.getByText("This is how your job posting will appear on the job board.").waitFor();
  await page.getByRole("button", { name: `Next: ${paymentTab} →` }).click();
  assert.equal(await selectedTab(page), paymentTab);
}

async function signUp(page, email) {
  await page.goto(url("/sign-up?redirect=/post"));
  await page.locator("#sign-up-email").fill(email);
  await page.locator("#sign-up-password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create Account" }).click();
  await page.waitForURL((u) => u.pathname === "/post");
  // Paying needs a verified address (issue 23): follow the e-mailed link, then the page reads the session again.
  await verifyAddress(email);
  await page.reload();
}

async function mailTo(to, subjectPart) {
  for (let i = 0; i < 40; i++) {
    const { messages } = await api("/api/dev/mailbox");
    const found = messages.find((m) => m.to === to && m.subject.includes(subjectPart));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  return null;
}

// Where the editor asks for the caret: never before it is in the page. Tiptap's autofocus did, when React held the
// editor's reveal back a moment after the placeholder showed (Suspense's throttle), and the caret was lost unless a second
// render happened to ask again (a CI run's timeout).
function countDetachedFocus(page) {
  return page.addInitScript(() => {
    window.__focusedDetached = 0;
    const focus = HTMLElement.prototype.focus;
    HTMLElement.prototype.focus = function (...args) {
      if (!this.isConnected && this.classList.contains("ProseMirror")) window.__focusedDetached++;
      return focus.apply(this, args);
    };
  });
}

describe("signed-out visitors", () => {
  test("/post shows its form before the editor's chunk has arrived, in a placeholder the editor then fills exactly", async () => {
    const page = await anon.newPage(DESKTOP);
    let release;
    const held = new Promise((r) => (release = r));
    let asked = false;
    await page.route(/\/assets\/DescriptionEditor-[^/]*\.js$/, async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    await countDetachedFocus(page);
    await page.goto(url("/post"));
    await page.locator("#job-title").waitFor();
    const placeholder = page.locator(".editor.editor-placeholder");
    await placeholder.waitFor();
    assert.equal(await page.locator(".ProseMirror").count(), 0, "the form is there, the editor not yet");
    // The editor loads when its field comes near the screen (or on the first focus, tap or click).
    await placeholder.scrollIntoViewIfNeeded();
    await page.locator("#job-description").click(); // while the editor is held back
    await waitUntil(() => asked, "the editor's chunk is asked for once the field is on screen");
    const before = await placeholder.boundingBox();
    const footer = await page.locator(".wizard-nav").first().boundingBox();

    release();
    await page.locator("#job-description.ProseMirror").waitFor();
    await page.locator(".editor.editor-placeholder").waitFor({ state: "detached" });
    const after = await page.locator(".editor").boundingBox();
    assert.deepEqual([after.y, after.height], [before.y, before.height], "the editor takes the placeholder's exact room");
    assert.deepEqual(await page.locator(".wizard-nav").first().boundingBox(), footer, "nothing below it moved");
    // The click on the placeholder leaves the caret in the editor (focused as it mounts, a moment after it shows).
    await page.waitForFunction(() => document.activeElement?.id === "job-description", undefined, { timeout: 5000 });
    assert.equal(await page.evaluate(() => window.__focusedDetached), 0, "the editor took the caret once it was in the page");
    await done(page);
  });

  test("a click on the description's placeholder leaves the caret in the editor when the editor arrives at once", async () => {
    // The editor's chunk, as a first visit asks for it.
    const first = await anon.newPage(DESKTOP);
    let chunk;
    await first.route(/\/assets\/DescriptionEditor-[^/]*\.js$/, (route) => {
      chunk = new URL(route.request().url()).pathname;
      return route.continue();
    });
    await first.goto(url("/post"));
    await first.locator(".editor.editor-placeholder").waitFor();
    assert.equal(chunk, undefined, "the editor's chunk waits until its field is near the screen or the page is used");
    await first.locator("#job-description").click();
    await first.locator("#job-description.ProseMirror").waitFor();
    await waitUntil(() => chunk, "the editor's chunk was asked for");
    await first.close();

    // A page that has the editor's module already (as after any visit to the form): the click shows the placeholder
    // and the editor is ready a moment later, often within the time React holds a Suspense boundary's reveal back.
    // Whether it is depends on timing (about one load in three before the fix), so the test tries four.
    for (let i = 0; i < 4; i++) {
      const page = await anon.newPage(DESKTOP);
      await countDetachedFocus(page);
      await page.goto(url("/post"));
      await page.locator(".editor.editor-placeholder").waitFor();
      await page.evaluate((path) => import(path), chunk);
      await page.locator("#job-description").click();
      await page.locator("#job-description.ProseMirror").waitFor();
      await page.waitForFunction(() => document.activeElement?.id === "job-description", undefined, { timeout: 5000 });
      assert.equal(await page.evaluate(() => window.__focusedDetached), 0, `the editor took the caret once it was in the page (load ${i + 1})`);
      await page.keyboard.type("Typed at once.");
      assert.match(await page.locator("#job-description").innerText(), /Typed at once\.$/);
      await done(page);
    }
  });

  test("see the invitation with an embedded sign-in, can fill the form, and must fix each field before the preview", async () => {
    const page = await anon.newPage(DESKTOP);
    await page.goto(url("/post"));
    await page.getByRole("heading", { name: "Post Your Job", exact: true }).waitFor();
    await page.getByRole("heading", { name: "Create an Account to Post Your Job" }).waitFor();
    assert.equal(await page.locator(".benefits li").count(), 3, "three benefit points");
    await page.locator("#post-sign-in-email").waitFor();
    assert.deepEqual(
      await page
        .getByRole("tab")
        .allInnerTexts()
        .then((t) => t.map((s) => s.replace(/^\d\s*/, ""))),
      ["Job Details", "Preview", "Payment"],
    );
    assert.equal(await tab(page, "Payment").isDisabled(), true, "a tab two steps ahead is disabled");
    await snap(page, "post-invitation");

    // Forward needs valid details: each field says what is wrong, the first error sits above the tabs.
    await page.getByRole("button", { name: "Next: Preview →" }).click();
    await page.locator(".wizard-alert").filter({ hasText: MESSAGES.title }).waitFor();
    for (const message of [MESSAGES.title, MESSAGES.company, MESSAGES.logo, MESSAGES.location, MESSAGES.category, MESSAGES.salary, MESSAGES.tags, MESSAGES.description]) {
      await page.locator(".form-error", { hasText: message }).first().waitFor();
    }
    // The banner names the first and counts the others, so eight fields to fix do not look like one (a reading).
    const wrong = await page.locator(".wizard-panel .form-error").count();
    assert.ok(wrong >= 8, `${wrong} fields marked`);
    assert.equal(await page.locator(".wizard-alert .wizard-alert-more").innerText(), `${wrong - 1} more fields below need attention.`);
    assert.equal(await selectedTab(page), "Job Details");
    assert.equal(await page.evaluate(() => document.activeElement?.id), "job-title", "the caret goes to the first wrong field");
    await tab(page, "Preview").click();
    assert.equal(await selectedTab(page), "Job Details", "the Preview tab also needs valid details");
    // That attempt moves the caret to the first wrong field again; let it land before using the tabs.
    await page.waitForFunction(() => document.activeElement?.id === "job-title");
    // The tabs work from the keyboard: arrows move between enabled tabs, Enter picks one.
    await tab(page, "Job Details").focus();
    await page.keyboard.press("ArrowRight");
    assert.equal(await page.evaluate(() => document.activeElement?.textContent?.replace(/^\d/, "")), "Preview");
    await page.keyboard.press("ArrowRight");
    assert.equal(await page.evaluate(() => document.activeElement?.textContent?.replace(/^\d/, "")), "Job Details", "the disabled Payment tab is skipped");

    await page.locator("#job-salary").fill("lots");
    await page.locator(".form-error", { hasText: MESSAGES.salaryFormat }).waitFor();
    await page.locator("#job-description").click();
    await page.keyboard.type("Too short.");
    await page.locator(".form-error", { hasText: MESSAGES.descriptionMin }).waitFor();
    await page.getByText("Minimum 100 characters required").waitFor();
    await snap(page, "post-details-errors");

    // A file that is not an image is refused before any upload, and so is SVG (it can carry script).
    await page.locator("#job-logo").setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await page.getByRole("alert").filter({ hasText: MESSAGES.logoType }).waitFor();
    assert.equal(MESSAGES.logoType, "Please upload a PNG, JPG, WebP or GIF image");
    await page.locator("#job-logo").setInputFiles({ name: "logo.svg", mimeType: "image/svg+xml", buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
    await page.getByRole("alert").filter({ hasText: MESSAGES.logoType }).waitFor();
    assert.equal(await page.getByRole("img", { name: "Company logo preview" }).count(), 0, "the SVG was not taken");
    // A refused file says why, once (the twentieth reading): not also "logo required" under the field, and Next's
    // banner gives the reason rather than say the logo is missing.
    assert.equal(await page.locator("#job-logo-error").count(), 0, "no second red line under the logo");
    await page.locator("#job-logo").setInputFiles({ name: "big.png", mimeType: "image/png", buffer: Buffer.alloc(3 * 1024 * 1024) });
    await page.getByRole("alert").filter({ hasText: MESSAGES.logoSize }).waitFor();
    assert.equal(await page.locator("#job-logo-error").count(), 0, "no second red line under the logo");
    await page.locator("#job-title").fill("Logo check");
    await page.locator("#job-company").fill("Logo Inc");
    await page.getByRole("button", { name: "Next: Preview →" }).click();
    await page.locator(".wizard-alert").filter({ hasText: MESSAGES.logoSize }).waitFor();
    assert.equal(await page.getByText(MESSAGES.logo).count(), 0, "nothing says the logo is missing");
    await page.locator("#job-title").fill("");
    await page.locator("#job-company").fill("");

    // The Application Link must be an http(s) URL; the Application Email an e-mail address.
    await page.locator("#job-applicationLink").fill("our careers page");
    await page.locator("#job-applicationEmail").fill("jobs at acme");
    await page.locator(".form-error", { hasText: MESSAGES.website }).waitFor();
    await page.locator(".form-error", { hasText: MESSAGES.emailFormat }).waitFor();
    // Equity: each percent from 0 to 100, low ≤ high, each said as such (the twentieth reading).
    await page.locator("#job-equity").fill("50% - 150%");
    await page.locator(".form-error", { hasText: MESSAGES.equityMax }).waitFor();
    await page.locator("#job-equity").fill("5% - 1%");
    await page.locator(".form-error", { hasText: MESSAGES.equityReversed }).waitFor();
    await shot(page, "post-application-target-errors");
    await page.locator("#job-applicationLink").fill("");
    await page.locator("#job-applicationEmail").fill("");

    // The anonymous visitor can reach the payment step, but checkout needs an account.
    await page.reload();
    await page.locator("#job-title").waitFor();
    for (const id of ["#job-title"]) assert.equal(await page.locator(id).inputValue(), "", "nothing valid was typed into the title");
    await fillDetails(page, { title: `Anonymous draft ${RUN}`, company: "Nobody Inc" });
    // Links by prompt get https:// added; video links become embed links.
    const editor = page.locator("#job-description");
    await editor.click();
    await page.keyboard.press("End");
    page.once("dialog", (d) => d.accept("example.com/team"));
    await page.getByRole("button", { name: "Link", exact: true }).click();
    assert.equal(await editor.locator("a").first().getAttribute("href"), "https://example.com/team");
    page.once("dialog", (d) => d.accept("https://youtu.be/dQw4w9WgXcQ"));
    await page.getByRole("button", { name: "Video" }).click();
    assert.equal(await editor.locator("iframe").getAttribute("src"), "https://www.youtube.com/embed/dQw4w9WgXcQ");
    page.once("dialog", (d) => d.accept("https://example.com/not-a-video"));
    await page.getByRole("button", { name: "Video" }).click();
    await page.getByRole("alert").filter({ hasText: "Please enter a YouTube or Vimeo link" }).waitFor();

    await page.reload();
    assert.equal(await page.locator("#job-title").inputValue(), `Anonymous draft ${RUN}`, "the draft survives a reload");
    // The editor loads when its field nears the screen.
    await page.locator("#job-description").scrollIntoViewIfNeeded();
    assert.equal(await page.locator("#job-description iframe").getAttribute("src"), "https://www.youtube.com/embed/dQw4w9WgXcQ", "the description survives too");
    assert.equal(await page.getByRole("img", { name: "Company logo preview" }).count(), 1, "the logo stays as its uploaded URL");
    await goToPreviewAndPayment(page, `Anonymous draft ${RUN}`, "Payment");
    await page.locator("#purchase-email").fill("someone@example.com");
    await page.getByRole("button", { name: "Proceed to Checkout" }).click();
    await page.getByRole("alert").filter({ hasText: MESSAGES.signInToPost }).waitFor();
    assert.deepEqual(page.errors, []);
    await page.close();
  });
});

describe("an employer posts jobs", () => {
  const paidTitle = `Staff Platform Engineer ${RUN}`;
  let paidJobId;
  let creditJobId;

  test("signs up, fills the wizard, pays for Premium with Highlight and Sticky and 5 posts, and the job is live, searchable and e-mailed", async () => {
    const page = await employer.newPage(DESKTOP);
    await signUp(page, EMAIL);
    assert.equal(await page.getByRole("heading", { name: "Create an Account to Post Your Job" }).count(), 0, "no invitation once signed in");
    await fillDetails(page, { title: paidTitle, company: "Orbit Labs" });
    await snap(page, "post-details");

    await page.getByRole("button", { name: "Next: Preview →" }).click();
    const card = page.locator(".preview-card");
    await card.getByText("Orbit Labs").waitFor();
    for (const text of ["Dubai, UAE", "just now", "$120k-$160k", "Equity: 5% - 7%", "Engineering", "TypeScript", "Go"]) await card.getByText(text, { exact: true }).first().waitFor();
    await card.getByRole("button", { name: "Show More" }).click();
    await card.getByText("About the role").waitFor();
    await snap(page, "post-preview");
    await card.getByRole("button", { name: "Show Less" }).click();
    assert.equal(await card.getByText("About the role").count(), 0);

    await page.getByRole("button", { name: "Next: Payment →" }).click();
    assert.equal(await selectedTab(page), "Payment", "a new account has no credits");
    assert.equal(await page.locator("#purchase-email").inputValue(), EMAIL, "the e-mail is the account's");
    // Each bundle is named by what it contains (issue 22 item 12).
    assert.deepEqual(await page.locator(".bundle-card [data-bundle-summary]").allInnerTexts(), [
      "Boosted bundle: 2 Standard posts with Highlight",
      "Premium Success bundle: 3 Premium posts with Featured",
      "Ultimate bundle: 5 Premium posts with Highlight, Sticky and Featured",
    ]);
    // In a row of three cards at 1280 px, a bundle's name has the card's width, not a column a word wide beside its price.
    for (const card of await page.locator(".bundle-card").all()) {
      const [name, whole] = await Promise.all([card.locator("[data-bundle-summary]").evaluate((el) => el.getBoundingClientRect().width), card.evaluate((el) => el.clientWidth)]);
      assert.ok(name >= whole * 0.6, `a bundle's name is ${Math.round(name)} px wide in a ${whole} px card`);
    }
    await page.locator('input[name="plan"][value="premium"]').check();
    await page.locator('input[name="enhancements"][value="highlight"]').check();
    await page.locator('input[name="enhancements"][value="sticky"]').check();
    await page.getByLabel("Buy multiple job posts").check();
    await page.locator("#posts-quantity").fill("5");
    const expected = priceJobOrder({ plan: "premium", enhancements: ["highlight", "sticky"], quantity: 5 });
    assert.equal(await page.getByTestId("order-total").innerText(), formatUsd(expected.total));
    await page.getByText(`Bulk discount (${Math.round(expected.discountRate * 100)}%)`).waitFor();
    await snap(page, "post-payment");

    // 'Proceed to Checkout' is locked while the checkout is being created.
    let releaseCheckout;
    const held = new Promise((r) => (releaseCheckout = r));
    await page.route("**/api/checkout/job", async (route) => (await held, route.continue()));
    await page.getByRole("button", { name: "Proceed to Checkout" }).click();
    const busy = page.getByRole("button", { name: "Processing..." });
    await busy.waitFor();
    assert.equal(await busy.isDisabled(), true, "locked while processing");
    releaseCheckout();
    await page.waitForURL((u) => u.pathname.startsWith("/api/emulator/checkout/"));
    await page.unrouteAll();
    await page.getByRole("button", { name: `Pay ${formatUsd(expected.total)}` }).waitFor();
    await snap(page, "checkout-emulator");
    await page.getByRole("button", { name: /^Pay \$/ }).click();

    await page.waitForURL((u) => u.pathname === "/job-posting-success");
    const params = new URL(page.url()).searchParams;
    paidJobId = params.get("job_id");
    assert.ok(paidJobId && params.get("session_id") && params.get("submission_id"));
    await page.getByRole("heading", { name: "Success! Your Job is Live" }).waitFor();
    await page.getByText(paidTitle).waitFor();
    await page.getByText(`A confirmation e-mail has been sent to ${EMAIL}.`).waitFor();
    // Where the address is wider than a phone's line it breaks after its «@», and the full stop stays by the domain:
    // it stood a line's width away, at the right edge (the final look at /post's credits step at 390 px).
    await sweepAddress(page, page.locator(".result-card > p.muted.small"), EMAIL, { from: 300, to: 640 });
    await page.setViewportSize(DESKTOP);
    assert.equal(await page.locator("canvas.confetti-canvas").getAttribute("data-pieces"), "200");
    // Both success pages name their two ways on alike (issue 25): "Go to Dashboard", "View Your Listing".
    assert.equal(await page.getByRole("link", { name: "Go to Dashboard" }).getAttribute("href"), "/dashboard/jobs");
    assert.equal(await page.getByRole("link", { name: "View Your Listing" }).getAttribute("href"), `/jobs/${paidJobId}`);
    // And share it by one name: this page's button was "Share" beside the other's "Share Job" (issue 25).
    assert.deepEqual(await page.locator(".button-row > :is(a, button)").allInnerTexts(), ["Go to Dashboard", "View Your Listing", "Share Job"]);
    await page.getByRole("button", { name: "Share Job", exact: true }).click();
    await page.getByText("Link copied to clipboard").waitFor();
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), url(`/jobs/${paidJobId}`));
    await snap(page, "post-success");

    const found = await api(`/api/jobs?keywords=${encodeURIComponent(paidTitle)}`);
    assert.deepEqual(
      found.jobs.map((j) => j.id),
      [paidJobId],
      "the job is live and found by its title",
    );
    assert.equal(found.jobs[0].plan, "premium");
    assert.deepEqual(found.jobs[0].enhancements, ["highlight", "sticky"]);

    const mail = await mailTo(EMAIL, paidTitle);
    assert.ok(mail, "the confirmation e-mail is in the local mailbox");
    assert.match(mail.text, /Job posts: 5/);
    assert.ok(mail.text.includes(url(`/jobs/${paidJobId}`)), "the mail links to this server (APP_URL follows --port)");
    const credits = await page.evaluate(() => fetch("/api/credits").then((r) => r.json()));
    assert.equal(credits.totalPostsRemaining, 4, "5 posts bought, 1 used");
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test("the next job is posted with a credit from that purchase: it says what it includes, and the job is premium, highlighted and sticky", async () => {
    const page = await employer.newPage(DESKTOP);
    await page.goto(url("/post"));
    const title = `Product Designer ${RUN}`;
    assert.equal(await page.locator("#job-title").inputValue(), "", "the paid posting's draft was cleared");
    await fillDetails(page, { title, company: "Orbit Labs" });
    await goToPreviewAndPayment(page, title, "Use Credits");
    await page.locator(".banner-credits").waitFor();
    // The posts left are said once (the eighth Arabic reading): the one banner gives them, the card what posting costs.
    await page.locator(".banner-credits").getByText("You have 4 job posts remaining from earlier purchases.").waitFor();
    // One sentence says what the post uses (it said "uses 1 credit", then "is posted from your credit as …").
    assert.equal(await page.getByTestId("credit-includes").innerText(), "Posting this job uses 1 Premium post with Highlight and Sticky from your credit, and it goes live at once.");
    assert.equal(await page.locator(".use-credits > p").count(), 1);
    assert.equal(await page.locator('input[name="credit-kind"]').count(), 0, "one kind of credit: nothing to choose");
    await snap(page, "post-use-credits");
    await page.getByRole("button", { name: "Post with 1 credit" }).click();
    await page.waitForURL((u) => u.pathname === "/streamlined-job-success");
    const jobId = new URL(page.url()).searchParams.get("job_id");
    creditJobId = jobId;
    await page.getByRole("heading", { name: "Success! Your Job is Live" }).waitFor();
    for (const text of [title, "Orbit Labs", "Engineering", "Dubai, UAE", "just now"]) await page.locator(".result-summary").getByText(text, { exact: true }).waitFor();
    assert.equal(await page.getByRole("link", { name: "View Your Listing" }).getAttribute("href"), `/jobs/${jobId}`);
    assert.equal(await page.getByRole("link", { name: "Edit Job" }).getAttribute("href"), `/jobs/${jobId}/edit`);
    // The paid page's order and targets (the fifth reading): the dashboard's jobs first, then the listing.
    assert.equal(await page.getByRole("link", { name: "Go to Dashboard" }).getAttribute("href"), "/dashboard/jobs");
    assert.deepEqual(await page.locator(".button-row > *").allInnerTexts(), ["Go to Dashboard", "View Your Listing", "Share Job", "Edit Job"]);

    const alerted = new Promise((resolve) => page.once("dialog", async (d) => (await d.accept(), resolve(d.message()))));
    await page.getByRole("button", { name: "Share Job" }).click();
    assert.equal(await alerted, "Job share link copied to clipboard!");
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    assert.ok(copied.includes(title) && copied.includes(url(`/jobs/${jobId}`)), copied);
    await snap(page, "streamlined-success");

    const credits = await page.evaluate(() => fetch("/api/credits").then((r) => r.json()));
    assert.equal(credits.totalPostsRemaining, 3);
    const found = await api(`/api/jobs?keywords=${encodeURIComponent(title)}`);
    assert.deepEqual(
      found.jobs.map((j) => j.id),
      [jobId],
    );
    assert.equal(found.jobs[0].plan, "premium", "the credit posts what was bought");
    assert.deepEqual(found.jobs[0].enhancements, ["highlight", "sticky"]);

    // On the board: the Premium badge, the highlight and the sticky treatment.
    await page.goto(url(`/jobs?keywords=${encodeURIComponent(title)}`));
    const card = page.locator(`.job-card[data-job-id="${jobId}"]`).first();
    await card.waitFor();
    const classes = (await card.getAttribute("class")).split(/\s+/);
    assert.ok(classes.includes("is-highlighted") && classes.includes("is-sticky"), classes.join(" "));
    await card.locator(".badge-premium").first().waitFor();
    await screenshot(page, "credit-job-on-board-desktop");
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test("a cancelled checkout's Try Again brings back the payment step with the data", async () => {
    const page = await employer.newPage(DESKTOP);
    await page.goto(url("/post"));
    const title = `Growth Marketer ${RUN}`;
    await fillDetails(page, { title, company: "Orbit Labs" });
    await goToPreviewAndPayment(page, title, "Use Credits");
    await page.getByRole("button", { name: "Pay for this post instead" }).click();
    assert.equal(await selectedTab(page), "Payment");
    // There is a way back to the credits.
    await page.getByRole("button", { name: "← Back to Use Credits" }).click();
    assert.equal(await selectedTab(page), "Use Credits");
    await page.getByRole("button", { name: "Post with 1 credit" }).waitFor();
    await page.getByRole("button", { name: "Pay for this post instead" }).click();
    await page.getByRole("button", { name: "← Back to Use Credits" }).waitFor();
    await snap(page, "post-pay-instead");
    await page.locator('input[name="enhancements"][value="featured"]').check();
    await page.getByRole("button", { name: "Proceed to Checkout" }).click();
    await page.waitForURL((u) => u.pathname.startsWith("/api/emulator/checkout/"));
    await page.getByRole("button", { name: "Cancel and return" }).click();

    await page.waitForURL((u) => u.pathname === "/job-posting-cancel");
    await page.getByRole("heading", { name: "Payment Cancelled" }).waitFor();
    assert.equal(await page.getByRole("link", { name: "Back to Home" }).getAttribute("href"), "/");
    await snap(page, "post-cancel");
    assert.equal((await api(`/api/jobs?keywords=${encodeURIComponent(title)}`)).total, 0, "nothing was published");

    await page.getByRole("button", { name: "Try Again" }).click();
    await page.waitForURL((u) => u.pathname === "/post");
    await page.getByRole("button", { name: "Proceed to Checkout" }).waitFor();
    await page.locator(".banner-credits").waitFor(); // the credits are known, and still not offered
    assert.equal(await selectedTab(page), "Payment", "back at the card payment, not the credits offer");
    assert.ok(await page.locator('input[name="enhancements"][value="featured"]').isChecked(), "the chosen enhancement is kept");
    const total = priceJobOrder({ plan: "standard", enhancements: ["featured"], quantity: 1 }).total;
    assert.equal(await page.getByTestId("order-total").innerText(), formatUsd(total));
    await tab(page, "Job Details").click();
    assert.equal(await page.locator("#job-title").inputValue(), title, "the job details are kept");
    assert.equal(await page.getByRole("img", { name: "Company logo preview" }).count(), 1);
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test("with no link, application e-mail or website, the preview and Use Credits say candidates apply by e-mail, and the button reads 'Apply via Email'", async () => {
    const page = await employer.newPage(DESKTOP);
    await page.goto(url("/post"));
    const title = `Support Engineer ${RUN}`;
    await fillDetails(page, { title, company: "Orbit Labs" });
    await page.locator("#job-website").fill("");
    const notice = `Candidates will apply by e-mail to ${EMAIL}. Add an application link or e-mail to change this.`;

    await page.getByRole("button", { name: "Next: Preview →" }).click();
    await page.getByRole("note").filter({ hasText: notice }).waitFor();
    const card = page.locator(".preview-card");
    await card.getByRole("button", { name: "Show More" }).click();
    assert.equal(await card.locator(".preview-apply").innerText(), "Apply via Email");
    await snap(page, "post-preview-apply-by-email");

    await page.getByRole("button", { name: "Next: Use Credits →" }).click();
    await page.getByRole("note").filter({ hasText: notice }).waitFor();
    await snap(page, "post-use-credits-apply-by-email");

    // An application e-mail takes the place of the purchase address: the notice goes.
    await tab(page, "Job Details").click();
    await page.locator("#job-applicationEmail").fill("careers@orbit.example");
    await tab(page, "Preview").click();
    await page.locator(".preview-card").waitFor();
    assert.equal(await page.getByRole("note").filter({ hasText: "Candidates will apply by e-mail" }).count(), 0);
    await tab(page, "Job Details").click();
    await page.locator("#job-applicationEmail").fill("");
    await tab(page, "Preview").click();
    await tab(page, "Use Credits").click();
    await page.getByRole("note").filter({ hasText: notice }).waitFor();

    await page.getByRole("button", { name: "Post with 1 credit" }).click();
    await page.waitForURL((u) => u.pathname === "/streamlined-job-success");
    const jobId = new URL(page.url()).searchParams.get("job_id");
    const { job } = await api(`/api/jobs/${jobId}`);
    assert.deepEqual(job.apply, { href: `mailto:${EMAIL}`, kind: "email" });
    await page.goto(url(`/jobs/${jobId}`));
    const apply = page.getByRole("link", { name: "Apply via Email" });
    await apply.waitFor();
    assert.equal(await apply.getAttribute("href"), `mailto:${EMAIL}`);
    assert.deepEqual(page.errors, []);
    await page.close();
  });

  test("another signed-in user gets the not-found state on the success pages for this employer's jobs", async () => {
    const other = await openBrowser();
    try {
      const page = await other.newPage(DESKTOP);
      await signUp(page, `other-${RUN}@example.com`);
      await page.goto(url(`/streamlined-job-success?job_id=${creditJobId}`));
      await page.getByRole("heading", { name: "Job Not Found" }).waitFor();
      assert.equal(await page.getByRole("heading", { name: "Success! Your Job is Live" }).count(), 0);
      assert.equal(await page.getByRole("link", { name: "Edit Job" }).count(), 0, "no Edit Job for someone else's job");
      assert.equal(await page.getByText(`Product Designer ${RUN}`).count(), 0, "nothing about the job is shown");
      await snap(page, "streamlined-success-not-yours");
      await page.goto(url(`/job-posting-success?job_id=${paidJobId}`));
      await page.getByRole("heading", { name: "Job Not Found" }).waitFor();
      assert.equal(await page.getByText(paidTitle).count(), 0);
      const answer = await page.evaluate((id) => fetch(`/api/checkout/posted/${id}`).then((r) => r.status), creditJobId);
      assert.equal(answer, 404);
      assert.deepEqual(page.errors, []);
      await page.close();
    } finally {
      await other.close();
    }
  });
});

describe("a stale checkout never charges twice (issue 10)", () => {
  test("an invalid quantity disables Proceed and shows no stale price; a newer checkout expires the earlier session, which cannot then be paid", async () => {
    const page = await employer.newPage(DESKTOP);
    await page.goto(url("/post"));
    const title = `Data Engineer ${RUN}`;
    await fillDetails(page, { title, company: "Orbit Labs" });
    await goToPreviewAndPayment(page, title, "Use Credits");
    await page.getByRole("button", { name: "Pay for this post instead" }).click();

    // Type 7, then 0: the error shows, the summary has no price and Proceed is disabled.
    await page.getByLabel("Buy multiple job posts").check();
    const quantity = page.locator("#posts-quantity");
    await quantity.fill("7");
    const seven = priceJobOrder({ plan: "standard", enhancements: [], quantity: 7 });
    assert.equal(await page.getByTestId("order-total").innerText(), formatUsd(seven.total));
    assert.equal(formatUsd(seven.total), "$1,254");
    await quantity.fill("0");
    await page.locator(".form-error", { hasText: MESSAGES.posts }).first().waitFor();
    await page.getByTestId("order-invalid").waitFor();
    assert.equal(await page.getByTestId("order-total").count(), 0, "no stale total");
    assert.equal(await page.locator(".payment-summary").getByText("$1,254").count(), 0, "no $1,254 anywhere in the summary");
    assert.equal(await page.getByRole("button", { name: "Proceed to Checkout" }).isDisabled(), true, "Proceed is disabled");
    await snap(page, "post-payment-quantity-0");
    await page.getByLabel("Buy multiple job posts").uncheck();
    assert.equal(await page.getByRole("button", { name: "Proceed to Checkout" }).isDisabled(), false, "a single post can be bought again");

    // Proceed (S1), browser Back, add Featured, Proceed (S2).
    await page.getByRole("button", { name: "Proceed to Checkout" }).click();
    await page.waitForURL((u) => u.pathname.startsWith("/api/emulator/checkout/"));
    const s1 = page.url();
    await page.goBack();
    await page.waitForURL((u) => u.pathname === "/post");
    const payInstead = page.getByRole("button", { name: "Pay for this post instead" });
    const proceed = page.getByRole("button", { name: "Proceed to Checkout" });
    await payInstead.or(proceed).first().waitFor();
    if (await payInstead.isVisible()) await payInstead.click();
    await page.locator('input[name="enhancements"][value="featured"]').check();
    await proceed.click();
    await page.waitForURL((u) => u.pathname.startsWith("/api/emulator/checkout/") && u.toString() !== s1);
    const total = priceJobOrder({ plan: "standard", enhancements: ["featured"], quantity: 1 }).total;
    await page.getByRole("button", { name: `Pay ${formatUsd(total)}` }).click();
    await page.waitForURL((u) => u.pathname === "/job-posting-success");
    const jobId = new URL(page.url()).searchParams.get("job_id");
    await page.getByRole("heading", { name: "Success! Your Job is Live" }).waitFor();

    // S1 was expired when S2 was made: it cannot be paid.
    await page.goto(s1);
    await page.getByText("This checkout session is expired. It cannot be paid.").waitFor();
    assert.equal(await page.getByRole("button", { name: /^Pay \$/ }).count(), 0, "no Pay button on the expired session");
    const refused = await page.evaluate((u) => fetch(`${new URL(u).pathname}/pay`, { method: "POST", redirect: "manual" }).then((r) => r.status), s1);
    assert.equal(refused, 409, "paying the expired session is refused");
    await screenshot(page, "checkout-emulator-expired-desktop");

    const found = await api(`/api/jobs?keywords=${encodeURIComponent(title)}`);
    assert.deepEqual(
      found.jobs.map((j) => [j.id, j.enhancements]),
      [[jobId, ["featured"]]],
      "published once, with what S2 bought",
    );
    assert.deepEqual(page.errors, []);
    await page.close();
  });
});

describe("credits of different kinds (issue 10)", () => {
  test("the employer chooses which credit to use, the one bought first chosen to begin with; back from a started card checkout to Use Credits", async () => {
    const page = await employer.newPage(DESKTOP);
    // A second kind of credit: the Premium Enhanced bundle (1 Premium post).
    await page.goto(url("/buy-credits"));
    await page.locator('.credit-bundle[data-bundle-id="premium-enhanced"]').click();
    await page.getByRole("button", { name: "Proceed to Payment" }).click();
    await page.waitForURL((u) => u.pathname.startsWith("/api/emulator/checkout/"));
    await page.getByRole("button", { name: /^Pay \$/ }).click();
    await page.waitForURL((u) => u.pathname === "/credit-purchase-success");

    await page.goto(url("/post"));
    const title = `Support Lead ${RUN}`;
    await fillDetails(page, { title, company: "Orbit Labs" });
    await goToPreviewAndPayment(page, title, "Use Credits");
    // Start a card checkout, come back, and return to the credits.
    await page.getByRole("button", { name: "Pay for this post instead" }).click();
    await page.getByRole("button", { name: "Proceed to Checkout" }).click();
    await page.waitForURL((u) => u.pathname.startsWith("/api/emulator/checkout/"));
    const started = page.url();
    await page.goBack();
    await page.waitForURL((u) => u.pathname === "/post");
    const back = page.getByRole("button", { name: "← Back to Use Credits" });
    const useCredit = page.getByRole("button", { name: "Post with 1 credit" });
    await back.or(useCredit).first().waitFor();
    if (await back.isVisible()) await back.click();

    const before = await page.evaluate(() => fetch("/api/credits").then((r) => r.json()));
    const options = page.locator('input[name="credit-kind"]');
    await options.first().waitFor();
    const labels = await page.locator(".credit-kinds .choice-name").allInnerTexts();
    assert.deepEqual(labels, ["1 Premium post with Highlight and Sticky", "1 Premium post"]);
    assert.equal(await options.first().isChecked(), true, "the credit bought first is chosen to begin with");
    await options.nth(1).check(); // "1 Premium post"
    await snap(page, "post-use-credits-choice");
    await useCredit.click();
    await page.waitForURL((u) => u.pathname === "/streamlined-job-success");
    const jobId = new URL(page.url()).searchParams.get("job_id");
    const found = await api(`/api/jobs?keywords=${encodeURIComponent(title)}`);
    assert.deepEqual(
      found.jobs.map((j) => [j.id, j.plan, j.enhancements]),
      [[jobId, "premium", []]],
      "posted with the chosen credit, once",
    );
    const credits = await page.evaluate(() => fetch("/api/credits").then((r) => r.json()));
    // The chosen "1 Premium post" was spent; the other grant (what earlier tests left of the
    // Premium + Highlight + Sticky purchase) is untouched.
    const kept = before.grants.find((g) => g.description.endsWith("with Highlight and Sticky"));
    assert.deepEqual(
      credits.grants.map((g) => g.description),
      [kept.description],
    );
    assert.match(kept.description, /^\d+ Premium posts? with Highlight and Sticky$/);
    // The card checkout started for this posting was expired.
    await page.goto(started);
    await page.getByText("This checkout session is expired. It cannot be paid.").waitFor();
    assert.deepEqual(page.errors, []);
    await page.close();
  });
});

describe("result pages without their parameters", () => {
  test("/job-posting-success with nothing goes to /post when this tab never checked out", async () => {
    const page = await employer.newPage(DESKTOP);
    await page.goto(url("/job-posting-success"));
    await page.waitForURL((u) => u.pathname === "/post");
    await page.close();
  });

  for (const [answer, heading, text] of [
    [{ status: 200, json: { status: "expired", kind: "job" } }, "Verification Failed", "The payment was not completed, so the job was not published."],
    [{ status: 200, json: { status: "failed", kind: "job" } }, "Payment Failed", "Your payment failed, so your job was not published"],
    [{ status: 200, json: { status: "paid", kind: "credits" } }, "Verification Failed", "No job information found"],
    [{ status: 404, json: { error: "Job not found" } }, "Job Not Found", "It may take a moment to appear in your dashboard."],
    [{ status: 200, json: { status: "pending", kind: "job" } }, "Payment Processing", "Your job goes live as soon as it is"],
    // A refund says why it happened (the 33rd reading: a takedown's refund read "already paid with another checkout").
    [{ status: 200, json: { status: "refunded", kind: "job" } }, "Payment refunded", "This job was already paid for with another checkout"],
    [{ status: 200, json: { status: "refunded", kind: "job", refundReason: "job_removed" } }, "Payment refunded", "The board took this job down before your payment arrived"],
    [{ status: 200, json: { status: "refunded", kind: "job", refundReason: "job_deleted" } }, "Payment refunded", "This job was deleted before your payment arrived"],
  ]) {
    test(`/job-posting-success when the check answers ${JSON.stringify(answer.json)} shows '${heading}'`, async () => {
      const page = await employer.newPage(DESKTOP);
      let release;
      const held = new Promise((resolve) => (release = resolve));
      await page.route("**/api/checkout/verify*", async (route) => {
        await held;
        await route.fulfill(answer);
      });
      await page.goto(url("/job-posting-success?job_id=00000000-0000-4000-8000-00000000dead&session_id=cs_test_x&submission_id=s"));
      await page.getByRole("heading", { name: "Verifying your payment..." }).waitFor();
      release();
      await page.getByRole("heading", { name: heading }).waitFor({ timeout: 30_000 });
      await page.getByText(text, { exact: false }).waitFor();
      if (heading === "Verification Failed" || heading === "Payment refunded") {
        assert.equal(await page.getByRole("link", { name: "Try Again" }).getAttribute("href"), "/post");
        assert.equal(await page.getByRole("link", { name: "Contact Support" }).getAttribute("href"), "/contact");
      } else {
        assert.equal(
          await page
            .getByRole("link", { name: /Dashboard/ })
            .last()
            .getAttribute("href"),
          "/dashboard/jobs",
        );
      }
      assert.deepEqual(page.errors, []);
      await page.close();
    });
  }

  test("/streamlined-job-success for an unknown job shows the not-found state, as for someone else's job", async () => {
    const page = await employer.newPage(DESKTOP);
    await page.goto(url("/streamlined-job-success?job_id=00000000-0000-4000-8000-00000000dead"));
    await page.getByRole("heading", { name: "Job Not Found" }).waitFor();
    const card = page.locator(".result-card");
    assert.equal(await card.getByRole("link", { name: "Go to Dashboard" }).getAttribute("href"), "/dashboard/jobs");
    assert.equal(await card.getByRole("link", { name: "Post a Job" }).getAttribute("href"), "/post");
    await page.close();
  });
});
