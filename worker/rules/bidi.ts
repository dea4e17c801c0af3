// Text inside right-to-left lines. A module of its own, so it loads only with what uses it (npm run size).
import { dirOf } from "./i18n";
import type { Locale } from "./i18n";

const LETTER = /\p{L}/u;
const RTL_LETTER = /[\p{Script=Arabic}\p{Script=Hebrew}]/u;

/**
 * The direction a poster's own text must be isolated in when its first letter would mislead: "15,000 AED شهريًا" or
 * "AED 15,000 شهريًا" is Arabic though it starts with a Latin letter (first-strong would lay it out left to right,
 * and an Arabic reader would meet «شهريًا» first), and "Engineer (دبي)" is Latin. Null when the first letter agrees
 * with most of the letters, or there are none: first-strong, the default, is right.
 */
export function ownDirection(text: string): "ltr" | "rtl" | null {
  let rtl = 0;
  let ltr = 0;
  let first: "ltr" | "rtl" | null = null;
  for (const ch of text) {
    if (!LETTER.test(ch)) continue;
    const dir = RTL_LETTER.test(ch) ? "rtl" : "ltr";
    first ??= dir;
    if (dir === "rtl") rtl++;
    else ltr++;
  }
  const most = rtl > ltr ? "rtl" : ltr > rtl ? "ltr" : first;
  return most === first ? null : most;
}

/**
 * A value inside a right-to-left line, between first-strong isolates (U+2068 … U+2069), as the catalogues' own
 * placeholders are: a title such as "Sales Manager (KSA)", an address or a URL keeps its order and its brackets.
 * A value whose first letter misleads (ownDirection) gets the isolate of its direction (U+2066 or U+2067).
 * Left-to-right text is left as it is.
 */
export function isolateIn(locale: Locale, text: string): string {
  if (dirOf(locale) !== "rtl") return text;
  const dir = ownDirection(text);
  return `${dir === "rtl" ? "\u2067" : dir === "ltr" ? "\u2066" : "\u2068"}${text}\u2069`;
}
