// The listing's URL: its query parameters to filters and back. Shared by the web app's listing and the
// worker; no zod here, so the first page does not load it. The API's validation of the same parameters
// (searchQuerySchema) is in ./search.ts, which takes its limits from here.
import { m } from "./serverMessages";
import { POPULAR_TAGS, SEARCH_TEXT_MAX, SORTS, TIMEFRAMES, TYPE_FILTER_VALUES } from "./lists";
import type { Sort, Timeframe } from "./lists";
import { normaliseDigits } from "./digits";
import { CURRENCIES, SALARY_PERIODS } from "./rates";
import type { Currency, SalaryPeriod } from "./rates";

/** The longest tag, and the most tags, one search takes. */
export const TAG_MAX = 50;
export const TAGS_MAX = 20;

export interface SearchFilters {
  keywords: string;
  location: string;
  remote: boolean;
  tags: string[];
  type: string; // "" = all
  timeframe: Timeframe | "";
  /**
   * The pay filter (issue 26): jobs whose top of range, converted (rules/rates.ts), is at least minSalary in
   * `currency` per `period`; jobs without a structured salary only with includeNoSalary. The currency and
   * period are also the visitor's choice for "≈ $X a year" on cards. Optional, so other callers need not say.
   */
  minSalary?: number | null;
  currency?: Currency;
  period?: SalaryPeriod;
  includeNoSalary?: boolean;
}

/** The largest minimum pay a search takes. */
export const MIN_SALARY_MAX = 1_000_000_000;
export const DEFAULT_CURRENCY: Currency = "USD";
export const DEFAULT_PERIOD: SalaryPeriod = "year";

/**
 * A minimum pay as typed ("20000", "20,000", "20 000", "٢٠٬٠٠٠", "1500.50"): a positive amount, or null. Digits,
 * grouped by commas or spaces, and at most two decimals. Anything else ("0x10", "1e5", "20k", "-5", and "20.000",
 * whose point may group thousands or mark decimals) is not an amount. (As short as it is: it is in the first load of /.)
 */
export function readMinSalary(value: string): number | null {
  const text = normaliseDigits(value).trim();
  const n = /^[\d,\s]*\d(\.\d\d?)?$/.test(text) ? Number(text.replace(/[,\s]/g, "")) : 0;
  return n > 0 && n <= MIN_SALARY_MAX ? n : null;
}

/** Reads filter state from a URL's query (the web app's single source of truth). */
export function filtersFromParams(params: URLSearchParams): SearchFilters & { sort: Sort } {
  const { notices: _notices, ...state } = listingFromParams(params);
  return state;
}

/**
 * The listing's filters from a URL that a person may have typed: a value the search does not know is
 * dropped and a text over the limit is cut, and each such change is said in plain words (`notices`), so the
 * listing searches without it instead of showing the API's validation message.
 */
export function listingFromParams(params: URLSearchParams): SearchFilters & { sort: Sort; notices: string[] } {
  const notices: string[] = [];
  const limited = (name: "keywords" | "location", value: string) => {
    if (value.length <= SEARCH_TEXT_MAX) return value;
    notices.push(m(name === "keywords" ? "server.search.keywordsCut" : "server.search.locationCut", { max: SEARCH_TEXT_MAX }));
    return value.slice(0, SEARCH_TEXT_MAX);
  };
  const typeParam = (params.get("type") ?? "").trim();
  let type = typeParam.toLowerCase() === "all" ? "" : typeParam.toLowerCase();
  if (type && !(TYPE_FILTER_VALUES as readonly string[]).includes(type)) {
    notices.push(m("server.search.unknownType", { value: typeParam }));
    type = "";
  }
  const tf = params.get("timeframe") ?? "";
  const timeframe = (TIMEFRAMES as readonly string[]).includes(tf) ? (tf as Timeframe) : "";
  if (tf && tf !== "any" && !timeframe) notices.push(m("server.search.unknownTimeframe", { value: tf }));
  const sortParam = params.get("sort") ?? "";
  const sort = (SORTS as readonly string[]).includes(sortParam) ? (sortParam as Sort) : "recent";
  if (sortParam && sort !== sortParam) notices.push(m("server.search.unknownSort", { value: sortParam }));
  // A tag the board lists is spelled as it lists it: "tags=finance" presses the Finance chip and reads «المالية» (a
  // fourteenth reading: it showed "finance" in Arabic). Others stay as typed; the search folds case either way.
  let tags = [
    ...new Set(
      params
        .getAll("tags")
        .filter(Boolean)
        .map((t) => POPULAR_TAGS.find((p) => p.toLowerCase() === t.toLowerCase()) ?? t),
    ),
  ];
  if (tags.some((t) => t.length > TAG_MAX)) {
    notices.push(m("server.search.tagCut", { max: TAG_MAX }));
    tags = tags.filter((t) => t.length <= TAG_MAX);
  }
  if (tags.length > TAGS_MAX) {
    notices.push(m("server.search.tagsCut", { max: TAGS_MAX }));
    tags = tags.slice(0, TAGS_MAX);
  }
  const pay = payFromParams(params, notices);
  return {
    ...pay,
    keywords: limited("keywords", params.get("keywords") ?? params.get("q") ?? ""),
    location: limited("location", params.get("location") ?? ""),
    remote: params.get("remote") === "true",
    tags,
    type,
    timeframe,
    sort,
    notices,
  };
}

/** The pay filter's parameters; a value the search does not know is dropped and said in `notices`. */
function payFromParams(params: URLSearchParams, notices: string[]): Pick<SearchFilters, "minSalary" | "currency" | "period" | "includeNoSalary"> {
  const out: Pick<SearchFilters, "minSalary" | "currency" | "period" | "includeNoSalary"> = {};
  const min = params.get("minSalary") ?? "";
  if (min) {
    const n = readMinSalary(min);
    if (n === null) notices.push(m("server.search.unknownPay", { value: min }));
    else out.minSalary = n;
  }
  const currency = (params.get("currency") ?? "").toUpperCase();
  if ((CURRENCIES as readonly string[]).includes(currency)) out.currency = currency as Currency;
  else if (currency) notices.push(m("server.search.unknownPay", { value: params.get("currency") ?? "" }));
  const period = params.get("period") ?? "";
  if ((SALARY_PERIODS as readonly string[]).includes(period)) out.period = period as SalaryPeriod;
  else if (period) notices.push(m("server.search.unknownPay", { value: period }));
  if (params.get("includeNoSalary") === "true") out.includeNoSalary = true;
  return out;
}

/** Query parameters for filters: a parameter is omitted when at its default. */
export function toSearchParams(f: Partial<SearchFilters> & { sort?: Sort }): URLSearchParams {
  const p = new URLSearchParams();
  if (f.keywords?.trim()) p.set("keywords", f.keywords.trim());
  if (f.location?.trim()) p.set("location", f.location.trim());
  if (f.remote) p.set("remote", "true");
  for (const t of f.tags ?? []) if (t.trim()) p.append("tags", t.trim());
  if (f.type) p.set("type", f.type);
  if (f.timeframe) p.set("timeframe", f.timeframe);
  if (f.minSalary) p.set("minSalary", String(f.minSalary));
  if (f.currency && f.currency !== DEFAULT_CURRENCY) p.set("currency", f.currency);
  if (f.period && f.period !== DEFAULT_PERIOD) p.set("period", f.period);
  if (f.minSalary && f.includeNoSalary) p.set("includeNoSalary", "true");
  if (f.sort && f.sort !== "recent") p.set("sort", f.sort);
  return p;
}

export function hasActiveFilters(f: SearchFilters): boolean {
  return activeFilterCount(f) > 0;
}

/** How many filters are on (the Filters button's badge): each field one, each tag one, the pay filter one. */
export function activeFilterCount(f: SearchFilters): number {
  return [f.keywords, f.location, f.remote, f.type, f.timeframe, f.minSalary].filter(Boolean).length + f.tags.length;
}
