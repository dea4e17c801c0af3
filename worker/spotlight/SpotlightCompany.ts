// One SPOTLIGHT instance per Spotlight company, addressed by the company id (ARCHITECTURE.md).
// It holds the company's Spotlight state in SQLite-backed Durable Object storage. This first version
// keeps the company profile; jobs, publishing and realtime updates arrive with the Spotlight issue.
import { DurableObject } from "cloudflare:workers";
import type { Env } from "../env";

export interface SpotlightProfile {
  company: string;
  logo: string;
  tagline: string;
  stage: string;
  website: string;
  published: boolean;
}

export class SpotlightCompany extends DurableObject<Env> {
  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    ctx.blockConcurrencyWhile(async () => {
      ctx.storage.sql.exec(`CREATE TABLE IF NOT EXISTS profile (
        id INTEGER PRIMARY KEY CHECK (id = 1), company TEXT NOT NULL, logo TEXT NOT NULL DEFAULT '',
        tagline TEXT NOT NULL DEFAULT '', stage TEXT NOT NULL DEFAULT 'Not Specified',
        website TEXT NOT NULL DEFAULT '', published INTEGER NOT NULL DEFAULT 0)`);
    });
  }

  getProfile(): SpotlightProfile | null {
    const row = this.ctx.storage.sql.exec("SELECT company, logo, tagline, stage, website, published FROM profile WHERE id = 1").toArray()[0];
    if (!row) return null;
    return {
      company: String(row.company),
      logo: String(row.logo),
      tagline: String(row.tagline),
      stage: String(row.stage),
      website: String(row.website),
      published: row.published === 1,
    };
  }

  saveProfile(profile: SpotlightProfile): SpotlightProfile {
    if (!profile.company || profile.company.trim().length < 2) throw new Error("Company name must be at least 2 characters");
    if (profile.tagline.length >= 100) throw new Error("Tagline must be less than 100 characters");
    this.ctx.storage.sql.exec(
      `INSERT INTO profile (id, company, logo, tagline, stage, website, published) VALUES (1, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET company = excluded.company, logo = excluded.logo, tagline = excluded.tagline,
       stage = excluded.stage, website = excluded.website, published = excluded.published`,
      profile.company.trim(), profile.logo, profile.tagline, profile.stage, profile.website, profile.published ? 1 : 0,
    );
    return this.getProfile()!;
  }
}
