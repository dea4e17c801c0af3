// npm run seed (--jobs N): the real CLI against a throwaway local D1. Generated jobs land, visible and
// searchable; seeding twice adds nothing.
import assert from "node:assert/strict";
import { test } from "node:test";
import { count, seed, VISIBLE } from "./local-d1.mjs";

test("generated jobs are deterministic and searchable; seeding twice adds nothing", () => {
  assert.equal(seed("--jobs", "1200").status, 0);
  assert.equal(seed("--jobs", "1200").status, 0);
  assert.equal(count("SELECT count(*) AS n FROM jobs WHERE source = 'seed'"), 1200);
  // The bulk path (1,000+ rows) rebuilds the full-text index and restores its triggers.
  assert.equal(count("SELECT count(*) AS n FROM jobs_fts WHERE jobs_fts MATCH '\"engineer\"'") > 0, true);
  assert.equal(count("SELECT count(*) AS n FROM sqlite_master WHERE type = 'trigger' AND name IN ('jobs_fts_ai', 'jobs_head_fts_ai', 'jobs_version_ai')"), 3);
  // …and the head's (issue 25, decision 0703): every job whose title, company, location, tags or category holds the word.
  const headEngineers = count("SELECT count(*) AS n FROM jobs WHERE search_head LIKE '%engineer%'");
  assert.ok(headEngineers > 0);
  assert.equal(count("SELECT count(*) AS n FROM jobs_head_fts WHERE jobs_head_fts MATCH '\"engineer\"'"), headEngineers);
  // The tag index (job_tags, issue 27) holds every job's tags, each once, and no row of a job that is not there.
  assert.equal(count("SELECT count(*) AS n FROM job_tags"), count("SELECT count(*) AS n FROM (SELECT DISTINCT lower(t.value), j.seq FROM jobs j, json_each(j.tags) t)"));
  assert.equal(count("SELECT count(*) AS n FROM job_tags WHERE job NOT IN (SELECT seq FROM jobs)"), 0);
  assert.equal(count("SELECT count(*) AS n FROM job_tags WHERE tag NOT IN (SELECT tag FROM job_tag_names)"), 0);
  assert.equal(seed("--jobs", "0").status, 1);
});

test("--jobs N makes N visible jobs: no accidental duplicate collapse", () => {
  assert.equal(seed("--jobs", "3000").status, 0);
  assert.equal(count(`SELECT count(*) AS n FROM jobs WHERE source = 'seed' AND ${VISIBLE}`), 3000);
  assert.equal(count("SELECT count(DISTINCT dedupe_key) AS n FROM jobs WHERE source = 'seed'"), 3000);
});

test("seed jobs have no duplicate tags ('HR, HR')", () => {
  assert.equal(seed().status, 0);
  assert.ok(count("SELECT count(*) AS n FROM jobs WHERE title = 'Talent Partner'") > 0, "the demo has an HR job");
  const dupes = "SELECT count(*) AS n FROM jobs j WHERE j.source = 'seed' AND EXISTS (SELECT 1 FROM json_each(j.tags) a, json_each(j.tags) b WHERE a.key < b.key AND lower(a.value) = lower(b.value))";
  assert.equal(count(dupes), 0);
});
