// Issue 12: "The dev emulator's tables move out of the production migrations." The migrations create no
// emulator_* table (and 0011 drops them where older migrations made them); the local emulator creates its
// own the first time it needs them.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { signUp } from "../support/auth";
import { checkoutJob, jobDetails, purchase } from "../support/fixtures";

const emulatorTables = async () =>
  (await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'emulator%' ORDER BY name").all<{ name: string }>()).results.map((r) => r.name);

describe("the payment emulator's tables", () => {
  it("'The dev emulator's tables move out of the production migrations': a migrated database has none", async () => {
    expect(await emulatorTables()).toEqual([]);
  });

  it("the emulator creates its own tables when it first needs them, on a local host", async () => {
    const s = await signUp();
    const res = await checkoutJob(s.cookie, { job: jobDetails(), purchase: purchase(), submissionId: crypto.randomUUID() });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await emulatorTables()).toEqual(["emulator_invoices", "emulator_refund_states", "emulator_refunds", "emulator_sessions", "emulator_subscriptions"]);
    const { id } = (await res.json()) as { id: string };
    expect(await env.DB.prepare("SELECT mode FROM emulator_sessions WHERE id = ?").bind(id).first()).toEqual({ mode: "payment" });
  });
});
