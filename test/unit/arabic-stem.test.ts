// Light stemming of Arabic query words (issue 25): worker/rules/arabic.ts lightStem and arabicForms, and
// how searchTerms uses them with the equivalents table (worker/rules/searchAliases.ts).
import { describe, expect, it } from "vitest";
import { arabicForms, foldForSearch, lightStem } from "../../worker/rules/arabic";
import ar from "../../worker/rules/locales/ar/server.json";
import { POPULAR_TAGS } from "../../worker/rules/lists";
import { searchTerms } from "../../worker/rules/searchAliases";

const stem = (w: string) => lightStem(foldForSearch(w));

describe("lightStem", () => {
  it.each([
    ["المهندس", "مهندس"],
    ["مهندسة", "مهندس"],
    ["مهندسون", "مهندس"],
    ["المهندسين", "مهندس"],
    ["للمهندسين", "مهندس"],
    ["والمطورين", "مطور"],
    ["بالهندسة", "هندس"],
    ["تقنيات", "تقن"],
    ["Engineers", "engineers"],
  ])("%s → %s", (word, expected) => {
    expect(stem(word)).toBe(expected);
  });

  it("keeps at least three letters: دبي, عمان and بيان stay whole", () => {
    expect(["دبي", "عمان", "بيان"].map(stem)).toEqual(["دبي", "عمان", "بيان"]);
  });

  it("removes a one-letter preposition only when the caller knows what remains", () => {
    expect(arabicForms("بدبي")).not.toContain("دبي");
    expect(arabicForms("بدبي", (f) => f === "دبي")).toContain("دبي");
    expect(arabicForms(foldForSearch("بيانات"), (f) => f === "بيانات")).not.toContain("يانات");
  });
});

describe("searchTerms with word forms", () => {
  it("each form of a word is one term with the same equivalents", () => {
    const base = searchTerms("مهندس");
    for (const form of ["المهندس", "مهندسة", "مهندسون", "المهندسين"]) expect(searchTerms(form), form).toEqual(base);
    expect(searchTerms("الهندسة")).toEqual(searchTerms("هندسة"));
  });

  it("an unknown Arabic word is matched by its stem", () => {
    expect(searchTerms("البرمجيات")).toEqual([{ all: ["برمج"], any: [] }]);
  });

  it("punctuation separates words, in Arabic and in English", () => {
    expect(searchTerms("دبي، الإمارات")).toEqual(searchTerms("دبي الإمارات"));
    expect(searchTerms("Dubai, UAE")).toEqual(searchTerms("Dubai UAE"));
    expect(searchTerms("Node.js")[0]!.all).toEqual(["node.js"]);
  });

  it("every tag chip's Arabic label brings the tag (worker/rules/locales/ar/server.json value.tag.*)", () => {
    for (const tag of POPULAR_TAGS) {
      const label = (ar as Record<string, string>)[`value.tag.${tag}`]!;
      const terms = searchTerms(label);
      expect(terms, `${tag}: ${label}`).toHaveLength(1);
      expect([...terms[0]!.all, ...terms[0]!.any], `${tag}: ${label}`).toContain(tag.toLowerCase());
    }
  });

  it("GCC brings the six countries, and never Amman", () => {
    const [gcc] = searchTerms("الخليج");
    for (const p of ["uae", "saudi", "qatar", "kuwait", "bahrain", "oman", "الامارات", "قطر"]) expect(gcc!.any).toContain(p);
    expect(gcc!.any).not.toContain("amman");
    expect(gcc!.any).not.toContain("عمان");
  });
});

describe("places written in Arabic (worker/discovery/places.ts, for JSON-LD addresses)", () => {
  it("reads the Arabic comma and the Arabic names of cities, countries and regions", async () => {
    const { placeOf, remoteCountries } = await import("../../worker/discovery/places");
    expect(placeOf("الرياض، السعودية")).toEqual({ locality: "الرياض", region: null, country: "SA" });
    expect(placeOf("دبي (Dubai)، الإمارات")?.country).toBe("AE");
    expect(placeOf("عمّان، الأردن")?.country).toBe("JO");
    expect(placeOf("الدوحة")?.country).toBe("QA");
    expect(placeOf("عن بعد")).toBeNull();
    expect(remoteCountries("عن بعد (الخليج)").sort()).toEqual(["AE", "BH", "KW", "OM", "QA", "SA"]);
    expect(remoteCountries("عن بعد (الشرق الأوسط)")).toContain("EG");
    expect(placeOf("Dubai, UAE")).toEqual({ locality: "Dubai", region: null, country: "AE" });
  });
});
