// The share card's SVG template (1200×630): job title, company, logo, location and salary, in the card's language:
// an Arabic card (issue 24) is laid out right to left (the logo on the right, text aligned to the right edge) and
// every text in Arabic script is drawn with IBM Plex Sans Arabic. Pure, so it can be checked without the renderer;
// ./shareCard.ts turns it into a PNG.
import { companyInitials } from "../rules/text";
import { escapeXml } from "./xml";

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

export type CardLogo = { href: string } | { svg: string };

/** An SVG document placed as a nested <svg> in the logo box (nested SVG images lose their text in resvg). */
export function nestedSvg(markup: string, x: number, y: number, size: number): string {
  const body = markup
    .replace(/<\?xml[^>]*\?>/g, "")
    .replace(/<!DOCTYPE[^>]*>/gi, "")
    .trim();
  return body.replace(/^<svg\b([^>]*)>/, (_, attrs: string) => {
    const kept = attrs.replace(/\s(x|y|width|height)="[^"]*"/g, "");
    return `<svg${kept} x="${x}" y="${y}" width="${size}" height="${size}">`;
  });
}

export interface ShareCardData {
  title: string;
  company: string;
  location: string;
  salary: string;
  /** The logo: a data: URL of a PNG, JPEG or GIF, or SVG markup of the site's own logos; null for the initials. */
  logo: CardLogo | null;
  siteName: string;
  /** The line under the company ("is hiring", from the catalogue in the card's language). */
  hiring: string;
  /** The card's direction: "rtl" for an Arabic card. */
  dir: "ltr" | "rtl";
}

const ARABIC = /[\u0600-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff]/;

/** The font for a text: Arabic script first in IBM Plex Sans Arabic, anything else in Inter (each falls back to the other). */
export function fontFamily(text: string): string {
  return ARABIC.test(text) ? "IBM Plex Sans Arabic, Inter" : "Inter, IBM Plex Sans Arabic";
}

/** How wide a text is drawn in one font (resvg measures it, ./shareCard.ts): px from its start to the end of its ink. */
export type MeasureText = (text: string, family: string, weight: 400 | 700, size: number) => number;

/** A letter or a digit, which sets a run's script (Latin digits are Inter's: the Arabic font has none). */
const STRONG = /[\p{L}\p{N}]/u;

/**
 * Whether a line reads right to left: its first letter is Arabic, as dir="auto" decides on the page. Digits do not
 * decide it ("4 وظائف شاغرة" reads from the right, its 4 first); a line without letters reads left to right.
 */
export function readsRightToLeft(line: string): boolean {
  const letter = Array.from(line).find((char) => /\p{L}/u.test(char));
  return letter !== undefined && ARABIC.test(letter);
}

const OPENING = "([{";
const CLOSING = ")]}";

/** One script's part of a line: its text, its script, and whether a space stood before it in the line. */
export interface ScriptRun {
  text: string;
  arabic: boolean;
  spaced: boolean;
}

/**
 * A line cut where its script changes (Arabic or not), in logical order, with punctuation placed as the Unicode bidi
 * algorithm would read it, simplified to a line with one direction (readsRightToLeft):
 * - letters and digits set a run's script, and what stands between two of one script belongs to their run;
 * - a bracket pair around a single run belongs to it: "دبي (Dubai)، الإمارات" is دبي, (Dubai) and ، الإمارات;
 * - other punctuation between two runs goes to the one in the line's direction (the bidi rule for neutrals between
 *   two directions), and before the first or after the last run, to that run;
 * - the spaces between two runs are left out (`spaced` says one was there).
 */
export function scriptRuns(line: string): ScriptRun[] {
  const chars = Array.from(line);
  // The strong stretches: from a letter or digit to the last one of the same script before the other script.
  const segments: { start: number; end: number; arabic: boolean }[] = [];
  chars.forEach((char, i) => {
    if (!STRONG.test(char)) return;
    const arabic = ARABIC.test(char);
    const last = segments[segments.length - 1];
    if (last && last.arabic === arabic) last.end = i;
    else segments.push({ start: i, end: i, arabic });
  });
  if (!segments.length) {
    const text = line.trim();
    return text ? [{ text, arabic: ARABIC.test(text), spaced: false }] : [];
  }
  const owner = chars.map(() => -1);
  segments.forEach((seg, k) => {
    owner.fill(k, seg.start, seg.end + 1);
  });
  // A bracket pair that holds exactly one stretch goes with it, with everything between its brackets.
  const open: number[] = [];
  chars.forEach((char, i) => {
    if (OPENING.includes(char)) open.push(i);
    else if (CLOSING.includes(char) && open.length && OPENING.indexOf(chars[open[open.length - 1]!]!) === CLOSING.indexOf(char)) {
      const from = open.pop()!;
      const inside = segments.map((seg, k) => (seg.start > from && seg.end < i ? k : -1)).filter((k) => k >= 0);
      if (inside.length === 1) owner.fill(inside[0]!, from, i + 1);
    }
  });
  const lineArabic = readsRightToLeft(line);
  let next = 0;
  chars.forEach((_, i) => {
    while (next < segments.length && segments[next]!.start <= i) next++;
    if (owner[i] !== -1) return;
    const before = next - 1;
    if (before < 0) owner[i] = 0;
    else if (next >= segments.length) owner[i] = before;
    else owner[i] = segments[before]!.arabic === lineArabic ? before : next;
  });
  const runs: ScriptRun[] = [];
  let from = 0;
  for (let i = 1; i <= chars.length; i++) {
    if (i < chars.length && owner[i] === owner[from]) continue;
    const raw = chars.slice(from, i).join("");
    const text = raw.trim();
    const first = from + (raw.length - raw.trimStart().length);
    if (text) runs.push({ text, arabic: segments[owner[from]!]!.arabic, spaced: runs.length > 0 && first > 0 && /\s/.test(chars[first - 1]!) });
    from = i;
  }
  return runs;
}

/**
 * An Arabic text as a right-to-left isolate (U+2067 … U+2069). An SVG <text> is left to right unless told (resvg reads
 * no `direction`), so the punctuation at an Arabic text's ends landed on the wrong side: "، الإمارات" drew its comma
 * at the left. The isolate gives the text its own right-to-left paragraph, in resvg and in a browser.
 */
export function rightToLeft(text: string): string {
  return `\u2067${text}\u2069`;
}

/** Lines of at most `max` characters, broken at spaces, with an ellipsis when more would be needed. */
export function wrapText(text: string, max: number, maxLines: number): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let line = "";
  for (const word of words) {
    const piece = word.length > max ? `${word.slice(0, max - 1)}…` : word;
    if (!line) line = piece;
    else if (line.length + 1 + piece.length <= max) line += ` ${piece}`;
    else {
      lines.push(line);
      line = piece;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  const last = kept[maxLines - 1]!;
  kept[maxLines - 1] = `${last.length > max - 1 ? last.slice(0, max - 1) : last}…`;
  return kept;
}

/**
 * The card as SVG. With `measure` (the PNG, ./shareCard.ts), a line that mixes Arabic and Latin is drawn as one text per
 * script, each in its own font, side by side in the direction of the line (readsRightToLeft; decision 0040): resvg
 * (resvg-wasm 2.6) loses the Latin part of such a line when one font falls back to the other ("Tabby تابي" drew
 * "تابي"), draws its Latin letters regular in a bold line, and draws nothing at all when the runs are <tspan>s with a
 * Latin one first. A browser shows the SVG route's single text right, so that one keeps it. Every Arabic text, in both,
 * is a right-to-left isolate (rightToLeft).
 */
export function shareCardSvg(d: ShareCardData, measure?: MeasureText): string {
  const rtl = d.dir === "rtl";
  // Positions are the left-to-right card's; an Arabic card mirrors them and anchors its text at the right edge.
  const x = (left: number, width = 0) => (rtl ? CARD_WIDTH - left - width : left);
  const anchor = rtl ? ' text-anchor="end"' : "";
  const one = (at: number, y: number, weight: 400 | 700, size: number, fill: string, family: string, content: string, extra: string, anchored = anchor) =>
    `<text x="${Math.round(at * 10) / 10}" y="${y}"${anchored}${extra} font-family="${family}" font-weight="${weight}" font-size="${size}" fill="${fill}">${escapeXml(content)}</text>`;
  const text = (left: number, y: number, weight: 400 | 700, size: number, fill: string, content: string, extra = "") => {
    const runs = scriptRuns(content);
    if (!measure || runs.length < 2) return one(x(left), y, weight, size, fill, fontFamily(content), readsRightToLeft(content) ? rightToLeft(content) : content, extra);
    // The line reads in the direction of its first run (as dir="auto" does on the page), from the card's edge: each run
    // after the one before it, and the whole line as wide as its runs.
    const family = (arabic: boolean) => (arabic ? "IBM Plex Sans Arabic" : "Inter");
    const drawn = runs.map((run) => (run.arabic ? rightToLeft(run.text) : run.text));
    const widths = runs.map((run, i) => measure(drawn[i]!, family(run.arabic), weight, size));
    // A space between two runs is drawn as 0.28 em; runs with none between them (")،") touch.
    const gapBefore = (i: number) => (runs[i]?.spaced ? size * 0.28 : 0);
    const total = widths.reduce((sum, w, i) => sum + w + gapBefore(i), 0);
    const edge = x(left);
    const lineRtl = readsRightToLeft(content);
    let at = lineRtl ? (rtl ? edge : edge + total) : rtl ? edge - total : edge; // the first run's right (rtl) or left edge
    return runs
      .map((run, i) => {
        const w = widths[i]!;
        const start = lineRtl ? at - w : at;
        at = lineRtl ? at - w - gapBefore(i + 1) : at + w + gapBefore(i + 1);
        return one(start, y, weight, size, fill, family(run.arabic), drawn[i]!, extra, "");
      })
      .join("");
  };
  // Inter Bold averages about 0.58 em per character: 60 px type fits ~29 characters in 1,020 px.
  const titleSize = d.title.length > 60 ? 52 : 60;
  const perLine = Math.floor(1020 / (titleSize * 0.58));
  const titleLines = wrapText(d.title, perLine, 3);
  const titleTop = 300;
  // Location and salary share a line when they are in one script. resvg's fallback from one font to the other
  // loses glyphs when a line changes script more than once (resvg-wasm 2.6), so an Arabic location and a Latin
  // salary each get a line of their own.
  const parts = [d.location, d.salary].filter(Boolean);
  const details = new Set(parts.map((p) => ARABIC.test(p))).size > 1 ? parts : [parts.join("  ·  ")].filter(Boolean);
  const detailsTop = titleTop + titleLines.length * (titleSize + 14) + 20;
  const logoX = x(90, 120);
  const logo = d.logo
    ? "svg" in d.logo
      ? nestedSvg(d.logo.svg, logoX, 80, 120)
      : `<image href="${escapeXml(d.logo.href)}" x="${logoX}" y="80" width="120" height="120" preserveAspectRatio="xMidYMid meet"/>`
    : `<rect x="${logoX}" y="80" width="120" height="120" rx="24" fill="#0f766e"/><text x="${logoX + 60}" y="160" text-anchor="middle" font-family="${fontFamily(d.company)}" font-weight="700" font-size="52" fill="#ffffff">${escapeXml(companyInitials(d.company))}</text>`;
  const siteName = `<text x="${rtl ? 90 : CARD_WIDTH - 90}" y="${CARD_HEIGHT - 90}"${rtl ? "" : ' text-anchor="end"'} font-family="${fontFamily(d.siteName)}" font-weight="700" font-size="30" fill="#0f766e">${escapeXml(d.siteName)}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">
<rect width="100%" height="100%" fill="#ffffff"/>
<rect x="0" y="0" width="${CARD_WIDTH}" height="14" fill="#0f766e"/>
<rect x="60" y="60" width="${CARD_WIDTH - 120}" height="${CARD_HEIGHT - 120}" rx="28" fill="#f0fdfa" stroke="#ccfbf1" stroke-width="2"/>
<rect x="${x(84, 132)}" y="74" width="132" height="132" rx="28" fill="#ffffff"/>
${logo}
${text(240, 132, 700, 40, "#1f2937", wrapText(d.company, 38, 1)[0] ?? "")}
${text(240, 180, 400, 28, "#6b7280", d.hiring)}
${titleLines.map((l, i) => text(90, titleTop + i * (titleSize + 14), 700, titleSize, "#111827", l)).join("\n")}
${details.map((line, i) => text(90, detailsTop + i * 42, 400, 30, "#4b5563", wrapText(line, 60, 1)[0] ?? "")).join("\n")}
${siteName}
</svg>`;
}
