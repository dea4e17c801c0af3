/// <reference types="vite/client" />
// Every table of the drizzle schema (worker/db/schema.ts, the schema's documentation) is used by the code:
// most are read and written with raw SQL in their store module, so a table no SQL names is dead and should
// be dropped with a migration rather than documented.
import { describe, expect, it } from "vitest";

const sources = import.meta.glob("../../worker/**/*.ts", { query: "?raw", import: "default", eager: true }) as Record<string, string>;

describe("schema tables", () => {
  it("every table in worker/db/schema.ts is named by some SQL in the worker", () => {
    const schema = sources["../../worker/db/schema.ts"]!;
    const tables = [...schema.matchAll(/sqliteTable\(\s*"([a-z_]+)"/g)].map((m) => m[1]!);
    expect(tables.length).toBeGreaterThan(20);
    const code = Object.entries(sources)
      .filter(([key]) => !key.includes("/worker/db/"))
      .map(([, text]) => text)
      .join("\n");
    const unused = tables.filter((t) => !new RegExp(`\\b(FROM|INTO|UPDATE|JOIN|TABLE)\\s+${t}\\b`, "i").test(code));
    expect(unused).toEqual([]);
  });
});
