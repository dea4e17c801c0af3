// npm run bench: seeds 1,000 and 100,000 jobs, serves each exactly as `npm start` does (vite preview
// of the production build in workerd, local D1), and measures on the same server in the same run:
//   /api/health (the floor), representative searches on /api/jobs, and the original app's approach
//   (/api/bench/original-search: load every published job, filter in JavaScript).
// Prints latency (p50, p99), throughput, the ratios and the targets. Options: --sizes 1000,100000
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const BIN = join(ROOT, "node_modules", ".bin");
// Each dataset gets its own port, so a server that is still shutting down is never measured by mistake.
let PORT = 8797;
let BASE = `http://127.0.0.1:${PORT}`;
const { values } = parseArgs({ options: { sizes: { type: "string", default: "1000,100000" }, samples: { type: "string", default: "300" } } });
const SIZES = values.sizes.split(",").map(Number);
const SAMPLES = Number(values.samples);

const SEARCHES = [
  ["all, newest first", "/api/jobs"],
  ["keywords=engineer", "/api/jobs?keywords=engineer"],
  ["keywords=react dubai", "/api/jobs?keywords=react%20dubai"],
  ["location=riyadh & full-time", "/api/jobs?location=riyadh&type=full-time"],
  ["remote, salary high-low", "/api/jobs?remote=true&sort=salary-high"],
  ["tags=python, this week", "/api/jobs?tags=python&timeframe=week"],
  ["relevance, 50 per page", "/api/jobs?sort=relevance&limit=50"],
  ["keywords=data, company Z-A", "/api/jobs?keywords=data&sort=company-desc"],
];

function run(cmd, args, env = {}) {
  const res = spawnSync(join(BIN, cmd), args, { cwd: ROOT, stdio: "inherit", env: { ...process.env, ...env } });
  if (res.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed`);
}

function ensureDataset(n) {
  const dir = join(ROOT, ".wrangler", "bench", String(n));
  const marker = join(dir, "seeded.json");
  if (existsSync(marker) && JSON.parse(readFileSync(marker, "utf8")).jobs === n) return dir;
  spawnSync("rm", ["-rf", dir]);
  const t0 = performance.now();
  run("tsx", ["worker/cli/seed.ts", "--jobs", String(n), "--persist-to", dir]);
  writeFileSync(marker, JSON.stringify({ jobs: n, seconds: (performance.now() - t0) / 1000 }));
  return dir;
}

async function startServer(dir) {
  // worker/cli/serve.mjs, as npm start serves: the bench build in workerd, no proxy in front.
  const args = ["worker/cli/serve.mjs", "--dist", ".wrangler/bench-dist", "--port", String(PORT), "--host", "127.0.0.1", "--persist", dir, "--quiet"];
  const server = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, PATH: `${BIN}:${process.env.PATH ?? ""}` },
    stdio: ["ignore", "ignore", "ignore"],
    detached: true,
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return server;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  process.kill(-server.pid);
  throw new Error("server did not start");
}

/** Failed requests are counted, not timed; a failing approach shows up in the errors column. */
const errors = new Map();
async function timed(path) {
  const t0 = performance.now();
  const res = await fetch(BASE + path);
  await res.arrayBuffer();
  if (!res.ok) {
    const key = path.split("?")[0];
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

async function latency(path, n) {
  const xs = [];
  for (let i = 0; i < n; i++) {
    const t = await timed(path);
    if (t !== null) xs.push(t);
  }
  return { p50: pct(xs, 50), p99: pct(xs, 99), samples: xs };
}

async function throughput(paths, seconds, concurrency = 8) {
  let done = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, w) => {
      for (let i = w; performance.now() < end; i++) {
        if ((await timed(paths[i % paths.length])) !== null) done++;
      }
    }),
  );
  return done / seconds;
}

const fmt = (x) => (!Number.isFinite(x) ? "n/a" : x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));

async function measure(n, index) {
  PORT = 8797 + index;
  BASE = `http://127.0.0.1:${PORT}`;
  errors.clear();
  const dir = ensureDataset(n);
  const server = await startServer(dir);
  try {
    const rows = [];
    // First request of each search on a fresh server: memoised totals are empty, so this includes counting.
    const cold = {};
    for (const [name, path] of SEARCHES) cold[name] = await timed(path);
    for (const [, path] of SEARCHES) for (let i = 0; i < 20; i++) await timed(path);
    for (let i = 0; i < 50; i++) await timed("/api/health");

    const health = await latency("/api/health", SAMPLES);
    rows.push({ name: "/api/health (floor)", ...health, cold: null, rps: await throughput(["/api/health"], 3) });
    const all = [];
    for (const [name, path] of SEARCHES) {
      const l = await latency(path, Math.max(50, Math.floor(SAMPLES / 2)));
      all.push(...l.samples);
      rows.push({ name: `search: ${name}`, ...l, cold: cold[name], rps: null });
    }
    const searchAll = { p50: pct(all, 50), p99: pct(all, 99) };
    const searchRps = await throughput(
      SEARCHES.map(([, p]) => p),
      4,
    );
    rows.push({ name: "search: all of the above", ...searchAll, cold: null, rps: searchRps });
    const originalSamples = n > 10_000 ? 8 : 40;
    const orig = [];
    for (const [, path] of SEARCHES.slice(0, 4)) orig.push(...(await latency(path.replace("/api/jobs", "/api/bench/original-search"), Math.ceil(originalSamples / 4))).samples);
    const original = { p50: pct(orig, 50), p99: pct(orig, 99) };
    const originalRps = await throughput(
      SEARCHES.slice(0, 4).map(([, p]) => p.replace("/api/jobs", "/api/bench/original-search")),
      n > 10_000 ? 8 : 3,
      2,
    );
    rows.push({ name: "original: load all, filter in JS", ...original, cold: null, rps: originalRps });
    return { n, rows, health, searchAll, original, errors: Object.fromEntries(errors) };
  } finally {
    process.kill(-server.pid, "SIGTERM");
    await new Promise((r) => setTimeout(r, 500));
  }
}

run("vite", ["build", "--logLevel", "warn"], { BENCH_BUILD: "1" });
const results = [];
for (const [i, n] of SIZES.entries()) {
  console.log(`\nMeasuring with ${n.toLocaleString("en-US")} jobs...`);
  results.push(await measure(n, i));
}

console.log("\n| jobs | endpoint | p50 ms | p99 ms | first request ms | req/s |");
console.log("|---:|---|---:|---:|---:|---:|");
for (const r of results) {
  for (const row of r.rows) {
    console.log(`| ${r.n.toLocaleString("en-US")} | ${row.name} | ${fmt(row.p50)} | ${fmt(row.p99)} | ${row.cold === null ? "" : fmt(row.cold)} | ${row.rps === null ? "" : fmt(row.rps)} |`);
  }
}
const big = results.find((r) => r.n === Math.max(...SIZES));
const small = results.find((r) => r.n === Math.min(...SIZES));
for (const r of results) if (Object.keys(r.errors).length) console.log(`\nFailed requests with ${r.n.toLocaleString("en-US")} jobs (not timed): ${JSON.stringify(r.errors)}`);
console.log("\nRatios:");
const r1 = big.searchAll.p50 / big.health.p50;
console.log(`  search p50 / health p50 at ${big.n.toLocaleString("en-US")} jobs: ${r1.toFixed(2)}x (target <= 3x) ${r1 <= 3 ? "MET" : "MISSED"}`);
if (small !== big) {
  const r2 = big.searchAll.p50 / small.searchAll.p50;
  console.log(`  search p50 at ${big.n.toLocaleString("en-US")} / at ${small.n.toLocaleString("en-US")} jobs: ${r2.toFixed(2)}x (target <= 1.5x) ${r2 <= 1.5 ? "MET" : "MISSED"}`);
}
for (const r of results) console.log(`  original approach p50 / search p50 at ${r.n.toLocaleString("en-US")} jobs: ${(r.original.p50 / r.searchAll.p50).toFixed(1)}x slower`);
