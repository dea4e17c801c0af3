// Arabic text as search compares it (issue 13, "Arabic, right to left"). Arabic is written with optional
// short vowels (tashkeel), an optional stretching stroke (tatweel), several forms of alef that writers
// use interchangeably, and two digit sets; a search for "مهندس" must find "مُهَنْدِس", "إدارة" must find
// "ادارة", "٢٠٢٦" must find "2026". Both sides of a match are folded the same way: the job's text once,
// when it is written (worker/jobs/store.ts), and the visitor's words at search time (worker/jobs/search.ts).
//
// Every fold maps one code point to one code point or removes it, so a substring of a text stays a
// substring of the folded text. The SQL twin (foldSql) backfills rows in migrations/0012_arabic_search.sql;
// test/worker/arabic-search.test.ts runs both on the same text.

/** Tashkeel (U+064B–U+065F: fathatan … wavy hamza below; U+0670: superscript alef) and tatweel (U+0640). */
const REMOVED: number[] = [...range(0x064b, 0x065f), 0x0670, 0x0640];

/** One code point for another: the alef forms, ta marbuta, alef maqsura, and both Arabic digit sets. */
const MAPPED: [number, number][] = [
  [0x0623, 0x0627], // أ alef with hamza above → ا
  [0x0625, 0x0627], // إ alef with hamza below → ا
  [0x0622, 0x0627], // آ alef with madda → ا
  [0x0671, 0x0627], // ٱ alef wasla → ا
  [0x0629, 0x0647], // ة ta marbuta → ه
  [0x0649, 0x064a], // ى alef maqsura → ي
  ...range(0x0660, 0x0669).map((c, i): [number, number] => [c, 0x30 + i]), // ٠–٩ Arabic-Indic digits
  ...range(0x06f0, 0x06f9).map((c, i): [number, number] => [c, 0x30 + i]), // ۰–۹ Eastern Arabic-Indic digits
];

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

const REMOVE_RE = new RegExp(`[${REMOVED.map((c) => `\\u${c.toString(16).padStart(4, "0")}`).join("")}]`, "gu");
const MAP = new Map(MAPPED.map(([from, to]) => [String.fromCodePoint(from), String.fromCodePoint(to)]));
const MAP_RE = new RegExp(`[${[...MAP.keys()].join("")}]`, "gu");

/** Arabic spelling variants folded: tashkeel and tatweel removed; alef forms, ta marbuta, alef maqsura and Arabic digits unified. Other text unchanged. */
export function normaliseArabic(text: string): string {
  return text.replace(REMOVE_RE, "").replace(MAP_RE, (c) => MAP.get(c) ?? c);
}

/** What search compares: normaliseArabic, and ASCII letters lower-cased (as SQL lower() and LIKE fold them; other letters keep their case). */
export function foldForSearch(text: string): string {
  return normaliseArabic(text).replace(/[A-Z]/g, (c) => c.toLowerCase());
}

/** Whether a text has Arabic letters (the Arabic block, U+0600–U+06FF). */
export function hasArabic(text: string): boolean {
  return /[\u0600-\u06ff]/.test(text);
}

/**
 * foldForSearch as an SQL expression over `expr` (nested replace() on lower(), which folds ASCII letters
 * only): for migrations that derive the folded columns of rows written before them.
 */
export function foldSql(expr: string): string {
  let sql = `lower(${expr})`;
  for (const c of REMOVED) sql = `replace(${sql}, char(${c}), '')`;
  for (const [from, to] of MAPPED) sql = `replace(${sql}, char(${from}), char(${to}))`;
  return sql;
}

// ---- light stemming (issue 25) ---------------------------------------------------------------------
// Arabic attaches the article, conjunctions and prepositions to the front of a word and gender, number
// and possessives to its end: مهندس, المهندس, مهندسة, مهندسون, للمهندسين. Search removes them from the
// words typed, following the light stemmers of Larkey, Ballesteros and Connell (light10) and Lucene's
// ArabicStemmer: the article with any attached و ب ك ف ل in front of it, and the common suffixes. The
// stem is then matched as a substring of the folded text (worker/jobs/search.ts), which finds every
// form of the word on the job's side: stemming the job's text too would find nothing more (a light stem
// is a substring of its word). See docs/decisions/0500-arabic-light-stemming.md.

/** Prefixes always removed (longest first), folded: the article, alone or after و ب ك ف, and لل. */
const ARTICLES = ["وال", "بال", "كال", "فال", "لل", "ال"];
/** One-letter proclitics (and, with, like, so, for): removed only when what remains is a known word (the caller's test). */
const PROCLITICS = ["و", "ب", "ك", "ف", "ل"];
/** Suffixes (folded: ة is ه), longest first: plural and dual endings, the feminine, the nisba and possessives. */
const SUFFIXES = ["ات", "ون", "ين", "ان", "ها", "يه", "ه", "ي"];
/** A stem keeps at least this many letters (three: most roots; and the full-text index's trigrams). */
const MIN_STEM = 3;

/** A folded Arabic word without its article (and any و ب ك ف attached to the article, or لل). */
export function withoutArticle(word: string): string {
  for (const p of ARTICLES) if (word.startsWith(p) && Array.from(word).length - p.length >= MIN_STEM) return word.slice(p.length);
  return word;
}

function stripSuffixes(word: string): string {
  let stem = word;
  for (let changed = true; changed; ) {
    changed = false;
    for (const s of SUFFIXES) {
      if (stem.endsWith(s) && Array.from(stem).length - s.length >= MIN_STEM) {
        stem = stem.slice(0, -s.length);
        changed = true;
        break;
      }
    }
  }
  return stem;
}

/**
 * The forms of a folded Arabic word to look up, least stripped first: the word, without its article,
 * and its light stem; then the same after a one-letter proclitic, which `known` must accept (ب in
 * بالرياض is a preposition, in بيانات it is the word's first letter). A word in another script is
 * its only form.
 */
export function arabicForms(word: string, known: (form: string) => boolean = () => false): string[] {
  if (!hasArabic(word)) return [word];
  const forms = (w: string) => [w, withoutArticle(w), stripSuffixes(withoutArticle(w))];
  const out = forms(word);
  for (const p of PROCLITICS) {
    if (!word.startsWith(p) || Array.from(word).length - 1 < MIN_STEM) continue;
    const rest = forms(word.slice(1));
    if (rest.some(known)) out.push(...rest);
  }
  return [...new Set(out)];
}

/** The light stem of a folded Arabic word (the article and common suffixes removed); other words unchanged. */
export function lightStem(word: string): string {
  return hasArabic(word) ? stripSuffixes(withoutArticle(word)) : word;
}
