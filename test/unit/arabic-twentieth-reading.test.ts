// Issue 25: what the nineteenth to twenty-first readings by a Gulf reader found, mended in this session.
import { describe, expect, it } from "vitest";
import { describeFiltersIn } from "../../worker/discovery/locale";
import { placeIn } from "../../worker/rules/searchAliases";
import { filtersFromParams } from "../../worker/rules/searchParams";

describe("an alert's place is named in the reader's script (a nineteenth reading: «في Dubai»)", () => {
  it("names each known place of a typed location in the other script", () => {
    expect(placeIn("arabic", "Dubai")).toBe("دبي");
    expect(placeIn("arabic", "Dubai, UAE")).toBe("دبي، الإمارات");
    expect(placeIn("arabic", "abu dhabi")).toBe("أبو ظبي");
    expect(placeIn("latin", "الرياض، السعودية")).toBe("Riyadh, السعودية");
    expect(placeIn("latin", "دبي")).toBe("Dubai");
  });

  it("keeps what it cannot name for sure, and the whole as typed when nothing changed", () => {
    // عمان is Oman and Amman; Remote is not a place to be in; Springfield is not in the table.
    expect(placeIn("latin", "عمان")).toBe("عمان");
    expect(placeIn("arabic", "Remote")).toBe("Remote");
    expect(placeIn("arabic", "Springfield ,  IL")).toBe("Springfield ,  IL");
    expect(placeIn("arabic", "دبي، الإمارات")).toBe("دبي، الإمارات");
    expect(placeIn("arabic", "Springfield, Dubai")).toBe("Springfield، دبي");
  });

  it("in the Arabic e-mails and the English ones", () => {
    const f = filtersFromParams(new URLSearchParams("keywords=مهندس&location=Dubai"));
    expect(describeFiltersIn("ar", f)).toBe("«\u2068مهندس\u2069» · في \u2068دبي\u2069");
    expect(describeFiltersIn("en", filtersFromParams(new URLSearchParams("location=دبي")))).toBe("in Dubai");
  });
});
