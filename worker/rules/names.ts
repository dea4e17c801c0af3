// A person's given name from the full name they typed, for a greeting ("Welcome, {first name}", the spec's dashboard).
// The first word alone cut Arabic compound names in half: «عبد الله الشامسي» was greeted «مرحبًا عبد» ("servant"), the
// 30th reading. A word that only starts a name (عبد، أبو، أم، ابن، بن، بنت; Abdul, Abu, Umm, Bin) takes the next word
// with it, and so does a next word that ends one (الله، الدين: «سيف الدين», "Saif Allah").

const STARTS = new Set(["عبد", "أبو", "ابو", "أبي", "أم", "ام", "ابن", "بن", "بنت", "abd", "abdul", "abdel", "abdal", "abu", "abou", "umm", "um", "bin", "ibn", "bint"]);
const ENDS = new Set(["الله", "الدين", "allah", "ullah", "eddine", "uddin", "ud-din", "al-din", "el-din", "ad-din"]);

/** The given name in `name` (one word, or two for a compound name); "" for a blank name. */
export function givenName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return words[0] ?? "";
  const [first, second] = [words[0]!, words[1]!];
  return STARTS.has(first.toLowerCase()) || ENDS.has(second.toLowerCase()) ? `${first} ${second}` : first;
}
