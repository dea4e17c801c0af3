import { cloudflare } from "@cloudflare/vite-plugin";
import react from "@vitejs/plugin-react";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { defineConfig, type HtmlTagDescriptor, type Plugin } from "vite";
import { inlineServerMessages, precompiledMessages } from "./vite.messages.ts";
import { ARABIC_FACES, headRegistration, type ServedFace } from "./web/arabicFaces.ts";

const ROOT = import.meta.dirname;

// Local state (D1, R2, KV, Durable Objects) persists in .wrangler/state, where `wrangler d1 ... --local`
// also writes; npm start and the browser tests may point it elsewhere with PERSIST_DIR.
const persistPath = process.env.PERSIST_DIR ?? "../.wrangler/state";

// `npm run bench` builds a separate copy (never dist/) with BENCH_ROUTES=1 baked in, which enables the
// benchmark-only /api/bench/* routes; normal builds and deployments never have them.
const bench = process.env.BENCH_BUILD === "1";

/**
 * The Cloudflare plugin writes its deploy redirect (which built wrangler.json to deploy) under Vite's root,
 * web/.wrangler/deploy/, but wrangler looks for it from where it runs: the repository root. This copies
 * the redirect there after a build, so `wrangler deploy` (and `--dry-run`) at the root deploys the build.
 * The bench build never writes it: it must not become what gets deployed.
 */
function deployRedirectAtRoot(): Plugin {
  return {
    name: "deploy-redirect-at-root",
    apply: "build",
    closeBundle: {
      order: "post",
      handler() {
        const from = path.join(ROOT, "web/.wrangler/deploy/config.json");
        let redirect: { configPath: string; auxiliaryWorkers: { configPath: string }[] };
        try {
          redirect = JSON.parse(readFileSync(from, "utf8"));
        } catch {
          return; // the client build finishes first; the worker build writes the redirect
        }
        const toDir = path.join(ROOT, ".wrangler/deploy");
        const rebase = (p: string) => path.relative(toDir, path.resolve(path.dirname(from), p));
        mkdirSync(toDir, { recursive: true });
        writeFileSync(
          path.join(toDir, "config.json"),
          JSON.stringify({ ...redirect, configPath: rebase(redirect.configPath), auxiliaryWorkers: redirect.auxiliaryWorkers.map((w) => ({ configPath: rebase(w.configPath) })) }),
        );
      },
    },
  };
}
/**
 * For the size check (test/size/size.mjs, `npm run size`): after the client build, writes
 * dist/client-chunks.json, each chunk of the web app with its static and dynamic imports, its CSS, and the
 * modules in it with their rendered size (before minification). It is written beside dist/client, never in
 * it, so it is not deployed as an asset.
 */
function chunkModules(): Plugin {
  return {
    name: "chunk-modules",
    apply: "build",
    generateBundle(options, bundle) {
      if (this.environment.name !== "client" || !options.dir) return;
      const chunks: Record<string, unknown> = {};
      for (const out of Object.values(bundle)) {
        if (out.type !== "chunk") continue;
        chunks[out.fileName] = {
          name: out.name,
          isEntry: out.isEntry,
          facade: out.facadeModuleId ? path.relative(ROOT, out.facadeModuleId) : null,
          imports: out.imports,
          dynamicImports: out.dynamicImports,
          css: [...(out.viteMetadata?.importedCss ?? [])],
          modules: Object.fromEntries(
            Object.entries(out.modules)
              .map(([id, m]) => [path.relative(ROOT, id.replace(/\0/g, "")), m.renderedLength] as const)
              .sort((a, b) => b[1] - a[1]),
          ),
        };
      }
      writeFileSync(path.join(options.dir, "../client-chunks.json"), `${JSON.stringify(chunks, null, 1)}\n`);
    },
  };
}

/**
 * What index.html preloads beyond the entry, so that a first screen's chunks arrive with the entry instead of
 * after it has run (issue 14): the listing's messages, which web/i18n.tsx imports before every first render,
 * and for a job's page and a company's page their lazy screen (web/App.tsx) with the other screens' messages,
 * and their stylesheet (web/styles/pages.css, as a stylesheet link: the server renders those pages).
 * Each link is marked with its language (data-locale) and, for a screen, its page (data-page); the worker keeps
 * a page's own (worker/discovery/pages.ts, appShell) and the size check counts what `/` keeps (test/size/size.mjs).
 */
const FIRST_SCREENS: { facade: string; page?: "job" | "company" }[] = [
  { facade: "web/messages/listing-{locale}.ts" },
  { facade: "web/screens/JobDetail.tsx", page: "job" },
  { facade: "web/messages/screens-{locale}.ts", page: "job" },
  { facade: "web/styles/pages.css", page: "job" },
  { facade: "web/screens/CompanyPage.tsx", page: "company" },
  { facade: "web/messages/screens-{locale}.ts", page: "company" },
  { facade: "web/styles/pages.css", page: "company" },
];
const BOARD_LOCALES = ["en", "ar"];

function preloadFirstScreens(): Plugin {
  return {
    name: "preload-first-screens",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, ctx) {
        if (!ctx.bundle) return [];
        const chunks = Object.values(ctx.bundle).filter((out) => out.type === "chunk");
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const withImports = (file: string, into = new Set<string>()) => {
          if (!into.has(file)) {
            into.add(file);
            for (const imported of byFile.get(file)?.imports ?? []) withImports(imported, into);
          }
          return into;
        };
        const entry = new Set<string>();
        for (const c of chunks) if (c.isEntry) withImports(c.fileName, entry);
        const tags: HtmlTagDescriptor[] = [];
        for (const { facade, page } of FIRST_SCREENS) {
          for (const locale of facade.includes("{locale}") ? BOARD_LOCALES : [undefined]) {
            const id = path.join(ROOT, locale ? facade.replace("{locale}", locale) : facade);
            // A stylesheet (web/styles/pages.css) is an asset of its own (the build drops the empty chunk of a
            // dynamically imported sheet): the server-rendered page links it, so it is styled before any script runs.
            if (facade.endsWith(".css")) {
              const sheet = Object.values(ctx.bundle).find((out) => out.type === "asset" && out.originalFileNames.some((name) => path.join(ROOT, "web", name) === id));
              if (!sheet) throw new Error(`preload-first-screens: no stylesheet for ${facade} (web/i18n.tsx)`);
              tags.push({ tag: "link", attrs: { rel: "stylesheet", href: `/${sheet.fileName}`, ...(page ? { "data-page": page } : {}) }, injectTo: "head" });
              continue;
            }
            const chunk = chunks.find((c) => c.facadeModuleId === id);
            if (!chunk) throw new Error(`preload-first-screens: no chunk for ${path.relative(ROOT, id)} (web/App.tsx, web/i18n.tsx)`);
            for (const file of withImports(chunk.fileName)) {
              if (entry.has(file)) continue;
              const attrs: Record<string, string | boolean> = { rel: "modulepreload", crossorigin: true, href: `/${file}` };
              if (locale) attrs["data-locale"] = locale;
              if (page) attrs["data-page"] = page;
              tags.push({ tag: "link", attrs, injectTo: "head" });
            }
          }
        }
        return tags;
      },
    },
  };
}

/**
 * The Arabic face in an Arabic page's head (decision 0045): the script that registers the faces before the first
 * paint for a browser that has their files, with the URLs the build gave them. Marked data-locale="ar", so the worker
 * keeps it on Arabic pages only (worker/discovery/pages.ts).
 */
function arabicFaceInHead(): Plugin {
  return {
    name: "arabic-face-in-head",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, ctx) {
        if (!ctx.bundle) return [];
        const assets = Object.values(ctx.bundle).filter((out) => out.type === "asset");
        const faces: ServedFace[] = ARABIC_FACES.map(({ weight, range, file }) => {
          const asset = assets.find((out) => out.originalFileNames.some((name) => name.endsWith(`/${file}`)));
          if (!asset)
            throw new Error(
              `arabic-face-in-head: the build has no ${file} (web/arabicFont.ts): ${assets.filter((a) => a.fileName.includes("woff")).map((a) => `${a.fileName} ${a.originalFileNames}`)}`,
            );
          return [weight, `/${asset.fileName}`, range];
        });
        return [{ tag: "script", attrs: { "data-locale": "ar" }, children: headRegistration(faces), injectTo: "head" }];
      },
    },
  };
}

/**
 * The worker renders the public screens (web/serverRender.tsx) but never opens an editor: the company page's lazy
 * Spotlight job editor and the forms' lazy rich-text editor (tiptap, about 400 KB) are, in the worker's build,
 * components that render nothing, so the editor is not uploaded with the worker.
 */
function serverWithoutEditor(): Plugin {
  const stub = "\0server-without-editor";
  return {
    name: "server-without-editor",
    enforce: "pre",
    resolveId(source, importer) {
      if (this.environment.name === "client" || !importer?.includes(`${path.sep}web${path.sep}`)) return null;
      return /\/(?:JobEditDialog|DescriptionEditor)$/.test(source) ? stub : null;
    },
    load(id) {
      return id === stub ? "export default function JobEditDialog() { return null; }\nexport function DescriptionEditor() { return null; }" : null;
    },
  };
}

// `npm run dev -- --port N` (worker/cli/start.mjs) sets LOCAL_APP_URL, so the dev worker's APP_URL, and with it
// every link in every e-mail, follows the port; `--moderation` sets LOCAL_MODERATION (MODERATION=on).
// Only the dev server takes them: a build never does, so nothing local reaches dist/ and what `wrangler deploy`
// would ship (issue 21). `npm start` hands its local settings to the served build at start (worker/cli/serve.mjs).
const building = process.argv.slice(2).includes("build");
const localAppUrl = building ? undefined : process.env.LOCAL_APP_URL;
const localModeration = !building && process.env.LOCAL_MODERATION === "on";
const vars = { ...(bench ? { BENCH_ROUTES: "1" } : {}), ...(localAppUrl ? { APP_URL: localAppUrl } : {}), ...(localModeration ? { MODERATION: "on" } : {}) };

// The React app lives in web/; the worker (worker/index.ts) is built by the Cloudflare plugin
// from wrangler.toml, and both are served together by workerd in dev and preview.
// One id per build, for the worker's edge cache: a page stored by the previous deploy names that deploy's asset files,
// which the new one does not serve (worker/http/edgeCache.ts cacheKey).
const buildId = Date.now().toString(36);

export default defineConfig({
  root: "web",
  define: { __BUILD_ID__: JSON.stringify(buildId) },
  publicDir: "public",
  plugins: [
    precompiledMessages(),
    inlineServerMessages(ROOT),
    serverWithoutEditor(),
    react(),
    cloudflare({
      configPath: "../wrangler.toml",
      persistState: { path: persistPath },
      ...(Object.keys(vars).length ? { config: { vars } } : {}),
    }),
    ...(bench ? [] : [deployRedirectAtRoot()]),
    chunkModules(),
    preloadFirstScreens(),
    arabicFaceInHead(),
  ],
  // "zod" is web/zod.ts, which sets zod's jitless mode before any schema exists (no eval under the CSP).
  // "@rules/*" is worker/rules/*: the one way the web reaches the rules it shares with the worker.
  resolve: {
    alias: [
      { find: /^zod$/, replacement: path.join(ROOT, "web/zod.ts") },
      { find: /^@rules\/(.*)$/, replacement: path.join(ROOT, "worker/rules/$1") },
      // The worker's server render of the public pages (worker/discovery/pages.ts): the web app's own components.
      { find: /^@web\/render$/, replacement: path.join(ROOT, "web/serverRender.tsx") },
    ],
  },
  // Every browser the board supports (README) follows <link rel="modulepreload"> itself: no polyfill in the first load.
  build: { outDir: bench ? "../.wrangler/bench-dist" : "../dist", emptyOutDir: true, modulePreload: { polyfill: false } },
  // The worker's own bundle is minified too (Vite minifies the client by default, not the worker): a smaller
  // upload and less script to parse at each cold start.
  environments: { startup_jobs: { build: { minify: true } } },
  server: { port: 8787, strictPort: true },
  preview: { port: 8787, strictPort: true },
});
