// npm run seed                         demo data (about 60 jobs and the demo companies), once
// npm run seed -- --jobs N             N generated jobs (deterministic), e.g. 100000 for benchmarks
// npm run seed -- --file jobs.json     import a JSON array of jobs in the API's job shape
// Options: --persist-to DIR (local state folder), --remote (the deployed D1), --reset (remove all jobs first)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { JobInput } from "../jobs/derive";
import { importJobsScript } from "../jobs/publish";
import { DELETE_ALL_JOBS_SQL, UNREAD_SALARIES_ALL_SQL, salaryBackfillSql } from "../jobs/store";
import { validateImport } from "../jobs/importSchema";
import { ARABIC_COMPANY, COMPANIES } from "./catalogue";
import { demoJobs, generatedJobs } from "./jobs-data";
import { cliOptions } from "./options.mjs";
import { sqlLiteral } from "./sql";
import { ROOT, applyMigrations, executeFile, query } from "./wrangler";
import type { Target } from "./wrangler";

const USAGE = `Usage: npm run seed [-- options]
  With no option, the demo data (about 60 jobs and the demo companies) into the local D1.
  --jobs N          N generated jobs (deterministic), e.g. 100000 for benchmarks
  --file FILE       import a JSON array of jobs (the API's job shape, or as the original app stored them)
  --demo            the demo data (the default when neither --jobs nor --file is given)
  --if-empty        only when the database has no jobs yet (npm start uses it)
  --reset           remove all jobs first
  --persist-to DIR  the local state folder; default .wrangler/state
  --remote          the deployed D1 instead of the local one
  -h, --help        this text`;
const values = cliOptions(USAGE, {
  jobs: { type: "string" },
  file: { type: "string" },
  demo: { type: "boolean", default: false },
  "if-empty": { type: "boolean", default: false },
  reset: { type: "boolean", default: false },
  remote: { type: "boolean", default: false },
  "persist-to": { type: "string" },
});

const target: Target = { remote: values.remote, persistTo: values["persist-to"] ? resolve(values["persist-to"]) : undefined };
const now = Date.now();

/** The companies with a company page: the English demo companies (with their bundled logos) and the Arabic one. */
const PAGE_COMPANIES = [...COMPANIES.filter((c) => c.page).map((c) => ({ ...c, logo: `/logos/${c.id}.svg` })), { ...ARABIC_COMPANY, logo: "" }];

function companiesSql(): string[] {
  return PAGE_COMPANIES.map(
    (c) =>
      `INSERT INTO companies (id, company, logo, tagline, website, stage) VALUES (${[c.id, c.name, c.logo, c.tagline, c.website, c.stage].map(sqlLiteral).join(", ")}) ` +
      `ON CONFLICT (id) DO UPDATE SET company = excluded.company, logo = excluded.logo, tagline = excluded.tagline, website = excluded.website, stage = excluded.stage;`,
  );
}

/**
 * Bulk loads skip the per-row insert triggers (full-text index and data version), then rebuild the
 * index once and bump the version: about 3x faster at 100,000 jobs. The trigger definitions are read
 * from the migration that created them, so they cannot drift; the whole file runs as one transaction.
 */
function bulkWrappers(): { before: string[]; after: string[] } {
  // The full-text triggers as the migrations last defined them (jobs_fts over the folded search columns, 0012;
  // jobs_head_fts over search_head, 0027a), and the data version's.
  const files = ["0012_arabic_search.sql", "0027a_head_fts.sql", "0001_search.sql"];
  const migration = files.map((f) => readFileSync(resolve(ROOT, "migrations", f), "utf8")).join("\n");
  const names = ["jobs_fts_ai", "jobs_head_fts_ai", "jobs_version_ai"];
  const creates = names.map((name) => {
    const m = new RegExp(`CREATE TRIGGER \`${name}\`[\\s\\S]*?END;`).exec(migration);
    if (!m) throw new Error(`Trigger ${name} not found in migrations/${files.join(", ")}`);
    return m[0];
  });
  return {
    before: names.map((n) => `DROP TRIGGER IF EXISTS ${n};`),
    after: [
      "INSERT INTO jobs_fts(jobs_fts) VALUES('rebuild');",
      "INSERT INTO jobs_head_fts(jobs_head_fts) VALUES('rebuild');",
      "UPDATE data_versions SET version = version + 1 WHERE name = 'jobs';",
      ...creates,
    ],
  };
}

function write(inputs: JobInput[], mode: "ignore" | "strict", extra: string[] = []): void {
  // Demo and generated jobs have fixed ids, so seeding twice adds nothing; an import must be exact.
  const { count, statements, refreshGroups } = importJobsScript(inputs, mode, now);
  const dir = mkdtempSync(join(tmpdir(), "seed-"));
  const file = join(dir, "seed.sql");
  const pre = values.reset ? [DELETE_ALL_JOBS_SQL, "DELETE FROM job_stats;"] : [];
  const bulk = count >= 1000 ? bulkWrappers() : { before: [], after: [] };
  writeFileSync(file, [...pre, ...extra, ...bulk.before, ...statements, ...bulk.after, refreshGroups].join("\n"));
  try {
    executeFile(target, file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Rows written before the keys read in JavaScript (structured salaries, migrations/0020a_structured_salary.sql; the
 * salary and company sort keys, 0025a_sort_keys.sql) get them, once.
 */
function backfillSalaries(): void {
  const rows = query<{ seq: number; salary: string; company: string }>(target, UNREAD_SALARIES_ALL_SQL);
  if (!rows.length) return;
  const dir = mkdtempSync(join(tmpdir(), "seed-"));
  const file = join(dir, "salaries.sql");
  writeFileSync(file, salaryBackfillSql(rows).join("\n"));
  try {
    executeFile(target, file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`Read the salaries and sort keys of ${rows.length} existing jobs.`);
}

/** What the command line asks for, read and checked before the database is touched: bad input changes nothing. */
function request(): { kind: "file"; jobs: JobInput[] } | { kind: "generated"; n: number } | { kind: "demo" } {
  if (values.file) {
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(resolve(values.file), "utf8"));
    } catch (e) {
      console.error(`Cannot read ${values.file}: ${(e as Error).message}`);
      process.exit(1);
    }
    const result = validateImport(data, now);
    if (!result.ok) {
      console.error(`Nothing imported: ${result.errors.length} invalid row(s).`);
      for (const e of result.errors) console.error(e.index < 0 ? `  ${e.reason}` : `  row ${e.index}: ${e.reason}`);
      process.exit(1);
    }
    return { kind: "file", jobs: result.jobs };
  }
  if (values.jobs !== undefined) {
    const n = Number(values.jobs);
    if (!Number.isInteger(n) || n < 1 || n > 1_000_000) {
      console.error("--jobs takes a whole number from 1 to 1,000,000");
      process.exit(1);
    }
    return { kind: "generated", n };
  }
  return { kind: "demo" };
}

function main(): void {
  const started = performance.now();
  const asked = request();
  applyMigrations(target);
  backfillSalaries();
  if (values["if-empty"]) {
    const [row] = query<{ n: number }>(target, "SELECT count(*) AS n FROM jobs");
    if ((row?.n ?? 0) > 0) {
      console.log(`Database already has ${row!.n} jobs; not seeding.`);
      return;
    }
  }
  if (asked.kind === "file") {
    try {
      write(asked.jobs, "strict");
    } catch (e) {
      console.error(`Nothing imported: the database refused the rows (an id may already exist).\n${(e as Error).message}`);
      process.exit(1);
    }
    console.log(`Imported ${asked.jobs.length} jobs in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    return;
  }
  if (asked.kind === "generated") {
    write(generatedJobs(asked.n, now), "ignore");
    console.log(`Seeded ${asked.n} generated jobs in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    return;
  }
  write(demoJobs(now), "ignore", companiesSql());
  console.log(`Seeded the demo data (${demoJobs(now).length} jobs, ${PAGE_COMPANIES.length} companies).`);
}

main();
