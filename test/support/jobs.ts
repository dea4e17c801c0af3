// Small factories for job fixtures, and helpers that go through the real worker.
import { env, exports } from "cloudflare:workers";
import type { JobInput } from "../../worker/jobs/derive";
import { insertJobs } from "../../worker/jobs/store";
import type { JobListResponse } from "../../worker/rules/search";

let counter = 0;
export { DAY, HOUR, MINUTE } from "../../worker/rules/time";

export const LONG_DESCRIPTION = "<p>We are looking for someone who enjoys building products that people love, working with a small team that ships every week.</p>";

export function jobInput(overrides: Partial<JobInput> = {}): JobInput {
  counter += 1;
  const createdAt = overrides.createdAt ?? Date.now() - counter * 1000;
  return {
    id: crypto.randomUUID(),
    title: `Position ${counter}`,
    company: `Company ${counter}`,
    location: "Dubai, UAE",
    salary: "$100k - $150k",
    category: "Operations",
    type: "full-time",
    description: LONG_DESCRIPTION,
    tags: ["Operations"],
    published: 1,
    publishedAt: createdAt,
    ...overrides,
    createdAt,
  };
}

export async function addJobs(...overrides: Partial<JobInput>[]): Promise<string[]> {
  const inputs = overrides.map((o) => jobInput(o));
  await insertJobs(env.DB, inputs);
  return inputs.map((i) => i.id);
}

export async function clearJobs(): Promise<void> {
  // job_tags first: its rows are keyed by jobs.seq, which the next inserts reuse (worker/jobs/store.ts).
  await env.DB.batch([env.DB.prepare("DELETE FROM job_tags"), env.DB.prepare("DELETE FROM jobs"), env.DB.prepare("DELETE FROM job_stats")]);
}

export function apiUrl(path: string, params: Record<string, string | number | boolean | string[]> = {}): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (Array.isArray(v)) for (const x of v) q.append(k, x);
    else q.set(k, String(v));
  }
  const qs = q.toString();
  return `http://localhost${path}${qs ? `?${qs}` : ""}`;
}

export async function get(path: string, params: Record<string, string | number | boolean | string[]> = {}): Promise<Response> {
  return exports.default.fetch(apiUrl(path, params));
}

export async function search(params: Record<string, string | number | boolean | string[]> = {}): Promise<JobListResponse> {
  const res = await get("/api/jobs", params);
  if (res.status !== 200) throw new Error(`search answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as JobListResponse;
}

export async function titles(params: Record<string, string | number | boolean | string[]> = {}): Promise<string[]> {
  return (await search(params)).jobs.map((j) => j.title);
}
