// Spotlight preview mode: the preview company and
// preview jobs live in this browser's localStorage until the visitor subscribes; then they are uploaded
// and published. Also the guided tour's seen flag, and the onboarding's company details kept for the tab
// in sessionStorage (never the password: the account is created at the first step).
import { useSyncExternalStore } from "react";
import { DEFAULT_STAGE } from "@rules/spotlight";
import type { PreviewJobInput, SpotlightJob, SpotlightJobInput, SpotlightProfile, SpotlightProfileInput, SpotlightState } from "@rules/spotlight";

export const KEYS = {
  company: "spotlight.previewCompany",
  jobs: "spotlight.previewJobs",
  tourSeen: "spotlight.tourSeen",
  signup: "spotlight.signup",
} as const;

export interface PreviewCompany {
  company: string;
  logo: string;
  tagline: string;
  website: string;
  email: string;
  stage: string;
}

/** A preview job: the form, a generated id, the company fields copied in, and when it was made. */
export interface PreviewJob extends Required<Omit<SpotlightJobInput, "type">> {
  id: string;
  type: NonNullable<SpotlightJobInput["type"]>;
  company: string;
  logo: string;
  created_at: string;
  updated_at: string;
}

function read<T>(storage: Storage | undefined, key: string): T | null {
  try {
    const raw = storage?.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();
function emit() {
  cache = null;
  for (const l of listeners) l();
}

function write(storage: Storage, key: string, value: unknown) {
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or unavailable (private mode): the preview lives for this page only
  }
  emit();
}

export interface PreviewSnapshot {
  company: PreviewCompany | null;
  jobs: PreviewJob[];
}

let cache: PreviewSnapshot | null = null;
function snapshot(): PreviewSnapshot {
  cache ??= { company: read<PreviewCompany>(localStorage, KEYS.company), jobs: read<PreviewJob[]>(localStorage, KEYS.jobs) ?? [] };
  return cache;
}

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEYS.company || e.key === KEYS.jobs || e.key === null) emit();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener("storage", onStorage);
  };
}

/** The preview, kept in step across components and tabs. */
export function usePreview(): PreviewSnapshot {
  return useSyncExternalStore(subscribe, snapshot);
}

export function previewSnapshot(): PreviewSnapshot {
  return snapshot();
}

export function savePreviewCompany(company: PreviewCompany): void {
  write(localStorage, KEYS.company, company);
  // The company fields are copied into every preview job.
  const jobs = snapshot().jobs;
  if (jobs.length)
    write(
      localStorage,
      KEYS.jobs,
      jobs.map((j) => ({ ...j, company: company.company, logo: company.logo })),
    );
}

function newId(): string {
  return `preview-${crypto.randomUUID()}`;
}

export function addPreviewJob(job: SpotlightJobInput): PreviewJob {
  const company = snapshot().company;
  const now = new Date().toISOString();
  const created: PreviewJob = {
    title: job.title,
    category: job.category ?? "Engineering",
    type: job.type ?? "full-time",
    location: job.location,
    salary: job.salary,
    equity: job.equity ?? "",
    description: job.description,
    website: job.website ?? "",
    tags: job.tags,
    id: newId(),
    company: company?.company ?? "",
    logo: company?.logo ?? "",
    created_at: now,
    updated_at: now,
  };
  write(localStorage, KEYS.jobs, [created, ...snapshot().jobs]);
  return created;
}

export function updatePreviewJob(id: string, job: SpotlightJobInput): void {
  const now = new Date().toISOString();
  write(
    localStorage,
    KEYS.jobs,
    snapshot().jobs.map((j) =>
      j.id === id ? { ...j, ...job, equity: job.equity ?? "", website: job.website ?? "", category: job.category ?? j.category, type: job.type ?? j.type, updated_at: now } : j,
    ),
  );
}

export function deletePreviewJob(id: string): void {
  write(
    localStorage,
    KEYS.jobs,
    snapshot().jobs.filter((j) => j.id !== id),
  );
}

/** After the preview was published: it lives on the server now. */
export function clearPreview(): void {
  write(localStorage, KEYS.jobs, null);
  write(localStorage, KEYS.company, null);
}

export function tourSeen(): boolean {
  return read<boolean>(localStorage, KEYS.tourSeen) === true;
}

export function markTourSeen(): void {
  write(localStorage, KEYS.tourSeen, true);
}

// ---- shapes the dashboard and company page share with live mode -------------------------------

export function previewProfile(company: PreviewCompany | null): SpotlightProfile | null {
  if (!company) return null;
  return { company: company.company, logo: company.logo, tagline: company.tagline, stage: company.stage || DEFAULT_STAGE, website: company.website, email: company.email, published: false };
}

export function previewJobAsSpotlightJob(job: PreviewJob): SpotlightJob {
  return {
    id: job.id,
    title: job.title,
    category: job.category,
    type: job.type,
    location: job.location,
    salary: job.salary,
    equity: job.equity,
    description: job.description,
    website: job.website,
    tags: job.tags,
    published: false,
    status: "preview",
    views: 0,
    created_at: job.created_at,
    updated_at: job.updated_at,
    published_at: null,
  };
}

/** The preview as the live dashboard's state shape (never active, never published). */
export function previewState(p: PreviewSnapshot): SpotlightState {
  return { companyId: "", profile: previewProfile(p.company), jobs: p.jobs.map(previewJobAsSpotlightJob), active: false, activeUntil: null, version: 0 };
}

/** What the server's preview upload takes. */
export function previewUpload(p: PreviewSnapshot): { company: SpotlightProfileInput | undefined; jobs: PreviewJobInput[] } {
  const company =
    p.company && p.company.company.trim().length >= 2
      ? { company: p.company.company, logo: p.company.logo, tagline: p.company.tagline, stage: p.company.stage, website: p.company.website, email: p.company.email }
      : undefined;
  const jobs = p.jobs.map(({ company: _c, logo: _l, updated_at: _u, ...job }) => job);
  return { company, jobs };
}

// ---- the onboarding's company details, for this tab ---------------------------------------------

export interface SignupDraft {
  email: string;
  company: string;
  logo: string;
  tagline: string;
  stage: string;
  website: string;
}

export function loadSignupDraft(): SignupDraft | null {
  return read<SignupDraft>(sessionStorage, KEYS.signup);
}

export function saveSignupDraft(draft: SignupDraft | null): void {
  write(sessionStorage, KEYS.signup, draft);
}
