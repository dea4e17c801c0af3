// vite.config.ts imports its own modules with their file extensions: without them Vite warns, at every `npm run dev`
// and build, that the config uses features its native config loader (the coming default) does not support.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { it } from "node:test";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

it("vite.config.ts names every relative import with its extension", () => {
  const source = readFileSync(join(ROOT, "vite.config.ts"), "utf8");
  const relative = [...source.matchAll(/^import [^;]*? from "(\.{1,2}\/[^"]+)";/gm)].map((m) => m[1]);
  assert.ok(relative.length >= 2, "vite.config.ts imports its messages plugin and the Arabic faces");
  assert.deepEqual(
    relative.filter((p) => !/\.(?:[cm]?[jt]sx?|json)$/.test(p)),
    [],
  );
});
