// Issue 21, item 2: `npm run deploy` (worker/cli/deploy.mjs) refuses before any remote change when what it would
// deploy is not deployable (a local APP_URL, placeholder D1 or KV ids, a required secret not set), says every
// reason, and checks the secrets before the remote migrations. wrangler is a stand-in that records its calls.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { after, describe, it } from "node:test";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const dir = mkdtempSync(join(tmpdir(), "deploy-"));
after(() => rmSync(dir, { recursive: true, force: true }));

// The stand-in: appends each call's arguments to calls.log; `secret list` prints FAKE_SECRETS (or fails on "fail").
const fake = join(dir, "wrangler");
writeFileSync(
  fake,
  `#!/usr/bin/env node
const { appendFileSync } = require("node:fs");
appendFileSync(process.env.CALLS, JSON.stringify(process.argv.slice(2)) + "\\n");
if (process.argv[2] === "secret" && process.argv[3] === "list") {
  if (process.env.FAKE_SECRETS === "fail") { console.error("Authentication error [code: 10000]"); process.exit(1); }
  console.log(JSON.stringify(JSON.parse(process.env.FAKE_SECRETS).map((name) => ({ name, type: "secret_text" })), null, 2));
}
`,
);
chmodSync(fake, 0o755);

const REQUIRED = ["JWT_SECRET", "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "RESEND_API_KEY"];
const good = {
  name: "startup-jobs",
  vars: { APP_URL: "https://jobs.example.com", SUPPORT_EMAIL: "support@example.com" },
  secrets: { required: REQUIRED },
  d1_databases: [{ binding: "DB", database_name: "startup-jobs", database_id: "6f1c2a8e-4b7d-4e21-9a3c-0d5e8f7b1c22", migrations_dir: "../../migrations" }],
  kv_namespaces: [{ binding: "DEDUPE", id: "a3f9c1d2e4b5467890abcdef12345678" }],
};

let n = 0;
function deploy(config, { secrets = REQUIRED, args = [] } = {}) {
  n += 1;
  const configPath = join(dir, `wrangler-${n}.json`);
  const calls = join(dir, `calls-${n}.log`);
  writeFileSync(configPath, JSON.stringify(config));
  const res = spawnSync(process.execPath, ["worker/cli/deploy.mjs", "--no-build", "--config", configPath, ...args], {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, WRANGLER: fake, CALLS: calls, FAKE_SECRETS: secrets === "fail" ? "fail" : JSON.stringify(secrets) },
  });
  const made = existsSync(calls)
    ? readFileSync(calls, "utf8")
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l))
    : [];
  return { status: res.status, output: res.stdout + res.stderr, calls: made.map((a) => a.slice(0, 2).join(" ")) };
}

describe("npm run deploy refuses what is not deployable, before anything remote", () => {
  it("a localhost APP_URL: refused, wrangler never called", () => {
    const r = deploy({ ...good, vars: { ...good.vars, APP_URL: "http://localhost:8920" } });
    assert.equal(r.status, 1);
    assert.match(r.output, /not deployed, nothing remote was changed/);
    assert.match(r.output, /APP_URL is http:\/\/localhost:8920, a local address/);
    assert.deepEqual(r.calls, []);
  });
  it("placeholder D1 and KV ids, and a local APP_URL: every reason at once, wrangler never called", () => {
    const r = deploy({
      ...good,
      vars: { APP_URL: "http://127.0.0.1:8787" },
      d1_databases: [{ ...good.d1_databases[0], database_id: "00000000-0000-0000-0000-000000000000" }],
      kv_namespaces: [{ binding: "DEDUPE", id: "00000000000000000000000000000000" }],
    });
    assert.equal(r.status, 1);
    assert.match(r.output, /APP_URL is http:\/\/127\.0\.0\.1:8787, a local address/);
    assert.match(r.output, /D1 database DB has the placeholder id 00000000-0000-0000-0000-000000000000: npx wrangler d1 create startup-jobs/);
    assert.match(r.output, /KV namespace DEDUPE has the placeholder id 0{32}: npx wrangler kv namespace create DEDUPE/);
    assert.deepEqual(r.calls, []);
  });
  it("a required secret that is not set: refused after listing the secrets, before the remote migrations", () => {
    const r = deploy(good, { secrets: ["JWT_SECRET", "STRIPE_SECRET_KEY", "RESEND_API_KEY"] });
    assert.equal(r.status, 1);
    assert.match(r.output, /the secret STRIPE_WEBHOOK_SECRET is not set: npx wrangler secret put STRIPE_WEBHOOK_SECRET/);
    assert.doesNotMatch(r.output, /JWT_SECRET is not set/);
    assert.deepEqual(r.calls, ["secret list"]);
  });
  it("secrets that cannot be listed (not logged in): refused, nothing changed", () => {
    const r = deploy(good, { secrets: "fail" });
    assert.equal(r.status, 1);
    assert.match(r.output, /could not list the worker's secrets.*Authentication error/);
    assert.deepEqual(r.calls, ["secret list"]);
  });
  it("the benchmark's build is never deployed", () => {
    const r = deploy({ ...good, vars: { ...good.vars, BENCH_ROUTES: "1" } });
    assert.equal(r.status, 1);
    assert.match(r.output, /BENCH_ROUTES is set/);
    assert.deepEqual(r.calls, []);
  });
  it("a deployable configuration: secrets checked, then the remote migrations, then wrangler deploy", () => {
    const r = deploy(good);
    assert.equal(r.status, 0, r.output);
    assert.deepEqual(r.calls, ["secret list", "d1 migrations", "deploy --config"]);
  });
  it("--dry-run checks everything and changes nothing remote", () => {
    const r = deploy(good, { args: ["--dry-run"] });
    assert.equal(r.status, 0, r.output);
    assert.deepEqual(r.calls, ["secret list"]);
    assert.match(r.output, /would run wrangler d1 migrations apply DB --remote/);
    assert.match(r.output, /would run wrangler deploy/);
  });
});
