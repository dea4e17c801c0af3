// vite.config.ts and test/vitest.config.ts import their own modules with their file extensions: without them Vite warns,
// at every `npm run dev`, build and test run, that the config uses features its native config loader (the coming
// default) does not support.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { it } from "node:test";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

for (const [file, least] of [
  ["vite.config.ts", 2],
  ["test/vitest.config.ts", 1],
]) {
  it(`${file} names every relative import with its extension`, () => {
    const source = readFileSync(join(ROOT, file), "utf8");
    const relative = [...source.matchAll(/^import [^;]*? from "(\.{1,2}\/[^"]+)";/gm)].map((m) => m[1]);
    assert.ok(relative.length >= least, `${file} imports the messages plugin`);
    assert.deepEqual(
      relative.filter((p) => !/\.(?:[cm]?[jt]sx?|json)$/.test(p)),
      [],
    );
  });
}
