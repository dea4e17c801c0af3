// npm run soak: the served build (`npm start`: workerd through Miniflare, no proxy) under the traffic that reset
// keep-alive connections (issue 21). Exits non-zero on any failure. Four phases, all with keep-alive clients:
//   1. connections: a request whose body the route never reads (a view beacon, a repost without a session, an
//      unknown path) on a raw socket, then a second request on the same socket: the server must keep it open;
//   2. bursts: rounds of 20 simultaneous view beacons (bodies `{}` and the malformed `{"a":`), 10 simultaneous reposts,
//      then 20 simultaneous GET / on the same pool, with gaps of 0.3 to 3 s (and a few over the server's 5 s
//      idle timeout): every request answered;
//   3. malformed: --malformed requests with bad bodies to routes that read them and routes that do not, 10 at a time;
//   4. sequence: --requests requests one at a time (/api/health, /api/jobs, /, the main script): every answer the
//      worker's (or the built file's bytes), compressed, with no resend.
// workerd's process is watched throughout: an exit or a restart is a failure. --busy N keeps N extra CPU-bound
// processes running meanwhile, as a loaded machine would (the browser suite or other servers beside it).
// Options: --requests 10000 --rounds 12 --malformed 2000 --busy 0, --no-build (serve the build already in dist/). BASE_URL=… soaks a running server instead
// (then workerd is not watched). About 3 minutes here with the defaults.
import { execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { connect } from "node:net";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { cliOptions } from "../../worker/cli/options.mjs";
import { startApp } from "./app.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const values = cliOptions(
  `Usage: npm run soak [-- options]     (BASE_URL=… soaks a running server; SOAK_PORT sets the port, default 8798)
  --requests 10000   requests of the last phase, one at a time
  --rounds 12        rounds of bursts
  --malformed 2000   malformed requests
  --busy 0           CPU-bound processes kept running meanwhile
  --no-build         serve the build already in dist/
  -h, --help         this text`,
  {
    requests: { type: "string", default: "10000" },
    rounds: { type: "string", default: "12" },
    malformed: { type: "string", default: "2000" },
    busy: { type: "string", default: "0" },
    "no-build": { type: "boolean", default: false },
  },
);
const PORT = Number(process.env.SOAK_PORT ?? 8798);

const sha = (buf) => createHash("sha256").update(buf).digest("hex");
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const failures = {};
const fail = (kind, detail) => {
  failures[kind] = (failures[kind] ?? 0) + 1;
  if (failures[kind] <= 5) console.error(`  ${kind}: ${detail}`);
};
const why = (e) => e?.cause?.code ?? e?.code ?? e?.message ?? String(e);

/** The workerd processes in the process group `pid` leads (the server's), from ps. */
function workerdPids(pid) {
  try {
    return execFileSync("ps", ["-o", "pid=,args=", "-g", String(pid)], { encoding: "utf8" })
      .split("\n")
      .filter((l) => /\bworkerd\b.*\bserve\b/.test(l))
      .map((l) => Number(l.trim().split(/\s+/)[0]));
  } catch {
    return [];
  }
}

/** Sends raw HTTP/1.1 requests on one socket, one after the other; resolves with each status line, or the error that ended it. */
function onOneSocket(base, requests) {
  const { hostname, port } = new URL(base);
  return new Promise((ok) => {
    const socket = connect(Number(port), hostname === "localhost" ? "127.0.0.1" : hostname);
    const statuses = [];
    let buffer = "";
    let closedEarly = null;
    const next = () => {
      const r = requests[statuses.length];
      if (!r) return socket.end();
      const body = r.body ?? "";
      socket.write(
        `${r.method} ${r.path} HTTP/1.1\r\nHost: ${hostname}\r\nUser-Agent: Mozilla/5.0 (soak)\r\nOrigin: ${base}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    };
    socket.on("data", (d) => {
      buffer += d.toString("latin1");
      for (;;) {
        const end = buffer.indexOf("\r\n\r\n");
        if (end < 0) return;
        const head = buffer.slice(0, end);
        const length = Number(/content-length: *(\d+)/i.exec(head)?.[1] ?? 0);
        if (buffer.length < end + 4 + length) return;
        statuses.push(head.split("\r\n")[0]);
        buffer = buffer.slice(end + 4 + length);
        // Wait a moment, as a client between two requests does: a server that closes after the answer shows it now.
        setTimeout(next, 50);
      }
    });
    socket.on("end", () => (closedEarly ??= statuses.length < requests.length ? "closed by the server" : null));
    socket.on("error", (e) => (closedEarly ??= e.code));
    socket.on("close", () => ok({ statuses, closedEarly }));
    next();
  });
}

const busy = Array.from({ length: Number(values.busy) }, () => spawn(process.execPath, ["-e", "for(;;){}"], { stdio: "ignore" }));
const app = await startApp(PORT, "soak", { build: !values["no-build"] });
const watched = app.pid ? workerdPids(app.pid) : [];
if (app.pid && !watched.length) fail("workerd", "no workerd process found under the server");
const watchdog = setInterval(() => {
  if (!app.pid) return;
  const now = workerdPids(app.pid);
  if (now.join() !== watched.join()) {
    fail("workerd exited or restarted", `workerd ${watched.join(",")} → ${now.join(",") || "none"}`);
    watched.splice(0, watched.length, ...now);
  }
}, 500);
try {
  const base = app.base;
  const { jobs } = await (await fetch(`${base}/api/jobs?limit=5`)).json();
  const id = jobs[0]?.id ?? crypto.randomUUID();

  console.log("1. connections after an unread body");
  const unread = [
    { method: "POST", path: `/api/jobs/${id}/view`, body: '{"a":' },
    { method: "POST", path: `/api/jobs/${id}/view`, body: "{}" },
    { method: "POST", path: `/api/dashboard/jobs/${id}/repost`, body: "{}" },
    { method: "POST", path: "/api/nope", body: '{"a":1}' },
    { method: "POST", path: "/api/contact", body: '{"a":' },
  ];
  for (const r of unread) {
    const { statuses, closedEarly } = await onOneSocket(base, [r, { method: "GET", path: "/api/health" }]);
    if (closedEarly || statuses.length < 2) fail("connection closed after an unread body", `${r.method} ${r.path} ${JSON.stringify(r.body)}: ${statuses.join(" / ")} then ${closedEarly}`);
    else console.log(`  ${r.method} ${r.path}: ${statuses[0]}, then ${statuses[1]} on the same connection`);
  }

  console.log(`2. bursts: ${values.rounds} rounds of 20 view beacons, 10 reposts and 20 GET /, keep-alive`);
  const tally = {};
  const settle = async (label, promises) => {
    for (const r of await Promise.allSettled(promises)) {
      const key = r.status === "fulfilled" ? `${label} ${r.value}` : `${label} ${why(r.reason)}`;
      tally[key] = (tally[key] ?? 0) + 1;
      if (r.status === "rejected") fail("no answer in a burst", `${label}: ${why(r.reason)}`);
      else if (r.value >= 500) fail("5xx in a burst", `${label}: ${r.value}`);
    }
  };
  const answer = (p) => p.then(async (res) => (await res.arrayBuffer(), res.status));
  const post = (path, body) => answer(fetch(base + path, { method: "POST", headers: { "content-type": "application/json", "user-agent": "Mozilla/5.0 (soak)", origin: base }, body }));
  for (let round = 0; round < Number(values.rounds); round++) {
    await settle(
      "view",
      Array.from({ length: 20 }, (_, i) => post(`/api/jobs/${jobs[i % jobs.length]?.id ?? id}/view`, i % 2 ? '{"a":' : "{}")),
    );
    await settle(
      "repost",
      Array.from({ length: 10 }, () => post(`/api/dashboard/jobs/${id}/repost`, "{}")),
    );
    await settle(
      "GET /",
      Array.from({ length: 20 }, () => answer(fetch(`${base}/`))),
    );
    // Mostly short gaps; every fourth round waits past workerd's 5 s idle timeout for kept-alive connections.
    await sleep(round % 4 === 3 ? 5_500 + Math.random() * 1_000 : 300 + Math.random() * 2_700);
  }
  console.log(`  ${JSON.stringify(tally)}`);

  const malformedTotal = Number(values.malformed);
  console.log(`3. malformed: ${malformedTotal} requests, 10 at a time`);
  const bad = [
    () => post(`/api/jobs/${id}/view`, '{"a":'),
    () => post("/api/contact", '{"name": "x", "email": '),
    () => post("/api/auth/sign-in", "not json"),
    () => post("/api/alerts", '{"email": 42}'),
    () => post(`/api/dashboard/jobs/${id}/repost`, '{"a":'),
    () => answer(fetch(`${base}/api/uploads/logo`, { method: "POST", headers: { origin: base, "content-type": "text/plain" }, body: "x".repeat(3000) })),
    () => answer(fetch(`${base}/api/jobs?limit=abc&sort=nope`)),
  ];
  let sent = 0;
  const mtally = {};
  await Promise.all(
    Array.from({ length: 10 }, async () => {
      while (sent < malformedTotal) {
        const n = sent++;
        try {
          const status = await bad[n % bad.length]();
          mtally[status] = (mtally[status] ?? 0) + 1;
          if (status >= 500) fail("5xx to a malformed request", `#${n}: ${status}`);
        } catch (e) {
          mtally[why(e)] = (mtally[why(e)] ?? 0) + 1;
          fail("no answer to a malformed request", `#${n}: ${why(e)}`);
        }
      }
    }),
  );
  console.log(`  statuses ${JSON.stringify(mtally)}`);

  const total = Number(values.requests);
  console.log(`4. sequence: ${total} requests one at a time`);
  const html = await (await fetch(`${base}/`)).text();
  const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (!script) throw new Error("no /assets/*.js script in the home page");
  const built = sha(readFileSync(join(ROOT, "dist/client", script)));
  const paths = ["/api/health", "/api/jobs", "/", script];
  const byPath = Object.fromEntries(paths.map((p) => [p, { n: 0, encodings: {} }]));
  const t0 = performance.now();
  for (let i = 0; i < total; i++) {
    const path = paths[i % paths.length];
    let res;
    let body;
    try {
      res = await fetch(base + path, { headers: { "accept-encoding": "br, gzip" } });
      body = Buffer.from(await res.arrayBuffer());
    } catch (e) {
      fail("no answer in the sequence", `#${i} ${path}: ${why(e)}`);
      continue;
    }
    const enc = res.headers.get("content-encoding") ?? "identity";
    byPath[path].n++;
    byPath[path].encodings[enc] = (byPath[path].encodings[enc] ?? 0) + 1;
    if (res.status !== 200) fail(`status ${res.status}`, `#${i} ${path}: ${body.toString("utf8", 0, 200)}`);
    else if (path === script) {
      if (sha(body) !== built) fail("wrong bytes", `#${i} ${path}: not the built file's bytes`);
    } else if (!res.headers.get("x-request-id")) fail("not the worker's answer", `#${i} ${path}: no X-Request-Id: ${body.toString("utf8", 0, 200)}`);
    if (enc === "identity" && path !== "/api/health") fail("not compressed", `#${i} ${path}`);
  }
  const seconds = (performance.now() - t0) / 1000;
  console.log(`  ${total} requests in ${seconds.toFixed(1)} s (${(total / seconds).toFixed(0)}/s), no resends`);
  for (const [p, s] of Object.entries(byPath)) console.log(`  ${p}: ${s.n} answers, Content-Encoding ${JSON.stringify(s.encodings)}`);
} catch (e) {
  fail("soak error", e.stack ?? String(e));
} finally {
  clearInterval(watchdog);
  app.stop();
  for (const b of busy) b.kill("SIGKILL");
}
if (app.pid) console.log(`workerd ${watched.join(",")}: no exit or restart seen${failures["workerd exited or restarted"] ? " (but see above)" : ""}`);
const count = Object.values(failures).reduce((a, b) => a + b, 0);
console.log(count ? `FAILED: ${JSON.stringify(failures)}` : "OK: every request answered, no reset, no workerd restart");
process.exit(count ? 1 : 0);
