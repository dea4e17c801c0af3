// An e-mail address in a sentence keeps the punctuation after it on its line (web/components/EmailAddress.tsx): the
// sixth reading saw «.» open the next line after a whole address, on the paid success page and Spotlight onboarding.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { EmailAddress, withAddress } from "../../web/components/EmailAddress";
import { i18n, loadCatalogue, loadScreenMessages } from "../../web/i18n";

beforeAll(async () => {
  await loadCatalogue();
  await loadScreenMessages();
});

const address = createElement(EmailAddress, { address: "khalid-almarri@afaq-tech.ae" });

describe("withAddress", () => {
  it("puts the address and the full stop after it in one unbreakable run", () => {
    const html = renderToStaticMarkup(withAddress(i18n().rich("spotlight.onboarding.companyLead", { email: address })));
    expect(html).toMatch(/<span class="email-address-tail"><bdi class="email-address"[\s\S]*?<\/bdi>\.<\/span> This is/);
  });
  it("also when the address is inside another element (the paid success page's <strong>)", () => {
    const html = renderToStaticMarkup(withAddress(i18n().rich("posting.jobDone.emailSent", { address: createElement("strong", { key: "email" }, address) })));
    expect(html).toMatch(/<span class="email-address-tail"><strong><bdi class="email-address"[\s\S]*?<\/bdi><\/strong>\.<\/span>$/);
  });
  it("in Arabic, where the catalogue isolates {email}, the full stop after it is still kept with it (the 26th session)", () => {
    // «سنراسلك على ⁨{email}⁩. يمكنك…»: the text after the address began with the isolate's end, not the full stop,
    // so the stop was left to start a line, at its far end, at 390 px.
    const html = renderToStaticMarkup(
      createElement("p", null, withAddress(["سنراسلك على \u2068", createElement(EmailAddress, { key: "a", address: "sara@example.com" }), "\u2069. يمكنك الآن الدفع."])),
    );
    expect(html).toMatch(/^<p>سنراسلك على <span class="email-address-tail"><bdi class="email-address"[\s\S]*?<\/bdi>\.<\/span> يمكنك الآن الدفع\.<\/p>$/);
    expect(html).not.toMatch(/[\u2068\u2069]/);
  });
  it("leaves a sentence without an address as it is", () => {
    expect(renderToStaticMarkup(withAddress(i18n().rich("posting.jobDone.emailSent", { address: "your address" })))).toBe("A confirmation e-mail has been sent to your address.");
  });
});
