// Money at the edges (issue 22) in a real browser:
//  1. the console's refund dialog says what each choice takes back before the operator confirms: $1 of a
//     $2,822 order is money only (the job stays live, its 4 credits stay); a refund of the rest takes back
//     the job and the unspent credits;
//  2. the customer is told: a refund e-mail in the mailbox for each refund, and Billing lists each refund
//     under its order ("Partially refunded $1.00", then "Refunded"), the grant says the credits removed;
//  4. Subscribe, browser Back, Subscribe again: the first session can no longer be paid, one subscription;
//  8. the repost dialog lists the credits with what each includes, and the renewed job carries the credit's;
// 13. Buy Credits says credits expire 3 months after purchase.
// Screenshots at 1280 and 390 px.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { DESKTOP, done, expectConsoleError, inPage, jobFixture, onBoard, openBrowser, signUpOrIn, snapSizes as snap, url } from "./helpers.mjs";

const ADMIN_EMAIL = "admin@startupjobs.example";
const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const EMPLOYER_EMAIL = `money-${RUN}@example.com`;
const JOB_TITLE = `Refund Edge Engineer ${RUN}`;

let adminBrowser;
let employerBrowser;
let spotBrowser;

async function mailbox() {
  const res = await fetch(url("/api/dev/mailbox"));
  assert.equal(res.status, 200);
  return (await res.json()).messages;
}

/** Checks out `purchase` for `job` from this signed-in page and pays in the emulator. */
async function payFor(page, job, purchase) {
  await page.goto(url("/"));
  const checkout = await inPage(page, "POST", "/api/checkout/job", {
    job,
    purchase: { plan: "standard", enhancements: [], selectedBundle: null, quantity: 1, email: EMPLOYER_EMAIL, ...purchase },
    submissionId: `sub-${crypto.randomUUID()}`,
  });
  assert.equal(checkout.status, 200, JSON.stringify(checkout.body));
  await page.goto(checkout.body.url);
  await page.getByRole("button", { name: /^Pay \$/ }).click();
  await page.waitForURL((u) => u.pathname === "/job-posting-success");
  return checkout.body;
}

before(async () => {
  adminBrowser = await openBrowser();
  employerBrowser = await openBrowser();
  const a = await adminBrowser.newPage();
  await signUpOrIn(a, { email: ADMIN_EMAIL, name: "Olive Operator", company: "Opsco" });
  await a.close();
  const e = await employerBrowser.newPage();
  await signUpOrIn(e, { email: EMPLOYER_EMAIL, name: "Mona Money", company: "Moneyco" });
  await e.close();
});
after(async () => {
  await adminBrowser?.close();
  await employerBrowser?.close();
  await spotBrowser?.close();
});

describe("refunds (items 1 and 2)", () => {
  let orderId;

  test("$1 of a $2,822 order: the dialog says money only; the job stays live with its 4 credits; the customer is e-mailed and Billing reads 'Partially refunded $1.00'", async () => {
    const e = await employerBrowser.newPage(DESKTOP);
    ({ orderId } = await payFor(e, jobFixture(JOB_TITLE, "Moneyco"), { plan: "premium", enhancements: ["highlight", "sticky"], quantity: 5 }));
    await e.close();
    assert.ok(await onBoard(JOB_TITLE));

    const page = await adminBrowser.newPage(DESKTOP);
    await page.goto(url("/admin?tab=orders"));
    await page.locator("tr", { hasText: EMPLOYER_EMAIL }).first().getByRole("button", { name: "Open" }).click();
    const dialog = page.locator("[data-refund-dialog]");
    await dialog.waitFor();
    // A refund of the rest (the default): the job and the 4 unspent credits go back.
    await dialog.locator("[data-refund-summary]").getByText("Refunds $2,822.00 and takes back the job").waitFor();
    assert.equal(await dialog.locator("[data-take-job]").isChecked(), true);
    assert.equal(await dialog.locator("[data-take-credits]").inputValue(), "4");
    // $1: money only, and no credit can go with it.
    await dialog.getByLabel(/Refund amount/).fill("1");
    await dialog.locator("[data-refund-summary]").getByText("Refunds $1.00 and takes back nothing else: money only.").waitFor();
    assert.equal(await dialog.locator("[data-take-job]").isChecked(), false);
    assert.equal(await dialog.locator("[data-take-credits]").isDisabled(), true);
    await dialog.getByLabel(/Note for the customer/).fill("A goodwill refund for the late start.");
    await snap(page, "money-refund-dialog", { fullPage: true });
    // The console's confirmation asks for the reason (issue 23), saying again what the refund does.
    await dialog.getByRole("button", { name: "Refund $1.00" }).click();
    const confirm = page.getByRole("dialog", { name: "Refund $1.00" });
    await confirm.getByText("Refunds $1.00 and takes back nothing else: money only.").waitFor();
    await confirm.getByLabel(/Reason/).fill("Goodwill: posting went live late");
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await page.getByRole("status").getByText("Refund $1.00: done.").waitFor();
    assert.ok(await onBoard(JOB_TITLE), "a money-only refund leaves the job live");
    await done(page);

    const mails = (await mailbox()).filter((m) => m.to === EMPLOYER_EMAIL && m.kind === "refund");
    assert.equal(mails.length, 1);
    assert.match(mails[0].subject, /Your refund of \$1\.00 USD/);
    assert.match(mails[0].text, /A goodwill refund for the late start\./);
    assert.match(mails[0].text, /Nothing else changes/);

    const billing = await employerBrowser.newPage(DESKTOP);
    await billing.goto(url("/dashboard/billing"));
    const row = billing.locator("[data-billing-orders] tr", { hasText: "Premium" }).first();
    await row.getByText("Partially refunded $1.00 USD").waitFor();
    await row
      .locator("[data-order-refunds]")
      .getByText(/Refunded \$1\.00 USD on /)
      .waitFor();
    await billing.locator("[data-grant]").first().getByText("4 of 4 posts remaining", { exact: false }).waitFor();
    await snap(billing, "money-billing-partial", { fullPage: true });
    await done(billing);
  });

  test("the rest of the order, by default: the job leaves the board, the 4 credits are removed, the e-mail and Billing say so", async () => {
    const page = await adminBrowser.newPage(DESKTOP);
    await page.goto(url("/admin?tab=orders"));
    await page.locator("tr", { hasText: EMPLOYER_EMAIL }).first().getByRole("button", { name: "Open" }).click();
    const dialog = page.locator("[data-refund-dialog]");
    await dialog
      .locator("[data-refund-summary]")
      .getByText(/Refunds \$2,821\.00 and takes back the job .* and 4 unspent credits/)
      .waitFor();
    await dialog.getByRole("button", { name: "Refund $2,821.00" }).click();
    const confirm = page.getByRole("dialog", { name: "Refund $2,821.00" });
    await confirm.getByLabel(/Reason/).fill("Customer cancelled the hire");
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await page.getByRole("status").getByText("Refund $2,821.00: done.").waitFor();
    assert.equal(await onBoard(JOB_TITLE), false);
    await page.locator(".admin-detail").getByText("job taken back, 4 credits removed").waitFor();
    await done(page);

    const mails = (await mailbox()).filter((m) => m.to === EMPLOYER_EMAIL && m.kind === "refund");
    assert.equal(mails.length, 2);
    const full = mails.find((m) => /2,821\.00/.test(m.subject));
    assert.match(full.text, /is no longer on the board/);
    assert.match(full.text, /4 unspent credits were removed from your account/);

    const billing = await employerBrowser.newPage(DESKTOP);
    await billing.goto(url("/dashboard/billing"));
    const row = billing.locator(`[data-billing-orders] tr[data-order="${orderId.replace(/-/g, "").slice(0, 8).toUpperCase()}"]`);
    await row.getByText("Refunded", { exact: true }).waitFor();
    assert.equal(await row.locator("[data-order-refunds] li").count(), 2);
    await billing.locator("[data-grant-removed]").getByText("4 unspent credits were removed by a refund").waitFor();
    await snap(billing, "money-billing-refunded", { fullPage: true });
    await done(billing);
  });
});

describe("one Spotlight subscription (item 4)", () => {
  test("Subscribe, Back, Subscribe again: the first checkout is expired, one subscription, Billing lists it", async () => {
    const browser = await openBrowser();
    spotBrowser = browser;
    const page = await browser.newPage(DESKTOP);
    const email = `spot-once-${RUN}@example.com`;
    await signUpOrIn(page, { email, name: "Sam Spot", company: `Spotco ${RUN}` });
    const company = await inPage(page, "POST", "/api/spotlight/company", {
      company: `Spotco ${RUN}`,
      tagline: "We build things",
      stage: "Seed",
      website: "https://spotco.example",
      logo: "/logos/stripe.svg",
      email,
    });
    assert.equal(company.status, 200, JSON.stringify(company.body));
    await page.goto(url("/spotlight/onboarding"));
    const subscribe = page.getByRole("button", { name: "Subscribe · $2,999/month" });
    await subscribe.click();
    await page.waitForURL((u) => u.pathname.startsWith("/api/emulator/checkout/"));
    const first = page.url();
    await page.goBack();
    await subscribe.click();
    await page.waitForURL((u) => u.pathname.startsWith("/api/emulator/checkout/") && u.href !== first);
    await page.getByRole("button", { name: "Pay $2,999.00" }).click();
    await page.waitForURL((u) => u.pathname === "/spotlight-subscription-success");
    // The first tab's checkout can no longer be paid.
    await page.goto(first);
    await page.getByText("This checkout session is expired. It cannot be paid.").waitFor();
    await page.goto(url("/dashboard/billing"));
    await page
      .locator("[data-subscription-status]")
      .getByText(/Active · renews on/)
      .waitFor();
    assert.equal(await page.locator("[data-past-subscriptions]").count(), 0);
    await snap(page, "money-spotlight-billing");
    await done(page);
  });
});

describe("reposts (item 8)", () => {
  test("the dialog lists the credits with what each includes; a plain job reposted with a Complete Bundle credit comes back with its enhancements", async () => {
    const page = await employerBrowser.newPage(DESKTOP);
    const title = `Repost Edge ${RUN}`;
    const { jobId } = await payFor(page, jobFixture(title, "Moneyco"), {});
    // Item 13: the expiry is said before buying.
    await page.goto(url("/buy-credits"));
    await page.locator("[data-credits-expire]").getByText("Credits expire 3 months after purchase: unused ones are lost then.", { exact: false }).waitFor();
    const credits = await inPage(page, "POST", "/api/checkout/credits", { bundleId: "complete-bundle" });
    await page.goto(credits.body.url);
    await page.getByRole("button", { name: /^Pay \$/ }).click();
    await page.waitForURL((u) => u.pathname === "/credit-purchase-success");
    assert.equal((await fetch(url(`/api/dev/jobs/${jobId}/expire`), { method: "POST" })).status, 200);
    await page.goto(url("/dashboard/jobs"));
    await page
      .locator(`.dash-job-card[data-job-id="${jobId}"]`)
      .getByRole("button", { name: /^Repost/ })
      .click();
    const dialog = page.getByRole("dialog");
    const choices = dialog.locator("[data-repost-credits]");
    await choices.getByText("Pay for the repost with").waitFor();
    const option = choices.getByRole("radio", { name: /Standard post with Highlight, Sticky, Featured and Company Profile/ });
    assert.equal(await option.isChecked(), true);
    await dialog.getByText("The reposted job gets the plan and enhancements of what you pay with.").waitFor();
    await snap(page, "money-repost-dialog");
    await dialog.getByRole("button", { name: "Repost", exact: true }).click();
    await page.getByText("Job reposted successfully").first().waitFor();
    const job = await inPage(page, "GET", `/api/dashboard/jobs/${jobId}`);
    assert.deepEqual([...job.body.job.enhancements].sort(), ["company-profile", "featured", "highlight", "sticky"]);
    await done(page);
  });

  test("an inactive job with days left offers Activate for free; Repost says the days are replaced", async () => {
    const page = await employerBrowser.newPage(DESKTOP);
    const title = `Inactive Edge ${RUN}`;
    const { jobId } = await payFor(page, jobFixture(title, "Moneyco"), {});
    assert.equal((await inPage(page, "POST", `/api/dashboard/jobs/${jobId}/deactivate`, {})).status, 200);
    await page.goto(url("/dashboard/jobs"));
    expectConsoleError(page, /status of 409 .*\/repost\b/); // no credit left when the dialog is dismissed otherwise
    await page
      .locator(`.dash-job-card[data-job-id="${jobId}"]`)
      .getByRole("button", { name: /^Repost/ })
      .click();
    const dialog = page.getByRole("dialog");
    await dialog
      .locator("[data-repost-days-left]")
      .getByText(/still has (29|30) days left/)
      .waitFor();
    await dialog.locator("[data-activate-instead]").click();
    await page.getByText("Job activated").first().waitFor();
    assert.ok(await onBoard(title));
    await done(page);
  });
});
