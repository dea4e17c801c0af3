// Saved jobs in the browser (issue 26). Signed out, saves live in this browser (localStorage); signed in, in the
// account (GET/PUT/DELETE /api/saved), and the browser's saves move into it once, at sign-in (useSavedSync).
import { useCallback, useEffect, useRef, useSyncExternalStore } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { SAVED_MAX, jobFingerprint } from "@rules/saved";
import type { BrowserSave, SavedJob } from "@rules/saved";
import type { PublicJob } from "@rules/search";
import { useAuth } from "./auth";
import { api, call } from "./client";
import { keys } from "./queryKeys";

const KEY = "sj_saved_jobs";
const listeners = new Set<() => void>();
let snapshot: string | null = null;

function readRaw(): string {
  try {
    return localStorage.getItem(KEY) ?? "[]";
  } catch {
    return "[]";
  }
}

/** The browser's saves, newest first. */
export function browserSaves(): BrowserSave[] {
  return parseSaves(readRaw());
}

function parseSaves(raw: string): BrowserSave[] {
  try {
    const v: unknown = JSON.parse(raw);
    return Array.isArray(v) ? (v as BrowserSave[]).filter((s) => typeof s?.jobId === "string" && typeof s.savedAt === "number") : [];
  } catch {
    return [];
  }
}

function writeBrowserSaves(saves: BrowserSave[]): void {
  try {
    if (saves.length) localStorage.setItem(KEY, JSON.stringify(saves.slice(0, SAVED_MAX)));
    else localStorage.removeItem(KEY);
  } catch {
    // Private mode: nothing is kept.
  }
  snapshot = null;
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => e.key === KEY && listener();
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

function getSnapshot(): string {
  snapshot ??= readRaw();
  return snapshot;
}

/** The signed-in user's saved list (GET /api/saved). */
export function useAccountSaves(enabled: boolean) {
  return useQuery({ queryKey: keys.saved, queryFn: async (): Promise<SavedJob[]> => (await call(api.saved.$get())).saved as SavedJob[], enabled, staleTime: 30_000 });
}

/** Whether a job is saved, and a toggle: in the account when signed in, in this browser otherwise. */
export function useSavedJobs() {
  const { loaded, user } = useAuth();
  const local = useSyncExternalStore(subscribe, getSnapshot, () => "[]");
  const account = useAccountSaves(loaded && Boolean(user));
  const queryClient = useQueryClient();
  // From the store's snapshot, never localStorage read during render: the server rendered "not saved" (its
  // snapshot is "[]"), so hydration sees the same, and the browser's saves show right after it.
  const ids = new Set(user ? (account.data ?? []).map((s) => s.jobId) : parseSaves(local).map((s) => s.jobId));

  const change = useMutation({
    mutationFn: async ({ jobId, save }: { jobId: string; save: boolean }) => {
      if (save) await call(api.saved[":jobId"].$put({ param: { jobId } }));
      else await call(api.saved[":jobId"].$delete({ param: { jobId } }));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.saved }),
  });

  const toggle = useCallback(
    (job: PublicJob) => {
      const save = !ids.has(job.id);
      if (user) {
        // Shown at once; the list is read again when the server has answered.
        queryClient.setQueryData<SavedJob[]>(keys.saved, (list = []) =>
          save ? [{ jobId: job.id, savedAt: new Date().toISOString(), title: job.title, company: job.company, status: "live", changed: false, job }, ...list] : list.filter((s) => s.jobId !== job.id),
        );
        change.mutate({ jobId: job.id, save });
        return;
      }
      const rest = browserSaves().filter((s) => s.jobId !== job.id);
      writeBrowserSaves(save ? [{ jobId: job.id, savedAt: Date.now(), fingerprint: jobFingerprint(job) }, ...rest] : rest);
    },
    [ids, user, queryClient, change],
  );

  /** Removes a save by its job's id (a removed job on /saved has no job to toggle). */
  const remove = (jobId: string) => {
    if (!user) return forgetBrowserSave(jobId);
    queryClient.setQueryData<SavedJob[]>(keys.saved, (list = []) => list.filter((s) => s.jobId !== jobId));
    change.mutate({ jobId, save: false });
  };

  return { isSaved: (id: string) => ids.has(id), toggle, remove, error: change.error };
}

/** Removes a save from this browser. */
function forgetBrowserSave(jobId: string): void {
  writeBrowserSaves(browserSaves().filter((s) => s.jobId !== jobId));
}

/** On sign-in, the browser's saves move into the account (POST /api/saved/merge), then leave the browser. Mounted once, in the layout. */
export function useSavedSync(): void {
  const { loaded, user } = useAuth();
  const queryClient = useQueryClient();
  const merging = useRef<string | null>(null);
  useEffect(() => {
    if (!loaded || !user || merging.current === user.id) return;
    const items = browserSaves();
    if (!items.length) return;
    merging.current = user.id;
    void call(api.saved.merge.$post({ json: { items } }))
      .then(async (res) => {
        // A read of the list already under way may have been answered before the merge: its answer must not
        // replace the merged list when it arrives (ci19).
        await queryClient.cancelQueries({ queryKey: keys.saved });
        queryClient.setQueryData(keys.saved, res.saved as SavedJob[]);
        // Only what was handed over leaves the browser; a save made meanwhile stays for the next sign-in.
        const handed = new Set(items.map((i) => i.jobId));
        writeBrowserSaves(browserSaves().filter((s) => !handed.has(s.jobId)));
      })
      .catch(() => {
        merging.current = null;
      });
  }, [loaded, user, queryClient]);
}
