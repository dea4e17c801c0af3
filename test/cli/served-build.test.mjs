// The build as `npm start` serves it (issue 21):
// - item 2: `npm start -- --port N --moderation` gives the local server its local settings (APP_URL
//   http://localhost:N, MODERATION=on) when it starts, and never writes them into dist/, the build a plain
//   `wrangler deploy` would ship;
// - item 1: the server keeps a keep-alive connection open after answering a request whose body the route never
//   read (workerd closed it without `Connection: close`, resetting the client's next request on it).
//   `npm run soak` (test/bench/soak.mjs) is the long version, with bursts, malformed requests and a loaded machine.
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { connect, createServer } from "node:net";
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

/** Two raw HTTP/1.1 requests on one socket, 50 ms apart: the status lines answered, and how the socket ended. */
function twoOnOneSocket(port, first) {
  return new Promise((ok) => {
    const socket = connect(port, "127.0.0.1");
    const requests = [first, "GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n"];
    const statuses = [];
    let buffer = "";
    let ended = "open";
    socket.on("data", (d) => {
      buffer += d.toString("latin1");
      for (;;) {
        const end = buffer.indexOf("\r\n\r\n");
        if (end < 0) return;
        const length = Number(/content-length: *(\d+)/i.exec(buffer.slice(0, end))?.[1] ?? 0);
        if (buffer.length < end + 4 + length) return;
        statuses.push(buffer.slice(0, buffer.indexOf("\r\n")));
        buffer = buffer.slice(end + 4 + length);
        if (statuses.length === requests.length) socket.end();
        else setTimeout(() => socket.write(requests[statuses.length]), 50);
      }
    });
    socket.on("end", () => (ended = statuses.length < requests.length ? "closed by the server" : "done"));
    socket.on("error", (e) => (ended = e.code));
    socket.on("close", () => ok({ statuses, ended }));
    socket.write(requests[0]);
  });
}

describe("the served build", { timeout: 240_000 }, () => {
  const persist = mkdtempSync(join(tmpdir(), "start-dist-"));
  let child;
  let port;
  after(() => {
    if (child && child.exitCode === null) process.kill(-child.pid, "SIGKILL");
    rmSync(persist, { recursive: true, force: true });
  });

  it("serves with APP_URL http://localhost:N and MODERATION=on, and no file under dist/ names either", async () => {
    port = await freePort();
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
  });

  it("keeps the connection alive after answers that leave the request body unread", async () => {
    assert.ok(child && child.exitCode === null, "the server of the first test is running");
    const post = (path, body) =>
      `POST ${path} HTTP/1.1\r\nHost: localhost\r\nUser-Agent: Mozilla/5.0 test\r\nOrigin: http://localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
    const id = "00000000-0000-4000-8001-000000000000";
    for (const request of [post(`/api/jobs/${id}/view`, '{"a":'), post(`/api/dashboard/jobs/${id}/repost`, "{}"), post("/api/nope", "{}")]) {
      const { statuses, ended } = await twoOnOneSocket(port, request);
      assert.equal(statuses.length, 2, `${request.split("\r\n")[0]}: answered ${statuses.join(", ")}, then the connection was ${ended}`);
      assert.match(statuses[1], /^HTTP\/1\.1 200/);
    }
    process.kill(-child.pid, "SIGTERM");
    await new Promise((ok) => (child.exitCode === null ? child.once("exit", ok) : ok()));
  });

  // Item 2 again, on the build the first test made (here rather than in deploy.test.mjs, so that file never reads
  // dist/ while this one rebuilds it: the CLI test files run two at a time).
  it("the repository's own wrangler.toml, as built, is refused by npm run deploy until its placeholders are replaced", () => {
    // A wrangler that only records that it was called: the refusal must come before anything remote.
    const wrangler = join(persist, "wrangler");
    const called = join(persist, "wrangler-called");
    writeFileSync(wrangler, `#!/bin/sh\necho "$@" >> "${called}"\n`);
    chmodSync(wrangler, 0o755);
    const r = spawnSync(process.execPath, ["worker/cli/deploy.mjs", "--no-build", "--config", join(ROOT, "dist/startup_jobs/wrangler.json")], {
      cwd: ROOT,
      encoding: "utf8",
      env: { ...process.env, WRANGLER: wrangler },
    });
    const output = r.stdout + r.stderr;
    assert.equal(r.status, 1, output);
    assert.match(output, /not deployed, nothing remote was changed/);
    assert.match(output, /APP_URL is http:\/\/localhost:\d+, a local address/);
    assert.match(output, /D1 database DB has the placeholder id/);
    assert.equal(existsSync(called), false, "wrangler was not called");
  });
});
