/// <reference types="vite/client" />
// Checks over the worker's source (README, Decisions: "One path for every write"):
//  - the jobs store (worker/jobs/store.ts) is the only module that writes the `jobs` table;
//  - publishing a job is one step (worker/jobs/publish.ts): the already-posted conflict is written once;
//  - SQL lives in store modules: no `.prepare(` outside them anywhere in worker/;
//  - every D1 table has one module that writes it.
import { describe, expect, it } from "vitest";

// Every worker source file's text (Vite's glob import; the tests run where there is no file system).
const sources = import.meta.glob("../../worker/**/*.ts", { query: "?raw", import: "default", eager: true }) as Record<string, string>;
const files = Object.entries(sources).map(([path, text]) => ({ path: path.replace("../../", ""), text }));

/** Comments removed, so a comment that mentions a statement is not taken for one. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
}

/** A write to `jobs` (not jobs_fts or other tables whose names start with jobs), as SQL or through drizzle's builder. */
const JOBS_WRITE = [
  /\bINSERT\s+(?:OR\s+\w+\s+)?INTO\s+["`]?jobs["`]?(?![\w])/i,
  /\bREPLACE\s+INTO\s+["`]?jobs["`]?(?![\w])/i,
  /\bUPDATE\s+(?:OR\s+\w+\s+)?["`]?jobs["`]?\s+SET\b/i,
  /\bDELETE\s+FROM\s+["`]?jobs["`]?(?![\w])/i,
  /\.(?:insert|update|delete)\(\s*jobs\s*\)/,
];

const JOBS_STORE = "worker/jobs/store.ts";

/**
 * The Spotlight company's Durable Object keeps its own SQLite table that is also named `jobs` (the
 * object's storage, not D1); it may write that table, and it may not reach D1 at all (checked below).
 */
const OWN_STORAGE = new Set(["worker/spotlight/SpotlightCompany.ts"]);

function jobsWriters(list: { path: string; text: string }[]): string[] {
  return list.filter((f) => f.path !== JOBS_STORE && !OWN_STORAGE.has(f.path) && JOBS_WRITE.some((re) => re.test(code(f.text)))).map((f) => f.path);
}

describe("the single writer of jobs", () => {
  it("finds the worker's source files", () => {
    expect(files.length).toBeGreaterThan(50);
    expect(sources[`../../${JOBS_STORE}`]).toBeDefined();
  });

  it("no module other than the jobs store writes to jobs", () => {
    expect(jobsWriters(files)).toEqual([]);
  });

  it("the check catches a write outside the store, in every form", () => {
    const writes = [
      'db.prepare("UPDATE jobs SET published = 0 WHERE id = ?")',
      "db.prepare(`INSERT INTO jobs (id) VALUES (?)`)",
      'db.prepare("INSERT OR IGNORE INTO jobs (id) VALUES (?)")',
      'db.prepare("DELETE FROM jobs WHERE id = ?")',
      'db.prepare("REPLACE INTO jobs (id) VALUES (?)")',
      "drizzle(d1).insert(jobs).values(row)",
      "drizzle(d1).update(jobs).set(row)",
      "drizzle(d1).delete(jobs)",
    ];
    for (const w of writes) expect(jobsWriters([{ path: "worker/dashboard/routes.ts", text: w }]), w).toEqual(["worker/dashboard/routes.ts"]);
    // Not writes to jobs: other tables, reads, comments.
    const others = ["\"INSERT INTO jobs_fts(jobs_fts) VALUES('rebuild')\"", '"UPDATE job_stats SET views = views + 1"', '"SELECT * FROM jobs"', "// UPDATE jobs SET published = 0"];
    for (const o of others) expect(jobsWriters([{ path: "worker/dashboard/routes.ts", text: o }]), o).toEqual([]);
  });

  it("the Durable Object that keeps its own jobs table never reaches D1", () => {
    for (const path of OWN_STORAGE) {
      const text = code(sources[`../../${path}`]!);
      expect(text).not.toMatch(/\.prepare\(|\bDB\b|drizzle/);
    }
  });
});

describe("one way to publish a job", () => {
  it("the already-posted conflict is written once, in worker/jobs/publish.ts", () => {
    const hits = files.filter((f) => f.text.includes("This job has already been posted.")).map((f) => f.path);
    expect(hits).toEqual(["worker/jobs/publish.ts"]);
  });

  it("orders are created in one place, the orders store", () => {
    const hits = files.filter((f) => /INSERT\s+INTO\s+orders\b/i.test(code(f.text))).map((f) => f.path);
    expect(hits).toEqual(["worker/orders/store.ts"]);
  });

  it("the bulk-discount line is built in one place", () => {
    const hits = files.filter((f) => f.text.includes("% bulk discount)")).map((f) => f.path);
    expect(hits).toEqual(["worker/orders/lineItems.ts"]);
  });
});

/** Store modules: the files that own SQL (README, Decisions). */
function isStoreModule(path: string): boolean {
  return (
    /\/store\.ts$|Store\.ts$/.test(path) ||
    // The existing single writers of their tables.
    path === "worker/credits/ledger.ts" ||
    path === "worker/analytics/count.ts" ||
    // The search store: FTS5 candidates, INDEXED BY plans and the Pinned strip's ring (README, "Search runs in D1").
    path === "worker/jobs/search.ts" ||
    path === "worker/jobs/pinned.ts" ||
    // The D1 session wrapper: it prepares what it is handed (to count it), and owns no SQL.
    path === "worker/db/session.ts"
  );
}

/** The folders held to "no SQL outside store modules"; widen to every folder of worker/ as they are moved. */

describe("SQL lives in store modules", () => {
  it("no .prepare( outside store modules anywhere in worker/", () => {
    const outside = files.filter((f) => f.path.startsWith("worker/") && !isStoreModule(f.path)).flatMap((f) => (code(f.text).match(/\.prepare\(/g) ?? []).map(() => f.path));
    expect(outside).toEqual([]);
  });
});

describe("every D1 table has one writer", () => {
  // The CLI seed renders SQL files for `wrangler d1 execute` (a local board's demo data, reset included);
  // the Spotlight Durable Object writes its own SQLite storage, not D1.
  const NOT_D1_WRITERS = ["worker/cli/seed.ts", "worker/spotlight/SpotlightCompany.ts"];
  it("each table written in worker/ is written by exactly one module", () => {
    const writers = new Map<string, Set<string>>();
    for (const f of files) {
      if (!f.path.startsWith("worker/") || NOT_D1_WRITERS.includes(f.path)) continue;
      for (const m of code(f.text).matchAll(/\b(?:INSERT(?:\s+OR\s+\w+)?\s+INTO|UPDATE|DELETE\s+FROM|REPLACE\s+INTO)\s+"?(\w+)"?/g)) {
        const table = m[1]!;
        if (table === "SET") continue; // ON CONFLICT … DO UPDATE SET
        writers.set(table, (writers.get(table) ?? new Set()).add(f.path));
      }
    }
    const shared = [...writers].filter(([, paths]) => paths.size > 1).map(([table, paths]) => `${table}: ${[...paths].join(", ")}`);
    expect(shared).toEqual([]);
    expect(writers.size).toBeGreaterThan(20); // the check sees the tables at all
  });
});
