// The server render's cost (issue 24): how long the worker takes to answer `/` when the edge cache does not have it,
// and how much of that is React rendering the first screen.
//
//  - HTTP: 100 uncached GETs of `/` (each with a query of its own, so each misses the edge cache and reads D1 and
//    renders), one after the other, against the app as `npm start` serves it (workerd, local D1), beside 100 of
//    `/api/health` (no database, no render) as the floor. Wall time at the client: workerd does not let a worker see
//    its own CPU time (its clock only moves on I/O), so this is the closest local figure.
//  - CPU: the same render (web/serverRender.tsx's renderApp, with `/`'s real first page from the app) 100 times in
//    Node, the V8 that workerd also runs, with React's production builds, timed with process.cpuUsage().
//
// Prints the medians and writes them to docs/performance.md (section `server-render`). RENDER_PORT sets the
// app's port (default 8797); BASE_URL measures a running server instead.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startApp } from "./app.mjs";
import { writePerfSection } from "./perfdoc.mjs";
import { precompiledMessages } from "../../vite.messages.ts";

// React's production builds, as the worker runs them (the development builds check and warn, several times slower).
process.env.NODE_ENV = "production";
const { createServer } = await import("vite");

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const RUNS = 100;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p90 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)];

async function timed(url) {
  const start = performance.now();
  const res = await fetch(url);
  const body = await res.text();
  const ms = performance.now() - start;
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return { ms, body, cache: res.headers.get("X-Cache") };
}

const app = await startApp(Number(process.env.RENDER_PORT ?? 8797), "render");
let vite;
try {
  // Warm the isolate and the render chunk first: a cold start is not what a busy page sees.
  for (let i = 0; i < 5; i++) await timed(`${app.base}/?warm=${i}`);
  const page = [];
  const health = [];
  for (let i = 0; i < RUNS; i++) {
    const r = await timed(`${app.base}/?bench=${Date.now()}-${i}`);
    if (!r.body.includes('class="job-card')) throw new Error("/ came without its rendered cards");
    if (r.cache === "HIT") throw new Error("/ came from the edge cache");
    page.push(r.ms);
    health.push((await timed(`${app.base}/api/health?bench=${i}`)).ms);
  }
  const listing = await (await fetch(`${app.base}/api/jobs`)).json();

  vite = await createServer({
    root: path.join(ROOT, "web"),
    configFile: false,
    logLevel: "error",
    appType: "custom",
    mode: "production",
    server: { middlewareMode: true, hmr: false },
    plugins: [precompiledMessages()],
    resolve: { alias: [{ find: /^@rules\/(.*)$/, replacement: path.join(ROOT, "worker/rules/$1") }] },
  });
  const { renderApp } = await vite.ssrLoadModule("/serverRender.tsx");
  const input = { locale: "en", url: "/", data: { "first-page": { query: "", listing } } };
  for (let i = 0; i < 10; i++) renderApp(input);
  const cpu = [];
  let html = "";
  for (let i = 0; i < RUNS; i++) {
    const before = process.cpuUsage();
    html = renderApp(input);
    const used = process.cpuUsage(before);
    cpu.push((used.user + used.system) / 1000);
  }
  const cards = (html.match(/<article class="job-card /g) ?? []).length;
  const lines = [
    `\`/\` with ${listing.jobs.length} jobs and ${listing.pinned.length} pinned (${cards} cards rendered), ${RUNS} requests each, one after the other.`,
    "",
    "| measure | p50 ms | p90 ms |",
    "|---|---:|---:|",
    `| GET \`/\` uncached (edge cache miss: D1 read + React render + HTML), wall time | ${median(page).toFixed(1)} | ${p90(page).toFixed(1)} |`,
    `| GET \`/api/health\` (no D1, no render), wall time: the floor | ${median(health).toFixed(1)} | ${p90(health).toFixed(1)} |`,
    `| React render of \`/\` alone (renderApp), CPU time in Node's V8 | ${median(cpu).toFixed(1)} | ${p90(cpu).toFixed(1)} |`,
  ];
  console.log(lines.join("\n"));
  console.log(`\nwritten to ${writePerfSection("server-render", "Server render of / (issue 24)", lines.join("\n"))}`);
} finally {
  await vite?.close();
  app.stop();
}
