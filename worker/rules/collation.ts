// Collation keys (issue 25): a string per language whose plain byte order (SQLite's BINARY, and JavaScript's <)
// is the order `new Intl.Collator(locale).compare` gives, so "Company: A–Z" runs in SQL on an index and still
// sorts Arabic and Latin names as the page's language does (Arabic first on /ar, Latin first in English).
// D1 cannot register a collation, so the jobs store stores one key per language (worker/jobs/derive.ts).
//
// How: ICU compares level by level (base letters, then accents, then case and variants). The weights of each
// character are read from Intl.Collator itself, once per language and isolate: the characters of the scripts a
// board's company names use are sorted at each strength, and each gets its rank among the primary classes (equal
// ignoring accents and case), its rank inside its class by accent, then by case. A key is every character's primary
// weight, a separator, the secondary weights, a separator, the tertiary weights (the Unicode Collation Algorithm's
// sort key). Text is NFC-normalised; a precomposed letter ICU reads as its letter plus marks (é) is read as its
// decomposition, one it reads as a letter of its own (أ in English) stays one unit. Limits (docs/decisions/0701):
// Arabic marks written on Latin letters may break ties differently; characters outside the table (CJK, emoji) are
// placed among its classes by the same collator, and by code point among themselves; digits ICU tells apart only
// at the identical level (1 and ١) tie; only the first 100 characters of a name count.
import type { Locale } from "./i18n";

/** The characters whose weights are read from the collator: Latin, Greek, Cyrillic, Hebrew, Arabic, punctuation. */
const RANGES: [number, number][] = [
  [0x20, 0x7e],
  [0xa0, 0x24f],
  [0x300, 0x36f],
  [0x370, 0x3ff],
  [0x400, 0x4ff],
  [0x590, 0x5ff],
  [0x600, 0x6ff],
  [0x750, 0x77f],
  [0x2010, 0x205e],
  [0x20a0, 0x20bf],
];

/** Letters ICU reads as two at the primary level that Unicode does not decompose. */
const EXPANSIONS: Record<string, string> = { æ: "ae", Æ: "AE", œ: "oe", Œ: "OE", ß: "ss", ẞ: "SS", ĳ: "ij", Ĳ: "IJ" };

/** One collation element: primary (0 = ignorable at that level), secondary, tertiary. */
type Element = [number, number, number];

interface Table {
  elements: Map<string, Element[]>;
  base: Intl.Collator;
  /** The representative of each primary weight's class (index = weight - 1), in order. */
  reps: string[];
  /** Primary weights of characters outside the table, once placed (placeOutside). */
  outside: Map<string, string>;
}

const tables = new Map<Locale, Table>();

/** Groups already sorted items into runs the comparator calls equal. */
function runs<T>(sorted: T[], same: (a: T, b: T) => boolean): T[][] {
  const out: T[][] = [];
  for (const item of sorted) {
    const last = out[out.length - 1];
    if (last && same(last[0]!, item)) last.push(item);
    else out.push([item]);
  }
  return out;
}

/** Secondary and tertiary weights: below common (a marker), common (a plain letter), then higher. */
const LOW = 1;
const COMMON = 2;

function buildTable(locale: Locale): Table {
  const base = new Intl.Collator(locale, { sensitivity: "base" });
  const accent = new Intl.Collator(locale, { sensitivity: "accent" });
  const full = new Intl.Collator(locale, { sensitivity: "variant" });
  const elements = new Map<string, Element[]>();
  const letters: string[] = [];
  const marks: string[] = [];
  const faint: string[] = [];
  /** Precomposed letters ICU weighs as their letter plus marks (é = e + ◌́, after e): read as their decomposition. */
  const decomposed: string[] = [];
  for (const [from, to] of RANGES) {
    for (let cp = from; cp <= to; cp++) {
      const c = String.fromCodePoint(cp);
      if (c.normalize("NFC") !== c || c in EXPANSIONS) continue;
      const nfd = c.normalize("NFD");
      const letter = String.fromCodePoint(nfd.codePointAt(0)!);
      if (nfd !== c && base.compare(c, letter) === 0 && accent.compare(c, letter) > 0) decomposed.push(c);
      else if (base.compare(c, "") !== 0) letters.push(c);
      else if (accent.compare(c, "") !== 0) marks.push(c);
      else if (full.compare(c, "") !== 0) faint.push(c);
      else elements.set(c, []); // ignored at every level (tatweel, joiners)
    }
  }
  // Letters (and spaces, punctuation, digits: ICU's default weighs them at the primary level): a class each,
  // unless ICU reads the letter as two (آ as اا in Arabic): then it is those two classes' elements.
  const classes = runs(letters.sort(base.compare), (a, b) => base.compare(a, b) === 0);
  const reps = classes.map((members) => members[0]!);
  const expanded = new Map<number, [number, number]>();
  classes.forEach((_, k) => {
    for (let j = k - 1; j >= Math.max(0, k - 3); j--) {
      const pair = expansionOf(base, reps[k]!, reps[j]!, reps);
      if (pair !== null) {
        expanded.set(k, [j, pair]);
        break;
      }
    }
  });
  let p = 0;
  const weightReps: string[] = [];
  let topS = COMMON;
  let topT = COMMON;
  classes.forEach((members, k) => {
    if (expanded.has(k)) return;
    ++p;
    weightReps.push(members[0]!);
    runs(members.sort(accent.compare), (a, b) => accent.compare(a, b) === 0).forEach((sameAccent, s) => {
      runs(sameAccent.sort(full.compare), (a, b) => full.compare(a, b) === 0).forEach((same, t) => {
        for (const c of same) elements.set(c, [[p, COMMON + s, COMMON + t]]);
        topS = Math.max(topS, COMMON + s);
        topT = Math.max(topT, COMMON + t);
      });
    });
  });
  // Marks that stay apart after NFC (Arabic harakat in English): above every letter's secondary weight.
  const markBase = topS + 1;
  const onA = (m: string) => `a${m}`;
  const markRuns = runs(
    marks.sort((a, b) => accent.compare(onA(a), onA(b))),
    (a, b) => accent.compare(onA(a), onA(b)) === 0,
  );
  markRuns.forEach((same, s) => {
    for (const c of same) elements.set(c, [[0, markBase + s, COMMON]]);
  });
  const markTop = markBase + markRuns.length;
  // Differences ICU keeps for the last level only (Arabic harakat in Arabic).
  const faintBase = topT + 1;
  runs(faint.sort(full.compare), (a, b) => full.compare(a, b) === 0).forEach((same, t) => {
    for (const c of same) elements.set(c, [[0, 0, faintBase + t]]);
  });
  // A letter read as two: the two letters' elements, with a marker between them that puts it just before or
  // just after the two letters written out, as ICU does.
  const asTwo = (c: string, first: string, second: string) => {
    const marker: Element = [0, accent.compare(c, first + second) < 0 ? LOW : markTop, 0];
    elements.set(c, [...(elements.get(first) ?? []), marker, ...(elements.get(second) ?? [])]);
  };
  for (const [k, [j, m]] of expanded) for (const c of classes[k]!) asTwo(c, reps[j]!, reps[m]!);
  for (const [c, expansion] of Object.entries(EXPANSIONS)) {
    if (base.compare(c, expansion) === 0) asTwo(c, expansion[0]!, expansion.slice(1));
  }
  for (const c of decomposed) {
    elements.set(
      c,
      [...c.normalize("NFD")].flatMap((x) => elements.get(x) ?? []),
    );
  }
  return { elements, base, reps: weightReps, outside: new Map() };
}

/** The class whose representative, after `first`, reads as `c` at the primary level, or null (binary search). */
function expansionOf(base: Intl.Collator, c: string, first: string, reps: string[]): number | null {
  let lo = 0;
  let hi = reps.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const cmp = base.compare(c, first + reps[mid]!);
    if (cmp === 0) return mid;
    if (cmp < 0) hi = mid - 1;
    else lo = mid + 1;
  }
  return null;
}

function tableFor(locale: Locale): Table {
  let table = tables.get(locale);
  if (!table) {
    table = buildTable(locale);
    tables.set(locale, table);
  }
  return table;
}

/** Weights are written as characters from U+0030 up (UTF-8 and UTF-16 both keep code point order); levels end with a space. */
const WEIGHT_BASE = 0x30;
const LEVEL_END = " ";
const weight = (w: number) => String.fromCharCode(WEIGHT_BASE + w);

/** Trailing common weights say nothing: a shorter equal prefix already sorts first. */
function level(weights: number[]): string {
  let end = weights.length;
  while (end > 0 && weights[end - 1] === COMMON) end--;
  return weights.slice(0, end).map(weight).join("");
}

/** After a class's weight, above every weight: a character outside the table that ICU puts after that class. */
const OUTSIDE = String.fromCharCode(0xd000);

/**
 * The primary weight of a character outside the table (CJK, emoji, other symbols): the weight of the class ICU
 * says it equals, or the weight of the last class before it followed by its code point, so it sorts where ICU
 * puts it among the table's characters (characters outside the table that fall between the same two classes
 * are ordered by code point).
 */
function placeOutside(table: Table, c: string): string {
  let w = table.outside.get(c);
  if (w !== undefined) return w;
  let lo = 0;
  let hi = table.reps.length - 1;
  let equal = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const cmp = table.base.compare(c, table.reps[mid]!);
    if (cmp === 0) {
      equal = mid;
      break;
    }
    if (cmp < 0) hi = mid - 1;
    else lo = mid + 1;
  }
  const cp = c.codePointAt(0)!;
  // lo is the first class after c: c goes after class lo - 1 (weight lo), or before the first class (weight 0).
  w = equal >= 0 ? weight(equal + 1) : weight(lo) + OUTSIDE + weight(cp >> 10) + weight(cp & 0x3ff);
  if (table.outside.size < 10_000) table.outside.set(c, w);
  return w;
}

/**
 * Names are compared on their first 100 characters: a key stays short enough for the index and for a cursor
 * (worker/rules/search.ts allows 2,000 characters); longer names that share those tie, newest first.
 */
const KEY_CHARS = 100;

/** The key whose byte order is `new Intl.Collator(locale).compare`'s order (see the top of this file for its limits). */
export function collationKey(text: string, locale: Locale): string {
  const table = tableFor(locale);
  const primary: string[] = [];
  const secondary: number[] = [];
  const tertiary: number[] = [];
  for (const c of [...text.normalize("NFC")].slice(0, KEY_CHARS)) {
    const found = table.elements.get(c);
    if (!found) {
      primary.push(placeOutside(table, c));
      secondary.push(COMMON);
      tertiary.push(COMMON);
      continue;
    }
    for (const [p, s, t] of found) {
      if (p) primary.push(weight(p));
      if (s) secondary.push(s);
      if (t) tertiary.push(t);
    }
  }
  return primary.join("") + LEVEL_END + level(secondary) + LEVEL_END + level(tertiary);
}
