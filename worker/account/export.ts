// "Download my data" (issue 23; GDPR art. 15 and 20, UAE PDPL art. 13-14, Saudi PDPL art. 4): one JSON document
// with a section per kind of data. A new kind of data is one more entry in SECTIONS (e.g. candidates'
// applications), nothing else changes.
import { exportApplications } from "../applications/store";
import { listPasskeys } from "../auth/passkeys";
import { exportSavedJobs } from "../saved/store";
import type { SessionUser } from "../rules/auth";
import { accountRow, alertRows, creditRows, jobRows, orderRows, spotlightRows } from "./exportStore";

type Section = (db: D1Database, user: SessionUser) => Promise<unknown>;

const SECTIONS = {
  account: (db, user) => accountRow(db, user.id),
  jobs: (db, user) => jobRows(db, user.id),
  orders: (db, user) => orderRows(db, user.id),
  credits: (db, user) => creditRows(db, user.id),
  alerts: (db, user) => alertRows(db, user.email),
  spotlight: (db, user) => spotlightRows(db, user.id),
  passkeys: (db, user) => listPasskeys(db, user.id),
  savedJobs: (db, user) => exportSavedJobs(db, user.id),
  applications: (db, user) => exportApplications(db, user.id),
} satisfies Record<string, Section>;

export type AccountExport = { exportedAt: string; format: 1 } & { [K in keyof typeof SECTIONS]: Awaited<ReturnType<(typeof SECTIONS)[K]>> };

export async function exportAccount(db: D1Database, user: SessionUser, now = Date.now()): Promise<AccountExport> {
  const names = Object.keys(SECTIONS) as (keyof typeof SECTIONS)[];
  const values = await Promise.all(names.map((name) => SECTIONS[name](db, user)));
  return { exportedAt: new Date(now).toISOString(), format: 1, ...(Object.fromEntries(names.map((n, i) => [n, values[i]])) as Omit<AccountExport, "exportedAt" | "format">) };
}
