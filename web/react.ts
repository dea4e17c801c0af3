// The web build resolves "react" and "react-dom" to this module (vite.config.ts): the browser runs Preact
// through its React compatibility layer, preact/compat, at a fraction of react-dom's size (issue 14).
// preact/compat covers every React API the app and its libraries call, but for one: react-router's
// RouterProvider imports React 19's useOptimistic (the app renders BrowserRouter, which never calls it).
// Preact's startTransition runs its callback at once, so an optimistic state would be replaced in the same
// update before it could show: the state given is the state to render, and the setter has nothing to do.
// @ts-expect-error preact/compat's declarations use `export =`, which TypeScript cannot re-export with `export *`;
// the bundler reads the ES module, whose named exports are what is re-exported. The app is typed against React.
export * from "preact/compat";
export { default } from "preact/compat";

export function useOptimistic<S>(passthrough: S): [S, (action: unknown) => void] {
  return [passthrough, () => {}];
}
