// The /post wizard's draft (web/postingDraft.ts): what survives a reload in sessionStorage, how stored or
// handed-over data is reduced to known fields, and what the checkout request carries.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_EQUITY } from "../../worker/rules/equity";
import { DEFAULT_STAGE } from "../../worker/rules/lists";
import { MAX_POSTS, SOLD_BUNDLES } from "../../worker/rules/pricing";
import {
  DRAFT_KEY,
  clearDraft,
  defaultPurchase,
  emptyForm,
  equityPercentOf,
  jobInput,
  lastPostedJobId,
  loadDraft,
  newDraft,
  newSubmissionId,
  orderChoice,
  purchaseRequest,
  rememberPostedJob,
  saveDraft,
  toJobForm,
  toStep,
} from "../../web/postingDraft";
import { memoryStorage } from "../support/storage";

let storage: ReturnType<typeof memoryStorage>;
beforeEach(() => {
  storage = memoryStorage();
  vi.stubGlobal("sessionStorage", storage);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a new draft", () => {
  it("starts empty at the first step with a Standard post, the default stage and equity", () => {
    const d = newDraft();
    expect(d.step).toBe(0);
    expect(d.form).toEqual(emptyForm());
    expect(d.form.stage).toBe(DEFAULT_STAGE);
    expect(d.form.equity).toBe(DEFAULT_EQUITY);
    expect(d.purchase).toEqual({ plan: "standard", enhancements: [], selectedBundle: null, multiple: false, quantity: 1, email: "" });
  });

  it("gets its own submission id each time (the server keys a doubled submit on it)", () => {
    const ids = new Set(Array.from({ length: 20 }, () => newSubmissionId()));
    expect(ids.size).toBe(20);
    for (const id of ids) expect(id.length).toBeGreaterThanOrEqual(8);
  });
});

describe("saving and loading", () => {
  it("round-trips through sessionStorage under its key", () => {
    const d = newDraft();
    d.step = 2;
    d.form = { ...d.form, title: "Staff Engineer", tags: ["Go", "Rust"], equity: "0.5% - 1.0%", equityPercent: 1 };
    d.purchase = { ...d.purchase, plan: "premium", enhancements: ["highlight"], multiple: true, quantity: 5, email: "a@b.co" };
    saveDraft(d);
    expect(storage.getItem(DRAFT_KEY)).not.toBeNull();
    expect(loadDraft()).toEqual(d);
  });

  it("has nothing to load when nothing was saved, or after clearDraft", () => {
    expect(loadDraft()).toBeNull();
    saveDraft(newDraft());
    clearDraft();
    expect(loadDraft()).toBeNull();
  });

  it("reads unreadable storage as no draft", () => {
    storage.setItem(DRAFT_KEY, "{not json");
    expect(loadDraft()).toBeNull();
  });

  it("keeps working when storage refuses writes", () => {
    storage.failWrites = true;
    expect(() => saveDraft(newDraft())).not.toThrow();
    expect(() => rememberPostedJob("job-1")).not.toThrow();
    expect(loadDraft()).toBeNull();
  });

  it("repairs a stored draft: unknown step, plan, enhancements and bundle fall back; the quantity is clamped; a short submission id is replaced", () => {
    storage.setItem(
      DRAFT_KEY,
      JSON.stringify({
        step: 7,
        form: { title: "Designer", type: "gig", tags: ["UX", 3], extra: "dropped" },
        purchase: { plan: "gold", enhancements: ["sticky", "glitter"], selectedBundle: "nope", multiple: "yes", quantity: 10_000 },
        submissionId: "short",
      }),
    );
    const d = loadDraft()!;
    expect(d.step).toBe(0);
    expect(d.form.title).toBe("Designer");
    expect(d.form.type).toBe("full-time");
    expect(d.form.tags).toEqual(["UX"]);
    expect(d.form).not.toHaveProperty("extra");
    expect(d.purchase).toEqual({ plan: "standard", enhancements: ["sticky"], selectedBundle: null, multiple: false, quantity: MAX_POSTS, email: "" });
    expect(d.submissionId).not.toBe("short");
    expect(d.submissionId.length).toBeGreaterThanOrEqual(8);
  });

  it("remembers the last posted job for the success page", () => {
    expect(lastPostedJobId()).toBeNull();
    rememberPostedJob("job-42");
    expect(lastPostedJobId()).toBe("job-42");
  });
});

describe("form data from anywhere", () => {
  it("takes known fields of the right type and keeps the base for the rest", () => {
    const base = { ...emptyForm(), company: "Acme", location: "Remote" };
    const form = toJobForm({ title: "Engineer", company: 5, salary: null }, base);
    expect(form).toEqual({ ...base, title: "Engineer" });
  });

  it("treats anything that is not an object as empty", () => {
    expect(toJobForm(null)).toEqual(emptyForm());
    expect(toJobForm("title")).toEqual(emptyForm());
  });

  it("puts the equity slider at the equity text's first number, within 0 to 40", () => {
    expect(equityPercentOf("0.5% - 1.0%")).toBe(1);
    expect(equityPercentOf("2% - 4%")).toBe(2);
    expect(equityPercentOf("75%")).toBe(40);
    expect(equityPercentOf("none")).toBe(0);
    expect(toJobForm({ equity: "3% - 5%" }).equityPercent).toBe(3);
    expect(toJobForm({ equity: "3% - 5%", equityPercent: 4 }).equityPercent).toBe(4);
  });

  it("an empty stage becomes the default stage", () => {
    expect(toJobForm({ stage: "" }).stage).toBe(DEFAULT_STAGE);
  });

  it("knows the three steps only", () => {
    expect([0, 1, 2, 3, "1", null].map(toStep)).toEqual([0, 1, 2, 0, 0, 0]);
  });
});

describe("what the API is sent", () => {
  it("the job without the slider position", () => {
    const form = { ...emptyForm(), title: "Engineer", equityPercent: 3 };
    const job = jobInput(form);
    expect(job).not.toHaveProperty("equityPercent");
    expect(job.title).toBe("Engineer");
  });

  it("a plan with enhancements for one post, or for the quantity when 'multiple' is on", () => {
    const p = { ...defaultPurchase(), plan: "premium" as const, enhancements: ["featured" as const], quantity: 5, email: "a@b.co" };
    expect(purchaseRequest(p)).toEqual({ plan: "premium", enhancements: ["featured"], selectedBundle: null, quantity: 1, email: "a@b.co" });
    expect(purchaseRequest({ ...p, multiple: true })).toEqual({ plan: "premium", enhancements: ["featured"], selectedBundle: null, quantity: 5, email: "a@b.co" });
    expect(orderChoice({ ...p, multiple: true })).toEqual({ plan: "premium", enhancements: ["featured"], bundleId: null, quantity: 5 });
  });

  it("a bundle alone: no plan, no enhancements, one purchase", () => {
    const bundle = SOLD_BUNDLES[0]!.id;
    const p = { ...defaultPurchase(), plan: "premium" as const, enhancements: ["sticky" as const], selectedBundle: bundle, multiple: true, quantity: 9 };
    expect(purchaseRequest(p)).toEqual({ plan: null, enhancements: [], selectedBundle: bundle, quantity: 1, email: "" });
    expect(orderChoice(p)).toEqual({ plan: null, enhancements: [], bundleId: bundle, quantity: 1 });
  });
});
