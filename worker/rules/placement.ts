// Paid placement (README "Decisions": the Pinned strip). Sticky ($149) pins a job above the results on /
// and /jobs while it matches the visitor's filters: at most PINNED_MAX at a time. When more sticky jobs
// match, they take turns (with 3 or fewer, all are shown, newest first): the matching sticky jobs, newest first, form a ring; each rotation window the
// strip shows the next PINNED_MAX of the ring. Within a window the choice is fixed, so every page, cache
// and visitor agree; over windows every matching sticky job is shown equally often.
export const PINNED_MAX = 3;
export const PIN_ROTATION_MINUTES = 60;

/** The rotation window a moment falls in (counted from the Unix epoch). */
export function pinWindow(now: number): number {
  return Math.floor(now / (PIN_ROTATION_MINUTES * 60_000));
}

/** Where in the ring of `count` matching sticky jobs (newest first) the strip starts in `window`. */
export function pinStart(count: number, window: number): number {
  return count <= PINNED_MAX ? 0 : (window * PINNED_MAX) % count;
}
