// The first-load size check (test/size/size.mjs): it passes a build under the budget and fails one over it,
// naming the files and the top contributors. The fixtures are tiny builds written to a temporary folder.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { after, describe, it } from "node:test";
import { fileURLToPath } from "node:url";

const SCRIPT = resolve(dirname(fileURLToPath(import.meta.url)), "../size/size.mjs");
const made = [];
after(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** Random bytes as text: gzip cannot shrink them much, so `bytes` of it gzip to about 3/4 of that. */
const incompressible = (bytes) =>
  randomBytes(Math.ceil((bytes * 3) / 4))
    .toString("base64")
    .slice(0, bytes);

/**
 * A build: index.html loads the entry, which imports a vendor chunk statically and lazy screens dynamically,
 * and one catalogue chunk per locale that the page loads before rendering, which index.html preloads, each
 * marked with its locale, and a lazy screen preloaded for another page (data-page; the worker keeps a page's own).
 */
function fixture({ vendorBytes, screenBytes = 200_000 }) {
  const dist = mkdtempSync(join(tmpdir(), "size-"));
  made.push(dist);
  mkdirSync(join(dist, "client/assets"), { recursive: true });
  writeFileSync(
    join(dist, "client/index.html"),
    `<!doctype html><html><head><script type="module" crossorigin src="/assets/index.js"></script>
<link rel="stylesheet" crossorigin href="/assets/index.css"><link rel="icon" href="/favicon.ico">
<link rel="modulepreload" crossorigin href="/assets/ar.js" data-locale="ar"><link rel="modulepreload" crossorigin href="/assets/en.js" data-locale="en">
<link rel="modulepreload" crossorigin href="/assets/Screen.js" data-page="job"></head><body></body></html>`,
  );
  const files = {
    "index.js": incompressible(10_000),
    "vendor.js": incompressible(vendorBytes),
    "index.css": incompressible(2_000),
    "Screen.js": incompressible(screenBytes),
    "en.js": incompressible(3_000),
    "ar.js": incompressible(4_000),
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dist, "client/assets", name), text);
  const chunk = (facade, modules, more = {}) => ({ name: facade, isEntry: false, facade, imports: [], dynamicImports: [], css: [], modules, ...more });
  writeFileSync(
    join(dist, "client-chunks.json"),
    JSON.stringify({
      "assets/index.js": chunk(
        "web/index.html",
        { "web/main.tsx": 10_000 },
        {
          isEntry: true,
          imports: ["assets/vendor.js"],
          dynamicImports: ["assets/Screen.js", "assets/en.js", "assets/ar.js"],
          css: ["assets/index.css"],
        },
      ),
      "assets/vendor.js": chunk(null, { "node_modules/big-library/index.js": vendorBytes }),
      "assets/Screen.js": chunk("web/screens/Screen.tsx", { "web/screens/Screen.tsx": screenBytes }),
      "assets/en.js": chunk("web/messages/listing-en.ts", { "worker/rules/locales/en/public.json?ast": 3_000 }),
      "assets/ar.js": chunk("web/messages/listing-ar.ts", { "worker/rules/locales/ar/public.json?ast": 4_000 }),
    }),
  );
  return dist;
}

const run = (dist, extra = []) => spawnSync(process.execPath, [SCRIPT, "--dist", dist, ...extra], { encoding: "utf8" });

describe("the size check", () => {
  it("passes a first load under the budget, counting the page's catalogue and not the lazy screens", () => {
    const result = run(fixture({ vendorBytes: 40_000 }));
    assert.equal(result.status, 0, result.stdout + result.stderr);
    assert.match(result.stdout, /assets\/vendor\.js/);
    assert.match(result.stdout, /assets\/index\.css/);
    assert.doesNotMatch(result.stdout, /Screen\.js/);
    // `/` loads the English catalogue only, `/ar` the Arabic one only.
    const [en, ar] = result.stdout.split("First load of /ar");
    assert.match(en, /assets\/en\.js/);
    assert.doesNotMatch(en, /assets\/ar\.js/);
    assert.match(ar, /assets\/ar\.js/);
    assert.doesNotMatch(ar, /assets\/en\.js/);
  });

  it("fails a first load of / over its 130 KB budget, or of /ar over 150 KB, and names the largest contributor", () => {
    const over = run(fixture({ vendorBytes: 180_000 }));
    assert.equal(over.status, 1, over.stdout + over.stderr);
    assert.match(over.stdout, /First load of \/ \(en\)[^\n]*budget 130\.0 KB \(133120 bytes\): OVER/);
    assert.match(over.stdout, /Top contributors[\s\S]*big-library/);
    assert.match(over.stderr, /over its budget/);
    const arOnly = run(fixture({ vendorBytes: 40_000 }), ["--budget-ar", "1000"]);
    assert.equal(arOnly.status, 1, arOnly.stdout + arOnly.stderr);
    assert.match(arOnly.stdout, /First load of \/ \(en\)[^\n]*: ok/);
    assert.match(arOnly.stdout, /First load of \/ar \(ar\)[^\n]*budget 1\.0 KB \(1000 bytes\): OVER/);
  });

  it("says so when there is no build", () => {
    const result = run(join(tmpdir(), "no-such-build"));
    assert.equal(result.status, 2);
    assert.match(result.stderr, /vite build/);
  });
});
