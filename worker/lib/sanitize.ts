// Description HTML is sanitised with an allow-list on every way in (posting, editing, seed, import).
// js-xss ("xss") is pure JavaScript with no DOM, so the same code runs in workerd and in Node scripts.
import xssModule from "xss";
import type * as Xss from "xss";

// xss is CommonJS: its default export works both in the worker bundle and under Node (seed, import).
const { FilterXSS } = xssModule as unknown as typeof Xss;

// Elements whose content is dropped with them. js-xss's own stripIgnoreTagBody mishandles nesting
// (script inside svg), so bodies are removed first; whatever this misses, the allow-list below still
// reduces to escaped text, never to markup.
const DROP_WITH_BODY = "script|style|svg|math|noscript|template|object|textarea|select|iframe(?![^>]*(?:youtube|vimeo))";
const BODY = new RegExp(`<(${DROP_WITH_BODY})\\b[^>]*>[\\s\\S]*?<\\/\\1\\s*>`, "gi");
const UNCLOSED = new RegExp(`<(${DROP_WITH_BODY})\\b[\\s\\S]*$`, "i");

function dropBodies(html: string): string {
  let out = html;
  for (let i = 0; i < 10; i++) {
    const next = out.replace(BODY, "");
    if (next === out) break;
    out = next;
  }
  return out.replace(UNCLOSED, "");
}

function escapeAttrValue(v: string): string {
  return v.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

const VIDEO_EMBED = /^https:\/\/(www\.youtube(-nocookie)?\.com\/embed\/[\w-]+|player\.vimeo\.com\/video\/\d+)([?#][^"'<>\s]*)?$/;

const TEXT_DIRECTIONS = new Set(["ltr", "rtl", "auto"]);

function httpUrl(value: string): string | null {
  const v = value.trim();
  if (!/^https?:\/\//i.test(v)) return null;
  try {
    const u = new URL(v);
    return u.protocol === "http:" || u.protocol === "https:" ? u.toString() : null;
  } catch {
    return null;
  }
}

const filter = new FilterXSS({
  whiteList: {
    p: ["dir"],
    br: [],
    strong: [],
    b: [],
    em: [],
    i: [],
    u: [],
    s: [],
    h1: ["dir"],
    h2: ["dir"],
    h3: ["dir"],
    h4: ["dir"],
    ul: ["dir"],
    ol: ["dir"],
    li: ["dir"],
    blockquote: ["dir"],
    code: [],
    pre: ["dir"],
    hr: [],
    a: ["href", "title"],
    iframe: ["src"],
  },
  stripIgnoreTag: true,
  allowCommentTag: false,
  css: false,
  // Text direction (Arabic descriptions read right to left): only the three values HTML defines.
  onTagAttr(tag: string, name: string, value: string) {
    if (name !== "dir") return undefined;
    const dir = value.trim().toLowerCase();
    return TEXT_DIRECTIONS.has(dir) && tag !== "a" && tag !== "iframe" ? `dir="${dir}"` : "";
  },
  onTag(tag: string, html: string, options: { isClosing?: boolean }) {
    // Links open safely in a new tab; embeds only from known video players.
    if (tag === "a" && !options.isClosing) {
      const href = /href\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(html);
      const url = href ? httpUrl(decode(href[2] ?? href[3] ?? href[4] ?? "")) : null;
      if (!url) return "<a>";
      return `<a href="${escapeAttrValue(url)}" target="_blank" rel="noopener noreferrer nofollow">`;
    }
    if (tag === "iframe" && !options.isClosing) {
      const src = /src\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(html);
      const url = src ? decode(src[2] ?? src[3] ?? src[4] ?? "") : "";
      if (!VIDEO_EMBED.test(url)) return "";
      return `<iframe src="${escapeAttrValue(url)}" allowfullscreen loading="lazy" sandbox="allow-scripts allow-same-origin allow-presentation"></iframe>`;
    }
    if (tag === "iframe" && options.isClosing) return "";
    return undefined;
  },
});

function decode(s: string): string {
  return s
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x?0*3a;?/gi, ":");
}

export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return "";
  return filter.process(dropBodies(String(html))).trim();
}
