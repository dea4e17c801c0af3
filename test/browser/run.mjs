// npm run test:browser: builds the app once, seeds the demo data once, then runs every test/browser/*.spec.mjs with
// Node's test runner on BROWSER_WORKERS (default 2) workers at once. Every spec file gets its own app (the build
// served by workerd, worker/cli/serve.mjs) on its own fresh copy of the seeded state, so no spec ever meets what
// another wrote, whatever the order; a worker starts the next spec's app while a spec runs. Specs are taken longest
// first (by file size) from one queue, so a new spec file is picked up with nothing to register. A spec whose app
// needs MODERATION=on (moderation.*.spec.mjs, or one that says `// browser-app: moderation` in its first lines) gets
// an app started so.
// Each spec's output is printed whole when it ends; servers' output is in test-results/server-<n>.log. Exits
// non-zero on any failure.
//
// Options: words after `--` choose spec files by name (`npm run test:browser -- dashboard posting`);
// `--no-build` serves the build already in dist/ (CI has just built it). The apps serve a copy of the build taken
// when it is ready, so a build made meanwhile (CI runs the other tests beside this suite) cannot change what they serve. Environment: BROWSER_PORT (first port,
// default 8799; worker n uses BROWSER_PORT + 2n and + 2n + 1), BROWSER_WORKERS, MODERATION=on (only the specs that
// need moderation), BASE_URL (run every spec, one at a time, against that server instead; none is started).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { Writable } from "node:stream";
import { finished } from "node:stream/promises";
import { run } from "node:test";
import { spec } from "node:test/reporters";
import { fileURLToPath } from "node:url";
import { portBusyMessage, portState } from "../../worker/cli/options.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, "../..");
const BIN = join(ROOT, "node_modules", ".bin");
const RESULTS = join(ROOT, "test-results");
const PORT = Number(process.env.BROWSER_PORT ?? 8799);
const WORKERS = Math.max(1, Number(process.env.BROWSER_WORKERS ?? 2));
const STARTUP_LIMIT_MS = 120_000;
const args = process.argv.slice(2);
const build = !args.includes("--no-build");
const only = args.filter((a) => !a.startsWith("--"));
// The browser: Debian's Chromium as its automation build, chromium-headless-shell (the same Chromium; Playwright's own
// headless mode uses this build), when installed: it spends a third of the CPU the full browser spends on the same
// specs (docs/decisions/0038). Else Debian's full Chromium. CHROMIUM_PATH chooses another; the specs read it.
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
process.env.CHROMIUM_PATH ??= existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium";

/** The app a spec needs: "moderation" (MODERATION=on) or "plain". */
function appKind(file) {
  if (/^moderation\./.test(file)) return "moderation";
  const head = readFileSync(join(HERE, file), "utf8").split("\n").slice(0, 10).join("\n");
  return /\/\/ browser-app: moderation\b/.test(head) ? "moderation" : "plain";
}

/** The spec files to run, each with the kind of app it needs. */
function specFiles() {
  const moderatedOnly = process.env.MODERATION === "on";
  return (
    readdirSync(HERE)
      .filter((f) => f.endsWith(".spec.mjs"))
      .filter((f) => !only.length || only.some((w) => f.includes(w)))
      .map((f) => ({ file: join(HERE, f), name: f, kind: appKind(f), size: statSync(join(HERE, f)).size }))
      .filter((s) => !moderatedOnly || s.kind === "moderation")
      // The moderation specs first (one worker starts with that app and restarts once), then the longest first.
      .sort((a, b) => (a.kind === b.kind ? 0 : a.kind === "moderation" ? -1 : 1) || b.size - a.size || a.name.localeCompare(b.name))
  );
}

function runTool(cmd, cmdArgs, env = {}) {
  return new Promise((ok, fail) => {
    const child = spawn(join(BIN, cmd), cmdArgs, {
      cwd: ROOT,
      env: { ...process.env, PATH: `${BIN}:${process.env.PATH ?? ""}`, WRANGLER_SEND_METRICS: "false", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("exit", (code) => (code === 0 ? ok(output) : fail(new Error(`${cmd} ${cmdArgs.join(" ")} failed (${code}):\n${output}`))));
  });
}

function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

const servers = new Set();

/** The build served by workerd on `port`, on a fresh copy of the seeded state; MODERATION=on for a "moderation" app. */
async function startServer(template, dist, port, kind, log) {
  const persist = mkdtempSync(join(tmpdir(), "browser-state-"));
  cpSync(template, persist, { recursive: true });
  const baseUrl = `http://localhost:${port}`;
  // Without the edge cache: a spec checks what a visitor sees right after a change (a refund, a repost, a Spotlight
  // publish), which the cache may show up to 60 seconds late by design (docs/decisions/0032).
  const vars = [`APP_URL=${baseUrl}`, "EDGE_CACHE=off", `JWT_SECRET=${randomBytes(32).toString("hex")}`, ...(kind === "moderation" ? ["MODERATION=on"] : [])];
  const child = spawn(process.execPath, ["worker/cli/serve.mjs", "--dist", dist, "--port", String(port), "--host", "localhost", "--persist", persist, ...vars.flatMap((v) => ["--var", v])], {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, PATH: `${BIN}:${process.env.PATH ?? ""}`, WRANGLER_SEND_METRICS: "false" },
  });
  child.stdout.pipe(log, { end: false });
  child.stderr.pipe(log, { end: false });
  let exited = null;
  child.on("exit", (code, signal) => (exited = { code, signal }));
  const server = {
    baseUrl,
    kind,
    async stop() {
      servers.delete(server);
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
  servers.add(server);
  const deadline = Date.now() + STARTUP_LIMIT_MS;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`the app on ${port} exited while starting (${JSON.stringify(exited)}); see ${log.path}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await server.stop();
  throw new Error(`the app did not answer ${baseUrl}/api/health within ${STARTUP_LIMIT_MS / 1000} s; see ${log.path}`);
}

/** Runs one spec file against `baseUrl`; prints its report whole when it ends; resolves with its counts. */
async function runSpec(s, baseUrl) {
  let passed = 0;
  let failed = 0;
  let text = "";
  const started = performance.now();
  const env = { ...process.env, BASE_URL: baseUrl, MODERATION: s.kind === "moderation" ? "on" : "off" };
  const stream = run({ files: [s.file], concurrency: 1, timeout: 5 * 60_000, env });
  stream.on("test:pass", (e) => {
    if (e.details?.type !== "suite" && !e.skip && !e.todo) passed++;
  });
  stream.on("test:fail", (e) => {
    if (e.details?.type !== "suite") failed++;
  });
  const report = stream.compose(spec);
  const sink = new Writable({
    write(chunk, _enc, cb) {
      text += chunk;
      cb();
    },
  });
  report.pipe(sink);
  await finished(sink);
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  process.stdout.write(`\n── ${s.name} (${s.kind} app, ${baseUrl}, ${seconds} s) ──\n${text}`);
  return { passed, failed, seconds: Number(seconds) };
}

const result = { passed: 0, failed: 0 };
const interrupt = async () => {
  await Promise.all([...servers].map((s) => s.stop()));
  process.exit(130);
};
process.once("SIGINT", interrupt);
process.once("SIGTERM", interrupt);

const t0 = performance.now();
const template = mkdtempSync(join(tmpdir(), "browser-template-"));
const dist = mkdtempSync(join(tmpdir(), "browser-dist-"));
try {
  const specs = specFiles();
  if (!specs.length) throw new Error(`no spec file matches ${only.join(" ")}`);
  if (!process.env.BASE_URL) {
    // Every port the apps will take is free, before anything is built or the last run's screenshots are cleared: an app
    // that cannot listen would fail only after the build, and a probe of its health could meanwhile be answered by
    // whatever holds the port.
    const ports = Array.from({ length: 2 * Math.min(WORKERS, specs.length) }, (_, i) => PORT + i);
    for (const port of ports) {
      const state = await portState(port);
      if (state !== "free") {
        const first = PORT + 100;
        throw new Error(portBusyMessage(port, state, `BROWSER_PORT=${first} npm run test:browser (the apps take ports ${first} to ${first + ports.length - 1})`));
      }
    }
  }
  mkdirSync(RESULTS, { recursive: true });
  rmSync(join(RESULTS, "screenshots"), { recursive: true, force: true });
  const add = (r) => {
    result.passed += r.passed;
    result.failed += r.failed;
  };
  if (process.env.BASE_URL) {
    for (const s of specs) add(await runSpec(s, process.env.BASE_URL));
  } else {
    // The build and the seeded state, once, side by side; every app then starts from a copy of that state.
    console.log(
      `Building${build ? "" : " (skipped: --no-build)"} and seeding the demo data once, then ${specs.length} spec files on ${Math.min(WORKERS, specs.length)} workers in ${process.env.CHROMIUM_PATH}…`,
    );
    const since = (t) => `${((performance.now() - t) / 1000).toFixed(0)} s`;
    await Promise.all([
      (build ? runTool("vite", ["build", "--logLevel", "warn"]).then(() => console.log(`  built in ${since(t0)}`)) : Promise.resolve()).then(() =>
        cpSync(join(ROOT, "dist"), dist, { recursive: true }),
      ),
      runTool("tsx", ["worker/cli/seed.ts", "--if-empty", "--persist-to", template]).then(() => console.log(`  seeded in ${since(t0)}`)),
    ]);
    const queue = [...specs];
    const timings = [];
    const outcomes = await Promise.allSettled(
      Array.from({ length: Math.min(WORKERS, specs.length) }, async (_, n) => {
        const log = createWriteStream(join(RESULTS, `server-${n}.log`));
        // Two ports per worker, taken in turn: the next spec's app starts on one while a spec runs on the other.
        let turn = 0;
        const start = (kind) => {
          const starting = performance.now();
          const app = startServer(template, dist, PORT + 2 * n + (turn++ % 2), kind, log);
          app.then((server) => console.log(`  worker ${n}: ${kind} app on ${server.baseUrl} ready in ${since(starting)}`)).catch(() => {});
          return { kind, app };
        };
        const discard = async (next) => (await next?.app.catch(() => null))?.stop();
        let next = null;
        try {
          for (let s = queue.shift(); s; s = queue.shift()) {
            if (next?.kind !== s.kind) {
              await discard(next);
              next = start(s.kind);
            }
            let server;
            try {
              server = await next.app;
            } catch (err) {
              next = null;
              queue.unshift(s); // another worker may still run it
              throw err;
            }
            // Every spec on a fresh app and a fresh copy of the seeded state: what one spec wrote never meets
            // another (the next app, most likely a plain one, starts while this spec runs).
            next = queue.length ? start(queue[0].kind) : null;
            try {
              const r = await runSpec(s, server.baseUrl);
              timings.push([s.name, r.seconds]);
              add(r);
            } finally {
              await server.stop();
            }
          }
        } finally {
          await discard(next);
          log.end();
        }
      }),
    );
    for (const o of outcomes) if (o.status === "rejected") throw o.reason;
    if (queue.length) throw new Error(`not run: ${queue.map((s) => s.name).join(", ")}`);
    console.log(`\nSpec times (s): ${timings.map(([n, t]) => `${n} ${t}`).join(", ")}`);
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  result.failed = Math.max(result.failed, 1);
} finally {
  await Promise.all([...servers].map((s) => s.stop()));
  rmSync(template, { recursive: true, force: true });
  rmSync(dist, { recursive: true, force: true });
}

console.log(`${result.passed} passed, ${result.failed} failed in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
process.exit(result.failed ? 1 : 0);
