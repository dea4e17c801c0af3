// The npm scripts' command lines never answer with a stack trace: `--help` prints the usage, an unknown option or a
// bad value says what is wrong with the usage (exit 2), and `npm start` on a port already in use says so before it
// seeds or builds anything, with the command that would start it on another port (exit 1).
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const BIN = join(ROOT, "node_modules", ".bin");
const env = { ...process.env, PATH: `${BIN}:${process.env.PATH ?? ""}`, WRANGLER_SEND_METRICS: "false" };

const SCRIPTS = [
  ["npm start", [process.execPath, "worker/cli/start.mjs"]],
  ["npm run seed", [join(BIN, "tsx"), "worker/cli/seed.ts"]],
  ["npm run deploy", [process.execPath, "worker/cli/deploy.mjs"]],
  ["npm run bench", [process.execPath, "test/bench/bench.mjs"]],
  ["npm run soak", [process.execPath, "test/bench/soak.mjs"]],
  ["npm run lighthouse", [process.execPath, "test/bench/lighthouse.mjs"]],
  ["worker/cli/serve.mjs", [process.execPath, "worker/cli/serve.mjs"]],
];

const run = ([cmd, ...args], more) => spawnSync(cmd, [...args, ...more], { cwd: ROOT, env, encoding: "utf8", timeout: 60_000 });
const noStack = (text) => assert.doesNotMatch(text, /^\s+at .+:\d+:\d+\)?$/m, `a stack trace:\n${text}`);

describe("the npm scripts' command lines", () => {
  for (const [name, command] of SCRIPTS) {
    it(`${name} -- --help prints its usage and exits 0`, () => {
      const res = run(command, ["--help"]);
      assert.equal(res.status, 0, res.stderr);
      assert.match(res.stdout, /^Usage: /);
      noStack(res.stderr);
    });
    it(`${name} -- --bogus says the option is unknown, with the usage, and exits 2`, () => {
      const res = run(command, ["--bogus"]);
      assert.equal(res.status, 2, res.stderr);
      assert.match(res.stderr, /^Unknown option '--bogus'/);
      assert.match(res.stderr, /\nUsage: /);
      noStack(res.stderr);
    });
  }

  it("npm start -- --port with a value that is not a port says so and exits 2", () => {
    for (const bad of ["abc", "0", "99999", "80.5"]) {
      const res = run(SCRIPTS[0][1], ["--port", bad, "--no-build", "--no-seed"]);
      assert.equal(res.status, 2, `${bad}: ${res.stderr}`);
      assert.match(res.stderr, new RegExp(`^--port must be a port number from 1 to 65535, not '${bad.replace(".", "\\.")}'`));
      noStack(res.stderr);
    }
  });

  it("npm start -- --no-build with no build in dist/ says so, before seeding, and exits 1", async () => {
    const probe = createServer();
    await new Promise((ok) => probe.listen(0, "127.0.0.1", ok));
    const { port } = probe.address();
    await new Promise((ok) => probe.close(ok));
    const dist = mkdtempSync(join(tmpdir(), "no-dist-"));
    // The check reads ROOT/dist: a copy of the script one folder down from an empty root has none.
    const root = join(dist, "root");
    cpSync(join(ROOT, "worker", "cli"), join(root, "worker", "cli"), { recursive: true });
    symlinkSync(join(ROOT, "node_modules"), join(root, "node_modules"));
    try {
      const res = spawnSync(process.execPath, [join(root, "worker/cli/start.mjs"), "--no-build", "--port", String(port), "--persist", join(dist, "state")], {
        cwd: root,
        env,
        encoding: "utf8",
        timeout: 60_000,
      });
      assert.equal(res.status, 1, res.stderr);
      assert.equal(res.stderr.trim(), "--no-build serves the build in dist/, and there is none: run npm start without --no-build (it builds first).");
      assert.doesNotMatch(res.stdout, /Local state/);
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });

  describe("a port already in use", () => {
    const persist = mkdtempSync(join(tmpdir(), "busy-port-"));
    const busy = createServer();
    before(() => new Promise((ok) => busy.listen(0, "127.0.0.1", ok)));
    after(() => {
      busy.close();
      rmSync(persist, { recursive: true, force: true });
    });

    it("npm start and npm run dev say so before seeding or building, with the command for the next port, and exit 1", async () => {
      const { port } = busy.address();
      for (const [flags, script] of [
        [[], "npm start"],
        [["--dev"], "npm run dev"],
      ]) {
        // Asynchronously: this process holds the port, and must keep answering on it.
        const res = await new Promise((ok) => {
          const child = spawn(process.execPath, ["worker/cli/start.mjs", "--port", String(port), "--persist", persist, ...flags], { cwd: ROOT, env });
          let stdout = "";
          let stderr = "";
          child.stdout.on("data", (d) => (stdout += d));
          child.stderr.on("data", (d) => (stderr += d));
          child.on("exit", (status) => ok({ status, stdout, stderr }));
        });
        assert.equal(res.status, 1, res.stderr);
        assert.equal(res.stderr.trim(), `Port ${port} cannot be used: something is already listening there (another npm start?). Stop it, or choose another port: ${script} -- --port ${port + 1}`);
        assert.doesNotMatch(res.stdout, /Local state|vite|Serving/, "nothing was seeded, built or served");
      }
    });

    it("npm run test:browser says which of its ports is in use before building or seeding, runs no spec and keeps the last run's screenshots", async () => {
      const { port } = busy.address();
      const kept = join(ROOT, "test-results", "screenshots", `kept-${process.pid}.txt`);
      mkdirSync(dirname(kept), { recursive: true });
      writeFileSync(kept, "a screenshot of the last run");
      const res = await new Promise((ok) => {
        const child = spawn(process.execPath, ["test/browser/run.mjs", "--no-build", "public"], { cwd: ROOT, env: { ...env, BROWSER_PORT: String(port - 1), BROWSER_WORKERS: "1" } });
        let out = "";
        child.stdout.on("data", (d) => (out += d));
        child.stderr.on("data", (d) => (out += d));
        child.on("exit", (status) => ok({ status, out }));
      });
      assert.equal(res.status, 1, res.out);
      assert.match(res.out, new RegExp(`^Port ${port} cannot be used: something is already listening there`, "m"));
      assert.match(res.out, new RegExp(`BROWSER_PORT=${port + 99} npm run test:browser \\(the apps take ports ${port + 99} to ${port + 100}\\)`));
      assert.doesNotMatch(res.out, /seeded|ready in/);
      assert.match(res.out, /^0 passed, 1 failed/m);
      assert.ok(existsSync(kept), "the last run's screenshots are still there");
      rmSync(kept);
    });
  });
});
