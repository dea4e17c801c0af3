import { useSyncExternalStore } from "react";

/**
 * True while the CSS media query matches; re-renders when it starts or stops matching. The server renders (and
 * the browser hydrates) as if it did not match, the narrow layout; the browser re-renders at once if it does.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** The width at which the desktop layout (inline filters, full header) starts. Matches the 1024px media queries in web/styles/. */
export const DESKTOP = "(min-width: 1024px)";
