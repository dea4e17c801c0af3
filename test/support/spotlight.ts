// Spotlight fixtures: valid profiles and jobs, a subscriber made through the real checkout and emulator,
// and the check that the D1 projection matches the object.
import { env, exports } from "cloudflare:workers";
import { expect } from "vitest";
import type { SpotlightJobInput, SpotlightProfileInput, SpotlightState } from "../../worker/rules/spotlight";
import { call, signUp } from "./auth";
import type { Session } from "./auth";

export const DESCRIPTION = `<p>${"You will build the hiring tools that startups across the region rely on every day, with a small senior team. ".repeat(2)}</p>`;

export function profile(overrides: Partial<SpotlightProfileInput> = {}): SpotlightProfileInput {
  return {
    company: `Acme ${crypto.randomUUID().slice(0, 6)}`,
    logo: "/logos/stripe.svg",
    tagline: "We make hiring simple",
    stage: "Seed",
    website: "https://acme.example",
    email: "jobs@acme.example",
    ...overrides,
  };
}

export function spotlightJob(overrides: Partial<SpotlightJobInput> = {}): SpotlightJobInput {
  return {
    title: `Platform Engineer ${crypto.randomUUID().slice(0, 6)}`,
    category: "Engineering",
    location: "Dubai, UAE",
    salary: "$120k - $160k",
    equity: "0.5% - 1%",
    description: DESCRIPTION,
    website: "",
    tags: ["TypeScript", "Workers"],
    type: "full-time",
    ...overrides,
  };
}

export interface Subscriber extends Session {
  companyId: string;
}

/** A signed-up user with a Spotlight company (not subscribed yet). */
export async function withCompany(overrides: Partial<SpotlightProfileInput> = {}): Promise<Subscriber> {
  const s = await signUp();
  const res = await call("/api/spotlight/company", { method: "POST", cookie: s.cookie, json: profile(overrides) });
  expect(res.status, await res.clone().text()).toBe(200);
  const { companyId } = (await res.json()) as { companyId: string };
  return { ...s, companyId };
}

/** Checkout in subscription mode, paid in the emulator (its signed events go through the real webhook). */
export async function subscribe(s: Session): Promise<{ sessionId: string; subscriptionId: string }> {
  const res = await call("/api/spotlight/checkout", { method: "POST", cookie: s.cookie, json: {} });
  expect(res.status, await res.clone().text()).toBe(200);
  const { id } = (await res.json()) as { id: string; url: string };
  const paid = await exports.default.fetch(`http://localhost/api/emulator/checkout/${id}/pay`, { method: "POST", redirect: "manual" });
  expect(paid.status).toBe(303);
  const row = await env.DB.prepare("SELECT subscription_id FROM emulator_sessions WHERE id = ?").bind(id).first<{ subscription_id: string }>();
  return { sessionId: id, subscriptionId: row!.subscription_id };
}

/** A subscribed user with a company. */
export async function subscriber(overrides: Partial<SpotlightProfileInput> = {}): Promise<Subscriber & { subscriptionId: string }> {
  const s = await withCompany(overrides);
  const { subscriptionId } = await subscribe(s);
  return { ...s, subscriptionId };
}

export async function emulatorAction(subscriptionId: string, action: string): Promise<void> {
  const res = await exports.default.fetch(`http://localhost/api/emulator/subscriptions/${subscriptionId}/${action}`, { method: "POST", redirect: "manual" });
  expect(res.status, await res.clone().text()).toBe(303);
}

export async function stateOf(s: Subscriber): Promise<SpotlightState> {
  const res = await env.SPOTLIGHT.getByName(s.companyId).getState(s.userId);
  if (!res.ok) throw new Error(res.error);
  return res.value;
}

export async function publicJobIds(companyId: string): Promise<string[]> {
  const { results } = await env.DB.prepare("SELECT id FROM jobs WHERE company_id = ? AND source = 'spotlight' ORDER BY id").bind(companyId).all<{ id: string }>();
  return results.map((r) => r.id);
}

/**
 * The D1 copy is exactly what the object says is public: its live, published, undeleted jobs while the
 * company is published and the subscription active; the company listed only then; every job mirrored.
 */
export async function expectProjection(companyId: string, state: SpotlightState): Promise<void> {
  const isPublic = Boolean(state.profile?.published) && state.active;
  const expected = isPublic
    ? state.jobs
        .filter((j) => j.published && j.status === "live")
        .map((j) => j.id)
        .sort()
    : [];
  expect(await publicJobIds(companyId)).toEqual(expected);
  const listed = await env.DB.prepare("SELECT company, tagline, logo FROM companies WHERE id = ?").bind(companyId).first<{ company: string; tagline: string; logo: string }>();
  if (isPublic) expect(listed).toEqual({ company: state.profile!.company, tagline: state.profile!.tagline, logo: state.profile!.logo });
  else expect(listed).toBeNull();
  const { results: mirror } = await env.DB.prepare("SELECT id, status, published FROM spotlight_jobs WHERE company_id = ? AND deleted_at IS NULL ORDER BY id").bind(companyId).all();
  expect(mirror).toEqual(state.jobs.map((j) => ({ id: j.id, status: j.status, published: j.published ? 1 : 0 })).sort((a, b) => a.id.localeCompare(b.id)));
  const rows = await env.DB.prepare("SELECT company, tagline, expires_at FROM jobs WHERE company_id = ? AND source = 'spotlight'")
    .bind(companyId)
    .all<{ company: string; tagline: string; expires_at: number }>();
  for (const r of rows.results) expect(r).toMatchObject({ company: state.profile!.company, tagline: state.profile!.tagline, expires_at: Date.parse(state.activeUntil!) });
}
