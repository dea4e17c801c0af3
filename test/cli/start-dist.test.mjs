// Issue 21, item 2: `npm start -- --port N --moderation` gives the local server its local settings (APP_URL
// http://localhost:N, MODERATION=on) when it starts, and never writes them into dist/, the build a plain
// `wrangler deploy` would ship.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { after, describe, it } from "node:test";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

const freePort = () =>
  new Promise((ok) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });

function* filesUnder(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

describe("npm start keeps its local settings out of dist/", { timeout: 240_000 }, () => {
  const persist = mkdtempSync(join(tmpdir(), "start-dist-"));
  let child;
  after(() => {
    if (child && child.exitCode === null) process.kill(-child.pid, "SIGKILL");
    rmSync(persist, { recursive: true, force: true });
  });

  it("serves with APP_URL http://localhost:N and MODERATION=on, and no file under dist/ names either", async () => {
    const port = await freePort();
    // As a parent shell might have it: the dev server's variables must not reach the build either.
    const env = { ...process.env, LOCAL_APP_URL: `http://localhost:${port}`, LOCAL_MODERATION: "on" };
    child = spawn(process.execPath, ["worker/cli/start.mjs", "--port", String(port), "--persist", persist, "--no-seed", "--moderation"], {
      cwd: ROOT,
      env,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    await new Promise((ok, fail) => {
      const timer = setInterval(() => {
        if (output.includes("Serving on")) ok(clearInterval(timer));
        else if (child.exitCode !== null) fail(new Error(`npm start exited ${child.exitCode}:\n${output}`), clearInterval(timer));
      }, 200);
    });
    // The server has them: robots.txt names the sitemap under APP_URL.
    const robots = await (await fetch(`http://localhost:${port}/robots.txt`)).text();
    assert.match(robots, new RegExp(`http://localhost:${port}/sitemap`));
    // The build does not.
    const config = JSON.parse(readFileSync(join(ROOT, "dist/startup_jobs/wrangler.json"), "utf8"));
    assert.equal(config.vars.MODERATION, undefined);
    assert.doesNotMatch(String(config.vars.APP_URL), new RegExp(`:${port}\\b`));
    for (const file of filesUnder(join(ROOT, "dist"))) {
      if (file.endsWith(".map")) continue;
      assert.ok(!readFileSync(file, "latin1").includes(`localhost:${port}`), `${file} names localhost:${port}`);
    }
    process.kill(-child.pid, "SIGTERM");
    await new Promise((ok) => (child.exitCode === null ? child.once("exit", ok) : ok()));
  });
});
