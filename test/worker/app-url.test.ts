// "Every link in every e-mail uses one app URL" (issue 10, smaller defects): alerts, Notify me and the
// purchase confirmations all link to APP_URL, which `npm start -- --port N` sets to http://localhost:N;
// the request's own origin (here http://localhost) never leaks into a mail.
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach, describe, expect, it } from "vitest";
import worker from "../../worker/index";
import { appOrigin, appUrl } from "../../worker/lib/appUrl";
import { ORIGIN, signUp } from "../support/auth";
import type { Session } from "../support/auth";
import { jobDetails, purchase } from "../support/fixtures";
import { clearJobs } from "../support/jobs";

const APP = "http://localhost:9123";

/** A request through the worker as `npm start -- --port 9123` runs it: APP_URL is http://localhost:9123. */
async function onPort(path: string, init: RequestInit & { cookie?: string; json?: unknown } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", init.cookie);
  if (init.method && init.method !== "GET") headers.set("Origin", ORIGIN);
  if (init.json !== undefined) headers.set("Content-Type", "application/json");
  const request = new Request(`${ORIGIN}${path}`, { ...init, headers, body: init.json !== undefined ? JSON.stringify(init.json) : init.body });
  const ctx = createExecutionContext();
  const res = await worker.fetch(request as never, { ...env, APP_URL: APP } as never, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

async function mails(kind: string) {
  const { results } = await env.DB.prepare(`SELECT "to", text, html FROM mail_outbox WHERE kind = ?`).bind(kind).all<{ to: string; text: string; html: string }>();
  return results;
}

/** Every absolute link in a mail's text and HTML. */
function links(mail: { text: string; html: string }): string[] {
  return [...`${mail.text}\n${mail.html}`.matchAll(/https?:\/\/[^\s"<>]+/g)].map((m) => m[0]);
}

beforeEach(async () => {
  await clearJobs();
  await env.DB.prepare("DELETE FROM mail_outbox").run();
});

describe("one app URL", () => {
  it("APP_URL wins over the request's origin; without it, the request's origin", () => {
    expect(appOrigin({ APP_URL: "http://localhost:9123/" }, "http://127.0.0.1:8787/api/x")).toBe("http://localhost:9123");
    expect(appOrigin({ APP_URL: "" }, "http://127.0.0.1:8800/api/x")).toBe("http://127.0.0.1:8800");
    expect(appUrl({ APP_URL: "https://jobs.example" }, "/jobs/1")).toBe("https://jobs.example/jobs/1");
  });

  it("links in the alert confirmation e-mail use the app URL", async () => {
    const res = await onPort("/api/alerts", { method: "POST", json: { email: "cand@example.com", query: "keywords=react" }, headers: { "CF-Connecting-IP": "192.0.2.77" } });
    expect(res.status).toBe(201);
    const [mail] = await mails("alert_confirm");
    expect(links(mail!).length).toBeGreaterThan(0);
    for (const link of links(mail!)) expect(link.startsWith(`${APP}/`), link).toBe(true);
  });

  it("links in the purchase confirmation e-mail and the checkout's return pages use the app URL, not the request's origin", async () => {
    const s: Session = await signUp();
    const res = await onPort("/api/checkout/job", { method: "POST", cookie: s.cookie, json: { job: jobDetails(), purchase: purchase(), submissionId: crypto.randomUUID() } });
    expect(res.status, await res.clone().text()).toBe(200);
    const { id, jobId } = (await res.json()) as { id: string; jobId: string };
    const session = await env.DB.prepare("SELECT params FROM emulator_sessions WHERE id = ?").bind(id).first<{ params: string }>();
    const params = JSON.parse(session!.params) as { successUrl: string; cancelUrl: string };
    expect(params.successUrl.startsWith(`${APP}/job-posting-success?job_id=${jobId}`)).toBe(true);
    expect(params.cancelUrl.startsWith(`${APP}/job-posting-cancel?`)).toBe(true);

    await env.DB.prepare("UPDATE emulator_sessions SET status = 'complete', payment_status = 'paid' WHERE id = ?").bind(id).run();
    const verify = await onPort(`/api/checkout/verify?session_id=${id}`, { cookie: s.cookie });
    expect(verify.status).toBe(200);
    const [mail] = await mails("job_confirmation");
    expect(links(mail!)).toContain(`${APP}/jobs/${jobId}`);
    for (const link of links(mail!)) expect(link.startsWith(`${APP}/`), link).toBe(true);
  });
});
