import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { startApp } from "./app.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const { values } = parseArgs({ options: { requests: { type: "string", default: "10000" } } });
const TOTAL = Number(values.requests);
const PORT = Number(process.env.SOAK_PORT ?? 8798);

const sha = (buf) => createHash("sha256").update(buf).digest("hex");

const app = await startApp(PORT, "soak");
const failing = new Set();
const reasons = {};
const failed = (i, path, why, kind) => {
  failing.add(i);
  reasons[kind] = (reasons[kind] ?? 0) + 1;
  if (reasons[kind] <= 5) console.error(`#${i} ${path}: ${why}`);
};
try {
  // The script the home page loads, and its bytes as built.
  const html = await (await fetch(`${app.base}/`)).text();
  const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (!script) throw new Error("no /assets/*.js script in the home page");
  const built = sha(readFileSync(join(ROOT, "dist/client", script)));
  const paths = ["/api/health", "/api/jobs", "/", script];
  const byPath = Object.fromEntries(paths.map((p) => [p, { n: 0, encodings: {} }]));

  const t0 = performance.now();
  for (let i = 0; i < TOTAL; i++) {
    const path = paths[i % paths.length];
    let res;
    let body;
    try {
      res = await fetch(app.base + path, { headers: { "accept-encoding": "br, gzip" } });
      body = Buffer.from(await res.arrayBuffer());
    } catch (e) {
      failed(i, path, `no answer (${e.cause?.code ?? e.message})`, "no answer");
      continue;
    }
    const enc = res.headers.get("content-encoding") ?? "identity";
    byPath[path].n++;
    byPath[path].encodings[enc] = (byPath[path].encodings[enc] ?? 0) + 1;
    if (res.status !== 200) failed(i, path, `status ${res.status}: ${body.toString("utf8", 0, 200)}`, `status ${res.status}`);
    else if (path === script) {
      if (sha(body) !== built) failed(i, path, "not the built file's bytes", "wrong bytes");
    } else if (!res.headers.get("x-request-id")) failed(i, path, `no X-Request-Id (not the worker's answer): ${body.toString("utf8", 0, 200)}`, "not the worker's");
    if (enc === "identity" && path !== "/api/health") failed(i, path, "not compressed", "not compressed");
  }
  const seconds = (performance.now() - t0) / 1000;
  console.log(`${TOTAL} requests in ${seconds.toFixed(1)} s (${(TOTAL / seconds).toFixed(0)}/s), one at a time, no resends`);
  for (const [p, s] of Object.entries(byPath)) console.log(`  ${p}: ${s.n} answers, Content-Encoding ${JSON.stringify(s.encodings)}`);
  if (failing.size) console.log(`  failures: ${JSON.stringify(reasons)}`);
  console.log(failing.size ? `FAILED: ${failing.size} of ${TOTAL} were not the app's answer, compressed` : `OK: ${TOTAL} of ${TOTAL} answered by the app`);
} finally {
  app.stop();
}
process.exit(failing.size ? 1 : 0);
