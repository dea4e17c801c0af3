// Dev-only tools (see ./gate.ts): the local mailbox, running the scheduled tasks on demand, and adding a
// job directly (the browser tests use it to have a job matching an alert).
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../env";
import { validate } from "../http/validate";
import { expireJobNow, insertJobs } from "../jobs/store";
import { mailboxMessages, markMailFailedStatement } from "../mail/store";
import type { MailboxMessage } from "../rules/mailbox";
import { SCHEDULED_TASKS, runScheduledTasks } from "../scheduled";
import type { ScheduledTask } from "../scheduled";
import { devOnly } from "./gate";

const devJobSchema = z.object({
  title: z.string().trim().min(1).max(200),
  company: z.string().trim().min(1).max(200),
  location: z.string().trim().max(200).default("Remote"),
  salary: z.string().trim().max(100).default(""),
  equity: z.string().trim().max(100).default(""),
  category: z.string().trim().max(100).default("Engineering"),
  type: z.string().trim().max(50).default("full-time"),
  description: z.string().max(20_000).default("<p>A job added from the dev tools, with a description long enough to pass the posting rules of the board.</p>"),
  tags: z.array(z.string().max(50)).max(20).default([]),
  companyId: z.string().max(100).optional(),
  email: z.string().max(254).default(""),
  expiresAt: z.number().int().optional(),
});

export const devRoutes = new Hono<AppEnv>()
  .use("*", devOnly)
  .get("/mailbox", async (c) => {
    return c.json({ messages: await mailboxMessages<MailboxMessage>(c.env.DB) });
  })
  .post("/run-scheduled", validate("query", z.object({ task: z.enum(["all", ...SCHEDULED_TASKS]).default("all") })), async (c) => {
    const { task } = c.req.valid("query");
    const report = await runScheduledTasks(c.env, Date.now(), task === "all" ? [...SCHEDULED_TASKS] : [task as ScheduledTask]);
    return c.json({ report });
  })
  .post("/jobs", validate("json", devJobSchema), async (c) => {
    const input = c.req.valid("json");
    const now = Date.now();
    const [row] = await insertJobs(c.env.DB, [{ id: crypto.randomUUID(), ...input, published: 1, publishedAt: now, createdAt: now, source: "seed" }], now);
    return c.json({ id: row!.id }, 201);
  })
  .post("/jobs/bulk", validate("json", z.object({ prefix: z.string().trim().min(1).max(50), count: z.number().int().min(1).max(5000) })), async (c) => {
    // Volume for browser tests (the operator console's pages): `count` never-paid drafts made years ago,
    // so they are in no public list and at the end of the console's newest-first one. Through the jobs store.
    const { prefix, count } = c.req.valid("json");
    const base = Date.UTC(2020, 0, 1);
    for (let from = 0; from < count; from += 250) {
      const inputs = Array.from({ length: Math.min(250, count - from) }, (_, k) => {
        const i = from + k;
        return {
          id: crypto.randomUUID(),
          title: `${prefix} ${i}`,
          company: `${prefix} Co`,
          location: "Remote",
          category: "Engineering",
          type: "full-time",
          description: "<p>Volume</p>",
          tags: [],
          published: 0,
          createdAt: base + i * 60_000,
          source: "seed",
        };
      });
      await insertJobs(c.env.DB, inputs, base);
    }
    return c.json({ ok: true, count }, 201);
  })
  .post("/jobs/:id/expire", validate("param", z.object({ id: z.string().min(1).max(100) })), async (c) => {
    // Time travel for browser tests: the job's 30 days are over (an Expired job, which may be reposted).
    const { id } = c.req.valid("param");
    const now = Date.now();
    if (!(await expireJobNow(c.env.DB, id, now))) return c.json({ error: "Job not found" }, 404);
    return c.json({ ok: true });
  })
  .post("/mail/:id/fail", validate("param", z.object({ id: z.string().min(1).max(100) })), async (c) => {
    // A provider failure for browser tests: the row is failed with an error, as when the provider refuses it
    // (the local mailbox itself never fails). The operator console's Resend then delivers it for real.
    const res = await markMailFailedStatement(c.env.DB, c.req.valid("param").id, "Local test: the mail provider refused this message").run();
    if (!res.meta.changes) return c.json({ error: "E-mail not found" }, 404);
    return c.json({ ok: true });
  });
