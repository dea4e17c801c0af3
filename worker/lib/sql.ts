// Bound parameters for D1. D1 caps a statement at 100 of them (the largest parameter number, SQLite's
// SQLITE_MAX_VARIABLE_NUMBER as D1 sets it), and D1 takes numbered parameters (`?NNN`) besides anonymous ones.

export type SqlValue = string | number | null;

/** D1's limit: the largest parameter number a statement may use. */
export const D1_MAX_PARAMS = 100;

/**
 * The statement with each anonymous `?` numbered after its value's first occurrence (`?N`), and each distinct
 * value bound once. A statement built from parts repeats values (the Relevance sort's two parts test the same
 * words; every visibility test binds `now` twice), so this keeps it under D1_MAX_PARAMS where counting each `?`
 * would not. A `?` inside a quoted string or identifier is left alone.
 */
export function numberParams(sql: string, params: readonly SqlValue[]): { sql: string; params: SqlValue[] } {
  const values: SqlValue[] = [];
  const numbers = new Map<string, number>();
  let out = "";
  let next = 0;
  let quote: string | null = null;
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i]!;
    if (quote) {
      if (c === quote) quote = null; // a doubled quote closes and reopens: the same state
    } else if (c === "'" || c === '"') {
      quote = c;
    } else if (c === "?") {
      if (/[0-9]/.test(sql[i + 1] ?? "")) throw new Error("numberParams: the statement already numbers its parameters");
      if (next >= params.length) throw new Error("numberParams: more ? than parameters");
      const value = params[next++]!;
      const key = `${value === null ? "null" : typeof value}:${value}`;
      let n = numbers.get(key);
      if (n === undefined) {
        values.push(value);
        n = values.length;
        numbers.set(key, n);
      }
      out += `?${n}`;
      continue;
    }
    out += c;
  }
  if (next !== params.length) throw new Error("numberParams: fewer ? than parameters");
  return { sql: out, params: values };
}
