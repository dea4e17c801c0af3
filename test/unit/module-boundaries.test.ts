/// <reference types="vite/client" />
// Module boundaries (README, Layout): a route module exports its router, and no other resource imports
// anything but types from it; shared helpers live in worker/lib (one app URL, one token and base64url,
// one logo key). worker/app.ts, which assembles the routers, is the one module that imports them.
import { describe, expect, it } from "vitest";

// Every worker source file's text (Vite's glob import; the tests run where there is no file system).
const sources = import.meta.glob("../../worker/**/*.ts", { query: "?raw", import: "default", eager: true }) as Record<string, string>;

/** A route module: one that builds a Hono router. */
const isRouteModule = (path: string) => /new Hono</.test(sources[`../../worker/${path}.ts`] ?? "");

/** "../../worker/alerts/routes.ts" → "alerts/routes" (relative to worker/, no extension). */
const workerPath = (key: string) => key.replace(/^\.\.\/\.\.\/worker\//, "").replace(/\.ts$/, "");

function resolve(from: string, spec: string): string | null {
  if (!spec.startsWith(".")) return null;
  const parts = from.split("/").slice(0, -1);
  for (const seg of spec.split("/")) {
    if (seg === "..") parts.pop();
    else if (seg !== ".") parts.push(seg);
  }
  return parts.join("/");
}

const folder = (path: string) => (path.includes("/") ? path.split("/")[0]! : "");

/** Every value (non-type) binding a module imports from a route module of another folder. */
function crossFolderRouteImports(): string[] {
  const found: string[] = [];
  for (const [key, text] of Object.entries(sources)) {
    const from = workerPath(key);
    if (from === "app") continue;
    for (const m of text.matchAll(/^import\s+(type\s+)?([\s\S]*?)\s+from\s+"([^"]+)";/gm)) {
      if (m[1]) continue;
      const target = resolve(from, m[3]!);
      if (!target || !isRouteModule(target) || folder(target) === folder(from)) continue;
      const names = m[2]!
        .replace(/^\{|\}$/g, "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean);
      const values = names.filter((n) => !n.startsWith("type "));
      if (values.length || !m[2]!.trim().startsWith("{")) found.push(`${from} imports ${values.join(", ") || m[2]} from ${target}`);
    }
    for (const m of text.matchAll(/await import\("([^"]+)"\)/g)) {
      const target = resolve(from, m[1]!);
      if (target && isRouteModule(target) && folder(target) !== folder(from)) found.push(`${from} dynamically imports ${target}`);
    }
  }
  return found;
}

/** A store module: the one place a resource's SQL lives (README, Decisions), plus the two single writers named so. */
const isStoreModule = (path: string) => /(^|\/)(store|[A-Za-z]+Store)$/.test(path) || path === "credits/ledger" || path === "analytics/count";

/**
 * The folders whose SQL is in store modules. (jobs, checkout, credits, spotlight, dashboard and account
 * follow with the jobs store; until then a statement that writes `jobs` may stay where it is.)
 */
const STORE_FOLDERS = ["admin", "alerts", "analytics", "auth", "billing", "bench", "companies", "contact", "dev", "discovery", "health", "lib", "mail", "payments", "upkeep", "uploads", "webhooks"];

describe("module boundaries", () => {
  it("no SQL outside store modules: every .prepare( in these folders is in a store module", () => {
    const outside: string[] = [];
    for (const [key, text] of Object.entries(sources)) {
      const path = workerPath(key);
      if (!STORE_FOLDERS.includes(folder(path)) || isStoreModule(path)) continue;
      text.split("\n").forEach((line, i) => {
        if (line.includes(".prepare(") && !/UPDATE jobs |REFRESH_DUPLICATE_GROUP_SQL/.test(line)) outside.push(`${path}:${i + 1}`);
      });
    }
    expect(outside).toEqual([]);
  });

  it("no module imports a value from another folder's route module", () => {
    expect(crossFolderRouteImports()).toEqual([]);
  });

  it("a route module in these folders exports its router and types only", () => {
    const extra: string[] = [];
    for (const [key, text] of Object.entries(sources)) {
      const path = workerPath(key);
      if (!STORE_FOLDERS.includes(folder(path)) || !isRouteModule(path)) continue;
      for (const m of text.matchAll(/^export (?:async )?(?:const|let|function|class) (\w+)/gm)) if (!m[1]!.endsWith("Routes")) extra.push(`${path}: ${m[1]}`);
    }
    expect(extra).toEqual([]);
  });

  it("the check sees a cross-folder route import", () => {
    // Guard against a check that passes because it matches nothing: worker/app.ts does import routers.
    const app = sources["../../worker/app.ts"]!;
    expect(app).toMatch(/import \{ alertsRoutes \} from "\.\/alerts\/routes";/);
  });

  it("base64url and random tokens are written once, in worker/lib/token.ts", () => {
    const writers = Object.entries(sources)
      .filter(([, text]) => /replace\(\/\\\+\/g, "-"\)/.test(text))
      .map(([key]) => workerPath(key));
    expect(writers).toEqual(["lib/token"]);
  });

  it("the logo prefix is defined once, in worker/lib/logoKey.ts", () => {
    const writers = Object.entries(sources)
      .filter(([, text]) => text.includes('"company-logos/"'))
      .map(([key]) => workerPath(key));
    expect(writers).toEqual(["lib/logoKey"]);
  });

  it("resvg loads with the first share image only: shareCard.ts alone imports it, and only by a dynamic import", () => {
    const resvg = Object.entries(sources)
      .filter(([, text]) => /from "@resvg\/resvg-wasm/.test(text))
      .map(([key]) => workerPath(key));
    expect(resvg).toEqual(["discovery/shareCard"]);
    const staticImporters = Object.entries(sources)
      .filter(([key, text]) => [...text.matchAll(/^import\s+(?!type\s)[\s\S]*?\s+from\s+"([^"]+)";/gm)].some((m) => resolve(workerPath(key), m[1]!) === "discovery/shareCard"))
      .map(([key]) => workerPath(key));
    expect(staticImporters).toEqual([]);
    expect(sources["../../worker/discovery/routes.ts"]).toMatch(/await import\("\.\/shareCard"\)/);
  });
});
