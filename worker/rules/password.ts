// The password rules, shown as a checklist while one is typed (sign-up, Spotlight's onboarding) and checked by
// the server's schemas (./authSchema.ts). Apart from ./auth.ts, which the listing loads, so they load with those screens.
import { m } from "./serverMessages";

export const PASSWORD_RULES: readonly { test: (p: string) => boolean; message: string }[] = [
  { test: (p) => p.length >= 8, message: m("server.auth.passwordMin") },
  { test: (p) => /[A-Z]/.test(p), message: m("server.auth.passwordUpper") },
  { test: (p) => /[a-z]/.test(p), message: m("server.auth.passwordLower") },
  // A digit in any script: a phone's Arabic keyboard types ١٢٣ (issue 25). A special character is neither a letter
  // nor a digit, in any script.
  { test: (p) => /\p{Nd}/u.test(p), message: m("server.auth.passwordNumber") },
  { test: (p) => /[^\p{L}\p{Nd}]/u.test(p), message: m("server.auth.passwordSpecial") },
];

export const PASSWORD_MAX = 200;
