// The same place or job word in Arabic and English (issue 13): a visitor on the Arabic board types
// "دبي" and expects the jobs in "Dubai, UAE"; one on the English board types "Dubai" and expects the job
// an Arabic-speaking employer located in "دبي". Each group lists equivalent phrases; a query phrase found
// in a group matches any phrase of that group (and of any other group it is in: "عمان" is both Oman and
// Amman). Phrases are compared folded (worker/rules/arabic.ts foldForSearch), so spelling variants
// (أبو / ابو, عمّان / عمان, الدوحة / الدوحه) need no entry of their own.
import { arabicForms, foldForSearch, hasArabic, lightStem, withoutArticle } from "./arabic";

/** Places: matched as written or without the article (الرياض, بالرياض), never stemmed (البحرين is not بحر). */
const PLACE_GROUPS: readonly (readonly string[])[] = [
  // Gulf
  ["Dubai", "دبي"],
  ["Abu Dhabi", "أبو ظبي", "أبوظبي"],
  ["Sharjah", "الشارقة"],
  ["Ras Al Khaimah", "رأس الخيمة"],
  ["Al Ain", "العين"],
  ["UAE", "الإمارات", "United Arab Emirates", "الإمارات العربية المتحدة"],
  ["Riyadh", "الرياض"],
  ["Jeddah", "جدة"],
  ["Dammam", "الدمام"],
  ["Khobar", "Al Khobar", "الخبر"],
  ["Mecca", "Makkah", "مكة", "مكة المكرمة"],
  ["Medina", "Madinah", "المدينة المنورة"],
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
  ["UK", "United Kingdom", "المملكة المتحدة", "بريطانيا"],
  ["Berlin", "برلين"],
  ["Germany", "ألمانيا"],
  ["Paris", "باريس"],
  ["France", "فرنسا"],
  ["Amsterdam", "أمستردام"],
  ["Netherlands", "هولندا"],
  ["New York", "نيويورك"],
  ["San Francisco", "سان فرانسيسكو", "سان فرانسسكو"],
  ["USA", "United States", "الولايات المتحدة", "أمريكا", "أميركا"],
  ["Toronto", "تورنتو"],
  ["Canada", "كندا"],
  ["Bangalore", "بنغالور", "بنجالور"],
  ["India", "الهند"],
  ["Sydney", "سيدني"],
  ["Australia", "أستراليا"],
  ["Europe", "أوروبا"],
  ["Singapore", "سنغافورة"],
  // (placeIn names the places above in a page's script; what follows is not a place to be "in")
  // Where the work happens
  ["Remote", "عن بعد", "عن بُعد", "ريموت"],
  ["Worldwide", "حول العالم", "من أي مكان"],
  ["MENA", "الشرق الأوسط وشمال أفريقيا", "الشرق الأوسط", "Middle East"],
];

/** Job words, tags and transliterations: also matched by their light stem (المهندسين, مهندسة → مهندس). */
const WORD_GROUPS: readonly (readonly string[])[] = [
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
  // The filter's tags as the Arabic chips name them (worker/rules/locales/ar/server.json value.tag.*)
  ["Technical", "تقني"],
  ["Startup", "شركة ناشئة", "ناشئة"],
  ["Customer Support", "دعم العملاء"],
  ["Finance", "المالية"],
  ["Operations", "العمليات"],
  ["HR", "الموارد البشرية"],
  ["product", "إدارة المنتجات", "إدارة المنتج"],
  // Transliterated stack and role words, as Gulf posts write them
  ["Python", "بايثون"],
  ["JavaScript", "جافاسكربت", "جافاسكريبت", "جافا سكريبت"],
  ["TypeScript", "تايبسكريبت", "تايب سكريبت"],
  ["React", "رياكت"],
  ["Node.js", "نود جي اس", "نودجي اس"],
  ["frontend", "فرونت إند", "فرونت اند", "فرونت"],
  ["backend", "باك إند", "باك اند"],
  ["full stack", "فول ستاك"],
  ["DevOps", "ديف أوبس", "ديفوبس"],
  ["Flutter", "فلاتر"],
  ["Android", "أندرويد", "اندرويد"],
  ["iOS", "آي أو إس"],
  ["Kotlin", "كوتلن"],
  ["Swift", "سويفت"],
  ["Kubernetes", "كوبرنيتس"],
  ["Figma", "فيجما"],
  ["Blockchain", "بلوك تشين", "بلوكتشين"],
  ["Fintech", "فنتك", "التقنية المالية"],
  ["SaaS", "ساس"],
  ["Machine Learning", "تعلم الآلة", "التعلم الآلي"],
  ["SEO", "سيو"],
];

/**
 * Regions: a query naming one finds jobs in any of its places (one way: Dubai does not find all the
 * Gulf). GCC is its six countries; KSA is Saudi Arabia. Members are matched in both scripts.
 */
const GULF = ["UAE", "Dubai", "Abu Dhabi", "Sharjah", "Saudi", "Riyadh", "Jeddah", "Dammam", "Qatar", "Doha", "Kuwait", "Bahrain", "Manama", "Oman", "Muscat"];
const REGION_GROUPS: readonly { names: readonly string[]; members: readonly string[] }[] = [
  { names: ["GCC", "الخليج", "دول الخليج", "الخليج العربي", "مجلس التعاون", "دول مجلس التعاون"], members: GULF },
  { names: ["KSA"], members: ["Saudi", "Riyadh", "Jeddah", "Dammam"] },
];

/** Where a place group ends: Remote, Worldwide and MENA say how or where, not a place to name in its other script. */
const NAMED_PLACES = PLACE_GROUPS.slice(
  0,
  PLACE_GROUPS.findIndex((g) => g[0] === "Remote"),
);

export const ALIAS_GROUPS: readonly (readonly string[])[] = [...PLACE_GROUPS, ...WORD_GROUPS, ...REGION_GROUPS.map((r) => r.names)];

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

/**
 * Other forms of a one-word Arabic phrase → the phrase: without its article (الرياض → رياض, for
 * بالرياض), and for job words their light stem (مهندسه → مهندس, تقني → تقن). A phrase's own entry wins.
 */
const FORMS = new Map<string, string>();
function addForms(groups: readonly (readonly string[])[], stem: boolean): void {
  for (const phrase of groups.flat().map(foldPhrase)) {
    if (!hasArabic(phrase) || phrase.includes(" ")) continue;
    for (const form of stem ? [withoutArticle(phrase), lightStem(phrase)] : [withoutArticle(phrase)]) {
      if (!EQUIVALENTS.has(form) && !FORMS.has(form)) FORMS.set(form, phrase);
    }
  }
}
addForms(PLACE_GROUPS, false);
addForms(WORD_GROUPS, true);

/** A region's folded name → the folded phrases of its places, in both scripts. */
const REGION_MEMBERS = new Map<string, string[]>();
for (const region of REGION_GROUPS) {
  // A member's phrase that also names a place outside the region is left out: عمان is Oman, but Amman too.
  const members = [...new Set(region.members.flatMap((m) => aliasesOf(m).filter((p) => aliasesOf(p).every((q) => aliasesOf(m).includes(q)))))];
  for (const name of region.names) REGION_MEMBERS.set(foldPhrase(name), members);
}

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
 * them; the phrase as one, for one in Arabic script, or its light stem); `any` are the equivalent
 * phrases, which search looks for in a job's title, company, location, tags and category only
 * (worker/jobs/search.ts), so that an English equivalent found in boilerplate descriptions does not make
 * a common Arabic word match every job.
 */
export interface SearchTerm {
  all: string[];
  any: string[];
}

/**
 * Punctuation separates words in a query: commas (, and ،), semicolons, colons, question and exclamation
 * marks, brackets and quotes, and a full stop that ends a word ("Dubai." but not "Node.js").
 */
const SEPARATORS = /[\s,،;؛:!?؟()[\]{}"«»“”„]+|\.(?=\s|$)/u;

/** The phrase a typed Arabic word stands for: itself, or the table's phrase one of its forms is. */
function arabicKey(word: string): { key: string; typed: string } {
  const known = (f: string) => EQUIVALENTS.has(f) || FORMS.has(f);
  const forms = arabicForms(word, known);
  for (const f of forms) {
    if (EQUIVALENTS.has(f)) return { key: f, typed: f };
    const phrase = FORMS.get(f);
    if (phrase) return { key: phrase, typed: f };
  }
  return { key: word, typed: lightStem(word) };
}

/**
 * The terms of a query, each folded: multi-word phrases of the table (abu dhabi, عن بعد, رام الله) are
 * recognised before the rest is split into words, and each phrase or word brings its equivalents. An
 * Arabic word is looked up as typed, without its article or a one-letter preposition, and by its light
 * stem (worker/rules/arabic.ts), and it is matched by the least stripped form the table knows, or else
 * by its stem, so المهندسين, مهندسة and مهندس find the same jobs.
 *
 * English stays as it was: a term typed in Latin script keeps its exact old meaning (each word contained
 * somewhere), and only gains equivalents in Arabic script, which no English text contains (and a
 * region's places: GCC). A term typed in Arabic gains every equivalent.
 */
export function searchTerms(query: string): SearchTerm[] {
  const tokens = foldForSearch(query.toLowerCase()).split(SEPARATORS).filter(Boolean);
  const out = new Map<string, SearchTerm>();
  for (let i = 0; i < tokens.length; ) {
    let len = Math.min(LONGEST_PHRASE, tokens.length - i);
    while (len > 1 && !EQUIVALENTS.has(tokens.slice(i, i + len).join(" "))) len--;
    let phrase = tokens.slice(i, i + len).join(" ");
    i += len;
    const arabic = hasArabic(phrase);
    let typed = phrase;
    if (arabic && len === 1) ({ key: phrase, typed } = arabicKey(phrase));
    const all = arabic || len === 1 ? [typed] : tokens.slice(i - len, i);
    // An equivalent that contains what was typed adds nothing (the typed test already finds it).
    const wider = [
      ...aliasesOf(phrase)
        .slice(1)
        .filter((p) => arabic || hasArabic(p)),
      ...(REGION_MEMBERS.get(phrase) ?? []),
    ].filter((p) => !all.every((w) => p.includes(w)));
    // Likewise an equivalent that contains another one ("المملكه العربيه السعوديه" holds "السعوديه").
    const any = [...new Set(wider.filter((p) => !wider.some((q) => q !== p && p.includes(q))))];
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

/**
 * A typed location named in a page's script, place by place: "Dubai, UAE" is «دبي، الإمارات» in Arabic and
 * «دبي» is "Dubai" in English, since search finds either. A place the table does not know, or that names two
 * (عمان: Oman or Amman), stays as typed, and so does the whole when no place changed.
 */
export function placeIn(script: "arabic" | "latin", location: string): string {
  const places = location.split(/\s*[,،]\s*/).filter(Boolean);
  let changed = false;
  const named = places.map((place) => {
    if (hasArabic(place) === (script === "arabic")) return place;
    const key = foldPhrase(place);
    const names = new Set(NAMED_PLACES.filter((g) => g.some((p) => foldPhrase(p) === key)).map((g) => g.find((p) => hasArabic(p) === (script === "arabic"))));
    const [name] = names;
    if (names.size !== 1 || !name) return place;
    changed = true;
    return name;
  });
  return changed ? named.join(script === "arabic" ? "، " : ", ") : location;
}
