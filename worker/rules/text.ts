// Small text rules shared by both sides.

/**
 * Up to two initials of the company name, the logo fallback. An Arabic name gets one letter, its first
 * word's without the article: Arabic has no capitals, and two first letters read as a word ("أل" for
 * أفق للتقنية is the article itself; issue 25).
 */
export function companyInitials(company: string | null | undefined): string {
  const words = (company ?? "").trim().split(/\s+/).filter(Boolean);
  if (!words.length) return "?";
  if (/^[\u0600-\u06ff]/.test(words[0]!)) {
    const first = Array.from(words[0]!.replace(/^[\u0627\u0623\u0625\u0622]\u0644(?=[\u0600-\u06ff]{2})/, ""));
    return first[0]!;
  }
  if (words.length === 1) return Array.from(words[0]!).slice(0, 2).join("").toUpperCase();
  return (Array.from(words[0]!)[0]! + Array.from(words[1]!)[0]!).toUpperCase();
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", apos: "'", nbsp: " " };

/** Visible text of description HTML: tags removed, entities decoded, white space folded. */
export function htmlToText(html: string | null | undefined): string {
  return (html ?? "")
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, " ")
    .replace(/<br\s*\/?>|<\/(p|div|h[1-6]|li|ul|ol|blockquote)>/gi, " ")
    .replace(/<[^>]*>/g, "")
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, e: string) => ENTITIES[e] ?? "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Short description: cut at the first sentence end; over 100 characters, 97 plus an ellipsis. */
export function shortDescription(text: string | null | undefined): string {
  const plain = htmlToText(text);
  const m = plain.match(/^.*?[.!?](\s|$)/);
  const sentence = (m ? m[0] : plain).trim();
  return sentence.length > 100 ? `${sentence.slice(0, 97)}...` : sentence;
}

/** Tagline preview: the first 100 characters of the description text. */
export function taglineFromDescription(html: string | null | undefined): string {
  return htmlToText(html).slice(0, 100);
}

/** Numbers of 1,000 or more shown with K (dashboard analytics). */
export function compactNumber(n: number): string {
  if (n < 1000) return String(n);
  const k = n / 1000;
  return `${k >= 100 ? Math.round(k) : Number(k.toFixed(1))}K`;
}

/** Count line on /jobs: '{n} Job Available' / '{n} Jobs Available'. */
export function jobsAvailable(n: number): string {
  return `${n} ${n === 1 ? "Job" : "Jobs"} Available`;
}
