// The web build resolves "zod" to this module (vite.config.ts), so that zod is told, before any schema
// in worker/rules is built, not to compile parsers with `new Function`. The Content-Security-Policy
// allows no eval (worker/http/securityHeaders.ts): zod's probe would be blocked and reported as a
// violation on every page. Imports are evaluated first, so config() runs before any importer's body.
import { config } from "zod/v4";

config({ jitless: true });

export * from "zod/v4";
export { default } from "zod/v4";
