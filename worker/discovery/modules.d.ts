// Module types the Workers build gives to non-JS imports (wrangler/vite-plugin module rules).
declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
// The web app's server render of a public page (web/serverRender.tsx), which vite.config.ts and test/vitest.config.ts
// resolve "@web/render" to. Declared here because the worker's typecheck has no DOM or JSX: web/tsconfig.json checks
// the module itself, and test/unit/server-render.test.ts that it answers this shape.
declare module "@web/render" {
  export function renderApp(input: { locale: import("../rules/i18n").Locale; url: string; data: Readonly<Record<string, unknown>> }): string;
}
