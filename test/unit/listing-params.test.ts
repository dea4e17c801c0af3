// Bad URL parameters on the listing (/jobs?type=bogus, keywords over 200 characters): the listing ignores
// an unknown filter value and says so in plain words, instead of showing the API's validation text.
import { describe, expect, it } from "vitest";
import { searchQuerySchema } from "../../worker/rules/search";
import { activeFilterCount, listingFromParams, toSearchParams } from "../../worker/rules/searchParams";

const read = (query: string) => listingFromParams(new URLSearchParams(query));

describe("the listing ignores an unknown filter value and says so in plain words", () => {
  it('/jobs?type=bogus searches without the type and says Unknown job type "bogus" was ignored', () => {
    const state = read("type=bogus&keywords=engineer");
    expect(state.type).toBe("");
    expect(state.keywords).toBe("engineer");
    expect(state.notices).toEqual(['Unknown job type "bogus" was ignored.']);
  });

  it("keywords over 200 characters are cut to 200 with a plain message, and the API accepts what is asked", () => {
    const state = read(`keywords=${"a".repeat(250)}`);
    expect(state.keywords).toHaveLength(200);
    expect(state.notices).toEqual(["Keywords can be at most 200 characters, so only the first 200 were searched."]);
    const { sort, notices: _n, ...filters } = state;
    const asked = Object.fromEntries(toSearchParams({ ...filters, sort }));
    expect(searchQuerySchema.safeParse(asked).success).toBe(true);
  });

  it("unknown sort and time frame are ignored and said; known values and 'all' pass without a notice", () => {
    expect(read("sort=cheapest&timeframe=decade").notices).toEqual(['Unknown time frame "decade" was ignored.', 'Unknown sort "cheapest" was ignored.']);
    const ok = read("type=Full-Time&sort=salary-high&timeframe=week&remote=true&tags=react");
    expect(ok.notices).toEqual([]);
    expect(ok.type).toBe("full-time");
    expect(read("type=all&timeframe=any").notices).toEqual([]);
  });

  it("tags over 50 characters or more than 20 tags are dropped with a notice", () => {
    const state = read([`tags=${"x".repeat(60)}`, ...Array.from({ length: 22 }, (_, i) => `tags=t${i}`)].join("&"));
    expect(state.tags).toHaveLength(20);
    expect(state.notices).toHaveLength(2);
  });
});

describe("the Filters button's badge", () => {
  const count = (query: string) => activeFilterCount(listingFromParams(new URLSearchParams(query)));
  it("counts the pay filter: a pay-only search showed no badge, and four filters showed 3 (the eighteenth reading)", () => {
    expect(count("minSalary=20000&currency=AED&period=month")).toBe(1);
    expect(count("type=full-time&timeframe=week&tags=Finance&minSalary=20000&currency=AED&period=month")).toBe(4);
    expect(count("sort=salary-high")).toBe(0);
  });
});
