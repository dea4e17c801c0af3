// Serves a BUILT app (`vite build` output: <dist>/startup_jobs/wrangler.json, the worker and its assets) straight
// from workerd through Miniflare. workerd itself listens on the port: no Node proxy sits in the request path
// (vite preview's had one, which now and then answered with its own "fetch failed" page).
//
// As at the edge, text responses are compressed by Accept-Encoding (gzip or br): Miniflare's entry worker marks
// compressible content types (the list Cloudflare's front line compresses) with Content-Encoding, and workerd
// encodes the body. The same state folder as the Vite plugin and `wrangler --persist-to`: <persist>/v3/{d1,kv,r2,do}.
// Cron triggers are not run on a schedule (neither did vite preview); /cdn-cgi/handler/scheduled runs them once.
// Used by worker/cli/start.mjs (npm start) and test/bench/bench.mjs.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseEnv } from "node:util";
import { globSync } from "node:fs";
import { convertV4MiniflareOptions, Log, LogLevel, Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { cliOptions, portNumber } from "./options.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/**
 * Starts the built app on host:port and resolves once it answers.
 * @param {object} o
 * @param {string} [o.dist] the build output folder (default dist/)
 * @param {number} o.port
 * @param {string} [o.host] default 127.0.0.1
 * @param {string} o.persist the local state folder (as `--persist-to`; the state itself is in <persist>/v3)
 * @param {Record<string, string>} [o.vars] vars laid over wrangler.json's and .dev.vars (e.g. APP_URL, MODERATION)
 * @param {boolean} [o.quiet] only errors in the output
 * @returns {Promise<{ url: string, dispose: () => Promise<void> }>}
 */
export async function serve({ dist = join(ROOT, "dist"), port, host = "127.0.0.1", persist, vars = {}, quiet = false }) {
  const configPath = join(dist, "startup_jobs", "wrangler.json");
  if (!existsSync(configPath)) throw new Error(`${relative(ROOT, configPath)} is missing: build first (vite build)`);
  // wrangler would warn that the secrets are missing from the build folder: they come from the root's .dev.vars below.
  const logLevel = process.env.WRANGLER_LOG;
  process.env.WRANGLER_LOG = "error";
  let workerOptions;
  let main;
  try {
    ({ workerOptions, main } = unstable_getMiniflareWorkerOptions(configPath));
  } finally {
    if (logLevel === undefined) delete process.env.WRANGLER_LOG;
    else process.env.WRANGLER_LOG = logLevel;
  }
  const { modulesRules = [], ...options } = workerOptions;
  // The entry module first, then every other module the build wrote (the resvg wasm, the fonts), typed by the rules.
  const rootPath = dirname(main);
  const entry = relative(rootPath, main);
  const modules = [
    { type: "ESModule", path: entry },
    ...modulesRules.flatMap(({ type, include }) =>
      globSync(include, { cwd: rootPath })
        .filter((p) => p !== entry)
        .map((p) => ({ type, path: p })),
    ),
  ];
  // Local secrets (.dev.vars at the root, written by start.mjs): read at start, so a build needs no rebuild for them.
  const devVarsFile = join(ROOT, ".dev.vars");
  const devVars = existsSync(devVarsFile) ? parseEnv(readFileSync(devVarsFile, "utf8")) : {};
  // Miniflare 5 takes a new option shape; wrangler (and the Vite plugin) still speak the v4 one and convert it.
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      host,
      port,
      log: new Log(quiet ? LogLevel.ERROR : LogLevel.WARN),
      // No network: the placeholder Request.cf instead of fetching workers.cloudflare.com/cf.json.
      cf: false,
      resourcePersistencePath: join(resolve(persist), "v3"),
      resourceTmpPath: join(ROOT, ".wrangler", "tmp"),
      unsafeTriggerHandlers: true,
      telemetry: { enabled: false },
      workers: [
        {
          ...options,
          name: typeof options.name === "string" ? options.name : "startup-jobs",
          rootPath,
          modules,
          bindings: { ...options.bindings, ...devVars, ...vars },
        },
      ],
    }),
  );
  const url = await mf.ready;
  return { url: url.href.replace(/\/$/, ""), dispose: () => mf.dispose() };
}

// `node worker/cli/serve.mjs --port N --persist DIR [--dist DIR] [--host H] [--var NAME=VALUE ...] [--quiet]`: the same
// server as a process of its own (the bench starts it so, and stops it by its process group).
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const usage = "Usage: node worker/cli/serve.mjs --port N --persist DIR [--dist DIR] [--host H] [--var NAME=VALUE ...] [--quiet]";
  const values = cliOptions(usage, {
    dist: { type: "string" },
    port: { type: "string", default: "8787" },
    host: { type: "string" },
    persist: { type: "string", default: join(ROOT, ".wrangler/state") },
    var: { type: "string", multiple: true, default: [] },
    quiet: { type: "boolean", default: false },
  });
  const vars = Object.fromEntries(values.var.map((v) => [v.slice(0, v.indexOf("=")), v.slice(v.indexOf("=") + 1)]));
  const server = await serve({ dist: values.dist && resolve(values.dist), port: portNumber(usage, values.port), host: values.host, persist: values.persist, vars, quiet: values.quiet });
  console.log(`Serving on ${server.url}`);
  const stop = () => server.dispose().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}
