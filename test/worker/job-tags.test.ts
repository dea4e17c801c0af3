// The tag index (issue 27): job_tags holds each job's tags, lower-cased, written by the jobs store in the same
// batch as every insert and delete of jobs; the tag filter reads it and finds exactly what the old test (each
// job's JSON tags, case-insensitive substring) found.
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import { deriveJobRow } from "../../worker/jobs/derive";
import { deleteOwnedJob, insertJobs, postingStatements, replaceSpotlightJobsStatements } from "../../worker/jobs/store";
import { addJobs, clearJobs, jobInput, search } from "../support/jobs";

/** job_tags as "tag@job id", sorted. */
async function tagRows(): Promise<string[]> {
  const { results } = await env.DB.prepare("SELECT t.tag || '@' || j.id AS r FROM job_tags t JOIN jobs j ON j.seq = t.job ORDER BY r").all<{ r: string }>();
  return results.map((x) => x.r);
}

/** Rows of job_tags whose job is gone, or that differ from the jobs' own JSON tags. */
async function drift(): Promise<{ orphans: number; missing: number; extra: number }> {
  const [orphans, missing, extra] = await env.DB.batch<{ n: number }>([
    env.DB.prepare("SELECT count(*) AS n FROM job_tags WHERE job NOT IN (SELECT seq FROM jobs)"),
    env.DB.prepare("SELECT count(*) AS n FROM jobs j, json_each(j.tags) t WHERE NOT EXISTS (SELECT 1 FROM job_tags g WHERE g.job = j.seq AND g.tag = lower(t.value))"),
    env.DB.prepare("SELECT count(*) AS n FROM job_tags g JOIN jobs j ON j.seq = g.job WHERE NOT EXISTS (SELECT 1 FROM json_each(j.tags) t WHERE lower(t.value) = g.tag)"),
  ]);
  return { orphans: orphans!.results[0]!.n, missing: missing!.results[0]!.n, extra: extra!.results[0]!.n };
}

const NONE = { orphans: 0, missing: 0, extra: 0 };

beforeEach(clearJobs);

describe("job_tags is written with every write of jobs", () => {
  it("an insert writes the job's tags, lower-cased, each once, and their names", async () => {
    const [id] = await addJobs({ tags: ["React", "TypeScript", "react native"] });
    expect(await tagRows()).toEqual([`react native@${id}`, `react@${id}`, `typescript@${id}`]);
    const { results } = await env.DB.prepare("SELECT tag FROM job_tag_names ORDER BY tag").all<{ tag: string }>();
    expect(results.map((r) => r.tag)).toEqual(["react", "react native", "typescript"]);
    expect(await drift()).toEqual(NONE);
  });

  it("ten inserts at once keep every job's rows", async () => {
    await Promise.all(Array.from({ length: 10 }, (_, i) => addJobs({ tags: [`Tag${i}`, "Shared"] })));
    expect((await tagRows()).length).toBe(20);
    expect(await drift()).toEqual(NONE);
  });

  it("the owner's delete removes the job's rows, and a job that takes its seq does not inherit them", async () => {
    const userId = crypto.randomUUID();
    const [keep, gone] = await addJobs({ tags: ["Go"], userId }, { tags: ["Kotlin", "Android"], userId });
    await deleteOwnedJob(env.DB, gone!, userId);
    expect(await tagRows()).toEqual([`go@${keep}`]);
    // The deleted job had the highest seq: the next insert reuses it.
    const [next] = await addJobs({ tags: ["Swift"] });
    expect(await tagRows()).toEqual([`go@${keep}`, `swift@${next}`]);
    expect((await search({ tags: "android" })).total).toBe(0);
    expect(await drift()).toEqual(NONE);
  });

  it("someone else's delete changes nothing", async () => {
    const [id] = await addJobs({ tags: ["Go"], userId: "owner" });
    await deleteOwnedJob(env.DB, id!, "someone-else");
    expect(await tagRows()).toEqual([`go@${id}`]);
  });

  it("a posting that replaces its unpaid row replaces the tags with it", async () => {
    const [unpaid] = await addJobs({ tags: ["Old"], published: 0, publishedAt: null });
    const row = deriveJobRow(jobInput({ tags: ["New"] }));
    await env.DB.batch(postingStatements(env.DB, row, { replacing: unpaid }));
    expect(await tagRows()).toEqual([`new@${row.id}`]);
    expect(await drift()).toEqual(NONE);
  });

  it("a Spotlight company's rows replaced replace their tags", async () => {
    const companyId = "acme-spotlight";
    const first = [jobInput({ tags: ["Rust"], companyId, source: "spotlight" }), jobInput({ tags: ["Go"], companyId, source: "spotlight" })].map((j) => deriveJobRow(j));
    await env.DB.batch((await replaceSpotlightJobsStatements(env.DB, companyId, first)).statements);
    const [other] = await addJobs({ tags: ["Rust"] });
    const second = [deriveJobRow(jobInput({ tags: ["Elixir"], companyId, source: "spotlight" }))];
    await env.DB.batch((await replaceSpotlightJobsStatements(env.DB, companyId, second)).statements);
    expect(await tagRows()).toEqual([`elixir@${second[0]!.id}`, `rust@${other}`]);
    expect(await drift()).toEqual(NONE);
  });
});

describe("the tag filter finds what the JSON test found", () => {
  /** The old test, straight on the rows: any selected tag contained in a job tag, ignoring case. */
  async function oldTotal(tags: string[]): Promise<number> {
    const wanted = Array.from(new Set(tags.map((t) => t.trim().toLowerCase()).filter(Boolean)));
    const now = Date.now();
    const row = await env.DB.prepare(
      `SELECT count(*) AS n FROM jobs j WHERE j.published = 1 AND j.deleted_at IS NULL AND j.expires_at > ? AND (j.newer_dup_until IS NULL OR j.newer_dup_until <= ?)
         AND EXISTS (SELECT 1 FROM json_each(j.tags) t WHERE ${wanted.map(() => "instr(lower(t.value), ?) > 0").join(" OR ")})`,
    )
      .bind(now, now, ...wanted)
      .first<{ n: number }>();
    return row!.n;
  }

  it.each([[["Go"]], [["go"]], [["GO", "rust"]], [["native"]], [["React Native"]], [["ang"]], [["بايثون"]], [["Data"]], [["c#"]], [["nothing-like-it"]]])("tags=%j", async (tags) => {
    await insertJobs(env.DB, [
      jobInput({ tags: ["Go", "Kubernetes"] }),
      jobInput({ tags: ["Django", "Python"] }),
      jobInput({ tags: ["React Native", "TypeScript"] }),
      jobInput({ tags: ["Angular"] }),
      jobInput({ tags: ["بايثون", "بيانات"] }),
      jobInput({ tags: ["Data", "DATA Science"] }),
      jobInput({ tags: ["C#", ".NET"] }),
      jobInput({ tags: ["Rust"], published: 0, publishedAt: null }),
      jobInput({ tags: [] }),
    ]);
    const res = await search({ tags });
    expect(res.total).toBe(await oldTotal(tags));
    expect(res.jobs).toHaveLength(res.total);
  });

  it("a tag only an unpublished job carries matches nothing", async () => {
    await addJobs({ tags: ["Rust"], published: 0, publishedAt: null }, { tags: ["Go"] });
    expect((await search({ tags: "rust" })).total).toBe(0);
  });
});
