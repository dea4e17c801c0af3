import { readFile } from "node:fs/promises";
import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { precompiledMessages } from "../vite.messages.ts";

// Worker tests run inside workerd against real local D1, R2, KV and Durable Objects; migrations are applied in
// test/support/apply-migrations.ts (docs/decisions/0037-worker-tests-share-a-runtime.md).
// The worker test files that need a database nothing else has written: they count or list rows across a whole table,
// or sign up fixed addresses. Each gets a fresh workerd and fresh storage; every other worker test file shares its
// vitest worker's runtime and storage with the files that ran there before it, so it reads only rows it made.
const FRESH_STORAGE = [
  "test/worker/admin.test.ts",
  "test/worker/config-report.test.ts",
  "test/worker/detail-companies.test.ts",
  "test/worker/emulator-tables.test.ts",
  "test/worker/first-page.test.ts",
  "test/worker/identity.test.ts",
  "test/worker/job-tags.test.ts",
  "test/worker/moderation.test.ts",
  "test/worker/paid-edits.test.ts",
  "test/worker/payments.test.ts",
  "test/worker/refunds.test.ts",
  // The retention tasks' counts are over whole tables.
  "test/worker/retention.test.ts",
  // The first page of / and /ar must show the jobs it made: other files' jobs could push them off it.
  "test/worker/server-render.test.ts",
  "test/worker/spotlight-money.test.ts",
];

/** A file under web/public/ as the assets binding answers it: its bytes, or 404 (a path outside it included). */
async function publicFile(root: string, request: Request): Promise<Response> {
  const dir = path.join(root, "web", "public");
  const file = path.join(dir, decodeURIComponent(new URL(request.url).pathname));
  if (!file.startsWith(`${dir}${path.sep}`)) return new Response("Not found", { status: 404 });
  try {
    return new Response(await readFile(file));
  } catch {
    return new Response("Not found", { status: 404 });
  }
}

export default defineConfig(async () => {
  const root = path.resolve(import.meta.dirname, "..");
  const migrations = await readD1Migrations(path.join(root, "migrations"));
  return {
    root,
    plugins: [
      // The web's "?ast" catalogues (web/messages/), for unit tests of web modules.
      precompiledMessages(),
      cloudflareTest({
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            // Test-only secrets; real ones are set with `wrangler secret put`.
            JWT_SECRET: "test-jwt-secret-that-is-long-enough-0123456789",
            // One JSON line per request would bury the test output; the operations tests ask for info.
            LOG_LEVEL: "warn",
            // A test reads its own writes at once; the edge cache's own tests turn it on (test/worker/edge-cache.test.ts).
            EDGE_CACHE: "off",
          },
          // The static assets as the deploy serves them, for what the worker reads through ASSETS (the share cards'
          // fonts, web/public/card-fonts/): the files Vite copies from web/public/ into the build. No index.html among them,
          // so a page still falls back to the worker's own shell, as without a build.
          serviceBindings: { ASSETS: (request: Request) => publicFile(root, request) },
        },
      }),
    ],
    // The web's alias for the shared rules (web/tsconfig.json), for unit tests of web modules.
    // And the worker's server render of the public pages (vite.config.ts).
    resolve: {
      alias: [
        { find: /^@rules\/(.*)$/, replacement: path.join(root, "worker/rules/$1") },
        { find: /^@web\/render$/, replacement: path.join(root, "web/serverRender.tsx") },
      ],
    },
    test: {
      // Three projects. "worker" (test/worker) and "unit" (test/unit, pure logic that touches no binding) share one
      // workerd per vitest worker across their files (isolate: false), which saves starting a runtime and loading the
      // app's 200-odd modules again for each file: the worker tests went from 129 s to about 60 s here (issue 21). A
      // test there must undo what it stubs (vi.unstubAllGlobals), not rely on module state another file left, and
      // read only the rows it made (or empty a table in its beforeEach). "worker-fresh" (FRESH_STORAGE above) gets a
      // fresh workerd and fresh D1, R2, KV and DO storage per file.
      projects: [
        { extends: true, test: { name: "worker", include: ["test/worker/**/*.test.ts"], exclude: FRESH_STORAGE, isolate: false } },
        { extends: true, test: { name: "worker-fresh", include: FRESH_STORAGE } },
        { extends: true, test: { name: "unit", include: ["test/unit/**/*.test.ts"], isolate: false } },
      ],
      // Vitest's default is one worker fewer than the cores: 1 on the 2-core CI machine. A file's time is mostly
      // starting workerd and waiting on it, so two run side by side.
      maxWorkers: 2,
      // @simplewebauthn/server's ASN.1 dependencies import extensionless relative paths ("./converters"), which
      // workerd's module fallback cannot resolve once the tests run as projects: Vite bundles them instead.
      server: { deps: { inline: [/@simplewebauthn\//, /@peculiar\//, /@levischuck\//, /@hexagon\//] } },
      // console-guard: a test fails on an unexpected console.error (expectConsoleError declares an expected one).
      setupFiles: ["./test/support/apply-migrations.ts", "./test/support/console-guard.ts"],
      // CI machines have 2 cores; a slow moment must not fail a correct test.
      testTimeout: 15_000,
      // Vitest empties stylesheets it does not process; a ?raw import keeps the text (test/unit/styles.test.ts reads them).
      css: { include: [/\.css\?raw$/] },
    },
  };
});
