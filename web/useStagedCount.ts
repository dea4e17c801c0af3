import { useEffect, useLayoutEffect, useRef, useState } from "react";
import type { RefObject } from "react";

/** Less than any job card's height at any width (web/styles/components/job-list.css: 108px of content, its padding and border). */
const CARD_MIN_HEIGHT_PX = 120;

/**
 * How many of a list's items to render now (issue 14). A long list renders, when it first shows, only the items
 * that fill the first screen, then the rest a few at a time, each step in a task of its own: no single task holds
 * the main thread for the whole list on a slow phone, and the first screen is painted sooner.
 *
 * - The first render has one item. Before the browser paints it, the hook measures where the rendered items end
 *   (`end`: the last rendered item's container) and renders, in the same task, as many more as the rest of the
 *   window could show at CARD_MIN_HEIGHT_PX each: the first frame is full, and the items added later go below
 *   it, so adding them moves nothing the visitor sees.
 * - Once the list has been rendered whole, every later item renders at once (Load more, another query).
 * - `all` renders everything at once from the start: a list whose scroll position is being restored needs its
 *   full height.
 */
export function useStagedCount(total: number, { step, all, end }: { step: number; all: boolean; end: RefObject<HTMLElement | null> }): number {
  const [limit, setLimit] = useState(1);
  // Whether the list has been shown whole once (a ref: knowing it changes nothing on screen, so it needs no render).
  const whole = useRef(false);
  if (all || (total > 0 && limit >= total)) whole.current = true;
  const filled = useRef(false);
  useLayoutEffect(() => {
    if (filled.current || whole.current || total === 0) return;
    filled.current = true;
    const bottom = end.current?.getBoundingClientRect().bottom;
    if (bottom === undefined) return;
    const more = Math.ceil((window.innerHeight - bottom) / CARD_MIN_HEIGHT_PX);
    if (more > 0) setLimit(limit + more);
  }, [end, limit, total]);
  useEffect(() => {
    if (whole.current || total === 0) return;
    // A timer, not a microtask: the browser gets to paint and to handle input between two steps.
    const timer = setTimeout(() => setLimit(limit + step), 0);
    return () => clearTimeout(timer);
  }, [limit, step, total]);
  return whole.current ? total : limit;
}
