// The search matrix (issue 27), run by `npm run bench` (test/bench/bench.mjs) on a server with the edge cache
// off: every filter of MATRIX_FILTERS alone and in pairs, with each of the 6 sorts, timed against the plain
// listing (`/api/jobs`, newest first) in the same run. The URLs are asked in rounds (every URL once per
// round), so a burst of other work on the machine falls on all of them alike; the first round fills the
// worker's memoised totals and is not timed. It also times page 50 against page 1 of broad searches
// (cursor pagination: a deep page must cost no more than the first), and keeps every search's `total`, so a
// change to the query can be checked to find the same jobs (`.wrangler/bench/matrix-totals-N.json`, compared
// with the previous run's file).
//
// To add a filter to the matrix, add one line to MATRIX_FILTERS: its label and its query parameters.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/** The filters of the matrix: [label, query parameters]. Pairs sharing a parameter (two keywords) are left out. */
export const MATRIX_FILTERS = [
  ["keywords=engineer", { keywords: "engineer" }],
  ["keywords=مهندس", { keywords: "مهندس" }],
  // A word common in descriptions and in no title, tag or company: the Relevance sort's body part alone (decision 0703).
  ["keywords=team", { keywords: "team" }],
  ["location=dubai", { location: "dubai" }],
  ["remote", { remote: "true" }],
  ["tags=Python", { tags: "Python" }],
  ["type=full-time", { type: "full-time" }],
  ["timeframe=week", { timeframe: "week" }],
  ["minSalary=15000 AED a month", { minSalary: "15000", currency: "AED", period: "month" }],
];

/**
 * The sorts (worker/rules/lists.ts SORTS), and the company sorts asked in Arabic too ("@ar": Accept-Language: ar),
 * whose keys and indexes are the Arabic alphabet's (docs/decisions/0701).
 */
export const MATRIX_SORTS = ["recent", "relevance", "salary-high", "salary-low", "company-asc", "company-desc", "company-asc@ar", "company-desc@ar"];

/** Broad searches whose page 50 is timed against their page 1. */
export const DEEP_SEARCHES = [
  ["all, newest first", {}],
  ["type=full-time, salary low-high", { type: "full-time", sort: "salary-low" }],
  ["keywords=engineer, company A-Z", { keywords: "engineer", sort: "company-asc" }],
  ["keywords=team, relevance", { keywords: "team", sort: "relevance" }],
  ["keywords=engineer, company A-Z in Arabic", { keywords: "engineer", sort: "company-asc@ar" }],
];
const DEEP_PAGE = 50;

/** The plain listing: the matrix's yardstick. */
export const PLAIN_LABEL = "(no filter)";

/** Every filter set of the matrix: none, each filter alone, each pair of filters with different parameters. */
export function matrixFilterSets(filters = MATRIX_FILTERS) {
  const sets = [[PLAIN_LABEL, {}]];
  for (const f of filters) sets.push(f);
  for (let i = 0; i < filters.length; i++) {
    for (let k = i + 1; k < filters.length; k++) {
      const [a, pa] = filters[i];
      const [b, pb] = filters[k];
      if (Object.keys(pa).some((key) => key in pb)) continue;
      sets.push([`${a} & ${b}`, { ...pa, ...pb }]);
    }
  }
  return sets;
}

/** The request for `params`: a path, with "#ar" at the end when a sort is asked in Arabic (see get). */
export function searchPath(params) {
  const [sort, lang] = String(params.sort ?? "recent").split("@");
  const qs = new URLSearchParams(Object.entries({ ...params, sort }).filter(([k, v]) => !(k === "sort" && v === "recent"))).toString();
  return `${qs ? `/api/jobs?${qs}` : "/api/jobs"}${lang ? `#${lang}` : ""}`;
}

const pct = (xs, p) => {
  if (!xs.length) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

async function get(base, request) {
  const [path, lang] = request.split("#");
  const t0 = performance.now();
  const res = await fetch(base + path, lang ? { headers: { "Accept-Language": lang } } : undefined);
  const body = await res.text();
  const ms = performance.now() - t0;
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${body.slice(0, 200)}`);
  return { ms, body };
}

/** Times `paths` in `rounds` rounds after one untimed round; returns each path's samples and its first answer. */
async function rounds(base, paths, n) {
  const samples = new Map(paths.map((p) => [p, []]));
  const first = new Map();
  for (const p of paths) first.set(p, JSON.parse((await get(base, p)).body));
  for (let r = 0; r < n; r++) {
    for (const p of paths) samples.get(p).push((await get(base, p)).ms);
  }
  return { samples, first };
}

/** The URL of page `page` of `params` (following nextCursor), or null when the search has fewer pages. */
async function pageUrl(base, params, page) {
  let path = searchPath(params);
  for (let i = 1; i < page; i++) {
    const { body } = await get(base, path);
    const cursor = JSON.parse(body).nextCursor;
    if (!cursor) return null;
    path = searchPath({ ...params, cursor });
  }
  return path;
}

/**
 * Runs the matrix against `base` (a server with the edge cache off). `rounds`: timed requests per URL.
 * Returns the cells, the plain listing's figures, the worst ratio and the deep-page rows.
 */
export async function runMatrix(base, { rounds: n = 10 } = {}) {
  const sets = matrixFilterSets();
  const cells = [];
  for (const [label, params] of sets) for (const sort of MATRIX_SORTS) cells.push({ label, sort, path: searchPath({ ...params, sort }) });
  const { samples, first } = await rounds(
    base,
    cells.map((c) => c.path),
    n,
  );
  for (const c of cells) {
    const xs = samples.get(c.path);
    c.p50 = pct(xs, 50);
    c.p99 = pct(xs, 99);
    c.total = first.get(c.path).total;
  }
  const plain = cells.find((c) => c.label === PLAIN_LABEL && c.sort === "recent");
  for (const c of cells) c.ratio = c.p50 / plain.p50;
  const worst = cells.reduce((w, c) => (c.ratio > w.ratio ? c : w), cells[0]);

  const deep = [];
  for (const [label, params] of DEEP_SEARCHES) {
    const one = searchPath(params);
    const fifty = await pageUrl(base, params, DEEP_PAGE);
    if (!fifty) {
      deep.push({ label, page1: Number.NaN, page50: Number.NaN });
      continue;
    }
    const { samples: s } = await rounds(base, [one, fifty], n);
    deep.push({ label, page1: pct(s.get(one), 50), page50: pct(s.get(fifty), 50), page1p99: pct(s.get(one), 99), page50p99: pct(s.get(fifty), 99) });
  }
  return { cells, plain, worst, deep, rounds: n };
}

const fmt = (x) => (!Number.isFinite(x) ? "n/a" : x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));

/** The matrix of one dataset as markdown: one row per filter set, one column per sort, "p50 / p99 ms (ratio)". */
export function matrixMarkdown(n, m, limit = 3) {
  const labels = [...new Set(m.cells.map((c) => c.label))];
  const over = m.cells.filter((c) => c.ratio > limit);
  const lines = [
    `### ${n.toLocaleString("en-US")} jobs`,
    "",
    `Plain listing (\`/api/jobs\`, newest first): p50 ${fmt(m.plain.p50)} ms, p99 ${fmt(m.plain.p99)} ms. ` +
      `Worst ratio to it: **${m.worst.ratio.toFixed(2)}×** (${m.worst.label}, ${m.worst.sort}). ` +
      `${over.length} of ${m.cells.length} combinations over ${limit}×${over.length ? `: ${over.map((c) => `${c.label} / ${c.sort} (${c.ratio.toFixed(1)}×)`).join("; ")}` : ""}.`,
    "",
    `| filters | ${MATRIX_SORTS.join(" | ")} |`,
    `|---|${MATRIX_SORTS.map(() => "---:").join("|")}|`,
  ];
  for (const label of labels) {
    const row = MATRIX_SORTS.map((s) => {
      const c = m.cells.find((x) => x.label === label && x.sort === s);
      return `${fmt(c.p50)} / ${fmt(c.p99)} (${c.ratio.toFixed(1)}×)`;
    });
    lines.push(`| ${label} | ${row.join(" | ")} |`);
  }
  lines.push("", `Deep pages (page ${DEEP_PAGE} vs page 1, p50 / p99 ms):`, "");
  lines.push(`| broad search | page 1 | page ${DEEP_PAGE} | page ${DEEP_PAGE} / page 1 |`, "|---|---:|---:|---:|");
  for (const d of m.deep)
    lines.push(`| ${d.label} | ${fmt(d.page1)} / ${fmt(d.page1p99)} | ${fmt(d.page50)} / ${fmt(d.page50p99)} | ${Number.isFinite(d.page50) ? `${(d.page50 / d.page1).toFixed(2)}×` : "fewer pages"} |`);
  return lines.join("\n");
}

/**
 * Saves every search's total to `file` and compares them with the file a previous run left there:
 * the lines that differ, or an empty list.
 */
export function compareTotals(file, m) {
  const now = Object.fromEntries(m.cells.map((c) => [c.path, c.total]));
  const diffs = [];
  if (existsSync(file)) {
    const before = JSON.parse(readFileSync(file, "utf8"));
    for (const [path, total] of Object.entries(now)) if (path in before && before[path] !== total) diffs.push(`${path}: ${before[path]} before, ${total} now`);
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(now, null, 1)}\n`);
  return diffs;
}
