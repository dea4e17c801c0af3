// Text inside right-to-left lines. A module of its own, so it loads only with what uses it (npm run size).
import { dirOf } from "./i18n";
import type { Locale } from "./i18n";

/**
 * A value inside a right-to-left line, between first-strong isolates (U+2068 … U+2069), as the catalogues' own
 * placeholders are: a title such as "Sales Manager (KSA)", an address or a URL keeps its order and its brackets.
 * Left-to-right text is left as it is.
 */
export function isolateIn(locale: Locale, text: string): string {
  return dirOf(locale) === "rtl" ? `\u2068${text}\u2069` : text;
}
