// The operator's word in a real browser (issue 23, items 7, 11, 12): an operator takes a job down with a
// reason typed in the action's own confirmation; the owner's dashboard shows "Removed by the board" with
// the reason and offers no Activate, Edit or Repost, and the API refuses them; the next action's
// confirmation starts with an empty reason. A reason picked from the console's list reaches an Arabic owner in
// Arabic, on the dashboard and in the e-mail, while the console keeps the one typed. Then the console pages through 2,500 jobs (seeded through the
// jobs store by the dev tools), with the total, Next and Previous, and oldest first.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { done, expectConsoleError, fitsWidth, inPage, jobFixture, onBoard, openBrowser, payForStandardJob, signUpOrIn, snapSizes as snap, url, verifyAddress } from "./helpers.mjs";

const ADMIN_EMAIL = "admin@startupjobs.example";
const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const OWNER_EMAIL = `taken-down-${RUN}@example.com`;
const JOB_TITLE = `Takedown Engineer ${RUN}`;
const REASON = "Misleading salary range, reported twice";

let adminBrowser;
let ownerBrowser;

before(async () => {
  adminBrowser = await openBrowser();
  ownerBrowser = await openBrowser();
  const a = await adminBrowser.newPage();
  await signUpOrIn(a, { email: ADMIN_EMAIL, name: "Olive Operator", company: "Opsco" });
  await a.close();
  const o = await ownerBrowser.newPage();
  await signUpOrIn(o, { email: OWNER_EMAIL, name: "Tara Takedown", company: "Downco" });
  await payForStandardJob(o, { job: jobFixture(JOB_TITLE, "Downco"), email: OWNER_EMAIL, submissionId: `sub-${RUN}` });
  await o.close();
  assert.ok(await onBoard(JOB_TITLE), "the paid job is on the board");
});
after(async () => {
  await adminBrowser?.close();
  await ownerBrowser?.close();
});

describe("the operator's word", () => {
  test("a takedown the owner cannot undo: confirmed with its own reason, shown to the owner, refused to Activate", async () => {
    const page = await adminBrowser.newPage();
    await page.goto(url("/admin?tab=jobs"));
    await page.getByRole("heading", { name: "Operator Console" }).waitFor();
    await page.getByRole("searchbox", { name: /Search jobs/ }).fill(JOB_TITLE);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const row = page.locator("tr", { hasText: JOB_TITLE });
    await row.getByText("live", { exact: true }).waitFor();
    await row.getByRole("button", { name: "Unpublish" }).click();
    // The confirmation says what will happen and asks for this action's reason.
    const dialog = page.getByRole("dialog", { name: `Unpublish ${JOB_TITLE}` });
    await dialog.getByText(/Removed by the board/).waitFor();
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await dialog.getByRole("alert").getByText("Please give a reason").waitFor();
    assert.ok(await onBoard(JOB_TITLE), "nothing happens without a reason");
    await dialog.getByLabel(/Reason/).fill(REASON);
    await snap(page, "operator-confirm-takedown");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await page.getByRole("status").getByText(`Unpublish ${JOB_TITLE}: done.`).waitFor();
    await row.getByText("removed by the board", { exact: true }).waitFor();
    await row.getByText(`Removed by the board: ${REASON}`).waitFor();
    assert.equal(await onBoard(JOB_TITLE), false);
    // The next action starts with an empty reason: the takedown's is not carried over.
    await row.getByRole("button", { name: "Mark sticky" }).click();
    const next = page.getByRole("dialog", { name: `Mark sticky: ${JOB_TITLE}` });
    assert.equal(await next.getByLabel(/Reason/).inputValue(), "");
    await next.getByRole("button", { name: "Cancel" }).click();
    await next.waitFor({ state: "detached" });

    // "Refund $NaN" never appears: an amount that is not one is refused in the form, and nothing is asked.
    await page.getByRole("tab", { name: "Orders" }).click();
    await page.getByRole("searchbox", { name: /Find an order/ }).fill(OWNER_EMAIL);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await page
      .locator("tr", { hasText: "buyer" })
      .or(page.locator("tr", { hasText: OWNER_EMAIL }))
      .first()
      .getByRole("button", { name: "Open" })
      .click();
    const detail = page.getByLabel("Order details");
    const refund = detail.locator("[data-refund-dialog]"); // the refund form (issue 22): it says what is wrong and cannot be sent
    for (const typed of ["abc", "1.2.3", "0", "9999"]) {
      await refund.getByLabel(/Refund amount/).fill(typed);
      await refund.locator("[data-refund-summary]").getByText("Enter an amount above 0 and at most $199.00.").waitFor();
      assert.equal(await refund.getByRole("button", { name: "Refund", exact: true }).isDisabled(), true, typed);
      assert.equal(await page.getByRole("dialog").count(), 0, typed);
    }
    assert.equal(await page.getByText(/NaN/).count(), 0);
    await refund.getByLabel(/Refund amount/).fill("12.50");
    await refund.getByRole("button", { name: "Refund $12.50" }).click();
    await page.getByRole("dialog", { name: "Refund $12.50" }).getByRole("button", { name: "Cancel" }).click();
    await done(page);

    // The owner sees it removed, with the reason, and has no way to put it back.
    const owner = await ownerBrowser.newPage();
    await owner.goto(url("/dashboard/jobs"));
    const card = owner.locator(".dash-job-card", { hasText: JOB_TITLE });
    await card.getByText("Removed by the board", { exact: true }).waitFor();
    await card.getByText(`Reason: ${REASON}`).waitFor();
    assert.equal(await card.getByRole("button", { name: /^Activate/ }).count(), 0);
    assert.equal(await card.getByRole("link", { name: /^Edit/ }).count(), 0);
    await snap(owner, "operator-owner-removed");
    assert.ok(await fitsWidth(owner));
    const jobId = await card.getAttribute("data-job-id");
    expectConsoleError(owner, /status of 409 /);
    for (const action of ["activate", "repost"]) {
      const res = await inPage(owner, "POST", `/api/dashboard/jobs/${jobId}/${action}`);
      assert.equal(res.status, 409, action);
      assert.equal(res.body.code, "removed_by_board");
    }
    assert.equal(await onBoard(JOB_TITLE), false);
    await done(owner);

    // The owner was told, with the reason.
    const mail = (await (await fetch(url("/api/dev/mailbox"))).json()).messages.find((m) => m.to === OWNER_EMAIL && m.kind === "job_removed");
    assert.ok(mail, "the takedown e-mail is in the outbox");
    assert.match(mail.text, new RegExp(`Reason: ${REASON}`));
  });

  test("a reason picked from the list reaches an Arabic owner in Arabic; the console keeps the reason typed", async () => {
    // An owner who signed up on /ar (the app sends the board's language): their account's language is Arabic.
    const ownerEmail = `ar-owner-${RUN}@example.com`;
    const title = `Duplicate Engineer ${RUN}`;
    const o = await ownerBrowser.newPage();
    await o.goto(url("/ar"));
    const up = await o.evaluate(async (email) => {
      const res = await fetch("/api/auth/sign-up", {
        method: "POST",
        headers: { "Content-Type": "application/json", "Accept-Language": "ar" },
        body: JSON.stringify({ email, password: "Correct-Horse-9", name: "مالك", company: "Downco" }),
      });
      return res.status;
    }, ownerEmail);
    assert.equal(up, 201);
    await verifyAddress(ownerEmail);
    await payForStandardJob(o, { job: jobFixture(title, "Downco"), email: ownerEmail, submissionId: `sub-ar-${RUN}` });
    const typed = "Same post as last week's, reported by a visitor";

    const page = await adminBrowser.newPage();
    await page.goto(url("/admin?tab=jobs"));
    await page.getByRole("searchbox", { name: /Search jobs/ }).fill(title);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const row = page.locator("tr", { hasText: title });
    await row.getByRole("button", { name: "Unpublish" }).click();
    const dialog = page.getByRole("dialog", { name: `Unpublish ${title}` });
    await dialog.getByLabel(/Reason/).fill(typed);
    const told = dialog.getByLabel("What the owner is told");
    assert.equal(await told.inputValue(), "", "the typed reason unless another is picked");
    await told.selectOption({ label: "It repeats a job already on the board." });
    await snap(page, "operator-confirm-owner-reason");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await row.getByText(`Removed by the board: ${typed}`).waitFor();
    await done(page);

    await o.goto(url("/ar/dashboard/jobs"));
    const card = o.locator(".dash-job-card", { hasText: title });
    await card.getByText("السبب: الإعلان مكرّر لوظيفة منشورة على الموقع.").waitFor();
    assert.equal(await card.getByText(typed).count(), 0);
    // The line under the title reads company · location · category from the right, each part isolated: as one
    // dir="auto" string, the Latin company turned it around («الهندسة · Remote · Downco»).
    const meta = card.locator(".dash-job-meta bdi");
    assert.deepEqual(await meta.allInnerTexts(), ["Downco", "Remote", "الهندسة"]);
    const [first, last] = [await meta.first().boundingBox(), await meta.last().boundingBox()];
    assert.ok(first.x > last.x, "the company is the rightmost part on an Arabic page");
    // Their only job is the board's to restore: the empty active list does not tell them to activate or repost it.
    await o.getByText("لا توجد وظائف نشطة. انشر وظيفة جديدة ليراها المرشحون.").waitFor();
    await snap(o, "operator-owner-removed-ar");
    await done(o);
    const mail = (await (await fetch(url("/api/dev/mailbox"))).json()).messages.find((m) => m.to === ownerEmail && m.kind === "job_removed");
    assert.match(mail.text, /السبب: \u2068الإعلان مكرّر لوظيفة منشورة على الموقع.\u2069/);
    assert.doesNotMatch(mail.text, /Same post/);
  });

  test("the disable dialog at 390 px in Arabic: the address stays whole, and it says which jobs leave the board (the ninth reading)", async () => {
    // The owner of the takedown test: one paid job, taken down by the board, so none of theirs is on the board now.
    const page = await adminBrowser.newPage({ width: 390, height: 844 });
    await page.goto(url("/ar/admin?tab=accounts"));
    await page.getByRole("searchbox").first().fill(OWNER_EMAIL);
    await page.getByRole("button", { name: "بحث", exact: true }).click();
    await page.locator("tr", { hasText: OWNER_EMAIL }).getByRole("button", { name: "تعطيل", exact: true }).click();
    // Named by its heading, with the address whole: an inline-block part, or a <wbr>, in the address (EmailAddress) gave
    // «…@ example.com» to the accessibility tree; so does the sentence read out.
    const dialog = page.getByRole("dialog", { name: `تعطيل ${OWNER_EMAIL}`, exact: true });
    await dialog.waitFor();
    await dialog.getByRole("heading", { name: `تعطيل ${OWNER_EMAIL}`, exact: true }).waitFor();
    const read = await dialog.locator(".admin-effect").ariaSnapshot();
    assert.ok(read.includes(OWNER_EMAIL), `the sentence reads the address whole: ${read}`);
    assert.doesNotMatch(read, /@\S+ [.،]/u, "and nothing between the address and its punctuation");
    assert.equal((await dialog.locator("h2").innerText()).replace(/\s+/g, " "), `تعطيل ${OWNER_EMAIL}`);
    await snap(page, "operator-disable-dialog-ar");
    const effect = dialog.locator(".admin-effect");
    // And who is told (decision 0352): the owner, by e-mail (decision 0232).
    assert.match(await effect.innerText(), /ولن يتمكن من تسجيل الدخول، وليست له وظائف منشورة على الموقع\. ويُبلَّغ صاحب الحساب بالبريد الإلكتروني، مع السبب الذي تكتبه وطريقة التواصل مع فريق الدعم\.$/);
    // «taken-down-» ended one line and the rest of the address opened the next: the address is one box, which breaks,
    // if it must, after its «@» (EmailAddress), so the part before the «@» keeps one line, in the sentence and the heading,
    // unless it alone is wider than the line (in the heading's large type), and then it breaks after its hyphen.
    for (const name of [effect.locator(".email-address-name"), dialog.locator("h2 .email-address-name")]) {
      const { lines, wider } = await name.evaluate((el) => {
        const rects = [...el.getClientRects()];
        const lines = Map.groupBy(rects, (r) => Math.round(r.top));
        const width = [...lines.values()].reduce((sum, line) => sum + Math.max(...line.map((r) => r.right)) - Math.min(...line.map((r) => r.left)), 0);
        return { lines: [...lines.values()].map((line) => line.map((r) => r.width)), wider: width > el.closest(".admin-effect, h2").clientWidth };
      });
      if (!wider) assert.equal(lines.length, 1, "the address's name keeps one line");
    }
    const heading = await dialog.locator("h2 .email-address-name").evaluate((el) => {
      const text = el.textContent;
      const range = document.createRange();
      const node = el.firstChild;
      const tops = [...text.slice(0, node.data.length)].map((_, i) => {
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        return Math.round(range.getBoundingClientRect().top);
      });
      return text.slice(0, tops.findIndex((top) => top !== tops[0]) >>> 0);
    });
    assert.ok(/-$/.test(heading) || heading === OWNER_EMAIL.split("@")[0], `the heading breaks the name after a hyphen, or not at all: «${heading}»`);
    assert.equal(await dialog.getByLabel(/السبب/).getAttribute("placeholder"), "مثال: إعلانات احتيالية");
    await dialog.getByRole("button", { name: "إلغاء" }).click();
    await done(page);
  });

  test("the console pages through 2,500 jobs: the total, Next and Previous, oldest first", async () => {
    const prefix = `Volume${RUN}`;
    const seeded = await fetch(url("/api/dev/jobs/bulk"), { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ prefix, count: 2500 }) });
    assert.equal(seeded.status, 201);
    const page = await adminBrowser.newPage();
    await page.goto(url("/admin?tab=jobs"));
    await page.getByRole("searchbox", { name: /Search jobs/ }).fill(prefix);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const pager = page.getByRole("navigation", { name: "Pages" });
    await pager.getByText("1–\u206050 of 2,500").waitFor();
    await page
      .locator("tr", { hasText: `${prefix} 2499` })
      .first()
      .waitFor();
    await snap(page, "operator-pages", { fullPage: true });
    await pager.getByRole("button", { name: "Next page" }).click();
    await pager.getByText("51–\u2060100 of 2,500").waitFor();
    await page
      .locator("tr", { hasText: `${prefix} 2449` })
      .first()
      .waitFor();
    await pager.getByRole("button", { name: "Next page" }).click();
    await pager.getByText("101–\u2060150 of 2,500").waitFor();
    await pager.getByRole("button", { name: "Previous page" }).click();
    await pager.getByText("51–\u2060100 of 2,500").waitFor();
    // Oldest first starts again at the first page.
    await page.getByLabel("Sort").selectOption("oldest");
    await pager.getByText("1–\u206050 of 2,500").waitFor();
    await page.locator("tbody tr").first().getByText(`${prefix} 0`, { exact: true }).waitFor();
    // A day range narrows it, with its own total.
    await page.getByLabel("From", { exact: true }).fill("2020-01-01");
    await page.getByLabel("To", { exact: true }).fill("2020-01-01");
    await pager.getByText("1–\u206050 of 1,440").waitFor();
    await done(page);
  });
});
