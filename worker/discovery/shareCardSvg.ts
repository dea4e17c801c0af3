// The share card's SVG template (1200×630): job title, company, logo, location and salary. Pure, so it
// can be checked without the renderer; ./shareCard.ts turns it into a PNG.
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

export function shareCardSvg(d: ShareCardData): string {
  // Inter Bold averages about 0.58 em per character: 60 px type fits ~29 characters in 1,020 px.
  const titleSize = d.title.length > 60 ? 52 : 60;
  const perLine = Math.floor(1020 / (titleSize * 0.58));
  const titleLines = wrapText(d.title, perLine, 3);
  const titleTop = 300;
  const details = [d.location, d.salary].filter(Boolean).join("  ·  ");
  const logo = d.logo
    ? "svg" in d.logo
      ? nestedSvg(d.logo.svg, 90, 80, 120)
      : `<image href="${escapeXml(d.logo.href)}" x="90" y="80" width="120" height="120" preserveAspectRatio="xMidYMid meet"/>`
    : `<rect x="90" y="80" width="120" height="120" rx="24" fill="#0f766e"/><text x="150" y="160" text-anchor="middle" font-family="Inter" font-weight="700" font-size="52" fill="#ffffff">${escapeXml(companyInitials(d.company))}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">
<rect width="100%" height="100%" fill="#ffffff"/>
<rect x="0" y="0" width="${CARD_WIDTH}" height="14" fill="#0f766e"/>
<rect x="60" y="60" width="${CARD_WIDTH - 120}" height="${CARD_HEIGHT - 120}" rx="28" fill="#f0fdfa" stroke="#ccfbf1" stroke-width="2"/>
<rect x="84" y="74" width="132" height="132" rx="28" fill="#ffffff"/>
${logo}
<text x="240" y="132" font-family="Inter" font-weight="700" font-size="40" fill="#1f2937">${escapeXml(wrapText(d.company, 38, 1)[0] ?? "")}</text>
<text x="240" y="180" font-family="Inter" font-weight="400" font-size="28" fill="#6b7280">is hiring</text>
${titleLines.map((l, i) => `<text x="90" y="${titleTop + i * (titleSize + 14)}" font-family="Inter" font-weight="700" font-size="${titleSize}" fill="#111827">${escapeXml(l)}</text>`).join("\n")}
${details ? `<text x="90" y="${titleTop + titleLines.length * (titleSize + 14) + 20}" font-family="Inter" font-weight="400" font-size="30" fill="#4b5563">${escapeXml(wrapText(details, 60, 1)[0] ?? "")}</text>` : ""}
<text x="${CARD_WIDTH - 90}" y="${CARD_HEIGHT - 90}" text-anchor="end" font-family="Inter" font-weight="700" font-size="30" fill="#0f766e">${escapeXml(d.siteName)}</text>
</svg>`;
}
