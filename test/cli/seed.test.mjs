// npm run seed --file: the real CLI against a throwaway local D1. Imports report invalid rows by index and
// write nothing; valid imports land. (Generated jobs: seed-generated.test.mjs.)
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "node:test";
import { count, env, job, ROOT, seed, state, VISIBLE } from "./local-d1.mjs";

test("an import with invalid rows reports each by index and writes nothing", () => {
  const file = join(state, "bad.json");
  writeFileSync(file, JSON.stringify([job(), job({ title: "" }), job(), job({ type: "gig" }), job({ website: "javascript:alert(1)" })]));
  const res = seed("--file", file);
  assert.equal(res.status, 1);
  assert.match(res.stderr, /Nothing imported: 3 invalid row\(s\)\./);
  assert.match(res.stderr, /row 1: title: title is required/);
  assert.match(res.stderr, /row 3: type: type must be one of/);
  assert.match(res.stderr, /row 4: website: must be an http\(s\) URL/);
  // Checked before the database is touched: there is not even a database yet.
  assert.equal(existsSync(join(state, "v3", "d1")), false);
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

test("local migrations go in as wrangler applies them: one row each in d1_migrations, and wrangler finds none to apply", () => {
  const files = readdirSync(join(ROOT, "migrations")).filter((f) => f.endsWith(".sql"));
  assert.equal(count("SELECT count(*) AS n FROM d1_migrations"), files.length);
  assert.equal(count(`SELECT count(*) AS n FROM d1_migrations WHERE name IN (${files.map((f) => `'${f}'`).join(", ")})`), files.length);
  const listed = spawnSync(join(ROOT, "node_modules/.bin/wrangler"), ["d1", "migrations", "list", "DB", "--local", "--persist-to", state], { cwd: ROOT, encoding: "utf8", env });
  assert.equal(listed.status, 0, listed.stderr);
  assert.match(listed.stdout, /No migrations to apply/);
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

test("the import takes the original app's jobs as they are: published false, deleted_at, is_duplicate, expires_at and any-case types", () => {
  const file = join(state, "original.json");
  const soon = new Date(Date.now() + 2 * 86_400_000).toISOString();
  const past = new Date(Date.now() - 86_400_000).toISOString();
  writeFileSync(
    file,
    JSON.stringify([
      job({ title: "Original Live", type: "Full-time", published: true, expires_at: soon, clerk_user_id: "user_2x", views: 3 }),
      job({ title: "Original Draft", published: false }),
      job({ title: "Original Deleted", published: true, deleted_at: past }),
      job({ title: "Original Duplicate", published: true, is_duplicate: true }),
      job({ title: "Original Expired", published: true, created_at: new Date(Date.now() - 40 * 86_400_000).toISOString(), expires_at: past }),
    ]),
  );
  const res = seed("--file", file);
  assert.equal(res.status, 0, res.stderr);
  assert.equal(count("SELECT count(*) AS n FROM jobs WHERE title LIKE 'Original %'"), 5);
  assert.equal(count(`SELECT count(*) AS n FROM jobs WHERE title LIKE 'Original %' AND ${VISIBLE}`), 1, "only the live job is visible");
  assert.equal(count(`SELECT count(*) AS n FROM jobs WHERE title = 'Original Live' AND type = 'full-time' AND type_key = 'full-time' AND expires_at = ${Date.parse(soon)}`), 1);
  assert.equal(count("SELECT count(*) AS n FROM jobs WHERE title = 'Original Draft' AND published = 0"), 1);
  assert.equal(count("SELECT count(*) AS n FROM jobs WHERE title = 'Original Duplicate' AND is_duplicate = 1 AND published = 0"), 1);
});

test("a field the import does not know is reported by row, and nothing is written", () => {
  const file = join(state, "unknown.json");
  writeFileSync(file, JSON.stringify([job({ title: "Unknown Field A" }), job({ title: "Unknown Field B", salary_max: 150000 })]));
  const res = seed("--file", file);
  assert.equal(res.status, 1);
  assert.match(res.stderr, /row 1: unknown field "salary_max"/);
  assert.equal(count("SELECT count(*) AS n FROM jobs WHERE title LIKE 'Unknown Field%'"), 0);
});
