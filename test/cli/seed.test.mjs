// npm run seed: the real CLI against a throwaway local D1. Imports report invalid rows by index and
// write nothing; valid imports and generated jobs land; seeding twice adds nothing.
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { after, test } from "node:test";

const ROOT = resolve(import.meta.dirname, "../..");
const state = mkdtempSync(join(tmpdir(), "seed-test-"));
after(() => rmSync(state, { recursive: true, force: true }));

const env = { ...process.env, PATH: `${join(ROOT, "node_modules/.bin")}:${process.env.PATH ?? ""}`, CI: "true" };

function seed(...args) {
  return spawnSync(join(ROOT, "node_modules/.bin/tsx"), ["worker/cli/seed.ts", "--persist-to", state, ...args], { cwd: ROOT, encoding: "utf8", env });
}

/**
 * One number from the local D1 database the CLI wrote, read from its SQLite file directly (the CLI has exited,
 * so nothing else has it open): a `wrangler d1 execute` per count cost about 1.5 s of the CI machine (issue 21).
 */
function count(sql) {
  const dir = join(state, "v3", "d1", "miniflare-D1DatabaseObject");
  const [file] = readdirSync(dir).filter((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  const db = new DatabaseSync(join(dir, file), { readOnly: true });
  try {
    return db.prepare(sql).get().n;
  } finally {
    db.close();
  }
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

test("generated jobs are deterministic and searchable; seeding twice adds nothing", () => {
  assert.equal(seed("--jobs", "1200").status, 0);
  assert.equal(seed("--jobs", "1200").status, 0);
  assert.equal(count("SELECT count(*) AS n FROM jobs WHERE source = 'seed'"), 1200);
  // The bulk path (1,000+ rows) rebuilds the full-text index and restores its triggers.
  assert.equal(count("SELECT count(*) AS n FROM jobs_fts WHERE jobs_fts MATCH '\"engineer\"'") > 0, true);
  assert.equal(count("SELECT count(*) AS n FROM sqlite_master WHERE type = 'trigger' AND name IN ('jobs_fts_ai', 'jobs_version_ai')"), 2);
  // The tag index (job_tags, issue 27) holds every job's tags, each once, and no row of a job that is not there.
  assert.equal(count("SELECT count(*) AS n FROM job_tags"), count("SELECT count(*) AS n FROM (SELECT DISTINCT lower(t.value), j.seq FROM jobs j, json_each(j.tags) t)"));
  assert.equal(count("SELECT count(*) AS n FROM job_tags WHERE job NOT IN (SELECT seq FROM jobs)"), 0);
  assert.equal(count("SELECT count(*) AS n FROM job_tags WHERE tag NOT IN (SELECT tag FROM job_tag_names)"), 0);
  assert.equal(seed("--jobs", "0").status, 1);
});

/** Rows a visitor can see: published, not deleted, not expired, not collapsed into a newer duplicate. */
const VISIBLE =
  "published = 1 AND deleted_at IS NULL AND expires_at > CAST(strftime('%s','now') AS INTEGER) * 1000 AND (newer_dup_until IS NULL OR newer_dup_until <= CAST(strftime('%s','now') AS INTEGER) * 1000)";

test("--jobs N makes N visible jobs: no accidental duplicate collapse", () => {
  assert.equal(seed("--jobs", "3000").status, 0);
  assert.equal(count(`SELECT count(*) AS n FROM jobs WHERE source = 'seed' AND ${VISIBLE}`), 3000);
  assert.equal(count("SELECT count(DISTINCT dedupe_key) AS n FROM jobs WHERE source = 'seed'"), 3000);
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

test("seed jobs have no duplicate tags ('HR, HR')", () => {
  assert.equal(seed().status, 0);
  assert.ok(count("SELECT count(*) AS n FROM jobs WHERE title = 'Talent Partner'") > 0, "the demo has an HR job");
  const dupes = "SELECT count(*) AS n FROM jobs j WHERE j.source = 'seed' AND EXISTS (SELECT 1 FROM json_each(j.tags) a, json_each(j.tags) b WHERE a.key < b.key AND lower(a.value) = lower(b.value))";
  assert.equal(count(dupes), 0);
});
