// Job rows as SQL text, for loading many rows through `wrangler d1 execute --file`.
import { getTableColumns } from "drizzle-orm";
import { jobs } from "../db/schema";
import type { JobRow } from "../jobs/derive";

const columns = Object.entries(getTableColumns(jobs)).filter(([key]) => key !== "seq");

function literal(v: unknown): string {
  if (v === null || v === undefined) return "NULL";
  if (typeof v === "number") return Number.isFinite(v) ? String(Math.trunc(v) === v ? v : v) : "NULL";
  if (typeof v === "boolean") return v ? "1" : "0";
  return `'${String(v).replace(/'/g, "''")}'`;
}

function valueFor(row: JobRow, key: string, column: { default?: unknown; hasDefault?: boolean }): string {
  const v = (row as Record<string, unknown>)[key];
  if (v === undefined) return column.hasDefault && typeof column.default !== "object" ? literal(column.default) : "NULL";
  return literal(v);
}

/** INSERT statements of at most ~90 KB each (D1 caps a statement at 100 KB). */
export function insertJobsSql(rows: JobRow[]): string[] {
  const head = `INSERT INTO jobs (${columns.map(([, c]) => `"${c.name}"`).join(", ")}) VALUES `;
  const out: string[] = [];
  let values: string[] = [];
  let size = head.length;
  for (const row of rows) {
    const tuple = `(${columns.map(([key, c]) => valueFor(row, key, c as never)).join(", ")})`;
    if (values.length && size + tuple.length > 90_000) {
      out.push(`${head + values.join(",\n")};`);
      values = [];
      size = head.length;
    }
    values.push(tuple);
    size += tuple.length + 2;
  }
  if (values.length) out.push(`${head + values.join(",\n")};`);
  return out;
}

export function sqlLiteral(v: unknown): string {
  return literal(v);
}
