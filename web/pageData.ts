// What the page's HTML carried for its first screen (rules/firstPage.ts): JSON in script elements that the worker
// wrote beside the server-rendered screen (worker/discovery/pages.ts). The server renders the screen from the same
// values (web/serverRender.tsx provides them through PageDataContext), and the browser hydrates it from these
// islands: one way to load a screen's data, read once on each side, so the browser asks for nothing on its first
// screen and renders exactly what the server rendered.
import { createContext, useContext } from "react";

/** On the server: the page's data, by script id (what the islands will carry). In the browser: none (the islands are read). */
export const PageDataContext = createContext<Readonly<Record<string, unknown>> | null>(null);

const read = new Map<string, unknown>();

/** The JSON the HTML carried in the script element `id`, or undefined when it carried none. */
function island<T>(id: string): T | undefined {
  if (typeof document === "undefined") return undefined;
  if (!read.has(id)) {
    let value: unknown;
    try {
      const text = document.getElementById(id)?.textContent;
      value = text ? JSON.parse(text) : undefined;
    } catch {
      value = undefined;
    }
    read.set(id, value);
  }
  return read.get(id) as T | undefined;
}

/** The page's data for its first screen under `id`: the server's while it renders, the HTML's islands in the browser. */
export function usePageData<T>(id: string): T | undefined {
  const server = useContext(PageDataContext);
  return server ? (server[id] as T | undefined) : island<T>(id);
}

/** When the page's HTML was asked for: the age of what it carried. */
export function pageLoadedAt(): number {
  return Math.round(performance.timeOrigin);
}
