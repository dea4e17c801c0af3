// The first-load size check (`npm run size`, in `npm run check` and .ci/run after `vite build`): what a
// visitor's browser fetches before the listing can hydrate, gzipped. Issue 24 put React back (react-dom is about
// 70 KB of it) and set the budget of `/`: 130 KB = 133,120 bytes of JavaScript and CSS. `/ar` loads more before
// its first render (the Arabic catalogue of the server's messages, and the English one `localise` reads back):
// its budget is 150 KB = 153,600 bytes. The check fails when a page is over its budget.
//
// For each page it reads the built dist/client/index.html and follows every script, modulepreload and
// stylesheet it references, then the static imports (and their CSS) of those chunks, then the page's
// messages in the page's language, which web/main.tsx awaits before the first render (loadCatalogue's dynamic
// import of web/messages/listing-<locale>.ts), with its static imports. The chunk graph comes from
// dist/client-chunks.json, which vite.config.ts's chunkModules plugin writes during `vite build`.
//
// Each file is gzipped with node:zlib at level 9. It prints the files with their raw and gzip sizes, then
// the largest contributors (modules, grouped by package for node_modules) with an estimate of their gzip
// share (a chunk's gzip size split by each module's share of the chunk's rendered, unminified code), and
// exits 1 when a page is over its budget.
//
//   node test/size/size.mjs [--dist dist] [--budget 133120] [--budget-ar 153600] [--top 12]
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { constants, gzipSync } from "node:zlib";

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const DIST = resolve(option("dist", "dist"));
const TOP = Number(option("top", "12"));
const CLIENT = join(DIST, "client");

/** The pages checked, each with the locale whose catalogue it loads before rendering, and its budget in bytes gzip. */
const PAGES = [
  { page: "/", locale: "en", budget: Number(option("budget", "133120")) },
  { page: "/ar", locale: "ar", budget: Number(option("budget-ar", "153600")) },
];

if (!existsSync(join(CLIENT, "index.html")) || !existsSync(join(DIST, "client-chunks.json"))) {
  console.error(`size: no build in ${DIST} (dist/client/index.html and dist/client-chunks.json); run \`npx vite build\` first`);
  process.exit(2);
}
const html = readFileSync(join(CLIENT, "index.html"), "utf8");
/** @type {Record<string, {name: string, facade: string | null, imports: string[], dynamicImports: string[], css: string[], modules: Record<string, number>}>} */
const chunks = JSON.parse(readFileSync(join(DIST, "client-chunks.json"), "utf8"));

/**
 * Asset paths ("assets/x.js") the listing's HTML fetches in `locale`: scripts, module preloads and stylesheets.
 * As the worker serves it (worker/discovery/pages.ts, appShell), a link marked data-locale is kept only in its
 * language, and one marked data-page (another page's first screen) not at all.
 */
function htmlReferences(text, locale) {
  const refs = [];
  for (const tag of text.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const t = tag[0];
    const url = (t.match(/\b(?:src|href)\s*=\s*["']([^"']+)["']/i) ?? [])[1];
    if (!url || /^(?:[a-z]+:)?\/\//i.test(url)) continue;
    if (tag[1].toLowerCase() === "link" && !/\brel\s*=\s*["']?(?:modulepreload|stylesheet)\b/i.test(t)) continue;
    const only = (t.match(/\bdata-locale\s*=\s*["']([^"']+)["']/i) ?? [])[1];
    if (only && only !== locale) continue;
    if (/\bdata-page\s*=/i.test(t)) continue; // another first screen's (a job's page, a company's page)
    refs.push(url.replace(/^\//, ""));
  }
  return refs;
}

/** Whether a chunk is the listing's messages in `locale`, which web/i18n.tsx's loadCatalogue imports: web/messages/listing-<locale>.ts. */
const isCatalogueOf = (chunk, locale) => chunk?.facade === `web/messages/listing-${locale}.ts`;

function firstLoad(locale) {
  const files = new Set();
  const visit = (file) => {
    if (files.has(file)) return;
    files.add(file);
    const chunk = chunks[file];
    if (!chunk) return;
    for (const css of chunk.css) files.add(css);
    for (const imported of chunk.imports) visit(imported);
  };
  for (const ref of htmlReferences(html, locale)) visit(ref);
  for (const file of [...files]) for (const dynamic of chunks[file]?.dynamicImports ?? []) if (isCatalogueOf(chunks[dynamic], locale)) visit(dynamic);
  return [...files].map((file) => {
    const bytes = readFileSync(join(CLIENT, file));
    return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION }).length };
  });
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const pad = (s, n) => String(s).padEnd(n);
const lpad = (s, n) => String(s).padStart(n);

/** "node_modules/react-dom/cjs/x.js" → "react-dom"; "node_modules/@tanstack/query-core/…" → "@tanstack/query-core"; a source file stays itself. */
function owner(id) {
  const m = id.match(/(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)/);
  return m ? m[1] : id;
}

let failed = false;
for (const { page, locale, budget } of PAGES) {
  const files = firstLoad(locale).sort((a, b) => b.gzip - a.gzip);
  const total = files.reduce((s, f) => s + f.gzip, 0);
  const raw = files.reduce((s, f) => s + f.raw, 0);
  const over = total > budget;
  failed ||= over;
  console.log(`\nFirst load of ${page} (${locale}): ${kb(total)} gzip (${total} bytes), ${kb(raw)} raw; budget ${kb(budget)} (${budget} bytes): ${over ? `OVER by ${kb(total - budget)}` : "ok"}`);
  console.log(`  ${pad("file", 48)} ${lpad("raw", 10)} ${lpad("gzip", 10)}`);
  for (const f of files) console.log(`  ${pad(f.file, 48)} ${lpad(kb(f.raw), 10)} ${lpad(kb(f.gzip), 10)}`);
  // Contributors: each chunk's gzip bytes shared out by its modules' rendered sizes, summed per package.
  const contributors = new Map();
  for (const f of files) {
    const chunk = chunks[f.file];
    if (!chunk) {
      contributors.set(f.file, { rendered: f.raw, gzip: f.gzip });
      continue;
    }
    const rendered = Object.values(chunk.modules).reduce((s, n) => s + n, 0) || 1;
    for (const [id, length] of Object.entries(chunk.modules)) {
      const c = contributors.get(owner(id)) ?? { rendered: 0, gzip: 0 };
      c.rendered += length;
      c.gzip += (f.gzip * length) / rendered;
      contributors.set(owner(id), c);
    }
  }
  console.log(`  Top contributors (rendered size before minification; gzip estimated from each chunk's share):`);
  for (const [id, c] of [...contributors].sort((a, b) => b[1].gzip - a[1].gzip).slice(0, TOP)) {
    console.log(`  ${pad(id, 64)} ${lpad(kb(c.rendered), 10)} ≈${lpad(kb(c.gzip), 9)} ${lpad(((100 * c.gzip) / total).toFixed(0), 3)}%`);
  }
}
if (failed) console.error("\nsize: a first load is over its budget (issue 24); the top contributors above say what grew");
process.exit(failed ? 1 : 0);
