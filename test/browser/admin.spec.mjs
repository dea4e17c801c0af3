// The operator console in a real browser (issue 12): an admin (the local default admin@startupjobs.example,
// see README "The operator console") refunds a paid job and it disappears from the board; an admin resends a
// failed e-mail and it appears in the mailbox; a normal account sees the app's 404 page at /admin.
// Screenshots at 1280 and 390 px; nothing scrolls sideways at 360 px.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { done, inPage, jobFixture, linesOf, message, onBoard, openBrowser, payForStandardJob, signUpOrIn, snapSizes as snap, url, expectConsoleError } from "./helpers.mjs";

const ar = (id, values) => message("ar", id, values);

const ADMIN_EMAIL = "admin@startupjobs.example";
const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const EMPLOYER_EMAIL = `refunded-${RUN}@example.com`;
const JOB_TITLE = `Refundable Engineer ${RUN}`;

let adminBrowser;
let employerBrowser;

async function mailbox() {
  const res = await fetch(url("/api/dev/mailbox"));
  assert.equal(res.status, 200);
  return (await res.json()).messages;
}

before(async () => {
  adminBrowser = await openBrowser();
  employerBrowser = await openBrowser();
  const a = await adminBrowser.newPage();
  await signUpOrIn(a, { email: ADMIN_EMAIL, name: "Olive Operator", company: "Opsco" });
  await a.close();
  // An employer pays for a job in the emulator: it is on the board.
  const e = await employerBrowser.newPage();
  await signUpOrIn(e, { email: EMPLOYER_EMAIL, name: "Rita Refund", company: "Opsco" });
  await payForStandardJob(e, { job: jobFixture(JOB_TITLE, "Opsco"), email: EMPLOYER_EMAIL, submissionId: `sub-${RUN}` });
  await e.close();
  assert.ok(await onBoard(JOB_TITLE), "the paid job is on the board");
});
after(async () => {
  await adminBrowser?.close();
  await employerBrowser?.close();
});

describe("the operator console", () => {
  test("in Arabic, a job's source is a word, not the stored value (post, spotlight, seed)", async () => {
    const page = await adminBrowser.newPage();
    await page.goto(url("/ar/admin?tab=jobs"));
    const row = page.locator("tr", { hasText: JOB_TITLE });
    await row.waitFor();
    const sub = await row.locator(".admin-sub").first().innerText();
    assert.match(sub, /نموذج النشر/);
    assert.doesNotMatch(sub, /\b(post|spotlight|seed)\b/);
    await done(page);
  });

  test("a normal account and a signed-out visitor get the app's 404 page at /admin", async () => {
    const page = await employerBrowser.newPage();
    expectConsoleError(page, /status of 404 .*\/(admin|api\/admin\/me)\b/); // not an admin: the 404 page
    await page.goto(url("/admin"));
    await page.getByRole("heading", { name: "404 | Page Not Found" }).waitFor();
    assert.equal(await page.getByText("Operator Console").count(), 0);
    await done(page);
    const visitor = await openBrowser();
    const anon = await visitor.newPage();
    expectConsoleError(anon, /status of 404 .*\/(admin|api\/admin\/me)\b/);
    await anon.goto(url("/admin"));
    await anon.getByRole("heading", { name: "404 | Page Not Found" }).waitFor();
    await done(anon);
    await visitor.close();
  });

  test("an admin refunds a job in full, with a reason: the job disappears from the board", async () => {
    const page = await adminBrowser.newPage();
    expectConsoleError(page, /status of 400 .*\/api\/admin\/orders\/[^/]+\/refund\b/); // a refund beyond what is left is refused
    await page.goto(url("/admin"));
    await page.getByRole("heading", { name: "Operator Console" }).waitFor();
    await snap(page, "admin-jobs");
    await page.getByRole("tab", { name: "Orders" }).click();
    await page.getByLabel("Show").selectOption("paid");
    const row = page.locator("tr", { hasText: EMPLOYER_EMAIL });
    await row.getByRole("button", { name: "Open" }).click();
    const detail = page.getByLabel("Order details");
    await detail.getByRole("heading", { name: "Webhook events" }).waitFor();
    await detail.getByText("checkout.session.completed").waitFor();
    // The refund asks first, saying what it will do; without a reason nothing is sent.
    await detail.getByRole("button", { name: "Refund $199.00" }).click();
    const confirm = page.getByRole("dialog", { name: "Refund $199.00" });
    await confirm.getByText(`Refunds $199.00 and takes back the job “${JOB_TITLE}” (it leaves the board).`).waitFor();
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await confirm.getByRole("alert").getByText("Please give a reason").waitFor();
    assert.ok(await onBoard(JOB_TITLE), "nothing changed without a reason");
    await confirm.getByLabel(/Reason/).fill("Customer asked for a refund");
    await snap(page, "admin-order-detail", { fullPage: true });
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await page.getByRole("status").getByText("Refund $199.00: done.").waitFor();
    await detail.getByText("succeeded").waitFor();
    // It left the "Paid" list and is under "Refunded".
    await page.getByLabel("Show").selectOption("refunded");
    await row.getByText("refunded", { exact: true }).waitFor();

    // The board no longer shows it.
    const board = await adminBrowser.newPage();
    await board.goto(url(`/jobs?keywords=${encodeURIComponent(JOB_TITLE)}`));
    await board.locator(".empty-state").waitFor();
    assert.equal(await board.locator(".job-card", { hasText: JOB_TITLE }).count(), 0);
    assert.equal(await onBoard(JOB_TITLE), false);
    await done(board);

    // The audit log says who, what and why.
    await page.getByRole("tab", { name: "Audit log" }).click();
    const entry = page.locator("tr", { hasText: "order.refund" }).first();
    await entry.getByText("Customer asked for a refund").waitFor();
    await entry.getByText(ADMIN_EMAIL).waitFor();
    await snap(page, "admin-audit");
    await done(page);
  });

  test("a refund Stripe holds pending (a bank transfer's) reads pending in the console, not done nor refunded; when it fails, the customer is e-mailed once (decision 0224)", async () => {
    const buyerBrowser = await openBrowser();
    const b = await buyerBrowser.newPage();
    const email = `pending-${RUN}@example.com`;
    await signUpOrIn(b, { email, name: "Pat Pending", company: "Opsco" });
    await b.goto(url("/"));
    const job = await inPage(b, "POST", "/api/checkout/job", {
      job: jobFixture(`Pending Engineer ${RUN}`, "Opsco"),
      purchase: { plan: "standard", enhancements: [], selectedBundle: null, quantity: 1, email },
      submissionId: `sub-pending-${RUN}`,
    });
    assert.equal(job.status, 200, JSON.stringify(job.body));
    await b.goto(job.body.url);
    await b.getByRole("button", { name: "Pay by bank transfer (settles later)" }).click();
    await b.waitForURL((u) => u.pathname === "/job-posting-success");
    await b.goto(job.body.url);
    await b.getByRole("button", { name: "Bank transfer arrives" }).click();
    await b.getByText("This checkout session is complete.").waitFor();

    const page = await adminBrowser.newPage();
    await page.goto(url("/admin?tab=orders"));
    await page.getByLabel("Show").selectOption("paid");
    const row = page.locator("tr", { hasText: email });
    await row.getByRole("button", { name: "Open" }).click();
    const detail = page.getByLabel("Order details");
    await detail.getByRole("button", { name: "Refund $199.00" }).click();
    const confirm = page.getByRole("dialog", { name: "Refund $199.00" });
    await confirm.getByLabel(/Reason/).fill("Customer asked");
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await page.getByRole("status").getByText("Refund $199.00: pending.", { exact: false }).waitFor();
    assert.equal(await page.getByRole("status").getByText("done").count(), 0);
    await page.getByLabel("Show").selectOption("refunded");
    await row.getByText("refund pending $199.00").waitFor();
    assert.equal(await row.getByText("refunded $199.00").count(), 0);
    await done(page);

    // The bank refund fails (the emulator's checkout page): the customer is told, once.
    await b.goto(job.body.url);
    await b.getByRole("button", { name: "Refund fails" }).click();
    let told = [];
    for (let i = 0; i < 50 && told.length === 0; i++) {
      told = (await mailbox()).filter((m) => m.kind === "refund_failed" && m.to === email);
      if (!told.length) await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(told.length, 1);
    assert.match(told[0].text, /Your refund of \$199\.00 USD for order [0-9A-F]{8} did not go through\./);
    await done(b);
    await buyerBrowser.close();
  });

  test("its owner sees it as refunded, in both languages: no Activate, and a repost offers no free days (the 30th reading)", async () => {
    // It read «متوقفة مؤقتًا» with «استئناف النشر», which failed with "not paid", and the repost dialog offered its 30 days free.
    for (const [prefix, status, activate, repost] of [
      ["", "Refunded", "Activate", "Repost"],
      ["/ar", ar("account.job.status.refunded"), ar("account.job.activate"), ar("account.job.repost")],
    ]) {
      const page = await employerBrowser.newPage();
      await page.goto(url(`${prefix}/dashboard/jobs`));
      const card = page.locator(".dash-job-card", { hasText: JOB_TITLE });
      await card.locator(".dash-job-status").getByText(status, { exact: true }).waitFor();
      assert.equal(await card.getAttribute("data-status"), "refunded");
      assert.equal(await card.getByRole("button", { name: activate }).count(), 0, "no Activate on a refunded job");
      assert.doesNotMatch(await card.locator(".dash-job-dates").innerText(), /30/, "no days left to count");
      await card.getByRole("button", { name: repost }).click();
      const dialog = page.getByRole("dialog");
      await dialog.waitFor();
      assert.equal(await dialog.locator("[data-repost-days-left], [data-activate-instead]").count(), 0, "no free days offered");
      await snap(page, `dashboard-refunded-job${prefix.replace("/", "-")}`);
      await done(page);
    }
  });

  test("in Arabic, the refunded order reads in Arabic: its lines keep their order, the audit log and the day figures are named (issue 25)", async () => {
    const page = await adminBrowser.newPage();
    await page.goto(url("/ar/admin?tab=orders"));
    const row = page.locator("tr", { hasText: EMPLOYER_EMAIL });
    await row.getByRole("button", { name: ar("spotlight.admin.open") }).click();
    const detail = page.getByLabel(ar("spotlight.admin.order.details"));
    // The payment line: its amount, the payment's id and its date, right to left, each whole. Unisolated, the date's
    // «28» stuck to the id and «/11/2026» went to its other side.
    const payment = detail.locator("li", { hasText: "pi_" }).first();
    await payment.waitFor();
    const parts = await payment.locator("bdi").evaluateAll((all) => all.map((b) => ({ text: b.textContent, right: b.getBoundingClientRect().right })));
    assert.equal(parts.length, 3, JSON.stringify(parts));
    assert.match(parts[1].text, /^pi_/);
    assert.match(parts[2].text, /^\d{1,2}\u200f?\/\d{1,2}\u200f?\/\d{4}/u);
    assert.ok(parts[0].right > parts[1].right && parts[1].right > parts[2].right, `right to left: ${JSON.stringify(parts)}`);
    for (const part of parts) assert.equal(await linesOf(payment, part.text), 1, `«${part.text}» whole`);
    // The refund's category is a word, not the stored "requested_by_customer".
    const refund = detail.locator("ul.admin-plain li", { hasText: ar("spotlight.admin.refund.category.requested_by_customer") });
    await refund.first().waitFor();
    assert.doesNotMatch(await detail.innerText(), /requested_by_customer|goodwill/);
    await snap(page, "ar-admin-order-detail");

    // The audit log names the action, its target and its details in Arabic («order.refund», «amountCents: …» were raw).
    await page.goto(url("/ar/admin?tab=audit"));
    const entry = page.locator("tr", { hasText: "Customer asked for a refund" }).first();
    await entry.waitFor();
    const said = await entry.innerText();
    assert.match(said, /استرداد مبلغ طلب شراء/u);
    assert.match(said, /طلب الشراء [0-9a-f-]{8}/u);
    assert.match(said, /المبلغ: /u);
    assert.doesNotMatch(said, /order\.refund|amountCents|takeBack|category:/);
    await snap(page, "ar-admin-audit");

    // On a phone the day table loses its head: each figure says what it is («الإيرادات: …»).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(url("/ar/admin?tab=overview"));
    const day = page.locator(".admin-table tbody tr").first();
    await day.waitFor();
    const labels = await day.locator("td[data-label]").evaluateAll((cells) => cells.map((td) => getComputedStyle(td, "::before").content));
    assert.ok(labels.length >= 6, JSON.stringify(labels));
    assert.equal(labels[0], `"${ar("spotlight.admin.overview.revenue")}: "`);

    // The outbox names each e-mail's kind in Arabic («job_confirmation», «refund» were as stored).
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(url("/ar/admin?tab=outbox"));
    const mailRow = page.locator("tr", { hasText: EMPLOYER_EMAIL }).first();
    await mailRow.waitFor();
    const rows = (await page.locator(".admin-table tbody tr").allInnerTexts()).join("\n");
    assert.match(rows, new RegExp(ar("spotlight.admin.mailKind.job_confirmation")));
    assert.doesNotMatch(rows, /\b[a-z]+_[a-z_]+\b/, "no kind as stored (job_confirmation, verify_email, …)");
    await snap(page, "ar-admin-outbox");
    await done(page);
  });

  test("an admin restores the refunded job: the console says the refund stands; its owner pauses and resumes it (decision 0209)", async () => {
    const page = await adminBrowser.newPage();
    await page.goto(url("/admin?tab=jobs"));
    await page.getByRole("searchbox", { name: /Search jobs/ }).fill(JOB_TITLE);
    await page.getByRole("button", { name: "Search", exact: true }).click();
    const row = page.locator("tr", { hasText: JOB_TITLE });
    await row.getByRole("button", { name: "Restore" }).click();
    const dialog = page.getByRole("dialog", { name: `Restore ${JOB_TITLE}` });
    await dialog.getByText(message("en", "spotlight.admin.effect.restoreRefunded")).waitFor();
    await dialog.getByLabel(/Reason/).fill("Kept as a courtesy");
    await snap(page, "admin-restore-refunded");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await page.getByRole("status").getByText(`Restore ${JOB_TITLE}: done.`).waitFor();
    await row.getByText("live", { exact: true }).waitFor();
    assert.ok(await onBoard(JOB_TITLE), "back on the board");
    await done(page);

    // Before, a pause after the restore was for good: Activate answered "refunded".
    const owner = await employerBrowser.newPage();
    await owner.goto(url("/dashboard/jobs"));
    const card = owner.locator(".dash-job-card", { hasText: JOB_TITLE });
    await card.locator(".dash-job-status").getByText("Active", { exact: true }).waitFor();
    await card.getByRole("button", { name: /^Deactivate/ }).click();
    await card.locator(".dash-job-status").getByText("Inactive", { exact: true }).waitFor();
    assert.equal(await onBoard(JOB_TITLE), false);
    await card.getByRole("button", { name: /^Activate/ }).click();
    await card.locator(".dash-job-status").getByText("Active", { exact: true }).waitFor();
    assert.ok(await onBoard(JOB_TITLE), "resumed");
    await done(owner);
  });

  test("an admin resends a failed e-mail: it is delivered and appears in the mailbox", async () => {
    const receipt = (await mailbox()).find((m) => m.to === EMPLOYER_EMAIL && m.status === "sent");
    assert.ok(receipt, "the employer's confirmation e-mail was sent");
    // The provider refuses it (a dev tool marks the row failed, as a provider refusal would).
    assert.equal((await fetch(url(`/api/dev/mail/${receipt.id}/fail`), { method: "POST" })).status, 200);

    const page = await adminBrowser.newPage();
    await page.goto(url("/admin?tab=outbox"));
    await page.getByLabel("Show").selectOption("failed");
    const row = page.locator("tr", { hasText: receipt.subject }).filter({ hasText: EMPLOYER_EMAIL });
    await row.getByText("the mail provider refused this message").waitFor();
    await snap(page, "admin-outbox-failed");
    await row.getByRole("button", { name: "Resend" }).click();
    const confirm = page.getByRole("dialog", { name: /^Resend / });
    await confirm.getByLabel(/Reason/).fill("Provider outage is over");
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await page
      .getByRole("status")
      .getByText(/Resend .*: done\./)
      .waitFor();
    await done(page);

    let delivered;
    for (let i = 0; i < 40 && !delivered; i++) {
      delivered = (await mailbox()).find((m) => m.id === receipt.id && m.status === "sent");
      if (!delivered) await new Promise((r) => setTimeout(r, 250));
    }
    assert.ok(delivered, "the resent e-mail is sent again");
    const box = await adminBrowser.newPage();
    await box.goto(url("/dev/mailbox"));
    await box.locator(".mailbox-item", { hasText: receipt.subject }).filter({ hasText: EMPLOYER_EMAIL }).first().waitFor();
    await done(box);
  });
});
