/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";
import readme from "../../README.md?raw";

// Every worker source file's text (Vite's glob import; the tests run where there is no file system).
const sources = import.meta.glob("../../worker/**/*.ts", { query: "?raw", import: "default", eager: true }) as Record<string, string>;
const BINDINGS = new Set(["DB", "LOGOS", "CVS", "DEDUPE", "SPOTLIGHT", "ASSETS"]);

/** Names the worker reads from its env: `env.X`, `c.env.X`, and the keys of the Env interface (not the CLI scripts' `process.env`). */
function variablesReadByCode(): Set<string> {
  const names = new Set<string>();
  for (const text of Object.values(sources)) {
    for (const m of text.matchAll(/(?<!process\.)\benv\??\.([A-Z][A-Z0-9_]+)\b/g)) names.add(m[1]!);
    for (const m of text.matchAll(/Pick<Env,\s*([^>]+)>/g)) for (const k of m[1]!.matchAll(/"([A-Z][A-Z0-9_]+)"/g)) names.add(k[1]!);
  }
  // The hand-written optional settings (worker/env.ts) and what wrangler types generated from wrangler.toml.
  const declared = [
    sources["../../worker/env.ts"]!.match(/export interface Env\b[^{]*\{([\s\S]*?)\n\}/)![1]!,
    sources["../../worker/worker-configuration.d.ts"]!.match(/interface __BaseEnv_WranglerEnv \{([\s\S]*?)\n\}/)![1]!,
  ];
  for (const body of declared) for (const m of body.matchAll(/^\s+([A-Z][A-Z0-9_]+)\??:/gm)) names.add(m[1]!);
  for (const b of BINDINGS) names.delete(b);
  return names;
}

/** Names in the first column of the README's Configuration table. */
function variablesInReadme(): Set<string> {
  const section = readme.split("### Configuration")[1]!.split("\n### ")[0]!;
  const names = new Set<string>();
  for (const row of section.split("\n").filter((l) => l.startsWith("| `"))) {
    for (const m of row.split("|")[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(m[1]!);
  }
  return names;
}

describe("the README's Configuration table lists every variable and secret the worker reads", () => {
  it("finds the variables (sanity: the scan sees APP_URL, JWT_SECRET and STRIPE_SECRET_KEY)", () => {
    const read = variablesReadByCode();
    for (const name of ["APP_URL", "JWT_SECRET", "STRIPE_SECRET_KEY", "MAIL_FROM", "TURNSTILE_SITE_KEY"]) expect(read).toContain(name);
  });
  it("no variable is read by the code without a row in the README", () => {
    const documented = variablesInReadme();
    expect([...variablesReadByCode()].filter((n) => !documented.has(n))).toEqual([]);
  });
  it("no README row names a variable the code never reads", () => {
    const read = variablesReadByCode();
    expect([...variablesInReadme()].filter((n) => !read.has(n))).toEqual([]);
  });
});
