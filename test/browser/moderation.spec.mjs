// Optional moderation in a real browser (issue 12: "with MODERATION=on, new paid or credit posts wait for
// approval before they are visible. The employer sees 'Waiting for review'. Approve publishes"). It needs
// the app running with MODERATION=on, so run.mjs runs it only as
//   MODERATION=on npm run test:browser
// (starting the app with `--moderation`), and CI does so after the plain run. Never skipped.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { done, jobFixture, onBoard, openBrowser, payForStandardJob, signUpOrIn, snapSizes as snap, url } from "./helpers.mjs";

const ON = process.env.MODERATION === "on";
const ADMIN_EMAIL = "admin@startupjobs.example";
const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const EMPLOYER_EMAIL = `moderated-${RUN}@example.com`;
const JOB_TITLE = `Reviewed Engineer ${RUN}`;

let adminBrowser;
let employerBrowser;

describe("moderation (MODERATION=on)", () => {
  before(() => assert.ok(ON, "run as MODERATION=on npm run test:browser (the app must run with MODERATION=on)"));
  before(async () => {
    adminBrowser = await openBrowser();
    employerBrowser = await openBrowser();
    const a = await adminBrowser.newPage();
    await signUpOrIn(a, { email: ADMIN_EMAIL, name: "Olive Operator", company: "Reviewco" });
    await a.close();
  });
  after(async () => {
    await adminBrowser?.close();
    await employerBrowser?.close();
  });

  test("a paid post waits for review: the success page and the dashboard say so, and it is not on the board", async () => {
    const e = await employerBrowser.newPage();
    await signUpOrIn(e, { email: EMPLOYER_EMAIL, name: "Rhea Review", company: "Reviewco" });
    await payForStandardJob(e, { job: jobFixture(JOB_TITLE, "Reviewco"), email: EMPLOYER_EMAIL, submissionId: `sub-${RUN}` });
    await e.getByRole("heading", { name: "Thank You! Your Job is Waiting for Review" }).waitFor();
    assert.equal(await e.getByText("Your Job is Live").count(), 0);
    assert.equal(await e.getByRole("link", { name: "View Your Listing" }).count(), 0);
    await snap(e, "moderation-success");
    await done(e);
    assert.equal(await onBoard(JOB_TITLE), false, "a job waiting for review is not on the board");

    const dash = await employerBrowser.newPage();
    await dash.goto(url("/dashboard/jobs"));
    const card = dash.locator(".dash-job-card", { hasText: JOB_TITLE });
    await card.locator(".status-pill", { hasText: "Waiting for review" }).waitFor();
    await card.locator(".dash-job-banner", { hasText: "WAITING FOR REVIEW - Visible to candidates once approved" }).waitFor();
    assert.equal(await card.getByRole("button", { name: /^Activate/ }).count(), 0, "no Activate while in review");
    await snap(dash, "moderation-dashboard");
    await done(dash);
  });

  test("an admin approves it from the Moderation tab, with a reason: it is on the board and Active", async () => {
    const page = await adminBrowser.newPage();
    await page.goto(url("/admin?tab=moderation"));
    const row = page.locator("tr", { hasText: JOB_TITLE });
    await row.getByText("Card (order").waitFor();
    await snap(page, "admin-moderation");
    await row.getByRole("button", { name: "Approve" }).click();
    const confirm = page.getByRole("dialog", { name: `Approve ${JOB_TITLE}` });
    await confirm.getByLabel(/Reason/).fill("Checked the company");
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await page.getByRole("status").getByText(`Approve ${JOB_TITLE}: done.`).waitFor();
    await page.locator("tr", { hasText: JOB_TITLE }).waitFor({ state: "detached" });
    await done(page);
    assert.equal(await onBoard(JOB_TITLE), true, "approved: on the board");

    const dash = await employerBrowser.newPage();
    await dash.goto(url("/dashboard/jobs"));
    await dash.locator(".dash-job-card", { hasText: JOB_TITLE }).locator(".status-pill", { hasText: "Active" }).waitFor();
    await done(dash);
  });
});
