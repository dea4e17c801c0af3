// npm run seed: the real CLI against a throwaway local D1. Imports report invalid rows by index and
// write nothing; valid imports and generated jobs land; seeding twice adds nothing.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { after, test } from "node:test";

const ROOT = resolve(import.meta.dirname, "../..");
const state = mkdtempSync(join(tmpdir(), "seed-test-"));
after(() => rmSync(state, { recursive: true, force: true }));

const env = { ...process.env, PATH: `${join(ROOT, "node_modules/.bin")}:${process.env.PATH ?? ""}`, CI: "true" };

function seed(...args) {
  return spawnSync(join(ROOT, "node_modules/.bin/tsx"), ["worker/cli/seed.ts", "--persist-to", state, ...args], { cwd: ROOT, encoding: "utf8", env });
}

function count(sql) {
  const res = spawnSync(join(ROOT, "node_modules/.bin/wrangler"), ["d1", "execute", "DB", "--local", "--persist-to", state, "--command", sql, "--json"], { cwd: ROOT, encoding: "utf8", env });
  return JSON.parse(res.stdout.slice(res.stdout.indexOf("[")))[0].results[0].n;
}

const job = (over = {}) => ({ title: "Import Engineer", company: "Acme", description: "<p>Builds things</p>", location: "Remote", tags: ["Go"], ...over });

test("an import with invalid rows reports each by index and writes nothing", () => {
  const file = join(state, "bad.json");
  writeFileSync(file, JSON.stringify([job(), job({ title: "" }), job(), job({ type: "gig" }), job({ website: "javascript:alert(1)" })]));
  const res = seed("--file", file);
  assert.equal(res.status, 1);
  assert.match(res.stderr, /Nothing imported: 3 invalid row\(s\)\./);
  assert.match(res.stderr, /row 1: title: title is required/);
  assert.match(res.stderr, /row 3: type: type must be one of/);
  assert.match(res.stderr, /row 4: website: must be an http\(s\) URL/);
  assert.equal(count("SELECT count(*) AS n FROM jobs"), 0);
});

test("a valid import lands every row, sanitised", () => {
  const file = join(state, "good.json");
  writeFileSync(file, JSON.stringify([job({ title: "Imported One", description: '<p onclick="x()">Hi</p><script>alert(1)</script>' }), job({ title: "Imported Two" })]));
  const res = seed("--file", file);
  assert.equal(res.status, 0, res.stderr);
  assert.match(res.stdout, /Imported 2 jobs/);
  assert.equal(count("SELECT count(*) AS n FROM jobs WHERE title LIKE 'Imported%'"), 2);
  assert.equal(count("SELECT count(*) AS n FROM jobs WHERE description LIKE '%script%' OR description LIKE '%onclick%'"), 0);
});

test("a file that is not JSON or not an array is refused", () => {
  const file = join(state, "notjson.json");
  writeFileSync(file, "{ nope");
  assert.equal(seed("--file", file).status, 1);
  writeFileSync(file, JSON.stringify({ jobs: [] }));
  const res = seed("--file", file);
  assert.equal(res.status, 1);
  assert.match(res.stderr, /JSON array/);
});

test("generated jobs are deterministic and searchable; seeding twice adds nothing", () => {
  assert.equal(seed("--jobs", "1200").status, 0);
  assert.equal(seed("--jobs", "1200").status, 0);
  assert.equal(count("SELECT count(*) AS n FROM jobs WHERE source = 'seed'"), 1200);
  // The bulk path (1,000+ rows) rebuilds the full-text index and restores its triggers.
  assert.equal(count("SELECT count(*) AS n FROM jobs_fts WHERE jobs_fts MATCH '\"engineer\"'") > 0, true);
  assert.equal(count("SELECT count(*) AS n FROM sqlite_master WHERE type = 'trigger' AND name IN ('jobs_fts_ai', 'jobs_version_ai')"), 2);
  assert.equal(seed("--jobs", "0").status, 1);
});
