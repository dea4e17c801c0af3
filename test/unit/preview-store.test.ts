// Spotlight preview mode's store (web/screens/spotlight/previewStore.ts): the preview company and jobs in
// localStorage, the company fields copied into every job, the tour flag, the onboarding draft in
// sessionStorage, and the shapes handed to the live dashboard and to the server's preview upload.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_STAGE } from "../../worker/rules/spotlight";
import type { SpotlightJobInput } from "../../worker/rules/spotlight";
import {
  KEYS,
  addPreviewJob,
  clearPreview,
  deletePreviewJob,
  loadSignupDraft,
  markTourSeen,
  previewSnapshot,
  previewState,
  previewUpload,
  savePreviewCompany,
  saveSignupDraft,
  tourSeen,
  updatePreviewJob,
} from "../../web/screens/spotlight/previewStore";
import type { PreviewCompany } from "../../web/screens/spotlight/previewStore";
import { memoryStorage } from "../support/storage";

const COMPANY: PreviewCompany = { company: "Acme", logo: "/logos/acme.svg", tagline: "We make things", website: "https://acme.test", email: "jobs@acme.test", stage: "Seed" };
const JOB: SpotlightJobInput = { title: "Engineer", location: "Remote", salary: "$100k", description: "<p>Build things.</p>", tags: ["Go"] };

let local: ReturnType<typeof memoryStorage>;
let session: ReturnType<typeof memoryStorage>;
beforeEach(() => {
  local = memoryStorage();
  session = memoryStorage();
  vi.stubGlobal("localStorage", local);
  vi.stubGlobal("sessionStorage", session);
  clearPreview(); // the store caches its snapshot: start each test from the fresh storage
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the preview company and jobs", () => {
  it("starts empty", () => {
    expect(previewSnapshot()).toEqual({ company: null, jobs: [] });
  });

  it("keeps the company in localStorage", () => {
    savePreviewCompany(COMPANY);
    expect(previewSnapshot().company).toEqual(COMPANY);
    expect(JSON.parse(local.getItem(KEYS.company)!)).toEqual(COMPANY);
  });

  it("adds a job newest first, with defaults for what the form left out and the company copied in", () => {
    savePreviewCompany(COMPANY);
    const first = addPreviewJob(JOB);
    const second = addPreviewJob({ ...JOB, title: "Designer", category: "Design", type: "contract", equity: "1%", website: "https://acme.test/design" });
    expect(first).toMatchObject({ title: "Engineer", category: "Engineering", type: "full-time", equity: "", website: "", company: "Acme", logo: "/logos/acme.svg" });
    expect(first.id).toMatch(/^preview-/);
    expect(first.created_at).toBe(first.updated_at);
    expect(second).toMatchObject({ category: "Design", type: "contract", equity: "1%" });
    expect(previewSnapshot().jobs.map((j) => j.title)).toEqual(["Designer", "Engineer"]);
  });

  it("copies a changed company name and logo into every job", () => {
    savePreviewCompany(COMPANY);
    addPreviewJob(JOB);
    savePreviewCompany({ ...COMPANY, company: "Acme Labs", logo: "/logos/labs.svg" });
    expect(previewSnapshot().jobs[0]).toMatchObject({ company: "Acme Labs", logo: "/logos/labs.svg" });
  });

  it("updates a job in place (keeping its category and type when the form leaves them out) and deletes one", () => {
    const a = addPreviewJob({ ...JOB, category: "Design", type: "contract" });
    const b = addPreviewJob({ ...JOB, title: "Other" });
    updatePreviewJob(a.id, { ...JOB, title: "Senior Engineer", equity: undefined });
    const updated = previewSnapshot().jobs.find((j) => j.id === a.id)!;
    expect(updated).toMatchObject({ title: "Senior Engineer", category: "Design", type: "contract", equity: "", created_at: a.created_at });
    deletePreviewJob(b.id);
    expect(previewSnapshot().jobs.map((j) => j.id)).toEqual([a.id]);
  });

  it("is gone after clearPreview (published: it lives on the server now)", () => {
    savePreviewCompany(COMPANY);
    addPreviewJob(JOB);
    clearPreview();
    expect(previewSnapshot()).toEqual({ company: null, jobs: [] });
    expect(local.getItem(KEYS.jobs)).toBeNull();
  });

  it("reads unreadable storage as empty", () => {
    local.setItem(KEYS.jobs, "[not json");
    savePreviewCompany(COMPANY); // any write refreshes the snapshot
    expect(previewSnapshot().jobs).toEqual([]);
  });

  it("keeps working when storage refuses writes", () => {
    local.failWrites = true;
    expect(() => savePreviewCompany(COMPANY)).not.toThrow();
    expect(previewSnapshot().company).toBeNull();
  });
});

describe("shapes shared with live mode", () => {
  it("the dashboard's state: never active, never published, every job a preview", () => {
    savePreviewCompany({ ...COMPANY, stage: "" });
    const job = addPreviewJob(JOB);
    const state = previewState(previewSnapshot());
    expect(state).toMatchObject({ companyId: "", active: false, activeUntil: null, version: 0 });
    expect(state.profile).toEqual({ company: "Acme", logo: COMPANY.logo, tagline: COMPANY.tagline, stage: DEFAULT_STAGE, website: COMPANY.website, email: COMPANY.email, published: false });
    expect(state.jobs).toEqual([expect.objectContaining({ id: job.id, title: "Engineer", published: false, status: "preview", views: 0, published_at: null })]);
    expect(previewState({ company: null, jobs: [] }).profile).toBeNull();
  });

  it("the upload: the company once its name has two characters, the jobs without the copied company fields", () => {
    savePreviewCompany(COMPANY);
    const job = addPreviewJob(JOB);
    const upload = previewUpload(previewSnapshot());
    expect(upload.company).toEqual({ company: "Acme", logo: COMPANY.logo, tagline: COMPANY.tagline, stage: "Seed", website: COMPANY.website, email: COMPANY.email });
    expect(upload.jobs).toEqual([
      {
        id: job.id,
        title: "Engineer",
        category: "Engineering",
        type: "full-time",
        location: "Remote",
        salary: "$100k",
        equity: "",
        description: JOB.description,
        website: "",
        tags: ["Go"],
        created_at: job.created_at,
      },
    ]);
    expect(previewUpload({ company: { ...COMPANY, company: " A " }, jobs: [] }).company).toBeUndefined();
  });
});

describe("the tour and the onboarding draft", () => {
  it("remembers that the tour was seen", () => {
    expect(tourSeen()).toBe(false);
    markTourSeen();
    expect(tourSeen()).toBe(true);
  });

  it("keeps the onboarding's company details for the tab, in sessionStorage, until cleared", () => {
    const draft = { email: "a@acme.test", company: "Acme", logo: "", tagline: "", stage: "Seed", website: "" };
    expect(loadSignupDraft()).toBeNull();
    saveSignupDraft(draft);
    expect(loadSignupDraft()).toEqual(draft);
    expect(local.getItem(KEYS.signup)).toBeNull();
    saveSignupDraft(null);
    expect(loadSignupDraft()).toBeNull();
  });
});
