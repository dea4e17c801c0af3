/// <reference types="vite/client" />
// The web's data layer (web/client.ts, web/queryClient.ts, web/queryKeys.ts): the dashboard, Spotlight
// dashboard, operator console and mailbox read and write only through the typed client, and a write's
// invalidation reaches what those screens read.
import { describe, expect, it } from "vitest";
import { keys } from "../../web/queryKeys";

// The screens' source text (Vite's glob import; the tests run where there is no file system).
const screens = import.meta.glob(
  [
    "../../web/screens/dashboard/*.tsx",
    "../../web/components/dashboard/*.{ts,tsx}",
    "../../web/screens/EditJob.tsx",
    "../../web/screens/spotlight/*.{ts,tsx}",
    "!../../web/screens/spotlight/api.ts",
    "!../../web/screens/spotlight/SubscriptionSuccess.tsx",
    "../../web/components/spotlight/*.tsx",
    "../../web/screens/admin/*.tsx",
    "../../web/screens/Mailbox.tsx",
  ],
  { query: "?raw", import: "default", eager: true },
) as Record<string, string>;

/** A prefix of a key: what `invalidateQueries({ queryKey: prefix })` refreshes. */
const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) => prefix.every((part, i) => JSON.stringify(key[i]) === JSON.stringify(part));

describe("the dashboard, Spotlight, admin and mailbox screens call the API only through the typed client", () => {
  it("finds the screens", () => {
    expect(Object.keys(screens).length).toBeGreaterThan(30);
  });

  it.each(Object.entries(screens))("%s has no fetch of its own and no hand-written fetch wrapper", (_file, text) => {
    expect(text).not.toMatch(/\bfetch\(/);
    expect(text).not.toMatch(/from "[./]*(adminApi|messagesApi|spotlight\/api)"/);
    expect(text).not.toMatch(/from "\.\/api"/);
    // web/api.ts may still lend a type the posting screens own (CreditsResponse), never a request.
    for (const m of text.matchAll(/^import (type )?\{([^}]*)\} from "(?:\.\.\/)+api";$/gm)) expect(m[1], `${m[2]} from web/api.ts`).toBe("type ");
  });
});

describe("a write's invalidation reaches what the screens read (web/queryKeys.ts)", () => {
  it("invalidating my jobs refreshes the list and each job's edit screen", () => {
    expect(startsWith(keys.dashboard.jobs, keys.dashboard.all)).toBe(true);
    expect(startsWith(keys.dashboard.job("j1"), keys.dashboard.jobs)).toBe(true);
  });

  it("an operator action reloads every console list and the open order, never the admin check", () => {
    expect(startsWith(keys.admin.list("orders", { status: "all" }), keys.admin.data)).toBe(true);
    expect(startsWith(keys.admin.order("o1"), keys.admin.data)).toBe(true);
    expect(startsWith(keys.admin.me, keys.admin.data)).toBe(false);
  });

  it("a company's state and analytics sit under Spotlight, analytics per version", () => {
    expect(startsWith(keys.spotlight.company("c1"), keys.spotlight.all)).toBe(true);
    expect(startsWith(keys.spotlight.analytics("c1", 2), keys.spotlight.company("c1"))).toBe(true);
    expect(keys.spotlight.analytics("c1", 2)).not.toEqual(keys.spotlight.analytics("c1", 3));
  });
});
