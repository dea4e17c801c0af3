// Runs wrangler from the project's node_modules against the local (or remote) D1 database.
import { spawnSync } from "node:child_process";
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

export function applyMigrations(t: Target): void {
  wrangler(["d1", "migrations", "apply", "DB", ...targetArgs(t)], { quiet: true });
}

export function executeFile(t: Target, file: string): void {
  wrangler(["d1", "execute", "DB", ...targetArgs(t), "--file", file, "-y"], { quiet: true });
}

export function query<T>(t: Target, sql: string): T[] {
  const out = wrangler(["d1", "execute", "DB", ...targetArgs(t), "--command", sql, "--json", "-y"], { quiet: true });
  const parsed = JSON.parse(out.slice(out.indexOf("["))) as { results: T[] }[];
  return parsed[0]?.results ?? [];
}
