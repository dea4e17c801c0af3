// The password rules, shown as a checklist while one is typed (sign-up, Spotlight's onboarding) and checked by
// the server's schemas (./authSchema.ts). Apart from ./auth.ts, which the listing loads, so they load with those screens.
import { m } from "./serverMessages";

export const PASSWORD_RULES: readonly { test: (p: string) => boolean; message: string }[] = [
  { test: (p) => p.length >= 8, message: m("server.auth.passwordMin") },
  { test: (p) => /[A-Z]/.test(p), message: m("server.auth.passwordUpper") },
  { test: (p) => /[a-z]/.test(p), message: m("server.auth.passwordLower") },
  { test: (p) => /[0-9]/.test(p), message: m("server.auth.passwordNumber") },
  { test: (p) => /[^A-Za-z0-9]/.test(p), message: m("server.auth.passwordSpecial") },
];

export const PASSWORD_MAX = 200;
