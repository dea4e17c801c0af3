// npm run test:browser: starts the app on fresh local state with the demo data, runs every
// test/browser/*.spec.mjs in order with Node's test runner, stops the app, and exits non-zero on failure.
// With BASE_URL set, the specs run against that server instead and none is started. Words after `--`
// choose spec files by name (`npm run test:browser -- dashboard`).
import { spawn } from "node:child_process";
import { createWriteStream, mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { finished } from "node:stream/promises";
import { run } from "node:test";
import { spec } from "node:test/reporters";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, "../..");
const RESULTS = join(ROOT, "test-results");
// BROWSER_PORT lets several checkouts run their browser tests side by side.
const PORT = Number(process.env.BROWSER_PORT ?? 8799);
const STARTUP_LIMIT_MS = 120_000;

/**
 * `npm run test:browser -- dashboard posting` runs only the spec files whose names contain a word given.
 * moderation.spec.mjs needs the app with MODERATION=on, and every other spec the app without it: a plain
 * run takes all the others, `MODERATION=on npm run test:browser` only the moderation spec (CI runs both).
 */
function specFiles() {
  const only = process.argv.slice(2);
  const moderated = process.env.MODERATION === "on";
  return readdirSync(HERE)
    .filter((f) => f.endsWith(".spec.mjs"))
    .filter((f) => f.startsWith("moderation.") === moderated)
    .filter((f) => !only.length || only.some((w) => f.includes(w)))
    .sort()
    .map((f) => join(HERE, f));
}

/** Starts `node worker/cli/start.mjs` in its own process group, its output in test-results/server.log. */
function startServer() {
  const persist = mkdtempSync(join(tmpdir(), "browser-state-"));
  mkdirSync(RESULTS, { recursive: true });
  const log = createWriteStream(join(RESULTS, "server.log"));
  // MODERATION=on npm run test:browser: the app runs with MODERATION=on (moderation.spec.mjs needs it).
  const moderation = process.env.MODERATION === "on" ? ["--moderation"] : [];
  // Without the edge cache: a spec checks what a visitor sees right after a change (a refund, a repost, a
  // Spotlight publish), which the cache may show up to 60 seconds late by design (README "Replicas and the edge
  // cache"; test/worker/edge-cache.test.ts holds the cache to that rule).
  const child = spawn(process.execPath, ["worker/cli/start.mjs", "--port", String(PORT), "--persist", persist, "--demo", "--no-edge-cache", ...moderation], {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  let exited = null;
  child.on("exit", (code, signal) => (exited = { code, signal }));
  return {
    baseUrl: `http://localhost:${PORT}`,
    exited: () => exited,
    async stop() {
      if (!exited) {
        const gone = new Promise((r) => child.once("exit", r));
        killGroup(child.pid, "SIGTERM");
        const timer = setTimeout(() => killGroup(child.pid, "SIGKILL"), 5_000);
        await gone;
        clearTimeout(timer);
      }
      killGroup(child.pid, "SIGKILL"); // anything of the group left behind (workerd)
      rmSync(persist, { recursive: true, force: true });
    },
  };
}

function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

async function waitForHealth(baseUrl, server) {
  const deadline = Date.now() + STARTUP_LIMIT_MS;
  while (Date.now() < deadline) {
    const exited = server?.exited();
    if (exited) throw new Error(`the app exited while starting (${JSON.stringify(exited)}); see test-results/server.log`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the app did not answer ${baseUrl}/api/health within ${STARTUP_LIMIT_MS / 1000} s; see test-results/server.log`);
}

/** Runs the spec files one after another; resolves with the counts of passed and failed tests. */
async function runSpecs(files) {
  let passed = 0;
  let failed = 0;
  const stream = run({ files, concurrency: 1, timeout: 5 * 60_000 });
  stream.on("test:pass", (e) => {
    if (e.details?.type !== "suite" && !e.skip && !e.todo) passed++;
  });
  stream.on("test:fail", (e) => {
    if (e.details?.type !== "suite") failed++;
  });
  const report = stream.compose(spec);
  report.pipe(process.stdout, { end: false });
  await finished(report);
  return { passed, failed };
}

let server = null;
let result = { passed: 0, failed: 0 };
const interrupt = async () => {
  await server?.stop();
  process.exit(130);
};
process.once("SIGINT", interrupt);
process.once("SIGTERM", interrupt);

try {
  let baseUrl = process.env.BASE_URL;
  if (!baseUrl) {
    console.log(`Starting the app on port ${PORT} with fresh demo data…`);
    server = startServer();
    baseUrl = server.baseUrl;
  }
  await waitForHealth(baseUrl, server);
  process.env.BASE_URL = baseUrl; // read by helpers.mjs in each spec's process
  rmSync(join(RESULTS, "screenshots"), { recursive: true, force: true });
  result = await runSpecs(specFiles());
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  result.failed = Math.max(result.failed, 1);
} finally {
  await server?.stop();
}

console.log(`${result.passed} passed, ${result.failed} failed`);
process.exit(result.failed ? 1 : 0);
