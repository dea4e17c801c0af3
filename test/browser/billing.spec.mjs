// Billing in a real browser (issue 10 items 6, 14, 16): two credit purchases paid in the emulator show as
// two grants and two paid orders on /dashboard/billing, reached from the dashboard navigation; a bank
// transfer shows "Payment processing" on the credit and job success pages, and a failed one says the
// payment failed (not "contact support") and e-mails the buyer; the receipt e-mail reaches the mailbox.
// Screenshots at 1280 and 390 px; nothing scrolls sideways at 360 px.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { tsImport } from "tsx/esm/api";
// Through tsx: the rules import each other without extensions and read the JSON catalogues.
const { PAYMENT_MESSAGES } = await tsImport("../../worker/rules/billing.ts", import.meta.url);
import { DESKTOP, api, done, inPage, jobFixture, openBrowser, url, snapSizes as snap, verifyAddress } from "./helpers.mjs";

const PASSWORD = "Correct-Horse-9";
const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const EMAIL = `billing-${RUN}@example.com`;
const JOB_TITLE = `Billing Engineer ${RUN}`;

let employer;
before(async () => {
  employer = await openBrowser();
  const page = await employer.newPage();
  await page.goto(url("/"));
  const signUp = await inPage(page, "POST", "/api/auth/sign-up", { email: EMAIL, password: PASSWORD, name: "Bea Billing", company: "Billco" });
  assert.equal(signUp.status, 201, JSON.stringify(signUp.body));
  await verifyAddress(EMAIL);
  await page.close();
});
after(async () => {
  await employer?.close();
});

/** A credit checkout, opened in the emulator's page. */
async function creditCheckout(page, purchase) {
  await page.goto(url("/"));
  const checkout = await inPage(page, "POST", "/api/checkout/credits", purchase);
  assert.equal(checkout.status, 200, JSON.stringify(checkout.body));
  await page.goto(checkout.body.url);
  return checkout.body;
}

async function mailbox() {
  return (await api("/api/dev/mailbox")).messages.filter((m) => m.to === EMAIL);
}

describe("billing", () => {
  test("two credit purchases show as two grants and two paid orders on /dashboard/billing, reached from the dashboard", async () => {
    const page = await employer.newPage();
    await creditCheckout(page, { customQuantity: 3 });
    await page.getByRole("button", { name: /^Pay \$/ }).click();
    await page.getByRole("heading", { name: "Credit Purchase Successful!", exact: true }).waitFor();
    await creditCheckout(page, { bundleId: "highlight-bundle" });
    await page.getByRole("button", { name: /^Pay \$/ }).click();
    await page.getByRole("heading", { name: "Credit Purchase Successful!", exact: true }).waitFor();

    await page.goto(url("/dashboard"));
    await page.getByRole("navigation", { name: "Dashboard" }).getByRole("link", { name: "Billing" }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard/billing");
    const grants = page.locator("[data-grant]");
    await grants.first().waitFor();
    assert.equal(await grants.count(), 2, "two purchases are two grants");
    const texts = await grants.allInnerTexts();
    assert.ok(
      texts.some((t) => t.includes("Custom") && t.includes("3 Standard posts") && /3\s+of 3 posts remaining/.test(t)),
      texts.join(" | "),
    );
    assert.ok(
      texts.some((t) => t.includes("Highlight Bundle") && /1\s+of 1 post remaining/.test(t)),
      texts.join(" | "),
    );
    // What a grant holds is said once: in a bundle's name, else on its own line (a custom quantity, named "Custom").
    for (const text of texts) assert.equal(text.split(/\d+ Standard posts?/).length - 1, 1, text);
    const rows = page.locator("[data-billing-orders] tbody tr");
    assert.equal(await rows.count(), 2);
    const orders = await rows.allInnerTexts();
    assert.ok(
      orders.some((t) => t.includes("3 Standard posts") && t.includes("$597.00 USD") && t.includes("Paid")),
      orders.join(" | "),
    );
    assert.ok(
      orders.some((t) => t.includes("Highlight Bundle: 1 Standard post with Highlight") && t.includes("$278.00 USD") && t.includes("Paid")),
      orders.join(" | "),
    );
    await snap(page, "billing", { fullPage: true });

    // The receipt reached the mailbox: amount, date and order reference.
    const receipts = (await mailbox()).filter((m) => m.kind === "credit_purchase");
    assert.equal(receipts.length, 2);
    const custom = receipts.find((m) => m.text.includes("Credits: 3 Standard posts"));
    assert.ok(custom, "the custom purchase's receipt");
    assert.match(custom.text, /Amount paid: \$597\.00 USD/);
    assert.match(custom.text, /Order reference: [0-9A-F]{8}/);
    assert.doesNotMatch(custom.text, /Bundle:/);
    await done(page);
  });
});

describe("bank transfers", () => {
  test("pending: the credit and job success pages say the transfer is processing; failed: the page says the payment failed and the buyer is e-mailed", async () => {
    const page = await employer.newPage(DESKTOP);
    const credits = await creditCheckout(page, { customQuantity: 2 });
    await page.getByRole("button", { name: "Pay by bank transfer (settles later)" }).click();
    await page.waitForURL((u) => u.pathname === "/credit-purchase-success");
    await page.getByText(PAYMENT_MESSAGES.processing).waitFor();
    await snap(page, "bank-transfer-pending-credits");

    // The job success page says the same for a job paid by bank transfer.
    await page.goto(url("/"));
    const job = await inPage(page, "POST", "/api/checkout/job", {
      job: jobFixture(JOB_TITLE, "Billco"),
      purchase: { plan: "standard", enhancements: [], selectedBundle: null, quantity: 1, email: EMAIL },
      submissionId: `sub-${RUN}`,
    });
    assert.equal(job.status, 200, JSON.stringify(job.body));
    await page.goto(job.body.url);
    await page.getByRole("button", { name: "Pay by bank transfer (settles later)" }).click();
    await page.waitForURL((u) => u.pathname === "/job-posting-success");
    await page.getByText(PAYMENT_MESSAGES.processing).waitFor();
    await snap(page, "bank-transfer-pending-job");
    const jobPage = page.url();

    // The bank transfer fails: the job page says the payment failed, and an e-mail says so.
    await page.goto(job.body.url);
    await page.getByRole("button", { name: "Bank transfer fails" }).click();
    await page.getByText("This checkout session is complete (payment pending).").waitFor();
    await page.goto(jobPage);
    await page.getByRole("heading", { name: PAYMENT_MESSAGES.failedTitle }).waitFor();
    await page.getByText(PAYMENT_MESSAGES.jobFailed).waitFor();
    assert.equal(await page.getByRole("link", { name: "Contact Support" }).count(), 0, "not 'contact support'");
    await snap(page, "bank-transfer-failed-job");
    const failed = (await mailbox()).filter((m) => m.kind === "payment_failed");
    assert.equal(failed.length, 1);
    assert.match(failed[0].text, new RegExp(`Your bank transfer of \\$199\\.00 USD for 1 Standard post \\(${JOB_TITLE}\\) did not go through`));

    // The credit transfer clears: its page shows the purchase, and the receipt is e-mailed.
    await page.goto(credits.url);
    await page.getByRole("button", { name: "Bank transfer arrives" }).click();
    await page.getByText("This checkout session is complete.").waitFor();
    await page.goto(url(`/credit-purchase-success?session_id=${credits.id}`));
    await page.getByRole("heading", { name: "Credit Purchase Successful!", exact: true }).waitFor();
    const receipt = (await mailbox()).find((m) => m.key === `credit_purchase:${credits.orderId}`);
    assert.ok(receipt, "the receipt is e-mailed when the transfer clears");
    assert.match(receipt.text, /Amount paid: \$398\.00 USD/);

    await page.goto(url("/dashboard/billing"));
    await page.locator("[data-billing-orders]").waitFor();
    const orders = await page.locator("[data-billing-orders] tbody tr").allInnerTexts();
    assert.ok(
      orders.some((t) => t.includes(JOB_TITLE) && t.includes("Payment failed")),
      orders.join(" | "),
    );
    await done(page);
  });
});
