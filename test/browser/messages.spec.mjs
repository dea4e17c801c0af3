// Contact, advertise, job alerts and the local mailbox in a real browser (issue 6): a contact message reaches the mailbox; an alert is confirmed
// from its e-mail, a matching job is posted through checkout, the scheduled run mails the digest, and its
// unsubscribe link works. Also: what crawlers get for a job page. Screenshots at desktop and phone size.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { tsImport } from "tsx/esm/api";
import { DESKTOP, MOBILE, openBrowser, screenshot, url, done, snapSizes as snap, expectConsoleError } from "./helpers.mjs";

const { CONTACT_MESSAGES, CONTACT_REPLY_PROMISE, CONTACT_SUBJECTS } = await tsImport("../../worker/rules/contact.ts", import.meta.url);
const { ADVERTISE_PLANS, SPONSORSHIP_CONTACT_SUBJECT } = await tsImport("../../worker/rules/advertise.ts", import.meta.url);

const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const KEYWORD = `zephyr${RUN}`;

let browser;
before(async () => {
  browser = await openBrowser();
});
after(async () => {
  await browser?.close();
});

async function mailbox() {
  const res = await fetch(url("/api/dev/mailbox"));
  assert.equal(res.status, 200, "the local mailbox is available on a local run");
  return (await res.json()).messages;
}

/** Waits until a message to `to` whose subject contains `subjectPart` is in the outbox and sent. */
async function waitForMail(to, subjectPart) {
  for (let i = 0; i < 60; i++) {
    const found = (await mailbox()).find((m) => m.to === to && m.subject.includes(subjectPart) && m.status === "sent");
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no sent mail to ${to} with "${subjectPart}"`);
}

/** A link from an e-mail, on this test server (mails link to APP_URL). */
function linkFrom(text, pathStart) {
  const m = text.match(new RegExp(`https?://[^\\s"<]+${pathStart.replace(/[?]/g, "\\?")}[^\\s"<]*`));
  assert.ok(m, `a ${pathStart} link in the mail`);
  const link = new URL(m[0]);
  return url(`${link.pathname}${link.search}`);
}

async function openMailInMailbox(page, subject) {
  await page.goto(url("/dev/mailbox"));
  await page.getByRole("heading", { name: "Local Mailbox" }).waitFor();
  await page.locator(".mailbox-item", { hasText: subject }).first().click();
  await page.getByRole("article", { name: "Message" }).getByRole("heading", { name: subject }).waitFor();
}

describe("contact", () => {
  const subject = "Job Posting Help";
  const email = `ada-${RUN}@example.com`;

  test("every field says what is missing; a sent message reaches support in the local mailbox", async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto(url("/contact"));
    await page.getByRole("heading", { name: "Contact Us" }).waitFor();
    await page.getByText(CONTACT_REPLY_PROMISE).first().waitFor();
    assert.equal(await page.getByText(CONTACT_REPLY_PROMISE).count(), 1, "the reply is promised once, above Send");
    assert.deepEqual((await page.getByLabel("Subject").locator("option").allInnerTexts()).slice(1), CONTACT_SUBJECTS, "the seven subjects");
    await snap(page, "contact");

    await page.getByRole("button", { name: "Send Message" }).click();
    for (const message of [CONTACT_MESSAGES.name, CONTACT_MESSAGES.email, CONTACT_MESSAGES.subject, CONTACT_MESSAGES.message]) {
      await page.locator(".form-error", { hasText: message }).waitFor();
    }
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("name")), "name", "the caret goes to the first wrong field");
    await snap(page, "contact-errors");

    await page.getByLabel("Name").fill("Ada Lovelace");
    await page.getByLabel("Email").fill("not-an-address");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.locator(".form-error", { hasText: CONTACT_MESSAGES.emailFormat }).waitFor();
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Subject").selectOption(subject);
    await page.getByLabel("Message").fill("Hello <team>,\nhow do I add a logo to my post?");
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByText(CONTACT_MESSAGES.sent).waitFor();
    assert.equal(await page.getByText(CONTACT_REPLY_PROMISE).count(), 1, "the reply is promised once, in the sent box");
    await page.locator(".form-success").getByText(CONTACT_REPLY_PROMISE).waitFor();
    await snap(page, "contact-sent");

    const mail = await waitForMail("support@startupjobs.example", `Contact Form: ${subject}`);
    assert.equal(mail.reply_to, email);
    assert.match(mail.text, /From: Ada Lovelace <ada-/);
    await openMailInMailbox(page, `Contact Form: ${subject}`);
    const frame = page.frameLocator("iframe.mail-html");
    await frame.getByText("how do I add a logo to my post?").waitFor();
    await frame.getByText("Hello <team>,").waitFor();
    await snap(page, "mailbox");
    await page.getByRole("button", { name: "Plain text" }).click();
    assert.match(await page.locator(".mail-text").innerText(), /Subject: Job Posting Help/);
    await done(page);
  });

  test("offline: 'No internet connection…'; a failed send: the error with the support address", async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto(url(`/contact?subject=${encodeURIComponent("Billing Question")}`));
    assert.equal(await page.getByLabel("Subject").inputValue(), "Billing Question", "?subject= preselects the subject");
    await page.getByLabel("Name").fill("Offline Olga");
    await page.getByLabel("Email").fill(`olga-${RUN}@example.com`);
    await page.getByLabel("Message").fill("Testing the offline message.");

    await browser.context.setOffline(true);
    try {
      await page.getByRole("button", { name: "Send Message" }).click();
      await page.getByRole("alert").filter({ hasText: CONTACT_MESSAGES.offline }).waitFor();
    } finally {
      await browser.context.setOffline(false);
    }

    expectConsoleError(page, /status of 500 .*\/api\/contact\b/);
    await page.route("**/api/contact", (route) => route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"boom"}' }));
    await page.getByRole("button", { name: "Send Message" }).click();
    const alert = page.getByRole("alert").filter({ hasText: CONTACT_MESSAGES.failed });
    await alert.waitFor();
    assert.equal(await alert.getByRole("link").getAttribute("href"), "mailto:support@startupjobs.example");
    await page.unroute("**/api/contact");
    await done(page);
  });
});

describe("advertise", () => {
  test("three plans at their prices, each leading to its next step", async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto(url("/advertise"));
    await page.getByRole("heading", { name: "Advertise with Startup Jobs" }).waitFor();
    const plans = page.locator(".plan");
    assert.equal(await plans.count(), 3);
    const texts = await plans.allInnerTexts();
    // The advertise page's Hire price matches what checkout charges: from the Standard plan's $199.
    assert.match(texts[0], /Hire[\s\S]*From[\s\S]*\$199[\s\S]*per job[\s\S]*30-day listing[\s\S]*Sent to Google Jobs[\s\S]*E-mailed to candidates/);
    assert.match(texts[0], /Standard \$199, Premium \$399[\s\S]*Sticky \+\$149: pinned above the results/);
    assert.doesNotMatch(texts[0], /\$299/);
    assert.match(texts[1], /Spotlight[\s\S]*\$2,999[\s\S]*per month[\s\S]*Unlimited job posts[\s\S]*Your own company page[\s\S]*Analytics of your page and jobs/);
    assert.match(texts[2], /Sponsorship[\s\S]*\$9,000[\s\S]*per month/);
    assert.deepEqual(
      await plans.locator("a").evaluateAll((as) => as.map((a) => a.getAttribute("href"))),
      ADVERTISE_PLANS.map((p) => p.to),
    );
    assert.deepEqual(
      ADVERTISE_PLANS.map((p) => p.to.split("?")[0]),
      ["/post", "/spotlight/onboarding", "/contact"],
    );
    await snap(page, "advertise");

    await page.getByRole("link", { name: "Contact Us" }).click();
    await page.waitForURL((u) => u.pathname === "/contact");
    assert.equal(await page.getByLabel("Subject").inputValue(), SPONSORSHIP_CONTACT_SUBJECT, "Sponsorship preselects its subject");
    await done(page);
  });
});

describe("job alerts", () => {
  const email = `candidate-${RUN}@example.com`;
  const title = `Remote ${KEYWORD} Engineer`;
  let jobId;

  test("'Email me jobs like these' saves the filters; the confirmation link from the mailbox turns it on", async () => {
    const page = await browser.newPage(DESKTOP);
    await page.goto(url(`/jobs?keywords=${KEYWORD}&remote=true`));
    await page.locator(".empty-state, .job-card").first().waitFor();
    const signup = page.locator(".alert-signup");
    await signup.getByText(`Daily digest for: "${KEYWORD}" · Remote only`).waitFor();
    await signup.getByRole("button", { name: "Email me jobs like these" }).click();
    await signup.getByLabel("Your e-mail").fill("nope");
    await signup.getByRole("button", { name: "Create alert" }).click();
    await signup.locator(".form-error", { hasText: "Please enter a valid email address" }).waitFor();
    await signup.getByLabel("Your e-mail").fill(email);
    await signup.scrollIntoViewIfNeeded();
    await snap(page, "alert-signup");
    await signup.getByRole("button", { name: "Create alert" }).click();
    await signup.getByText("Check your inbox to confirm your alert.").waitFor();
    await snap(page, "alert-signup-saved");

    const mail = await waitForMail(email, "Confirm your job alert");
    await page.goto(linkFrom(mail.text, "/api/alerts/confirm?token="));
    await page.waitForURL((u) => u.pathname === "/alerts/confirmed");
    await page.getByRole("heading", { name: "Your alert is on" }).waitFor();
    await done(page);
  });

  test("a matching job is posted through checkout; the scheduled run mails the digest; its unsubscribe link works", async () => {
    const page = await browser.newPage(DESKTOP);
    // An employer signs up and pays for a job in the payment emulator (the real checkout and webhook path).
    await page.goto(url("/"));
    const checkout = await page.evaluate(
      async ({ run, title }) => {
        const post = (path, body) => fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
        const signUp = await post("/api/auth/sign-up", { email: `employer-${run}@example.com`, password: "Correct-Horse-9" });
        if (!signUp.ok) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
        // Paying needs a verified address (issue 23): follow the e-mailed link from the local mailbox.
        const { messages } = await (await fetch("/api/dev/mailbox")).json();
        const link = messages.find((m) => m.kind === "verify_email" && m.to === `employer-${run}@example.com`);
        const verified = await post("/api/auth/verify-email", { token: link?.text.match(/[?&]token=([\w-]+)/)?.[1] });
        if (!verified.ok) throw new Error(`verify-email: ${verified.status} ${await verified.text()}`);
        const res = await post("/api/checkout/job", {
          job: {
            title,
            company: "Zephyr Labs",
            logo: "/logos/stripe.svg",
            website: "zephyr.example",
            location: "Remote (MENA)",
            stage: "Seed",
            category: "Engineering",
            type: "full-time",
            salary: "$120k - $160k",
            equity: "0.5% - 1.0%",
            tags: ["TypeScript"],
            description: `<p>${"We build calm software for busy teams, and we want you to help us ship it every week. ".repeat(2)}</p>`,
          },
          purchase: { plan: "standard", enhancements: [], quantity: 1, email: `employer-${run}@example.com` },
          submissionId: `sub-${run}`,
        });
        if (!res.ok) throw new Error(`checkout: ${res.status} ${await res.text()}`);
        return res.json();
      },
      { run: RUN, title },
    );
    jobId = checkout.jobId;
    await page.goto(checkout.url);
    await page.getByRole("button", { name: /^Pay \$/ }).click();
    await page.waitForURL((u) => !u.pathname.startsWith("/api/emulator"));
    for (let i = 0; i < 40; i++) {
      const res = await fetch(url(`/api/jobs/${jobId}`));
      if (res.ok) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    assert.equal((await fetch(url(`/api/jobs/${jobId}`))).status, 200, "the paid job is live");

    const run = await fetch(url("/api/dev/run-scheduled"), { method: "POST" });
    assert.equal(run.status, 200);
    const digest = await waitForMail(email, `1 new job for "${KEYWORD}" · Remote only`);
    assert.match(digest.text, new RegExp(`${title} at Zephyr Labs`));
    assert.match(digest.text, new RegExp(`/jobs/${jobId}`));

    // Running it again sends nothing new.
    await fetch(url("/api/dev/run-scheduled"), { method: "POST" });
    assert.equal((await mailbox()).filter((m) => m.to === email && m.kind === "alert_digest").length, 1, "one digest");

    await openMailInMailbox(page, `1 new job for "${KEYWORD}"`);
    await page.frameLocator("iframe.mail-html").getByText(title).waitFor();
    await snap(page, "mailbox-digest");
    // On a phone the chosen message is scrolled into view below the list.
    await page.setViewportSize(MOBILE);
    await page.locator(".mailbox-item", { hasText: `1 new job for "${KEYWORD}"` }).click();
    await page.waitForFunction(() => document.getElementById("mail-view")?.getBoundingClientRect().top < 200);
    await screenshot(page, "mailbox-message-mobile");
    await page.setViewportSize(DESKTOP);

    await page.goto(linkFrom(digest.text, "/api/alerts/unsubscribe?token="));
    await page.waitForURL((u) => u.pathname === "/alerts/unsubscribed");
    await page.getByRole("heading", { name: "You're unsubscribed" }).waitFor();
    await done(page);
  });

  test("crawlers get the job page with its tags and JSON-LD; the /jobs listing stays the app's own page", async () => {
    assert.ok(jobId, "the posted job from the previous test");
    const res = await fetch(url(`/jobs/${jobId}`));
    assert.equal(res.status, 200);
    const html = await res.text();
    assert.match(html, new RegExp(`<title>${title} at Zephyr Labs \\| Startup Jobs</title>`));
    assert.match(html, /<meta property="og:image" content="[^"]+\/og\/jobs\/[^"]+\.png">/);
    const ld = JSON.parse(html.match(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/)[1]);
    assert.equal(ld["@type"], "JobPosting");
    assert.equal(ld.jobLocationType, "TELECOMMUTE");
    assert.deepEqual(ld.baseSalary.value, { "@type": "QuantitativeValue", minValue: 120000, maxValue: 160000, unitText: "YEAR" });
    assert.match(html, /<script type="module"/, "the app's own scripts are still there");

    const listing = await (await fetch(url("/jobs"))).text();
    assert.doesNotMatch(listing, /application\/ld\+json/);
    const png = await fetch(url(`/og/jobs/${jobId}.png`));
    assert.equal(png.headers.get("content-type"), "image/png");

    // And a person opening the job page sees the app.
    const page = await browser.newPage(DESKTOP);
    // The page counts the view after it shows the job; deleting the job before that beacon lands would answer it 404.
    const viewCounted = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/jobs/${jobId}/view`);
    await page.goto(url(`/jobs/${jobId}`));
    await page.getByRole("heading", { name: title }).waitFor();
    assert.equal((await viewCounted).status(), 200, "the view is counted");

    // The employer deletes it (which also leaves the demo data as the other specs expect it): gone for crawlers too.
    const status = await page.evaluate(async (id) => (await fetch(`/api/dashboard/jobs/${id}`, { method: "DELETE" })).status, jobId);
    assert.equal(status, 200);
    const gone = await fetch(url(`/jobs/${jobId}`));
    assert.equal(gone.status, 404);
    assert.doesNotMatch(await gone.text(), /application\/ld\+json/);
    await done(page);
  });
});
