// Issue 25: Arabic that reads as written in Arabic, not translated: summaries composed part by part,
// ICU number agreement, one term per product.
import { describe, expect, it } from "vitest";
import { localiseMessage } from "../../worker/lib/i18n";
import { describeFilterParts } from "../../worker/rules/alerts";
import { filtersFromParams } from "../../worker/rules/searchParams";

describe("the alert summary on /ar/jobs", () => {
  it("is composed part by part, so no English is left: «مهندس» · في دبي", () => {
    const f = filtersFromParams(new URLSearchParams("keywords=مهندس&location=دبي"));
    expect(
      describeFilterParts(f)
        .map((p) => localiseMessage("ar", p))
        .join(" · "),
    ).toBe("«مهندس» · في دبي");
  });
});
