// The job list shared by / and /jobs: count heading, filters,
// sort, the Pinned strip, the cards, and 'Load more'. Filters and sort are read from and written to the URL
// only; the loaded pages (useJobSearch.ts) and the scroll position (listingMemory.ts) are kept per history entry.
import { useCallback, useEffect, useRef, useState } from "react";
import type { RefObject } from "react";
import { useLocation } from "react-router";
import { activeFilterCount, hasActiveFilters } from "@rules/searchParams";
import { useI18n } from "../i18n";
import { recallScroll, rememberScroll } from "../listingMemory";
import { DESKTOP, useMediaQuery } from "../useMediaQuery";
import { useJobSearch } from "../useJobSearch";
import { useStagedCount } from "../useStagedCount";
import { useUrlFilters } from "../useUrlFilters";
import { FilterDialog } from "./FilterDialog";
import { FilterPanel } from "./FilterPanel";
import { Icon } from "./Icon";
import { JobCard, selectionKey } from "./JobCard";
import { JobCardSkeleton } from "./JobCardSkeleton";
import { SortSelect } from "./SortSelect";

const SKELETON_CARDS = 3;
/** Cards rendered per step after the first screen's (useStagedCount). */
const CARDS_PER_STEP = 3;

export function JobList({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const { t, localise } = useI18n();
  const { filters, sort, query, notices, setFilters, setSort, clearAll } = useUrlFilters();
  const { key: memoryKey } = useLocation();
  const search = useJobSearch(query, memoryKey);
  const sectionRef = useRef<HTMLElement>(null);
  useListingScroll(sectionRef, memoryKey, query, search.status === "loaded" && search.restored);
  const isDesktop = useMediaQuery(DESKTOP);
  const [showFilters, setShowFilters] = useState(false);
  const [dialogOpen, setDialogOpen] = useState(false);
  // The selected card belongs to the query it was chosen under, so any filter change clears it.
  const [selection, setSelection] = useState({ query, id: "" });
  const selectedId = selection.query === query ? selection.id : "";
  // One function for every card (JobCard is memoised): a card's selectionKey opens it or closes it.
  const toggle = useCallback((key: string) => setSelection((s) => ({ query, id: s.query === query && s.id === key ? "" : key })), [query]);
  const active = hasActiveFilters(filters);
  // The pay filter counts too: a pay-only search showed no badge (the eighteenth reading).
  const activeCount = activeFilterCount(filters);
  const Heading = headingLevel === 1 ? "h1" : "h2";
  // A search that finds nothing says so once, in the heading, over a card that offers the way out; a board with no
  // jobs at all says «لا توجد وظائف متاحة» and offers nothing to clear («لا توجد وظائف متاحة» over «لم نعثر على
  // وظائف تطابق بحثك» over «حسب معايير البحث التي اخترتها» said it three times, the sixteenth reading).
  const nothingFound = search.status === "loaded" && search.total === 0 && active;
  // Cards and the empty state sit one level below the list's heading, so no heading level is skipped.
  const Below = headingLevel === 1 ? "h2" : "h3";
  // The Pinned strip's cards, then the list's, as one sequence: those that fill the first screen render with the
  // page, the rest in the next tasks (useStagedCount).
  const pinned = search.status === "loaded" ? search.pinned : [];
  const lastList = useRef<HTMLUListElement>(null);
  const rendered = useStagedCount(pinned.length + search.jobs.length, {
    step: CARDS_PER_STEP,
    // A remembered list needs its full height; one the server rendered is already whole in the page.
    all: search.status === "loaded" && (search.restored || search.fromPage),
    end: lastList,
  });
  const pinnedShown = Math.min(rendered, pinned.length);
  const jobsShown = Math.max(0, rendered - pinned.length);

  return (
    <section ref={sectionRef} className="job-list-section" aria-labelledby="jobs-heading">
      <div className="list-header">
        <div className="list-title">
          <Heading id="jobs-heading" aria-live="polite">
            {search.status === "loaded"
              ? nothingFound
                ? t("public.list.noJobs")
                : t("common.jobsAvailable", { count: search.total })
              : search.status === "loading"
                ? t("public.list.loading")
                : t("public.list.jobs")}
          </Heading>
          {active && !nothingFound && <p className="muted list-subtitle">{t("public.list.filtered")}</p>}
        </div>
        <div className="list-tools">
          {isDesktop ? (
            <button type="button" className="button button-outline" aria-expanded={showFilters} aria-controls="filter-panel" onClick={() => setShowFilters((s) => !s)}>
              <Icon name="filter" />
              {showFilters ? t("public.list.hideFilters") : t("public.list.showFilters")}
            </button>
          ) : (
            <button type="button" className="button button-outline" aria-haspopup="dialog" onClick={() => setDialogOpen(true)}>
              <Icon name="filter" />
              {t("public.filters.title")}
              {activeCount > 0 && (
                <span className="count-badge" aria-hidden="true">
                  {activeCount}
                </span>
              )}
            </button>
          )}
          <SortSelect value={sort} onChange={setSort} />
        </div>
      </div>

      {isDesktop && showFilters && <FilterPanel id="filter-panel" filters={filters} onApply={setFilters} />}
      {!isDesktop && dialogOpen && (
        <FilterDialog
          filters={filters}
          onClose={() => setDialogOpen(false)}
          onApply={(next) => {
            setDialogOpen(false);
            setFilters(next);
          }}
        />
      )}

      {notices.length > 0 && (
        <div className="notice notice-info listing-notices" role="status">
          {notices.map((n) => (
            <p key={n}>{localise(n)}</p>
          ))}
        </div>
      )}

      {search.status === "loaded" && search.pinned.length > 0 && (
        <section className="pinned-strip" aria-labelledby="pinned-heading">
          <h2 id="pinned-heading" className="pinned-heading">
            {t("public.list.pinned")}
          </h2>
          <ul className="job-list" aria-label={t("public.list.pinnedJobs")} aria-busy={pinnedShown < pinned.length || undefined} ref={jobsShown ? undefined : lastList}>
            {pinned.slice(0, pinnedShown).map((job) => (
              <li key={job.id}>
                <JobCard job={job} pinned expanded={selectedId === selectionKey(job.id, true)} onToggle={toggle} />
              </li>
            ))}
          </ul>
        </section>
      )}

      {search.status === "loading" && (
        <div className="job-list" aria-busy="true">
          <span className="sr-only">{t("public.list.loadingJobs")}</span>
          {Array.from({ length: SKELETON_CARDS }, (_, i) => (
            <JobCardSkeleton key={i} />
          ))}
        </div>
      )}

      {search.status === "error" && (
        <div className="notice notice-error" role="alert">
          <p>{t("public.list.error")}</p>
        </div>
      )}

      {nothingFound && (
        <div className="empty-state card">
          <p className="muted">{t("public.list.noJobsText")}</p>
          <button type="button" className="button button-primary" onClick={clearAll}>
            {t("public.list.reset")}
          </button>
        </div>
      )}

      {search.status === "loaded" && search.jobs.length > 0 && (
        <>
          <ul className="job-list" aria-label={t("public.list.jobs")} aria-busy={jobsShown < search.jobs.length || undefined} ref={jobsShown ? lastList : undefined}>
            {search.jobs.slice(0, jobsShown).map((job) => (
              <li key={job.id}>
                <JobCard job={job} titleLevel={Below} expanded={selectedId === selectionKey(job.id, false)} onToggle={toggle} />
              </li>
            ))}
          </ul>
          <div className="list-footer">
            <p className="muted small">{t("public.list.showing", { shown: search.jobs.length, total: search.total })}</p>
            {search.nextCursor && (
              <button type="button" className="button button-outline list-more" onClick={search.loadMore} disabled={search.loadingMore}>
                {search.loadingMore ? t("public.list.loadingMore") : t("public.list.loadMore")}
              </button>
            )}
            {search.loadMoreFailed && (
              <p className="notice-inline" role="alert">
                {t("public.list.loadMoreFailed")}
              </p>
            )}
          </div>
        </>
      )}
    </section>
  );
}

/**
 * Keeps this history entry's scroll position while the list is shown, and puts it back when the entry is
 * shown again with its remembered pages (browser Back, "← Back to jobs").
 */
function useListingScroll(section: RefObject<HTMLElement | null>, memoryKey: string, query: string, restored: boolean) {
  useEffect(() => {
    // Only while the list is in the page: when the next screen replaces it, the page shrinks and the
    // browser scrolls to the top before the list is unmounted (a Suspense fallback may take its place while
    // the next screen loads). That is not the visitor's place.
    const onScroll = () => {
      if (section.current?.isConnected) rememberScroll(memoryKey, query, window.scrollY);
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [section, memoryKey, query]);
  useEffect(() => {
    const y = restored ? recallScroll(memoryKey, query) : undefined;
    // Nothing remembered, nothing to put back: a hydration that React starts again (a click while it hydrates)
    // finds the first page in the cache, but the visitor has not been anywhere yet.
    if (y === undefined) return;
    // The app alone restores the place: the browser's own restoration would race it on a slow device.
    window.history.scrollRestoration = "manual";
    // After the layout has painted the remembered pages; again on the next frames while something (late
    // layout, the browser) has moved it, for at most about a second.
    let frame = 0;
    let tries = 0;
    const restore = () => {
      if (Math.abs(window.scrollY - y) > 2) window.scrollTo(0, y);
      if (++tries < 60) frame = requestAnimationFrame(restore);
    };
    frame = requestAnimationFrame(restore);
    const stop = () => (tries = 60); // the visitor scrolls: their place wins
    window.addEventListener("wheel", stop, { passive: true, once: true });
    window.addEventListener("touchstart", stop, { passive: true, once: true });
    window.addEventListener("keydown", stop, { once: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("wheel", stop);
      window.removeEventListener("touchstart", stop);
      window.removeEventListener("keydown", stop);
    };
  }, [memoryKey, query, restored]);
}
