import { useEffect } from "react";
import { i18n } from "./i18n";

/** Sets the tab title while the screen is shown (the site name, in the page's language, when `title` is empty). */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title || i18n().t("common.siteName");
  }, [title]);
}
