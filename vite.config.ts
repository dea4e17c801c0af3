import { cloudflare } from "@cloudflare/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// Local state (D1, R2, KV, Durable Objects) persists in .wrangler/state, where `wrangler d1 ... --local`
// also writes; npm start and the browser tests may point it elsewhere with PERSIST_DIR.
const persistPath = process.env.PERSIST_DIR ?? "../.wrangler/state";

// `npm run bench` builds a separate copy (never dist/) with BENCH_ROUTES=1 baked in, which enables the
// benchmark-only /api/bench/* routes; normal builds and deployments never have them.
const bench = process.env.BENCH_BUILD === "1";

// The React app lives in web/; the worker (worker/index.ts) is built by the Cloudflare plugin
// from wrangler.toml, and both are served together by workerd in dev and preview.
export default defineConfig({
  root: "web",
  publicDir: "public",
  plugins: [
    react(),
    cloudflare({
      configPath: "../wrangler.toml",
      persistState: { path: persistPath },
      ...(bench ? { config: { vars: { BENCH_ROUTES: "1" } } } : {}),
    }),
  ],
  build: { outDir: bench ? "../.wrangler/bench-dist" : "../dist", emptyOutDir: true },
  server: { port: 8787, strictPort: true },
  preview: { port: 8787, strictPort: true },
});
