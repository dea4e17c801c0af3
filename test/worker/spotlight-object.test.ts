// The SPOTLIGHT Durable Object is exported, migrated and keeps its state in SQLite storage.
import { runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { SpotlightCompany } from "../../worker/spotlight/SpotlightCompany";

describe("SpotlightCompany", () => {
  it("stores the company profile in its own SQLite storage, addressed by company id", async () => {
    const stub = env.SPOTLIGHT.getByName("acme");
    const profile = { company: "Acme", logo: "", tagline: "We make things", stage: "Seed", website: "https://acme.example", published: false };
    expect(await stub.saveProfile(profile)).toEqual(profile);
    expect(await env.SPOTLIGHT.getByName("acme").getProfile()).toEqual(profile);
    expect(await env.SPOTLIGHT.getByName("other").getProfile()).toBeNull();
    await runInDurableObject(stub, (instance: SpotlightCompany, state) => {
      expect(state.storage.sql.exec("SELECT count(*) AS n FROM profile").one().n).toBe(1);
      expect(instance.getProfile()?.company).toBe("Acme");
    });
  });

  it("validates inside the object", async () => {
    const stub = env.SPOTLIGHT.getByName("bad");
    const attempt = async (profile: Parameters<SpotlightCompany["saveProfile"]>[0]) => {
      try {
        await stub.saveProfile(profile);
        return "saved";
      } catch (e) {
        return (e as Error).message;
      }
    };
    expect(await attempt({ company: "A", logo: "", tagline: "", stage: "", website: "", published: false })).toBe("Company name must be at least 2 characters");
    expect(await attempt({ company: "Acme", logo: "", tagline: "x".repeat(100), stage: "", website: "", published: false })).toBe("Tagline must be less than 100 characters");
    expect(await stub.getProfile()).toBeNull();
  });
});
