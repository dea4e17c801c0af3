import { useEffect, useRef, useState } from "react";

/**
 * How many of a list's items to render now (issue 14). A long list renders, when it first shows, only the items
 * that fill the first screen, then the rest a few at a time, each step in a task of its own: no single task holds
 * the main thread for the whole list on a slow phone, and the first screen is painted sooner. Once the list has
 * been rendered whole, every later item renders at once (Load more, another query). `all` renders everything at
 * once from the start: a list whose scroll position is being restored needs its full height.
 *
 * `first` is read on the first render only. The items not rendered yet are below the first screen, so adding them
 * moves nothing the visitor sees.
 */
export function useStagedCount(total: number, { first, step, all }: { first: number; step: number; all: boolean }): number {
  const [limit, setLimit] = useState(Math.max(1, first));
  // Whether the list has been shown whole once (a ref: knowing it changes nothing on screen, so it needs no render).
  const whole = useRef(false);
  if (all || (total > 0 && limit >= total)) whole.current = true;
  useEffect(() => {
    if (whole.current || total === 0) return;
    // A timer, not a microtask: the browser gets to paint and to handle input between two steps.
    const timer = setTimeout(() => setLimit(limit + step), 0);
    return () => clearTimeout(timer);
  }, [limit, step, total]);
  return whole.current ? total : limit;
}

/** Less than any job card's height at any width (web/styles/components/job-list.css: 108px of content, its padding and border). */
const CARD_MIN_HEIGHT_PX = 120;

/** How many cards can show in the first screen of this window: the staged list renders at least these at once. */
export function cardsOnFirstScreen(): number {
  return Math.ceil(window.innerHeight / CARD_MIN_HEIGHT_PX);
}
