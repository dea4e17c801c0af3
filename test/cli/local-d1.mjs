// A throwaway local D1 for the npm run seed tests (seed.test.mjs, seed-generated.test.mjs): the real CLI writes it,
// and the tests read it back. Each test file has its own, so the two files run side by side (issue 21, CI time).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { after } from "node:test";

export const ROOT = resolve(import.meta.dirname, "../..");
export const state = mkdtempSync(join(tmpdir(), "seed-test-"));
after(() => rmSync(state, { recursive: true, force: true }));

export const env = { ...process.env, PATH: `${join(ROOT, "node_modules/.bin")}:${process.env.PATH ?? ""}`, CI: "true" };

export function seed(...args) {
  return spawnSync(join(ROOT, "node_modules/.bin/tsx"), ["worker/cli/seed.ts", "--persist-to", state, ...args], { cwd: ROOT, encoding: "utf8", env });
}

/**
 * One number from the local D1 database the CLI wrote, read from its SQLite file directly (the CLI has exited,
 * so nothing else has it open): a `wrangler d1 execute` per count cost about 1.5 s of the CI machine (issue 21).
 */
export function count(sql) {
  const dir = join(state, "v3", "d1", "miniflare-D1DatabaseObject");
  const [file] = readdirSync(dir).filter((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite");
  const db = new DatabaseSync(join(dir, file), { readOnly: true });
  try {
    return db.prepare(sql).get().n;
  } finally {
    db.close();
  }
}

export const job = (over = {}) => ({ title: "Import Engineer", company: "Acme", description: "<p>Builds things</p>", location: "Remote", tags: ["Go"], ...over });

/** Rows a visitor can see: published, not deleted, not expired, not collapsed into a newer duplicate. */
export const VISIBLE =
  "published = 1 AND deleted_at IS NULL AND expires_at > CAST(strftime('%s','now') AS INTEGER) * 1000 AND (newer_dup_until IS NULL OR newer_dup_until <= CAST(strftime('%s','now') AS INTEGER) * 1000)";
