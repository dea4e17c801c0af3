import path from "node:path";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { defineConfig } from "vitest/config";
import { precompiledMessages } from "../vite.messages";

// Worker tests run inside workerd against real local D1, R2, KV and Durable Objects.
// Storage is isolated per test file; migrations are applied in test/support/apply-migrations.ts.
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
      // Two projects: test/worker gets a fresh workerd (and fresh D1, R2, KV, DO storage) per file; test/unit, pure
      // logic that touches no binding, shares one workerd per vitest worker across files (isolate: false), which saves
      // starting a runtime and re-evaluating the modules for each of its files (issue 21). A unit test must therefore
      // undo what it stubs (vi.unstubAllGlobals) and not rely on module state another file left; one that needs a
      // binding belongs in test/worker.
      projects: [
        { extends: true, test: { name: "worker", include: ["test/worker/**/*.test.ts"] } },
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
