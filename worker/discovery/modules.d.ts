// Module types the Workers build gives to non-JS imports (wrangler/vite-plugin module rules).
declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
declare module "*.bin" {
  const data: ArrayBuffer;
  export default data;
}
