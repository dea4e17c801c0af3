// npm run bench: one run, one table. Seeds 1,000 and 100,000 jobs, builds the bench's own copy of the app
// (BENCH_BUILD=1: .wrangler/bench-dist, with /api/bench/* enabled) and serves it as `npm start` does
// (worker/cli/serve.mjs: workerd through Miniflare, local D1, no proxy). For each dataset it measures, on
// the same server:
//   - the no-op request (/api/health) and the representative searches of SEARCHES, uncached (each request
//     carries a D1 bookmark, which the edge cache never answers), p50 and p95;
//   - throughput and p99 of the search mix at 10 and 50 connections, with the edge cache on and off;
//   - a cache hit (a search answered from the edge cache);
//   - the original app's approach (/api/bench/original-search: load every published job, filter in JavaScript);
//   - D1 round trips per request of each public read, from the Server-Timing header the worker sends;
// then the initial JavaScript and CSS of `/` (test/size/size.mjs) and the worker's size.
//   - the search matrix (test/bench/matrix.mjs): every filter alone and in pairs × the 6 sorts (and the company sorts in Arabic), p50 and p99,
//     against the plain listing, and page 50 against page 1; written into docs/performance.md.
// Options: --sizes 1000,100000 --samples 300 --seconds 4 --matrix-rounds 10 --port 8797 (the first port;
// each server takes the next; BENCH_PORT sets it too) --matrix-only (only the matrix).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { compareTotals, matrixMarkdown, runMatrix } from "./matrix.mjs";
import { writePerfSection } from "./perfdoc.mjs";
import { cliOptions, portNumber } from "../../worker/cli/options.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const BIN = join(ROOT, "node_modules", ".bin");
const DIST = join(ROOT, ".wrangler", "bench-dist");
const USAGE = `Usage: npm run bench [-- options]
  Seeds the datasets, serves each as npm start does, measures search and the search matrix, writes docs/performance.md.
  --sizes 1000,100000   the datasets' numbers of jobs
  --samples 300         requests per search measured one at a time
  --seconds 4           seconds per throughput run
  --matrix-rounds 10    rounds of the search matrix
  --matrix-only         only the search matrix
  --port 8797           the first port (each server takes the next); BENCH_PORT sets it too
  -h, --help            this text`;
const values = cliOptions(USAGE, {
  sizes: { type: "string", default: "1000,100000" },
  samples: { type: "string", default: "300" },
  seconds: { type: "string", default: "4" },
  "matrix-rounds": { type: "string", default: "10" },
  "matrix-only": { type: "boolean", default: false },
  port: { type: "string", default: process.env.BENCH_PORT ?? "8797" },
});
portNumber(USAGE, values.port);
const SIZES = values.sizes.split(",").map(Number);
const SAMPLES = Number(values.samples);
const SECONDS = Number(values.seconds);
// Each server gets its own port, so one that is still shutting down is never measured by mistake.
let nextPort = Number(values.port);
const MATRIX_ONLY = values["matrix-only"];

const SEARCHES = [
  ["all, newest first", "/api/jobs"],
  ["keywords=engineer", "/api/jobs?keywords=engineer"],
  ["keywords=react dubai", "/api/jobs?keywords=react%20dubai"],
  ["location=riyadh & full-time", "/api/jobs?location=riyadh&type=full-time"],
  ["remote, salary high-low", "/api/jobs?remote=true&sort=salary-high"],
  ["tags=python, this week", "/api/jobs?tags=python&timeframe=week"],
  ["relevance, 50 per page", "/api/jobs?sort=relevance&limit=50"],
  ["keywords=data, company Z-A", "/api/jobs?keywords=data&sort=company-desc"],
  ["pay ≥ AED 20,000 a month", "/api/jobs?minSalary=20000&currency=AED&period=month"],
  ["pay ≥ $250k, or none, engineer", "/api/jobs?minSalary=250000&includeNoSalary=true&keywords=engineer"],
];

function run(cmd, args, env = {}) {
  const res = spawnSync(join(BIN, cmd), args, { cwd: ROOT, stdio: "inherit", env: { ...process.env, ...env } });
  if (res.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed`);
}

function ensureDataset(n) {
  const dir = join(ROOT, ".wrangler", "bench", String(n));
  const marker = join(dir, "seeded.json");
  if (existsSync(marker) && JSON.parse(readFileSync(marker, "utf8")).jobs === n) {
    // A dataset seeded before a new migration gets it, and the keys the seed reads in JavaScript for rows a migration
    // marks unread (worker/cli/seed.ts backfillSalaries); --if-empty adds no job.
    run("tsx", ["worker/cli/seed.ts", "--if-empty", "--persist-to", dir]);
    return dir;
  }
  spawnSync("rm", ["-rf", dir]);
  const t0 = performance.now();
  run("tsx", ["worker/cli/seed.ts", "--jobs", String(n), "--persist-to", dir]);
  writeFileSync(marker, JSON.stringify({ jobs: n, seconds: (performance.now() - t0) / 1000 }));
  return dir;
}

/** The bench build served by worker/cli/serve.mjs in a process group of its own; `vars` over the build's. */
async function startServer(dir, vars) {
  const port = nextPort++;
  const base = `http://127.0.0.1:${port}`;
  // The bench needs no .dev.vars: a JWT_SECRET of its own (the configuration check refuses to serve without one).
  const varArgs = Object.entries({ JWT_SECRET: "bench-only-secret-0123456789abcdef0123456789", ...vars }).flatMap(([k, v]) => ["--var", `${k}=${v}`]);
  const args = ["worker/cli/serve.mjs", "--dist", DIST, "--port", String(port), "--host", "127.0.0.1", "--persist", dir, "--quiet", ...varArgs];
  const server = spawn(process.execPath, args, { cwd: ROOT, env: { ...process.env, PATH: `${BIN}:${process.env.PATH ?? ""}` }, stdio: "ignore", detached: true });
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) {
        return {
          base,
          stop: async () => {
            process.kill(-server.pid, "SIGTERM");
            await new Promise((r) => setTimeout(r, 500));
          },
        };
      }
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  process.kill(-server.pid);
  throw new Error("server did not start");
}

/** Failed requests are counted, not timed; a failing measurement shows up under the table. */
const errors = new Map();
async function timed(base, path, headers) {
  const t0 = performance.now();
  const res = await fetch(base + path, { headers });
  await res.arrayBuffer();
  if (!res.ok) {
    const key = `${path.split("?")[0]} ${res.status}`;
    errors.set(key, (errors.get(key) ?? 0) + 1);
    return null;
  }
  return performance.now() - t0;
}

const pct = (xs, p) => {
  if (!xs.length) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

async function latency(base, paths, n, headers) {
  const xs = [];
  for (let i = 0; i < n; i++) {
    const t = await timed(base, paths[i % paths.length], headers);
    if (t !== null) xs.push(t);
  }
  return { p50: pct(xs, 50), p95: pct(xs, 95), p99: pct(xs, 99) };
}

/** `connections` clients in a loop over `paths` for SECONDS: requests per second and the p99 of all of them. */
async function throughput(base, paths, connections, headers, seconds = SECONDS) {
  const xs = [];
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async (_, w) => {
      for (let i = w; performance.now() < end; i++) {
        const t = await timed(base, paths[i % paths.length], headers);
        if (t !== null) xs.push(t);
      }
    }),
  );
  return { rps: xs.length / seconds, p99: pct(xs, 99), p50: pct(xs, 50) };
}

/** The D1 round trips (queries + batches) the worker reports for one request. */
async function roundTrips(base, path, headers) {
  const res = await fetch(base + path, { headers });
  await res.arrayBuffer();
  const m = (res.headers.get("Server-Timing") ?? "").match(/d1;desc="queries=(\d+) batches=(\d+)"/);
  return { trips: m ? Number(m[1]) + Number(m[2]) : Number.NaN, cache: res.headers.get("X-Cache") ?? "", status: res.status };
}

const fmt = (x) => (!Number.isFinite(x) ? "n/a" : x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));

async function measure(n) {
  const dir = ensureDataset(n);
  const rows = [];
  const row = (what, m) => rows.push({ n, what, ...m });
  const searchPaths = SEARCHES.map(([, p]) => p);

  // The edge cache off: the database-side numbers.
  let server = await startServer(dir, { EDGE_CACHE: "off" });
  let matrix;
  try {
    const { base } = server;
    console.log(`  search matrix (${values["matrix-rounds"]} rounds)...`);
    matrix = await runMatrix(base, { rounds: Number(values["matrix-rounds"]) });
    if (MATRIX_ONLY) return { rows, trips: [], matrix, n };
    // First request of each search on a fresh server: memoised totals are empty, so this includes counting.
    for (const path of searchPaths) await timed(base, path);
    for (let i = 0; i < 50; i++) await timed(base, "/api/health");
    row("no-op request (/api/health)", await latency(base, ["/api/health"], SAMPLES));
    row("search: the mix of 8 searches", await latency(base, searchPaths, SAMPLES));
    for (const [name, path] of SEARCHES) row(`search: ${name}`, await latency(base, [path], Math.max(40, Math.floor(SAMPLES / 4))));
    for (const c of [10, 50]) {
      const t = await throughput(base, searchPaths, c);
      row(`search mix, ${c} connections, cache off`, { p50: t.p50, p99: t.p99, rps: t.rps });
    }
    const visible = await firstResultsVisible(base);
    row("first results visible in Chromium, first visit (ms from navigation)", { p50: visible.cold });
    row("first results visible in Chromium, returning visit (ms from navigation)", visible.warm);
    const originalPaths = searchPaths.slice(0, 4).map((p) => p.replace("/api/jobs", "/api/bench/original-search"));
    row("original: load all, filter in JS", await latency(base, originalPaths, n > 10_000 ? 8 : 40));
  } finally {
    await server.stop();
  }

  // The edge cache on, as deployed.
  server = await startServer(dir, {});
  const trips = [];
  try {
    const { base } = server;
    const first = await (await fetch(`${base}/api/jobs?limit=50`)).json();
    const id = first.jobs[0].id;
    const company = first.jobs.find((j) => j.company_id)?.company_id;
    // A bookmark makes a request that the cache never answers: the uncached round trips.
    const bookmark = (await fetch(`${base}/api/jobs?limit=1`)).headers.get("x-d1-bookmark");
    const uncached = { "x-d1-bookmark": bookmark };
    const page2 = (await (await fetch(`${base}/api/jobs`)).json()).nextCursor;
    const reads = [
      ["search, first page", "/api/jobs?keywords=engineer"],
      ["search, next page", `/api/jobs?cursor=${encodeURIComponent(page2 ?? "")}`],
      ["job (API)", `/api/jobs/${id}`],
      ["job page (HTML)", `/jobs/${id}`],
      ["company (API)", company ? `/api/companies/${encodeURIComponent(company)}` : null],
      ["company page (HTML)", company ? `/company/${encodeURIComponent(company)}` : null],
      ["listing page / with its first results", "/"],
    ];
    for (const [name, path] of reads) {
      if (!path) continue;
      const miss = await roundTrips(base, path, uncached);
      await roundTrips(base, path);
      const hit = await roundTrips(base, path);
      trips.push({ n, name, miss: miss.trips, hit: hit.cache === "HIT" ? hit.trips : Number.NaN, status: miss.status });
    }
    for (const path of searchPaths) await timed(base, path);
    row("cache hit (a search)", await latency(base, searchPaths, SAMPLES));
    for (const c of [10, 50]) {
      const t = await throughput(base, searchPaths, c);
      row(`search mix, ${c} connections, cache on`, { p50: t.p50, p99: t.p99, rps: t.rps });
    }
  } finally {
    await server.stop();
  }
  return { rows, trips, matrix, n };
}

/** Loads `/` in headless Chromium (Debian's) 7 times: the time from navigation start until the first job card shows. */
async function firstResultsVisible(base) {
  const { chromium } = await import("playwright-core");
  const { mkdtempSync, rmSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const profile = mkdtempSync(join(tmpdir(), "bench-browser-"));
  const flags = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
  const context = await chromium.launchPersistentContext(profile, { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", headless: true, args: flags });
  const xs = [];
  try {
    for (let i = 0; i < 7; i++) {
      const page = await context.newPage();
      await page.goto(`${base}/`, { waitUntil: "commit" });
      await page.locator(".job-card[data-job-id]").first().waitFor();
      xs.push(await page.evaluate(() => performance.now()));
      await page.close();
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
  // The first load fills the browser's cache of the app's files, as a returning visitor's would be.
  return { cold: xs[0], warm: { p50: pct(xs.slice(1), 50), p95: pct(xs.slice(1), 95) } };
}

/** Files under `dir`, recursively. */
function files(dir) {
  return readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : [join(dir, f)]));
}

function workerSize() {
  const dir = join(DIST, "startup_jobs");
  const all = files(dir).filter((f) => !f.endsWith(".map") && !f.endsWith(".json"));
  const js = all.filter((f) => f.endsWith(".js"));
  const sum = (fs, z) => fs.reduce((s, f) => s + (z ? gzipSync(readFileSync(f)).length : statSync(f).size), 0);
  return { jsRaw: sum(js, false), jsGzip: sum(js, true), allRaw: sum(all, false), allGzip: sum(all, true) };
}

function initialLoad() {
  const res = spawnSync(process.execPath, ["test/size/size.mjs", "--dist", DIST], { cwd: ROOT, encoding: "utf8" });
  const lines = {};
  for (const m of res.stdout.matchAll(/First load of (\S+) \((\w+)\): ([\d.]+) KB gzip/g)) lines[m[1]] = Number(m[3]);
  return lines;
}

run("vite", ["build", "--logLevel", "warn"], { BENCH_BUILD: "1" });
const results = [];
for (const n of SIZES) {
  console.log(`\nMeasuring with ${n.toLocaleString("en-US")} jobs...`);
  results.push(await measure(n));
}

// The search matrix: printed, written into docs/performance.md, and its totals compared with the last run's.
const matrixDoc = results.map((r) => matrixMarkdown(r.n, r.matrix)).join("\n\n");
console.log(`\n${matrixDoc}`);
for (const r of results) {
  const diffs = compareTotals(join(ROOT, ".wrangler", "bench", `matrix-totals-${r.n}.json`), r.matrix);
  console.log(
    diffs.length
      ? `\nTotals at ${r.n.toLocaleString("en-US")} jobs that differ from the previous run:\n  ${diffs.join("\n  ")}`
      : `\nTotals at ${r.n.toLocaleString("en-US")} jobs: the same as the previous run's (or no previous run).`,
  );
}
const intro = `Every filter alone and in pairs, with each sort: p50 / p99 in ms over ${values["matrix-rounds"]} rounds (every URL once a round, after one untimed round that fills the memoised totals), and the p50's ratio to the plain listing's, measured in the same run with the edge cache off (EDGE_CACHE=off, worker/cli/serve.mjs). Target: every combination within 3× the plain listing at 100,000 jobs; page 50 no dearer than page 1.`;
writePerfSection("search-matrix", "Search: filters × sorts (npm run bench)", `${intro}\n\n${matrixDoc}`);
if (MATRIX_ONLY) process.exit(0);
const size = workerSize();
const load = initialLoad();

// Printed, and written to docs/performance.md (test/bench/perfdoc.mjs: this script owns its "bench" section).
const doc = [];
const out = (line) => {
  console.log(line);
  doc.push(line.replace(/^ {2}/, "- ")); // the ratios as a list
};
const kb = (b) => `${(b / 1024).toFixed(1)} KB`;
out("\n| jobs | measurement | p50 ms | p95 ms | p99 ms | req/s |");
out("|---:|---|---:|---:|---:|---:|");
for (const r of results) {
  for (const x of r.rows) out(`| ${x.n.toLocaleString("en-US")} | ${x.what} | ${fmt(x.p50)} | ${fmt(x.p95)} | ${fmt(x.p99)} | ${x.rps === undefined ? "" : fmt(x.rps)} |`);
}
for (const r of results) {
  for (const t of r.trips) out(`| ${t.n.toLocaleString("en-US")} | D1 round trips: ${t.name} | ${t.miss} uncached, ${Number.isNaN(t.hit) ? "no hit" : t.hit} on a cache hit | | | |`);
}
for (const [page, kbs] of Object.entries(load)) out(`| | initial JS and CSS of ${page} (gzip) | ${kbs.toFixed(1)} KB | | | |`);
out(`| | worker JavaScript (raw / gzip) | ${kb(size.jsRaw)} / ${kb(size.jsGzip)} | | | |`);
out(`| | worker upload, all modules (raw / gzip) | ${kb(size.allRaw)} / ${kb(size.allGzip)} | | | |`);
if (errors.size) out(`\nFailed requests (not timed): ${JSON.stringify(Object.fromEntries(errors))}`);

const at = (n, what) => results.find((r) => r.rows[0]?.n === n)?.rows.find((x) => x.what === what);
const big = Math.max(...SIZES);
const small = Math.min(...SIZES);
const health = at(big, "no-op request (/api/health)");
const mix = at(big, "search: the mix of 8 searches");
out("\nRatios:");
out(`  search p50 / no-op p50 at ${big.toLocaleString("en-US")} jobs: ${(mix.p50 / health.p50).toFixed(2)}x (target <= 3x)`);
if (small !== big)
  out(`  search p50 at ${big.toLocaleString("en-US")} / at ${small.toLocaleString("en-US")} jobs: ${(mix.p50 / at(small, "search: the mix of 8 searches").p50).toFixed(2)}x (target <= 1.5x)`);
for (const n of SIZES)
  out(`  original approach p50 / search p50 at ${n.toLocaleString("en-US")} jobs: ${(at(n, "original: load all, filter in JS").p50 / at(n, "search: the mix of 8 searches").p50).toFixed(1)}x slower`);

writePerfSection(
  "bench",
  "Search and load (`npm run bench`)",
  `Seeds ${SIZES.map((n) => n.toLocaleString("en-US")).join(" and ")} jobs and serves the bench's own build (\`.wrangler/bench-dist\`) as \`npm start\` does: workerd through Miniflare, no proxy, answers compressed as at the edge; the client is on the same machine and keeps its connections alive. Searches uncached (${SAMPLES} requests for the mix), the mix at 10 and 50 connections (${SECONDS} s each) with the edge cache off and on, a cache hit, the original app's approach (load every job, filter in JavaScript), the first results in headless Chromium, D1 round trips per public read, the first load of \`/\` and \`/ar\` and the worker's size.\n${doc.join("\n")}`,
);
