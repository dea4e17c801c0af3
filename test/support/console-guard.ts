// Worker and unit tests fail on an unexpected console.error. Error-level log lines (worker/lib/log.ts) are
// written with console.error, so a test that provokes one on purpose says so first:
//   expectConsoleError(/"event":"outbox.delivery_failed"/);
// Every console.error during the test must then match one of its patterns. Set up in test/vitest.config.ts.
// console.error is wrapped by hand, not with vi.spyOn, so a test's own vi.restoreAllMocks() leaves it in place.
import { afterEach, beforeEach } from "vitest";

let expected: RegExp[] = [];
let unexpected: string[] = [];

/** Declares that this test writes console.error lines matching `pattern` (they are then not printed). */
export function expectConsoleError(pattern: RegExp): void {
  expected.push(pattern);
}

function describeArg(a: unknown): string {
  if (typeof a === "string") return a;
  if (a instanceof Error) return `${a.name}: ${a.message}`;
  try {
    return JSON.stringify(a);
  } catch {
    return String(a);
  }
}

const original = console.error;

beforeEach(() => {
  expected = [];
  unexpected = [];
  console.error = (...args: unknown[]) => {
    const text = args.map(describeArg).join(" ");
    if (expected.some((p) => p.test(text))) return;
    unexpected.push(text);
    original.apply(console, args);
  };
});

afterEach(() => {
  console.error = original;
  const found = unexpected;
  unexpected = [];
  if (found.length) throw new Error(`Unexpected console.error (declare it with expectConsoleError(/pattern/) if the test provokes it):\n${found.join("\n")}`);
});
