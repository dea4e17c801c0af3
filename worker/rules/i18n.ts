// The board's two languages (README, Decisions: "Arabic and English"): which locale a URL or a request
// means, the writing direction, the tag Intl formats with, and how a server message is localised.
// Shared by the worker and the web app; the catalogues themselves live in ./locales/.

export const LOCALES = ["en", "ar"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** The URL prefix of each locale: English is unprefixed, Arabic lives under /ar. */
export const LOCALE_PREFIX: Record<Locale, string> = { en: "", ar: "/ar" };

/** The cookie that remembers a visitor's explicit choice of language (the header's switcher). */
export const LOCALE_COOKIE = "locale";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

export function dirOf(locale: Locale): "ltr" | "rtl" {
  return locale === "ar" ? "rtl" : "ltr";
}

/** The language tag Intl formats with. Arabic keeps Latin digits, as salaries, IDs and prices are typed with them. */
export function intlLocale(locale: Locale): string {
  return locale === "ar" ? "ar-u-nu-latn" : "en-US";
}

/** hreflang / og:locale values. */
export const HREFLANG: Record<Locale, string> = { en: "en", ar: "ar" };
export const OG_LOCALE: Record<Locale, string> = { en: "en_US", ar: "ar_AR" };

/** The locale a path is in and the path without its prefix: "/ar/jobs" → ar, "/jobs"; "/ar" → ar, "/". */
export function splitLocalePath(pathname: string): { locale: Locale; path: string } {
  if (pathname === "/ar" || pathname === "/ar/") return { locale: "ar", path: "/" };
  if (pathname.startsWith("/ar/")) return { locale: "ar", path: pathname.slice(3) };
  return { locale: "en", path: pathname || "/" };
}

/** A path (with any query and hash) in a locale: ("ar", "/jobs?x=1") → "/ar/jobs?x=1"; ("ar", "/") → "/ar". */
export function localePath(locale: Locale, path: string): string {
  const prefix = LOCALE_PREFIX[locale];
  if (!prefix) return path;
  if (path === "/" || path === "") return prefix;
  if (path.startsWith("/?") || path.startsWith("/#")) return `${prefix}${path.slice(1)}`;
  return `${prefix}${path}`;
}

/** The best of our locales for an Accept-Language header (q-values honoured); English when nothing matches. */
export function negotiateLocale(acceptLanguage: string | null | undefined): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  const ranked = acceptLanguage
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const weight = q ? Number(q.slice(2)) : 1;
      return { lang: tag.trim().toLowerCase().split("-")[0] ?? "", weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((r) => r.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const r of ranked) if (isLocale(r.lang)) return r.lang;
  return DEFAULT_LOCALE;
}

/** Whether a visitor's languages (navigator.languages or Accept-Language order) prefer Arabic to English. */
export function prefersArabic(languages: readonly string[]): boolean {
  for (const l of languages) {
    const lang = l.toLowerCase().split("-")[0];
    if (lang === "ar") return true;
    if (lang === "en") return false;
  }
  return false;
}

// ---- server messages -------------------------------------------------------------------------------
// A server message (a rule's validation message, a domain error) is written in English by composing the
// English catalogue (./locales/en/server.json), and is identified by its English text, as gettext does.
// `localise` finds the catalogue entry the text was made from, reads its arguments back out of the text,
// and formats the same entry in the other locale. Text that is not in the catalogue stays as it is.

export type Catalogue = Readonly<Record<string, string>>;

interface Pattern {
  id: string;
  re: RegExp;
  names: string[];
  /** Characters of fixed text: the more, the more specific. */
  fixed: number;
}

const patternCache = new WeakMap<Catalogue, { exact: Map<string, string>; patterns: Pattern[] }>();

/** Only messages whose arguments are plain `{name}` can be read back; plural and select messages are used by the web only. Plain text (no argument) may hold apostrophes. */
function compile(english: Catalogue) {
  let compiled = patternCache.get(english);
  if (compiled) return compiled;
  const exact = new Map<string, string>();
  const patterns: Pattern[] = [];
  for (const [id, text] of Object.entries(english)) {
    if (/[{}]/.test(text) === false) {
      if (!exact.has(text)) exact.set(text, id);
      continue;
    }
    if (/\{\s*\w+\s*,/.test(text) || text.includes("'")) continue; // plural/select, or ICU quoting
    const names: string[] = [];
    const source = text
      .split(/(\{\s*\w+\s*\})/)
      .map((part) => {
        const m = part.match(/^\{\s*(\w+)\s*\}$/);
        if (m) {
          names.push(m[1]!);
          return "([\\s\\S]+?)";
        }
        return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      })
      .join("");
    patterns.push({ id, re: new RegExp(`^${source}$`), names, fixed: text.replace(/\{\s*\w+\s*\}/g, "").length });
  }
  // More fixed text first: the most specific pattern wins ("Name must be at most {max} characters" over
  // "{name} must be at most {max} characters").
  patterns.sort((a, b) => b.fixed - a.fixed);
  compiled = { exact, patterns };
  patternCache.set(english, compiled);
  return compiled;
}

/** Which catalogue entry an English server message was made from, with its arguments. */
export function identifyMessage(english: Catalogue, text: string): { id: string; values: Record<string, string> } | null {
  const { exact, patterns } = compile(english);
  const id = exact.get(text);
  if (id) return { id, values: {} };
  for (const p of patterns) {
    const m = text.match(p.re);
    if (m) return { id: p.id, values: Object.fromEntries(p.names.map((n, i) => [n, m[i + 1]!])) };
  }
  return null;
}

/**
 * An English server message in `locale`, formatted by `format` (the caller's ICU formatter). Arguments
 * that are themselves messages (e.g. the reason inside "Invalid limit: …") are localised too.
 */
export function localise(english: Catalogue, text: string, format: (id: string, values: Record<string, string>) => string, depth = 0): string {
  const found = identifyMessage(english, text);
  if (!found) return text;
  const values = depth > 2 ? found.values : Object.fromEntries(Object.entries(found.values).map(([k, v]) => [k, localise(english, v, format, depth + 1)]));
  return format(found.id, values);
}

const foldedIds = new WeakMap<object, Map<string, string>>();

/**
 * The catalogue's id for `id` whatever its case (a list value typed "finance" is the listed "value.tag.Finance"; a
 * fourteenth reading), or undefined. The folded index is built once per catalogue. Shared by the web's i18n.value and
 * the worker's listLabel.
 */
export function messageIdIn(messages: Record<string, unknown>, id: string): string | undefined {
  if (messages[id] !== undefined) return id;
  let ids = foldedIds.get(messages);
  if (!ids) {
    ids = new Map(Object.keys(messages).map((key) => [key.toLowerCase(), key]));
    foldedIds.set(messages, ids);
  }
  return ids.get(id.toLowerCase());
}
