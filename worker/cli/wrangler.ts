// Runs wrangler from the project's node_modules against the local (or remote) D1 database.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const WRANGLER = join(ROOT, "node_modules", ".bin", "wrangler");

export interface Target {
  remote: boolean;
  persistTo?: string;
}

function targetArgs(t: Target): string[] {
  if (t.remote) return ["--remote"];
  return ["--local", ...(t.persistTo ? ["--persist-to", t.persistTo] : [])];
}

export function wrangler(args: string[], opts: { quiet?: boolean } = {}): string {
  const res = spawnSync(WRANGLER, args, {
    cwd: ROOT,
    encoding: "utf8",
    // The pinned Node (node_modules/.bin) first, however this script was started.
    env: { ...process.env, PATH: `${join(ROOT, "node_modules", ".bin")}:${process.env.PATH ?? ""}`, CI: "true", WRANGLER_SEND_METRICS: "false" },
    maxBuffer: 1024 * 1024 * 256,
  });
  if (res.status !== 0) {
    throw new Error(`wrangler ${args.slice(0, 3).join(" ")} failed:\n${res.stderr || res.stdout}`);
  }
  if (!opts.quiet && res.stderr.trim()) process.stderr.write("");
  return res.stdout;
}

/**
 * Applies the migrations not applied yet. Remote, `wrangler d1 migrations apply` does it. Local, the same SQL with the
 * same bookkeeping (wrangler's d1_migrations table: each migration followed by the row naming it, as wrangler writes
 * it), but every pending migration in one `d1 execute --file`: wrangler starts a local runtime per migration (about
 * 0.45 s each, 14 s for a fresh database), which the first `npm start`, every seed and the tests' seeded states paid.
 * `wrangler d1 migrations list/apply` read the result as their own (test/cli/seed.test.mjs checks it).
 */
export function applyMigrations(t: Target): void {
  if (t.remote) {
    wrangler(["d1", "migrations", "apply", "DB", ...targetArgs(t)], { quiet: true });
    return;
  }
  const applied = new Set(query<{ name: string }>(t, `${MIGRATIONS_TABLE} SELECT name FROM d1_migrations`).map((m) => m.name));
  const dir = join(ROOT, "migrations");
  const pending = readdirSync(dir)
    .filter((f) => f.endsWith(".sql") && !applied.has(f))
    .sort();
  if (!pending.length) return;
  const sql = pending.map((name) => `${readFileSync(join(dir, name), "utf8")}\nINSERT INTO d1_migrations (name) VALUES ('${name.replace(/'/g, "''")}');`);
  const tmp = mkdtempSync(join(tmpdir(), "migrations-"));
  const file = join(tmp, "pending.sql");
  writeFileSync(file, sql.join("\n"));
  try {
    executeFile(t, file);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** Wrangler's own table of applied migrations, created as `wrangler d1 migrations apply` creates it. */
const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS d1_migrations(
  id         INTEGER PRIMARY KEY AUTOINCREMENT,
  name       TEXT UNIQUE,
  applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
);`;

export function executeFile(t: Target, file: string): void {
  wrangler(["d1", "execute", "DB", ...targetArgs(t), "--file", file, "-y"], { quiet: true });
}

export function query<T>(t: Target, sql: string): T[] {
  const out = wrangler(["d1", "execute", "DB", ...targetArgs(t), "--command", sql, "--json", "-y"], { quiet: true });
  const parsed = JSON.parse(out.slice(out.indexOf("["))) as { results: T[] }[];
  // The last statement's rows (a command may set something up first).
  return parsed.at(-1)?.results ?? [];
}
