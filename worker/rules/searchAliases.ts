// The same place or job word in Arabic and English (issue 13): a visitor on the Arabic board types
// "دبي" and expects the jobs in "Dubai, UAE"; one on the English board types "Dubai" and expects the job
// an Arabic-speaking employer located in "دبي". Each group lists equivalent phrases; a query phrase found
// in a group matches any phrase of that group (and of any other group it is in: "عمان" is both Oman and
// Amman). Phrases are compared folded (worker/rules/arabic.ts foldForSearch), so spelling variants
// (أبو / ابو, عمّان / عمان, الدوحة / الدوحه) need no entry of their own.
import { foldForSearch, hasArabic } from "./arabic";

export const ALIAS_GROUPS: readonly (readonly string[])[] = [
  // Gulf
  ["Dubai", "دبي"],
  ["Abu Dhabi", "أبو ظبي", "أبوظبي"],
  ["Sharjah", "الشارقة"],
  ["UAE", "الإمارات", "United Arab Emirates", "الإمارات العربية المتحدة"],
  ["Riyadh", "الرياض"],
  ["Jeddah", "جدة"],
  ["Dammam", "الدمام"],
  ["Saudi Arabia", "السعودية", "المملكة العربية السعودية"],
  ["Saudi", "السعودية"],
  ["Doha", "الدوحة"],
  ["Qatar", "قطر"],
  ["Kuwait", "الكويت"],
  ["Kuwait City", "مدينة الكويت"],
  ["Manama", "المنامة"],
  ["Bahrain", "البحرين"],
  ["Muscat", "مسقط"],
  ["Oman", "عمان", "سلطنة عمان"],
  // Levant and Egypt ("عمّان" folds to "عمان": Amman and Oman share it)
  ["Amman", "عمّان"],
  ["Jordan", "الأردن"],
  ["Beirut", "بيروت"],
  ["Lebanon", "لبنان"],
  ["Damascus", "دمشق"],
  ["Syria", "سوريا"],
  ["Jerusalem", "القدس"],
  ["Ramallah", "رام الله"],
  ["Palestine", "فلسطين"],
  ["Cairo", "القاهرة"],
  ["Egypt", "مصر"],
  // Elsewhere on the location list
  ["Istanbul", "إسطنبول", "اسطنبول"],
  ["Turkey", "تركيا"],
  ["London", "لندن"],
  ["Europe", "أوروبا"],
  ["Singapore", "سنغافورة"],
  // Where the work happens
  ["Remote", "عن بعد", "عن بُعد"],
  ["Worldwide", "حول العالم"],
  ["MENA", "الشرق الأوسط وشمال أفريقيا"],
  // Common job words
  ["engineer", "مهندس"],
  ["engineering", "هندسة"],
  ["developer", "مطور"],
  ["designer", "مصمم"],
  ["design", "تصميم"],
  ["manager", "مدير"],
  ["marketing", "تسويق"],
  ["sales", "مبيعات"],
  ["product", "منتج"],
  ["data", "بيانات"],
  ["analyst", "محلل"],
  ["accountant", "محاسب"],
];

/** Folded phrase → every folded phrase it is equivalent to (itself included). */
const EQUIVALENTS = new Map<string, Set<string>>();
for (const group of ALIAS_GROUPS) {
  const folded = group.map(foldPhrase);
  for (const phrase of folded) {
    const set = EQUIVALENTS.get(phrase) ?? new Set<string>();
    for (const p of folded) set.add(p);
    EQUIVALENTS.set(phrase, set);
  }
}
const LONGEST_PHRASE = Math.max(...[...EQUIVALENTS.keys()].map((p) => p.split(" ").length));

function foldPhrase(text: string): string {
  return foldForSearch(text.toLowerCase()).split(/\s+/).filter(Boolean).join(" ");
}

/** The phrases equivalent to a folded phrase (itself first), or just itself when no group has it. */
export function aliasesOf(phrase: string): string[] {
  const key = foldPhrase(phrase);
  const set = EQUIVALENTS.get(key);
  return set ? [key, ...[...set].filter((p) => p !== key)] : [key];
}

/**
 * One unit of a query: it matches a text that contains every one of `all`, or any one of `any`.
 * `all` is what was typed (its words, for a typed phrase in Latin script, as search always treated
 * them; the phrase as one, for one in Arabic script); `any` are the equivalent phrases.
 */
export interface SearchTerm {
  all: string[];
  any: string[];
}

/**
 * The terms of a query, each folded: multi-word phrases of the table (abu dhabi, عن بعد, رام الله) are
 * recognised before the rest is split into words, and each phrase or word brings its equivalents.
 *
 * English stays as it was: a term typed in Latin script keeps its exact old meaning (each word contained
 * somewhere), and only gains equivalents in Arabic script, which no English text contains. A term typed in
 * Arabic gains every equivalent.
 */
export function searchTerms(query: string): SearchTerm[] {
  const tokens = foldForSearch(query.toLowerCase()).split(/\s+/).filter(Boolean);
  const out = new Map<string, SearchTerm>();
  for (let i = 0; i < tokens.length; ) {
    let len = Math.min(LONGEST_PHRASE, tokens.length - i);
    while (len > 1 && !EQUIVALENTS.has(tokens.slice(i, i + len).join(" "))) len--;
    const phrase = tokens.slice(i, i + len).join(" ");
    i += len;
    const arabic = hasArabic(phrase);
    const all = arabic || len === 1 ? [phrase] : tokens.slice(i - len, i);
    // An equivalent that contains what was typed adds nothing (the typed test already finds it).
    const wider = aliasesOf(phrase)
      .slice(1)
      .filter((p) => (arabic || hasArabic(p)) && !all.every((w) => p.includes(w)));
    // Likewise an equivalent that contains another one ("المملكه العربيه السعوديه" holds "السعوديه").
    const any = wider.filter((p) => !wider.some((q) => q !== p && p.includes(q)));
    const term = { all: [...new Set(all)], any };
    out.set(JSON.stringify(term), term);
  }
  return [...out.values()];
}

/**
 * Whether a location says the work is remote: it contains "remote" in either language (Remote, عن بعد,
 * عن بُعد). The Remote-only filter (jobs.is_remote) and the JSON-LD's TELECOMMUTE follow this rule.
 */
export function saysRemote(location: string): boolean {
  const folded = foldPhrase(location);
  return aliasesOf("remote").some((phrase) => folded.includes(phrase));
}
