import { useEffect } from "react";

export const SITE_NAME = "Startup Jobs";

/** Sets the tab title while the screen is shown (the site name when `title` is empty). */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title || SITE_NAME;
  }, [title]);
}
