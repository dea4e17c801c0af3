// npm start:      build, apply D1 migrations locally, seed demo data on first run, serve the build on :8787
//                 from workerd (worker/cli/serve.mjs: no proxy in front, text compressed by Accept-Encoding).
// npm run dev:    the same with hot reload (Vite dev server with the worker in workerd).
// Options: USAGE below (`npm start -- --help`).
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ensureDevVars } from "./devVars.mjs";
import { cliOptions, portBusyMessage, portNumber, portState } from "./options.mjs";
import { serve } from "./serve.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const BIN = join(ROOT, "node_modules", ".bin");
const USAGE = `Usage: npm start [-- options]     (npm run dev: the same with hot reload)
  Builds, applies the D1 migrations locally, seeds the demo data on first run, and serves http://localhost:8787.
  --port N          serve on port N (every link in every e-mail follows it); default 8787
  --persist DIR     the local state folder; default .wrangler/state
  --no-seed         do not seed the demo data
  --no-build        serve the build already in dist/
  --moderation      new paid and credit posts wait for an operator's review (MODERATION=on)
  --no-edge-cache   every anonymous read goes to D1 (EDGE_CACHE=off)
  --dev             the Vite dev server with hot reload (what npm run dev runs)
  -h, --help        this text`;
const values = cliOptions(USAGE, {
  dev: { type: "boolean", default: false },
  port: { type: "string", default: "8787" },
  persist: { type: "string" },
  "no-seed": { type: "boolean", default: false },
  "no-build": { type: "boolean", default: false },
  moderation: { type: "boolean", default: false },
  "no-edge-cache": { type: "boolean", default: false },
});
const port = portNumber(USAGE, values.port);
const script = values.dev ? "npm run dev" : "npm start";
const portBusy = (state) => {
  console.error(portBusyMessage(port, state, `${script} -- --port ${port === 8787 ? 8788 : port + 1}`));
  process.exit(1);
};
// A busy port is said before the seed and the build, not after them as a stack trace from workerd or Vite.
const before = await portState(port);
if (before !== "free") portBusy(before);
if (values["no-build"] && !values.dev && !existsSync(join(ROOT, "dist", "startup_jobs", "wrangler.json"))) {
  console.error("--no-build serves the build in dist/, and there is none: run npm start without --no-build (it builds first).");
  process.exit(1);
}
const persist = resolve(ROOT, values.persist ?? ".wrangler/state");
// The pinned Node (node_modules/.bin) first on PATH for every child, however this script was started.
const { LOCAL_APP_URL: _appUrl, LOCAL_MODERATION: _moderation, ...inherited } = process.env;
const env = { ...inherited, PATH: `${BIN}:${process.env.PATH ?? ""}`, PERSIST_DIR: persist, WRANGLER_SEND_METRICS: "false" };
// The local settings: the app URL follows --port, so every link in every e-mail points at this server, and
// --moderation. They reach the local server only, when it starts (Miniflare's vars for the served build; for the
// dev server, vite.config.ts hands LOCAL_APP_URL and LOCAL_MODERATION to the worker). The build never sees them,
// so dist/ stays what wrangler.toml describes and a deploy never ships a localhost APP_URL (issue 21).
const appUrl = `http://localhost:${port}`;
const devEnv = { ...env, LOCAL_APP_URL: appUrl, ...(values.moderation ? { LOCAL_MODERATION: "on" } : {}) };

function run(cmd, args) {
  const res = spawnSync(join(BIN, cmd), args, { cwd: ROOT, env, stdio: "inherit" });
  if (res.status !== 0) process.exit(res.status ?? 1);
}

// Local secrets (.dev.vars, git-ignored): a random JWT_SECRET, made once, and the deployment's other required secrets
// declared empty (worker/cli/devVars.mjs). Production sets its own with `wrangler secret put`.
for (const line of ensureDevVars(join(ROOT, ".dev.vars"))) console.log(line);

if (!values["no-seed"]) {
  console.log(`Local state: ${persist}`);
  run("tsx", ["worker/cli/seed.ts", "--if-empty", "--persist-to", persist]);
}
if (!values.dev && !values["no-build"]) run("vite", ["build", "--logLevel", "warn"]);

if (values.dev) {
  console.log(`\nStarting the dev server on http://localhost:${port}: Vite says when it is ready.\n`);
  const server = spawn(join(BIN, "vite"), ["--port", String(port)], { cwd: ROOT, env: devEnv, stdio: "inherit" });
  const stop = () => server.kill("SIGTERM");
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  server.on("exit", (code) => process.exit(code ?? 0));
} else {
  // The build, served by workerd itself (worker/cli/serve.mjs): no proxy in front, responses compressed as at the edge.
  // Something may have taken the port during the build: said the same way.
  const server = await serve({
    port,
    host: "localhost",
    persist,
    vars: { APP_URL: appUrl, ...(values.moderation ? { MODERATION: "on" } : {}), ...(values["no-edge-cache"] ? { EDGE_CACHE: "off" } : {}) },
  }).catch((error) => (error?.code === "ERR_ADDRESS_IN_USE" ? portBusy("EADDRINUSE") : Promise.reject(error)));
  console.log(`\nServing on http://localhost:${port}\n`);
  const stop = () => server.dispose().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
