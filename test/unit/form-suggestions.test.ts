// The location field's suggestions in Arabic (issue 25): the Arabic form offered only "Remote", "Dubai, UAE", …, so a
// job posted in Arabic showed English places on the Arabic board. Each Arabic suggestion is its English one's place:
// search finds either by the other's words, and a job page's structured data reads the same country and remoteness.
import { describe, expect, it } from "vitest";
import { isRemoteLocation, placeOf, remoteCountries } from "../../worker/discovery/places";
import { foldForSearch, hasArabic } from "../../worker/rules/arabic";
import { POPULAR_LOCATIONS, POPULAR_LOCATIONS_AR, locationSuggestions } from "../../worker/rules/formSuggestions";
import { searchTerms } from "../../worker/rules/searchAliases";
import { matchingSuggestions } from "../../web/components/SuggestInput";

/** Whether a location filter typed as `query` keeps a job located at `location` (the SQL's tests, on folded text). */
function finds(query: string, location: string): boolean {
  const text = foldForSearch(location.toLowerCase());
  return searchTerms(query).every((term) => term.all.every((w) => text.includes(w)) || term.any.some((p) => text.includes(p)));
}

/** A location's parts a visitor types alone: "Dubai, UAE" → Dubai, UAE; "Remote (MENA)" → Remote, MENA. */
const parts = (location: string) =>
  location
    .split(/[,،()]/)
    .map((p) => p.trim())
    .filter(Boolean);

const pairs = POPULAR_LOCATIONS.map((en, i) => [en, POPULAR_LOCATIONS_AR[i]!] as const);

describe("the location suggestions in Arabic", () => {
  it("are the English ones, one for one, written in Arabic", () => {
    expect(POPULAR_LOCATIONS_AR).toHaveLength(POPULAR_LOCATIONS.length);
    for (const ar of POPULAR_LOCATIONS_AR) expect(hasArabic(ar), ar).toBe(true);
    expect(new Set(POPULAR_LOCATIONS_AR).size).toBe(POPULAR_LOCATIONS_AR.length);
  });

  it("come first on an Arabic page, after the English ones on an English page", () => {
    expect(locationSuggestions("ar").slice(0, 2)).toEqual(["عن بُعد", "عن بُعد (من أي مكان)"]);
    expect(locationSuggestions("en").slice(0, 2)).toEqual(["Remote", "Remote (Worldwide)"]);
    expect(new Set(locationSuggestions("ar"))).toEqual(new Set(locationSuggestions("en")));
  });

  it.each(pairs)("%s and %s are one place to search: the city, region or remoteness typed in either finds both", (en, ar) => {
    const [enFirst] = parts(en);
    const [arFirst] = parts(ar);
    expect(finds(enFirst!, ar), `«${enFirst}» finds «${ar}»`).toBe(true);
    expect(finds(arFirst!, en), `«${arFirst}» finds «${en}»`).toBe(true);
    for (const part of parts(en).filter((p) => !/^[A-Z]{2}$/.test(p))) expect(finds(part, ar), `«${part}» finds «${ar}»`).toBe(true);
  });

  it.each(pairs)("%s and %s are one place to a search engine: its country, whether remote, and where applicants may live", (en, ar) => {
    expect(placeOf(ar)?.country ?? null).toBe(placeOf(en)?.country ?? null);
    expect(isRemoteLocation(ar)).toBe(isRemoteLocation(en));
    // Where a remote job's applicants may live is read for remote jobs only (worker/discovery/jobPosting.ts).
    if (isRemoteLocation(en)) expect(remoteCountries(ar).sort()).toEqual(remoteCountries(en).sort());
  });

  // The sixth reading typed as a phone types: «ابوظبي», «الدوحه», «عن بعد» found nothing, «عمان» only Muscat.
  it.each([
    ["ابوظبي", "أبوظبي، الإمارات"],
    ["أبو ظبي", "أبوظبي، الإمارات"],
    ["الدوحه", "الدوحة، قطر"],
    ["جده", "جدة، السعودية"],
    ["القاهره", "القاهرة، مصر"],
    ["عن بعد", "عن بُعد (الشرق الأوسط وشمال أفريقيا)"],
    ["عمان", "عمّان، الأردن"],
    ["عمان", "مسقط، سلطنة عمان"],
    ["الشار", "الشارقة، الإمارات"],
    ["الدما", "الدمام، السعودية"],
    ["راس الخيمه", "رأس الخيمة، الإمارات"],
    ["العين", "العين، الإمارات"],
    ["الخبر", "الخبر، السعودية"],
    ["مكه", "مكة المكرمة، السعودية"],
    ["dubai u", "Dubai, UAE"],
  ])("typed «%s» suggests «%s»", (typed, place) => {
    expect(matchingSuggestions(locationSuggestions("ar"), typed, 50)).toContain(place);
  });

  it("a place typed in full is not suggested to itself, however it is spelt", () => {
    expect(matchingSuggestions(locationSuggestions("ar"), "الدوحه، قطر", 50)).not.toContain("الدوحة، قطر");
  });
});
