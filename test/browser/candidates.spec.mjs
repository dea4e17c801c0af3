// Candidates (issue 26) in a real browser, in English and in Arabic, at 1280 and 390 px: filtering by pay in AED a
// month, saving a job before and after signing in, applying with a PDF and seeing the status change, and the
// employer's inbox where the status is changed.
import assert from "node:assert/strict";
import { after, afterEach, before, describe, test } from "node:test";
import { api, done, hydrated, inPage, jobFixture, linesOf, mailTo, MOBILE, openBrowser, payForStandardJob, say, separatorsAtLineEdges, signUpOrIn, snapSizes, url, waitForJobs } from "./helpers.mjs";

const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const PREFIX = { en: "", ar: "/ar" };
const PDF = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const EMPLOYER = { email: `employer-${RUN}@example.com`, name: "Nadia Employer", company: "Hirewell" };
const JOB_TITLE = `Candidates Spec Engineer ${RUN}`;

let employer; // a browser signed in as the employer
let jobId;
before(async () => {
  employer = await openBrowser();
  const page = await employer.newPage();
  await signUpOrIn(page, EMPLOYER);
  await payForStandardJob(page, { job: { ...jobFixture(JOB_TITLE, EMPLOYER.company), salary: "AED 25,000 - 30,000 monthly", applications: true }, email: EMPLOYER.email, submissionId: `sub-${RUN}` });
  const found = await api(`/api/jobs?keywords=${encodeURIComponent(JOB_TITLE)}`);
  jobId = found.jobs[0].id;
  assert.equal(found.jobs[0].applications, true);
  await page.close();
});
// Every browser a test opens is closed after it, also when it fails: a browser left open keeps the spec's process
// (and the suite) waiting.
const opened = [];
async function open() {
  const b = await openBrowser();
  opened.push(b);
  return b;
}
afterEach(async () => {
  await Promise.all(opened.splice(0).map((b) => b.close().catch(() => {})));
});

after(async () => {
  await employer?.close();
});

for (const locale of ["en", "ar"]) {
  const p = (path) => url(`${PREFIX[locale]}${path}`);

  describe(`candidates (${locale})`, () => {
    test("filter by pay in AED a month: the list is the API's, conversions are said to be approximate", async () => {
      const browser = await open();
      const page = await browser.newPage();
      const query = "minSalary=20000&currency=AED&period=month";
      await page.goto(p(`/jobs?${query}`));
      await waitForJobs(page);
      const expected = await api(`/api/jobs?${query}`);
      assert.equal(Number((await page.locator("#jobs-heading").innerText()).match(/\d+/)?.[0]), expected.total);
      assert.ok(expected.total > 0 && expected.total < (await api("/api/jobs")).total, "the filter leaves some jobs out");
      await page
        .locator("button.filter-toggle, button[aria-controls='filter-panel']")
        .first()
        .click()
        .catch(() => {});
      const min = page.locator("#panel-minSalary, #dialog-minSalary").first();
      if (await min.isVisible()) assert.equal(await min.inputValue(), "20000");
      await page.locator(".pay-filter-note").waitFor();
      // A card in another currency says what it is in dirhams a month.
      await page.locator(".job-salary-approx").first().waitFor();
      await snapSizes(page, `candidates-pay-filter-${locale}`);
      await done(page);
      await browser.close();
    });

    test("save a job before signing in, then after: the browser's save moves into the account", async () => {
      const browser = await open();
      const page = await browser.newPage();
      await page.goto(p("/jobs"));
      await waitForJobs(page);
      // Any job but the one the employer posted (the newest), which is saved second.
      const first = page.locator(`.job-card[data-job-id]:not([data-job-id="${jobId}"])`).first();
      const firstId = await first.getAttribute("data-job-id");
      const save = first.locator(".save-button");
      await save.click();
      assert.equal(await save.getAttribute("aria-pressed"), "true");
      await page.goto(p("/saved"));
      await page.locator(`.saved-item[data-saved-job-id="${firstId}"]`).waitFor();
      await snapSizes(page, `candidates-saved-browser-${locale}`);
      // The first page that knows the session hands the browser's saves over (POST /api/saved/merge): the page after
      // signing in, or /saved, whichever the session reaches first (the routes are in place for both). The account's
      // list (GET /api/saved), asked at the same moment, is read before the merge reaches the server and answers just
      // after the merge: that older answer must not replace the merged list (ci19: the save never showed).
      let mergeAnswered;
      const merged = new Promise((r) => (mergeAnswered = r));
      await page.route("**/api/saved/merge", async (route) => {
        await new Promise((r) => setTimeout(r, 300));
        // A merge cut short by a navigation (the page after signing in, left for /saved) is asked again by the next page.
        const answered = await route
          .fetch()
          .then((response) => route.fulfill({ response }))
          .then(
            () => true,
            () => false,
          );
        if (answered) mergeAnswered();
      });
      let listAnswered;
      const listed = new Promise((r) => (listAnswered = r));
      await page.route("**/api/saved", async (route) => {
        if (route.request().method() !== "GET") return route.fallback();
        const response = await route.fetch().catch(() => null);
        if (!response) return;
        await merged;
        await new Promise((r) => setTimeout(r, 100));
        if (
          await route.fulfill({ response }).then(
            () => true,
            () => false,
          )
        )
          listAnswered();
      });
      // Sign up as a candidate (no company): the save moves into the account.
      await signUpOrIn(page, { email: `candidate-save-${locale}-${RUN}@example.com`, name: "Omar Candidate" });
      await page.goto(p("/saved"));
      await merged;
      await page.locator(`.saved-item[data-saved-job-id="${firstId}"]`).waitFor();
      // Still there once the older list has answered.
      await listed;
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
      assert.equal(await page.locator(`.saved-item[data-saved-job-id="${firstId}"]`).count(), 1, "the merged save stays on /saved");
      await page.waitForFunction(() => !localStorage.getItem("sj_saved_jobs"));
      const account = await inPage(page, "GET", "/api/saved");
      assert.deepEqual(
        account.body.saved.map((s) => s.jobId),
        [firstId],
      );
      // Signed in, a second save goes straight to the account, newest first.
      await page.goto(p(`/jobs/${jobId}`));
      // The page comes rendered from the server: the button works once React has hydrated it, and the save is
      // the account's once the server has answered (a navigation before that would cancel it).
      const detailSave = page.locator(".job-detail .save-button");
      await hydrated(detailSave);
      // …and the session is known (the header shows the account's links): a click before that saves in the browser, and
      // the next sign-in's merge moves it into the account.
      await page.locator('header a[href$="/applications"]').first().waitFor();
      await Promise.all([page.waitForResponse((r) => r.url().includes(`/api/saved/${jobId}`) && r.request().method() === "PUT" && r.ok()), detailSave.click()]);
      await page.goto(p("/saved"));
      await page.locator(".saved-item").nth(1).waitFor();
      assert.equal(await page.locator(".saved-item").first().getAttribute("data-saved-job-id"), jobId);
      await snapSizes(page, `candidates-saved-account-${locale}`);
      await done(page);
      await browser.close();
    });

    test("the apply form says every error at once, the CV's type and size when it is picked (the twentieth reading)", async () => {
      const browser = await open();
      const page = await browser.newPage();
      await page.goto(p(`/jobs/${jobId}/apply`));
      await page.locator("#apply-name").fill("Salma Candidate");
      await page.locator("#apply-email").fill("k@x");
      await page.locator(".apply-form button[type=submit]").click();
      // It said the CV's error alone, and the e-mail's only once a CV was attached.
      const emailError = page.locator("#apply-email-error");
      const cvError = page.locator("#apply-cv-error");
      await emailError.filter({ hasText: say(locale, "server.common.emailInvalid") }).waitFor();
      assert.equal((await cvError.innerText()).trim(), say(locale, "server.applications.cv"));
      // A .txt is refused when it is picked, and the e-mail's error stays: the address is still wrong.
      await page.locator("#apply-cv").setInputFiles({ name: "cv.txt", mimeType: "text/plain", buffer: Buffer.from("my cv") });
      await cvError.filter({ hasText: say(locale, "server.applications.cvType") }).waitFor();
      assert.equal(await emailError.count(), 1);
      await page.locator(".apply-form button[type=submit]").click();
      assert.equal((await cvError.innerText()).trim(), say(locale, "server.applications.cvType"));
      assert.equal(await emailError.count(), 1);
      await page.locator("#apply-cv").setInputFiles({ name: "big.pdf", mimeType: "application/pdf", buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
      await cvError.filter({ hasText: say(locale, "server.applications.cvSize") }).waitFor();
      await page.locator("#apply-cv").setInputFiles({ name: "salma-cv.pdf", mimeType: "application/pdf", buffer: PDF });
      await cvError.waitFor({ state: "detached" });
      assert.equal(await emailError.count(), 1, "a new CV does not clear the e-mail's error");
    });

    test("a job that takes no applications on the board says so, and leads back to its page (the 29th reading: «هنا», and no way back)", async () => {
      const other = (await api("/api/jobs?limit=100")).jobs.find((j) => !j.applications);
      assert.ok(other, "a demo job applied to on the employer's side");
      const browser = await open();
      const page = await browser.newPage();
      await page.goto(p(`/jobs/${other.id}/apply`));
      await page.getByText(say(locale, "public.apply.closed"), { exact: true }).waitFor();
      await page.getByRole("link", { name: say(locale, "public.apply.toJob") }).click();
      await page.waitForURL((u) => u.pathname === `${PREFIX[locale]}/jobs/${other.id}`);
      await done(page);
    });

    test("apply with a PDF, see the status change; the employer's inbox", async () => {
      const browser = await open();
      const page = await browser.newPage();
      const email = `candidate-apply-${locale}-${RUN}@example.com`;
      await signUpOrIn(page, { email, name: "Salma Candidate" });
      await page.goto(p(`/jobs/${jobId}`));
      await page.locator(".job-detail-apply a.button-primary").click();
      await page.waitForURL((u) => u.pathname.endsWith(`/jobs/${jobId}/apply`));
      await page.locator("#apply-name").fill("Salma Candidate");
      // The CV's control is the page's own, in the page's language (the browser's says "Choose File" in the browser's):
      // sending without a CV asks for one, and choosing a file answers it at once (issue 25).
      const cvPick = page.locator(".cv-pick");
      assert.equal((await cvPick.locator(".cv-name").innerText()).trim(), say(locale, "public.apply.cvNone"));
      assert.equal((await cvPick.locator("label").innerText()).trim(), say(locale, "public.apply.cvChoose"));
      await page.locator(".apply-form button[type=submit]").click();
      await page
        .locator("#apply-cv-error")
        .filter({ hasText: say(locale, "server.applications.cv") })
        .waitFor();
      await page.locator("#apply-cv").setInputFiles({ name: "salma-cv.pdf", mimeType: "application/pdf", buffer: PDF });
      await page.locator("#apply-cv-error").waitFor({ state: "detached" });
      assert.equal((await cvPick.locator(".cv-name").innerText()).trim(), "salma-cv.pdf");
      assert.equal((await cvPick.locator("label").innerText()).trim(), say(locale, "public.apply.cvChange"));
      await page.locator("#apply-note").fill(locale === "ar" ? "يسعدني الانضمام إلى فريقكم." : "I would love to join your team.");
      await snapSizes(page, `candidates-apply-form-${locale}`, { fullPage: true });
      // Sent from a phone, at the form's end: the outcome opens at the top. It kept the form's scroll, and its heading
      // sat under the sticky header (the 29th reading).
      const viewport = page.viewportSize();
      await page.setViewportSize(MOBILE);
      await page.locator(".apply-form button[type=submit]").scrollIntoViewIfNeeded();
      await page.locator(".apply-form button[type=submit]").click();
      const sent = page.getByRole("heading", { name: say(locale, "public.apply.sentTitle") });
      await sent.waitFor();
      const { top, header } = await sent.evaluate((h) => ({ top: h.getBoundingClientRect().top, header: document.querySelector(".site-header").getBoundingClientRect().bottom }));
      assert.ok(top >= header, `the heading (top ${top}) is below the header (bottom ${header})`);
      await page.setViewportSize(viewport);
      // The job's page no longer offers to apply again: it leads to the application (issue 25).
      await page.goto(p(`/jobs/${jobId}`));
      const applied = page.locator(".job-detail-apply").getByRole("link", { name: say(locale, "public.job.viewApplication") });
      await applied.waitFor();
      assert.equal(await applied.evaluate((a) => a.href), p("/applications"));
      await page.goto(p("/applications"));
      // The header fits the account: a candidate has My applications and no Dashboard.
      const nav = (pg) => pg.getByRole("navigation", { name: say(locale, "common.nav.main") }).first();
      await nav(page)
        .getByRole("link", { name: say(locale, "common.nav.applications") })
        .waitFor();
      assert.equal(
        await nav(page)
          .getByRole("link", { name: say(locale, "common.nav.dashboard") })
          .count(),
        0,
        "no Dashboard for a candidate",
      );
      // …and a way to Settings, where they sign out (issue 25's reading: a candidate had neither).
      const settings = nav(page).getByRole("link", { name: say(locale, "common.nav.settings") });
      assert.equal(await settings.evaluate((a) => a.href), p("/dashboard/settings"));
      const item = page.locator(".application-item").first();
      await item
        .locator(".application-status")
        .filter({ hasText: say(locale, "public.applications.status.new") })
        .waitFor();
      // The CV is named as one (issue 25: «أُرسل في 28 نوفمبر 2026  خالد-السيرة.pdf» ran the date into the file's name).
      assert.ok((await item.innerText()).includes(`${say(locale, "public.applications.cv")} salma-cv.pdf`), await item.innerText());

      // The employer's inbox: the application is there; they shortlist it.
      const e = await employer.newPage();
      await e.goto(p(`/dashboard/applications?jobId=${jobId}`));
      const row = e.locator(".inbox-item").filter({ hasText: email });
      await row.waitFor();
      // An employer who never applied: Dashboard, no My applications.
      await nav(e)
        .getByRole("link", { name: say(locale, "common.nav.dashboard") })
        .waitFor();
      assert.equal(
        await nav(e)
          .getByRole("link", { name: say(locale, "common.nav.applications") })
          .count(),
        0,
        "no My applications for this employer",
      );
      assert.equal(
        await nav(e)
          .getByRole("link", { name: say(locale, "common.nav.settings") })
          .count(),
        0,
        "an employer's Settings are the dashboard's",
      );
      await snapSizes(e, `candidates-inbox-${locale}`);
      // At 390 px the long address and the date share a line or take one each: the date never breaks between its day,
      // month and year, and no «·» is left at a line's end (issue 25).
      await e.setViewportSize(MOBILE);
      const facts = row.locator("p.muted").first();
      const day = (await facts.textContent()).split(" · ").pop().trim();
      assert.equal(await linesOf(facts, day), 1, `«${day}» on one line`);
      assert.deepEqual(await separatorsAtLineEdges(facts), []);
      await row.locator("select").selectOption("shortlisted");
      await e.waitForResponse((r) => r.url().includes("/api/dashboard/applications") && r.request().method() === "PATCH");
      // The candidate is told of a shortlisting by e-mail, and the employer is told that they were.
      await row
        .getByRole("status")
        .filter({ hasText: say(locale, "account.applications.savedTold", { count: 1 }) })
        .waitFor();
      await done(e);

      await page.reload();
      await page
        .locator(".application-item")
        .first()
        .locator(".application-status")
        .filter({ hasText: say(locale, "public.applications.status.shortlisted") })
        .waitFor();
      // A Latin title and company stand at the line's start, as the rest of the card does: on the right in Arabic.
      const edges = await page
        .locator(".application-item")
        .first()
        .evaluate((item) => {
          const ends = (el) => {
            const range = document.createRange();
            range.selectNodeContents(el);
            const box = range.getBoundingClientRect();
            return [Math.round(box.left), Math.round(box.right)];
          };
          return { title: ends(item.querySelector(".saved-item-title")), company: ends(item.querySelector(".job-company")), state: ends(item.querySelector(".saved-item-state")) };
        });
      const side = locale === "ar" ? 1 : 0;
      for (const part of ["title", "company"]) assert.ok(Math.abs(edges[part][side] - edges.state[side]) <= 2, `${locale}: ${part} ${JSON.stringify(edges)}`);
      await snapSizes(page, `candidates-applications-${locale}`);
      await done(page);
      await browser.close();
    });

    // A candidate without an account follows the confirmation e-mail's link and withdraws there: the page says it was
    // withdrawn, not «الطلب غير موجود» beside it (the one application's query was read again after the withdrawal).
    test("withdrawing from the confirmation e-mail's link, signed out", async () => {
      const email = `candidate-link-${locale}-${RUN}@example.com`;
      const form = new FormData();
      form.set("name", "Layla Link");
      form.set("email", email);
      form.set("cv", new Blob([PDF], { type: "application/pdf" }), "layla-cv.pdf");
      const res = await fetch(url(`/api/jobs/${jobId}/applications`), { method: "POST", body: form, headers: { "Accept-Language": locale, "CF-Connecting-IP": `10.7.${locale === "ar" ? 1 : 2}.9` } });
      assert.equal(res.status, 201, await res.text());
      const mail = await mailTo(email, "application_received");
      const link = mail.text.match(/\/applications\/[\w-]+\?token=[\w-]+/)[0];
      const browser = await open();
      const page = await browser.newPage();
      await page.goto(url(`${PREFIX[locale]}${link}`));
      const item = page.locator(".application-item");
      await item.getByRole("button", { name: say(locale, "public.applications.withdraw") }).click();
      await Promise.all([page.waitForResponse((r) => r.request().method() === "DELETE" && r.ok()), item.getByRole("button", { name: say(locale, "public.applications.confirmWithdraw") }).click()]);
      await page
        .getByRole("status")
        .filter({ hasText: say(locale, "public.applications.withdrawn", { title: JOB_TITLE }) })
        .waitFor();
      // Nothing else is read: no «not found» beside the confirmation.
      await page.waitForTimeout(500);
      assert.equal(await page.getByRole("alert").count(), 0, "no error beside the confirmation");
      await snapSizes(page, `candidates-withdrawn-by-link-${locale}`);
      await done(page);
      await browser.close();
    });

    // Decision 0213: a job its owner deletes for good closes its applications. The delete dialog says how many close
    // with it; the candidate is e-mailed, and their list keeps the application, closed, with no CV and no Withdraw.
    test("deleting a job with an application: the dialog says it closes, the candidate's list keeps it, closed", async () => {
      const title = `Closing Spec Role ${locale} ${RUN}`;
      const e = await employer.newPage();
      await e.goto(url("/"));
      await payForStandardJob(e, { job: { ...jobFixture(title, EMPLOYER.company), applications: true }, email: EMPLOYER.email, submissionId: `sub-closing-${locale}-${RUN}` });
      const closing = (await api(`/api/jobs?keywords=${encodeURIComponent(title)}`)).jobs[0].id;
      const browser = await open();
      const page = await browser.newPage();
      const email = `candidate-closed-${locale}-${RUN}@example.com`;
      await signUpOrIn(page, { email, name: "Rana Candidate" });
      const sent = await page.evaluate(
        async ({ path, pdf, email, locale }) => {
          const form = new FormData();
          form.set("name", "Rana Candidate");
          form.set("email", email);
          form.set("cv", new Blob([pdf], { type: "application/pdf" }), "rana-cv.pdf");
          return (await fetch(path, { method: "POST", body: form, headers: { "Accept-Language": locale, "CF-Connecting-IP": `10.7.3.${locale === "ar" ? 1 : 2}` } })).status;
        },
        { path: `/api/jobs/${closing}/applications`, pdf: PDF.toString(), email, locale },
      );
      assert.equal(sent, 201);

      // Settings' "Delete my account" says the same of every application sent to the employer's jobs.
      await e.goto(p("/dashboard/settings"));
      const counts = (await inPage(e, "GET", "/api/dashboard/applications/counts")).body.counts;
      const received = Object.values(counts).reduce((n, c) => n + c, 0);
      assert.ok(received >= 1, JSON.stringify(counts));
      await e
        .locator("[data-delete-applications]")
        .filter({ hasText: say(locale, "account.settings.deleteApplications", { count: received }) })
        .waitFor();
      await e.goto(p("/dashboard/jobs"));
      await e.locator(`.dash-job-card[data-job-id="${closing}"] .button-danger-outline`).click();
      const dialog = e.locator("dialog.confirm-dialog");
      await dialog
        .locator("[data-delete-applications]")
        .filter({ hasText: say(locale, "account.jobs.deleteApplications", { count: 1 }) })
        .waitFor();
      await snapSizes(e, `candidates-delete-job-with-applications-${locale}`);
      await Promise.all([
        e.waitForResponse((r) => r.request().method() === "DELETE" && r.url().includes(`/api/dashboard/jobs/${closing}`) && r.ok()),
        dialog.getByRole("button", { name: say(locale, "account.jobs.delete") }).click(),
      ]);
      await done(e);

      const mail = await mailTo(email, "application_closed");
      assert.ok(mail.text.includes(say(locale, "mail.application.closed.jobDeleted", { job: say(locale, "mail.common.quotedJobAtCompany", { title, company: EMPLOYER.company }) })), mail.text);
      await page.goto(p("/applications"));
      const item = page.locator('.application-item[data-closed="job_deleted"]');
      await item
        .locator(".application-status")
        .filter({ hasText: say(locale, "public.applications.closedBadge") })
        .waitFor();
      const text = await item.innerText();
      assert.ok(text.includes(title), text);
      assert.ok(text.includes(say(locale, "public.applications.closedJobDeleted")), text);
      assert.ok(!text.includes("rana-cv.pdf"), "no CV named on a closed application");
      assert.equal(await item.getByRole("button").count(), 0, "nothing to withdraw");
      assert.equal(await item.getByRole("link").count(), 0, "no link to a job that is gone");
      await snapSizes(page, `candidates-closed-application-${locale}`);
      await done(page);
      await browser.close();
    });

    // The 22nd reading: on these pages a notice's text stood 20 px in from the heading's edge, in no box, and an empty
    // list's card sat on the heading.
    test("Saved jobs, My applications and the inbox without a job: each part 12 px or more below the last, a notice a box at the heading's edge", async () => {
      const pageParts = (page, selector) =>
        page.locator(selector).evaluate((pageEl) => {
          const parts = [...pageEl.children].filter((el) => el.getBoundingClientRect().height > 0);
          const rtl = getComputedStyle(pageEl).direction === "rtl";
          const start = (r) => (rtl ? -r.right : r.left);
          const heading = parts[0].getBoundingClientRect();
          return parts.slice(1).map((el, i) => {
            const box = el.getBoundingClientRect();
            const style = getComputedStyle(el);
            const text = document.createRange();
            text.selectNodeContents(el);
            return {
              part: `${el.tagName.toLowerCase()}.${[...el.classList].join(".")}`,
              gap: Math.round(box.top - parts[i].getBoundingClientRect().bottom),
              edge: Math.round(start(box) - start(heading)),
              narrower: Math.round(heading.width - box.width),
              // Drawn as a box (a background or a border), or its text starts at its own edge.
              boxed: style.backgroundColor !== "rgba(0, 0, 0, 0)" || Number.parseFloat(style.borderTopWidth) > 0 || Math.round(start(text.getBoundingClientRect()) - start(box)) === 0,
            };
          });
        });
      const check = async (page, selector, what) => {
        const parts = await pageParts(page, selector);
        assert.ok(parts.length >= 1, `${what}: something under the heading`);
        for (const part of parts) {
          assert.ok(part.gap >= 12, `${what}: ${part.part} ${part.gap} px below the part above it`);
          assert.equal(part.edge, 0, `${what}: ${part.part} starts at the heading's edge`);
          assert.equal(part.narrower, 0, `${what}: ${part.part} as wide as the page's heading`);
          assert.ok(part.boxed, `${what}: ${part.part}'s text starts at its edge, or it is a box`);
        }
      };
      const visitor = await open();
      const page = await visitor.newPage();
      await page.goto(p("/saved"));
      await page.locator(".saved-page .message-card").waitFor();
      await check(page, ".saved-page", "/saved signed out");
      await page.goto(p("/applications"));
      await page.locator(".applications-page .notice").waitFor();
      await check(page, ".applications-page", "/applications signed out");
      await done(page);
      const signedIn = await employer.newPage();
      await signedIn.goto(p("/dashboard/applications"));
      await signedIn.locator(".inbox .notice").waitFor();
      await check(signedIn, ".inbox", "the inbox without a job");
      await signedIn.goto(p("/saved"));
      await signedIn.locator(".saved-page .message-card, .saved-page .saved-list").first().waitFor();
      await check(signedIn, ".saved-page", "/saved signed in");
      await done(signedIn);
    });

    // A fifteenth reading: the form came back empty after applying, and sending it again said «تم إرسال طلبك»; after
    // withdrawing, /applications said «لم تتقدّم لأي وظيفة عبر الموقع بعد»; the withdrawal's buttons overran 390 px.
    test("applying again is said, also from a stale tab; the inbox says what it saved; deleting a rejected application is confirmed on the list", async () => {
      const browser = await open();
      const page = await browser.newPage();
      const email = `candidate-again-${locale}-${RUN}@example.com`;
      await signUpOrIn(page, { email, name: "Omar Again" });
      const stale = await browser.newPage();
      const fill = async (pg) => {
        await pg.goto(p(`/jobs/${jobId}/apply`));
        await pg.locator("#apply-name").fill("Omar Again");
        await pg.locator("#apply-cv").setInputFiles({ name: "omar-cv.pdf", mimeType: "application/pdf", buffer: PDF });
      };
      await fill(stale);
      await fill(page);
      await page.locator(".apply-form button[type=submit]").click();
      await page.getByRole("heading", { name: say(locale, "public.apply.sentTitle") }).waitFor();
      // The stale tab's submit: the server keeps one application and says so.
      await stale.locator(".apply-form button[type=submit]").click();
      await stale.getByRole("heading", { name: say(locale, "public.apply.alreadyTitle") }).waitFor();
      await done(stale);
      // Coming back to the form: it is not offered; the application is.
      await page.goto(p(`/jobs/${jobId}/apply`));
      await page.getByRole("heading", { name: say(locale, "public.apply.alreadyTitle") }).waitFor();
      assert.equal(await page.locator(".apply-form").count(), 0, "no form for a job already applied to");
      const card = page.locator(".message-card");
      assert.ok((await card.innerText()).includes(JOB_TITLE), await card.innerText());
      const view = card.getByRole("link", { name: say(locale, "public.job.viewApplication") });
      assert.equal(await view.evaluate((a) => a.href), p("/applications"));
      await snapSizes(page, `candidates-applied-already-${locale}`);

      // The employer does not select Omar: the change is said where it was made. The bulk bar says what its select is for.
      const e = await employer.newPage();
      await e.goto(p(`/dashboard/applications?jobId=${jobId}`));
      const label = e.locator('label[for="inbox-bulk-status"]');
      await label.waitFor();
      assert.equal((await label.innerText()).trim(), say(locale, "account.applications.statusLabel"));
      assert.ok(await label.isVisible(), "the label is seen, not only announced");
      const row = e.locator(".inbox-item").filter({ hasText: email });
      await row.locator("select").selectOption("reviewing");
      await row
        .getByRole("status")
        .filter({ hasText: say(locale, "account.applications.saved") })
        .waitFor();
      // …and the bulk bar says what it saved (no rejection e-mail chosen: no one told).
      await row.locator('input[type="checkbox"]').check();
      await e.locator("#inbox-bulk-status").selectOption("rejected");
      await e.locator(".inbox-bulk button[type=submit]").click();
      await e
        .locator(".inbox-bulk")
        .getByRole("status")
        .filter({ hasText: say(locale, "account.applications.saved") })
        .waitFor();
      await done(e);

      await view.click();
      const item = page.locator(".application-item");
      await item.waitFor();
      // The confirmation's two buttons fit a 390 px card.
      await page.setViewportSize(MOBILE);
      // Its two facts are two: «·» between the date and the CV.
      assert.match(await item.locator(".saved-item-state").textContent(), / · /);
      // Not selected: nothing to withdraw from; the application and the CV are deleted.
      await item.getByRole("button", { name: say(locale, "public.applications.remove") }).click();
      const confirm = item.getByRole("button", { name: say(locale, "public.applications.confirmRemove") });
      await confirm.waitFor();
      const fits = await item.evaluate((li) =>
        [...li.querySelectorAll("button")].every((b) => b.getBoundingClientRect().left >= li.getBoundingClientRect().left && b.getBoundingClientRect().right <= li.getBoundingClientRect().right),
      );
      assert.ok(fits, "the withdrawal's buttons stay inside the card at 390 px");
      await snapSizes(page, `candidates-withdraw-confirm-${locale}`);
      await Promise.all([page.waitForResponse((r) => r.request().method() === "DELETE" && r.ok()), confirm.click()]);
      await page
        .getByRole("status")
        .filter({ hasText: say(locale, "public.applications.removed", { title: JOB_TITLE }) })
        .waitFor();
      await page.getByText(say(locale, "public.applications.empty")).waitFor();
      // After a reload too, the empty list does not say «you have not applied yet» (a sixteenth reading).
      await page.reload();
      await page.getByText(say(locale, "public.applications.empty")).waitFor();
      await snapSizes(page, `candidates-withdrawn-${locale}`);
      await done(page);
      await browser.close();
    });
  });
}

test("Select all in an inbox of 450 sends the change 200 at a time, as the server takes it, and says what all of them changed", async () => {
  const page = await employer.newPage();
  // The inbox is the worker's answer for this job with 450 applications in it: a job with that many is made by
  // hundreds of candidates, which the worker tests do (test/worker/applications.test.ts); here, what the page sends.
  const applications = Array.from({ length: 450 }, (_, i) => ({
    id: `app-${i}`,
    name: `Candidate ${i}`,
    email: `candidate-${i}@example.com`,
    note: "",
    links: [],
    status: "new",
    notes: "",
    cvName: "cv.pdf",
    cvType: "application/pdf",
    cvSize: 1000,
    createdAt: new Date().toISOString(),
  }));
  const sent = [];
  await page.route("**/api/dashboard/applications?*", (route) =>
    route.request().method() === "GET" ? route.fulfill({ json: { job: { id: jobId, title: JOB_TITLE }, applications } }) : route.fallback(),
  );
  await page.route("**/api/dashboard/applications", (route) => {
    if (route.request().method() !== "PATCH") return route.fallback();
    const body = route.request().postDataJSON();
    // What the server takes (worker/rules/applications.ts BULK_MAX): over 200 ids it answers 400.
    if (body.ids.length > 200) return route.fulfill({ status: 400, json: { error: "You can change at most 200 applications at once." } });
    sent.push(body);
    return route.fulfill({ json: { changed: body.ids.length, told: body.ids.length } });
  });
  await page.goto(url(`/dashboard/applications?jobId=${jobId}`));
  await page.locator("#inbox-all").check();
  await page.locator("#inbox-bulk-status").selectOption("shortlisted");
  await page.locator(".inbox-bulk button[type=submit]").click();
  await page
    .locator(".inbox-bulk")
    .getByRole("status")
    .filter({ hasText: say("en", "account.applications.savedTold", { count: 450 }) })
    .waitFor();
  assert.deepEqual(
    sent.map((b) => b.ids.length),
    [200, 200, 50],
  );
  assert.deepEqual(new Set(sent.flatMap((b) => b.ids)), new Set(applications.map((a) => a.id)), "every selected application, once");
  assert.ok(sent.every((b) => b.status === "shortlisted"));
  await done(page);
  await page.close();
});
