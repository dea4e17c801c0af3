// Arabic search folding (worker/rules/arabic.ts) and the equivalents table (worker/rules/searchAliases.ts).
import { describe, expect, it } from "vitest";
import { foldForSearch, hasArabic, normaliseArabic } from "../../worker/rules/arabic";
import { ALIAS_GROUPS, aliasesOf, searchTerms } from "../../worker/rules/searchAliases";

describe("normaliseArabic / foldForSearch", () => {
  it.each([
    ["tashkeel removed", "مُهَنْدِس", "مهندس"],
    ["tanween and shadda removed", "شُكْرًا عمّان", "شكرا عمان"],
    ["superscript alef removed", "هٰذا", "هذا"],
    ["tatweel removed", "مـــهندس", "مهندس"],
    ["alef with hamza above", "أحمد", "احمد"],
    ["alef with hamza below", "إدارة", "اداره"],
    ["alef with madda", "آمن", "امن"],
    ["alef wasla", "ٱلله", "الله"],
    ["ta marbuta", "مدينة", "مدينه"],
    ["alef maqsura", "مستشفى", "مستشفي"],
    ["Arabic-Indic digits", "٠١٢٣٤٥٦٧٨٩", "0123456789"],
    ["Eastern Arabic-Indic digits", "۰۱۲۳۴۵۶۷۸۹", "0123456789"],
    ["decomposed hamza (alef + U+0654)", "\u0627\u0654حمد", "احمد"],
  ])("%s", (_name, input, folded) => {
    expect(normaliseArabic(input)).toBe(folded);
    expect(foldForSearch(input)).toBe(folded);
  });

  it("lower-cases ASCII letters only, as SQL lower() and LIKE do; other Latin text is unchanged", () => {
    expect(foldForSearch("Senior ENGINEER, Dubai")).toBe("senior engineer, dubai");
    expect(foldForSearch("Zürich ÉCOLE")).toBe("zürich École");
    expect(normaliseArabic("Senior ENGINEER")).toBe("Senior ENGINEER");
  });

  it("keeps the length of text with nothing to remove (one code point for one)", () => {
    const text = "أبو ظبي، الإمارات ٢٠٢٦ Remote";
    expect(Array.from(foldForSearch(text)).length).toBe(Array.from(text).length);
  });

  it("tells Arabic text", () => {
    expect(hasArabic("دبي")).toBe(true);
    expect(hasArabic("Dubai, UAE")).toBe(false);
  });
});

describe("aliases", () => {
  it.each([
    ["دبي", "dubai"],
    ["الرياض", "riyadh"],
    ["عن بعد", "remote"],
    ["عن بُعد", "remote"],
    ["أبوظبي", "abu dhabi"],
    ["أبو ظبي", "abu dhabi"],
    ["ابو ظبي", "abu dhabi"],
    ["جدة", "jeddah"],
    ["مهندس", "engineer"],
    ["مُهَنْدِس", "engineer"],
  ])("%s → %s", (arabic, english) => {
    expect(aliasesOf(arabic)).toContain(english);
    expect(aliasesOf(english)).toContain(foldForSearch(arabic));
  });

  it("عمان is both Oman and Amman, and عمّان folds to it", () => {
    expect(aliasesOf("عمان")).toEqual(expect.arrayContaining(["oman", "amman"]));
    expect(aliasesOf("عمّان")).toEqual(expect.arrayContaining(["oman", "amman"]));
  });

  it("a phrase in no group is itself", () => {
    expect(aliasesOf("Elixir")).toEqual(["elixir"]);
  });

  it("covers the Gulf and Levant places of the board's location list", () => {
    const english = new Set(ALIAS_GROUPS.map((g) => g[0]!.toLowerCase()));
    for (const place of ["dubai", "abu dhabi", "sharjah", "riyadh", "jeddah", "dammam", "doha", "kuwait", "manama", "bahrain", "muscat", "oman", "amman", "beirut", "damascus"])
      expect(english.has(place), place).toBe(true);
    for (const place of ["jerusalem", "ramallah", "cairo", "saudi arabia", "uae", "qatar", "jordan", "lebanon", "egypt", "remote", "worldwide"]) expect(english.has(place), place).toBe(true);
  });
});

describe("searchTerms", () => {
  it("an English query keeps its words, and gains only Arabic equivalents", () => {
    expect(searchTerms("React Dubai")).toEqual([
      { all: ["react"], any: ["رياكت"] },
      { all: ["dubai"], any: ["دبي"] },
    ]);
    // A typed English phrase still means each of its words, anywhere (as search always did).
    expect(searchTerms("Abu  Dhabi")).toEqual([{ all: ["abu", "dhabi"], any: ["ابو ظبي", "ابوظبي"] }]);
  });

  it("recognises multi-word phrases before splitting into words", () => {
    expect(searchTerms("مطور عن بعد")).toEqual([
      { all: ["مطور"], any: ["developer"] },
      { all: ["عن بعد"], any: ["remote", "ريموت"] },
    ]);
    expect(searchTerms("رام الله")).toEqual([{ all: ["رام الله"], any: ["ramallah"] }]);
    expect(searchTerms("أبو ظبي")[0]!.any).toEqual(["abu dhabi", "ابوظبي"]);
  });

  it("folds the query: diacritics and alef forms do not matter", () => {
    expect(searchTerms("مُهَنْدِس")).toEqual(searchTerms("مهندس"));
    expect(searchTerms("إدارة")).toEqual(searchTerms("ادارة"));
  });

  it("each term once", () => {
    expect(searchTerms("dubai Dubai DUBAI")).toHaveLength(1);
    expect(searchTerms("")).toEqual([]);
  });
});

describe("saysRemote", () => {
  it("is the location's word for remote in either language", async () => {
    const { saysRemote } = await import("../../worker/rules/searchAliases");
    expect(["Remote", "remote (MENA)", "Dubai / Remote", "عن بعد", "عن بُعد", "الرياض أو عن بعد"].map(saysRemote)).toEqual([true, true, true, true, true, true]);
    expect(["Dubai, UAE", "الرياض", "بعد الظهر", ""].map(saysRemote)).toEqual([false, false, false, false]);
  });
});
