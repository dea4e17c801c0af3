// A tag in another case is the board's tag (a fourteenth reading): /ar/jobs?tags=finance showed "finance" where the
// chip says «المالية», and a posting's "finance" tag stayed English on its card.
import { createIntl } from "react-intl";
import { describe, expect, it } from "vitest";
import { makeI18n } from "../../web/i18n";
import { ar } from "../../worker/rules/locales/ar";
import { describeFiltersIn } from "../../worker/discovery/locale";
import { listingFromParams } from "../../worker/rules/searchParams";

describe("tags in another case", () => {
  it("the listing's URL spells a listed tag as the board lists it, once; other tags stay as typed", () => {
    expect(listingFromParams(new URLSearchParams("tags=finance&tags=FINANCE&tags=customer support&tags=react")).tags).toEqual(["Finance", "Customer Support", "react"]);
  });

  it("a value's label is found whatever its case; an unknown value is shown as it is", () => {
    const { value } = makeI18n(createIntl({ locale: "ar", messages: ar }), "ar");
    expect(value("tag", "Finance")).toBe(ar["value.tag.Finance"]);
    expect(value("tag", "finance")).toBe(ar["value.tag.Finance"]);
    expect(value("tag", "customer support")).toBe(ar["value.tag.Customer Support"]);
    expect(value("tag", "React")).toBe("React");
  });

  it("an alert's summary, in its e-mails and answers, names a tag given in another case as the board does", () => {
    const summary = describeFiltersIn("ar", { keywords: "", location: "", remote: false, tags: ["finance"], type: "", timeframe: "" });
    expect(summary).toContain(ar["value.tag.Finance"]);
    expect(summary).not.toContain("finance");
  });
});
