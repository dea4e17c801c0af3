// npm run deploy: builds, checks that what it would deploy is deployable, and only then changes anything remote:
//   1. `vite build` (without the local server's settings: nothing local reaches dist/),
//   2. checks the built configuration (dist/startup_jobs/wrangler.json, what `wrangler deploy` ships) and says every
//      problem at once: APP_URL local or malformed, placeholder D1 or KV ids, a bench-only var,
//   3. checks that every secret wrangler.toml requires ([secrets] required) is set on the worker (`wrangler secret
//      list`, a read),
//   4. applies the D1 migrations to the remote database, 5. `wrangler deploy`.
// So the schema never moves ahead of code that could not be deployed. Nothing remote changes before step 4.
// Options: --dry-run (steps 1 to 3, then prints steps 4 and 5 instead of running them), --no-build (check the
// build already in dist/), --config FILE (the built configuration to check; default dist/startup_jobs/wrangler.json).
// WRANGLER=path runs another wrangler (the tests give a stand-in that records its calls: test/cli/deploy.test.mjs).
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { cliOptions } from "./options.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const BIN = join(ROOT, "node_modules", ".bin");

const LOCAL_HOST = /^(?:localhost|127\.\d+\.\d+\.\d+|\[::1\]|0\.0\.0\.0|.+\.localhost)$/i;
/** An id made only of zeros (wrangler.toml's placeholders) or left empty. */
const placeholderId = (id) => typeof id !== "string" || !id.trim() || /^[0-]+$/.test(id.trim());

/** Every reason the built configuration cannot be deployed; empty when it can. */
function configurationProblems(config) {
  const problems = [];
  const appUrl = config.vars?.APP_URL;
  let url;
  try {
    url = new URL(appUrl);
  } catch {
    // reported below
  }
  if (!url || !/^https?:$/.test(url.protocol) || url.pathname.replace(/\/+$/, "") !== "") {
    problems.push(`APP_URL must be the public origin (https://your.domain) in wrangler.toml [vars]; it is ${appUrl === undefined ? "unset" : JSON.stringify(appUrl)}`);
  } else if (LOCAL_HOST.test(url.hostname)) {
    problems.push(`APP_URL is ${appUrl}, a local address: set the public origin (https://your.domain) in wrangler.toml [vars]`);
  }
  for (const db of config.d1_databases ?? []) {
    if (placeholderId(db.database_id))
      problems.push(
        `D1 database ${db.binding} has the placeholder id ${db.database_id ?? "(none)"}: npx wrangler d1 create ${db.database_name ?? "startup-jobs"}, then put its database_id in wrangler.toml`,
      );
  }
  for (const kv of config.kv_namespaces ?? []) {
    if (placeholderId(kv.id)) problems.push(`KV namespace ${kv.binding} has the placeholder id ${kv.id ?? "(none)"}: npx wrangler kv namespace create ${kv.binding}, then put its id in wrangler.toml`);
  }
  if (config.vars?.BENCH_ROUTES) problems.push("BENCH_ROUTES is set: this is the benchmark's build, never a deployment's (npm run deploy builds its own)");
  return problems;
}

/** The required secrets that are not set on the worker, or the reason they could not be listed. */
function missingSecrets(required, listed) {
  const have = new Set(listed.map((s) => s.name));
  return required.filter((name) => !have.has(name));
}

function main() {
  const values = cliOptions(
    `Usage: npm run deploy [-- options]
  Builds, checks the build, the secrets and the configuration, applies the D1 migrations remotely, then deploys.
  --dry-run      build and check, then print the remote steps instead of running them
  --no-build     check the build already in dist/
  --config FILE  the built configuration to check; default dist/startup_jobs/wrangler.json
  -h, --help     this text`,
    {
      "dry-run": { type: "boolean", default: false },
      "no-build": { type: "boolean", default: false },
      config: { type: "string" },
    },
  );
  const wrangler = process.env.WRANGLER ?? join(BIN, "wrangler");
  const { LOCAL_APP_URL: _appUrl, LOCAL_MODERATION: _moderation, ...inherited } = process.env;
  const env = { ...inherited, PATH: `${BIN}:${process.env.PATH ?? ""}`, WRANGLER_SEND_METRICS: "false" };
  const refuse = (problems) => {
    console.error(`npm run deploy: not deployed, nothing remote was changed:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    process.exit(1);
  };

  if (!values["no-build"]) {
    const build = spawnSync(join(BIN, "vite"), ["build", "--logLevel", "warn"], { cwd: ROOT, env, stdio: "inherit" });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const configPath = resolve(ROOT, values.config ?? "dist/startup_jobs/wrangler.json");
  if (!existsSync(configPath)) refuse([`${relative(ROOT, configPath)} is missing: build first (vite build)`]);
  const config = JSON.parse(readFileSync(configPath, "utf8"));
  const problems = configurationProblems(config);
  if (problems.length) refuse(problems);

  // The secrets, before anything remote changes: `wrangler deploy` checks them too, but only after the migrations.
  const required = config.secrets?.required ?? [];
  if (required.length) {
    const list = spawnSync(wrangler, ["secret", "list", "--format", "json", "--config", configPath], { cwd: ROOT, env, encoding: "utf8" });
    let listed;
    try {
      if (list.status !== 0) throw new Error();
      listed = JSON.parse(list.stdout.slice(list.stdout.indexOf("[")));
    } catch {
      refuse([`could not list the worker's secrets (wrangler secret list answered ${list.status}): ${(list.stderr || list.stdout || "").trim().split("\n").slice(-3).join(" ")}`]);
    }
    const missing = missingSecrets(required, listed);
    if (missing.length) refuse(missing.map((name) => `the secret ${name} is not set: npx wrangler secret put ${name}`));
  }

  const steps = [
    ["d1", "migrations", "apply", "DB", "--remote", "--config", configPath],
    ["deploy", "--config", configPath],
  ];
  for (const args of steps) {
    if (values["dry-run"]) {
      console.log(`dry run: would run wrangler ${args.join(" ")}`);
      continue;
    }
    const res = spawnSync(wrangler, args, { cwd: ROOT, env, stdio: "inherit" });
    if (res.status !== 0) process.exit(res.status ?? 1);
  }
  console.log(values["dry-run"] ? "dry run: the configuration is deployable and every required secret is set" : "Deployed.");
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
