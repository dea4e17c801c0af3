import { cloudflare } from "@cloudflare/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// Local state (D1, R2, KV, Durable Objects) persists in .wrangler/state, where `wrangler d1 ... --local`
// also writes; npm start and the browser tests may point it elsewhere with PERSIST_DIR.
const persistPath = process.env.PERSIST_DIR ?? "../.wrangler/state";

// `npm run bench` builds a separate copy (never dist/) with BENCH_ROUTES=1 baked in, which enables the
// benchmark-only /api/bench/* routes; normal builds and deployments never have them.
const bench = process.env.BENCH_BUILD === "1";

// `npm start -- --port N` (worker/cli/start.mjs) sets LOCAL_APP_URL, so the worker's APP_URL, and with it
// every link in every e-mail, follows the port; builds for deployment keep wrangler.toml's APP_URL.
const localAppUrl = process.env.LOCAL_APP_URL;
const vars = { ...(bench ? { BENCH_ROUTES: "1" } : {}), ...(localAppUrl ? { APP_URL: localAppUrl } : {}) };

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
      ...(Object.keys(vars).length ? { config: { vars } } : {}),
    }),
  ],
  build: { outDir: bench ? "../.wrangler/bench-dist" : "../dist", emptyOutDir: true },
  server: { port: 8787, strictPort: true },
  preview: { port: 8787, strictPort: true },
});
