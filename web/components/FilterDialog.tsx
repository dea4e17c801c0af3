// Small-screen filters: a modal dialog. Changes stay in the dialog until 'Apply Filters' writes them;
// Escape or Close discards them. The native <dialog> traps focus and makes the page behind it inert.
import { useEffect, useRef, useState } from "react";
import { FilterFields } from "./FilterFields";
import { useI18n } from "../i18n";
import { NO_FILTERS } from "../useUrlFilters";
import type { SearchFilters } from "@rules/search";

interface Props {
  filters: SearchFilters;
  onApply: (next: SearchFilters) => void;
  onClose: () => void;
}

export function FilterDialog({ filters, onApply, onClose }: Props) {
  const { t } = useI18n();
  const ref = useRef<HTMLDialogElement>(null);
  const [draft, setDraft] = useState(filters);

  useEffect(() => {
    const dialog = ref.current!;
    const opener = document.activeElement as HTMLElement | null;
    dialog.showModal();
    document.body.classList.add("no-scroll");
    return () => {
      document.body.classList.remove("no-scroll");
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className="filter-dialog"
      aria-modal="true"
      aria-labelledby="filter-dialog-title"
      onCancel={(e) => {
        e.preventDefault(); // Escape: React unmounts the dialog rather than the browser closing it
        onClose();
      }}
      onClose={(e) => {
        // The browser may close it anyway (it can ignore preventDefault on a repeated Escape). A close
        // event from our own cleanup arrives when the dialog is already shown again (StrictMode), or when
        // it has left the page (unmounted, its listener still on the element): ignore both.
        if (e.currentTarget.isConnected && !ref.current?.open) onClose();
      }}
    >
      <form
        method="dialog"
        onSubmit={(e) => {
          e.preventDefault();
          onApply(draft);
        }}
      >
        <div className="dialog-header">
          <h2 id="filter-dialog-title">{t("public.filters.title")}</h2>
          <button type="button" className="icon-button" aria-label={t("public.filters.close")} onClick={onClose}>
            ×
          </button>
        </div>
        <div className="dialog-body">
          <FilterFields idPrefix="dialog" value={draft} showTags onChange={(next) => setDraft(next)} />
        </div>
        <div className="dialog-footer">
          <button type="button" className="button button-ghost" onClick={() => setDraft(NO_FILTERS)}>
            {t("public.filters.clear")}
          </button>
          <button type="submit" className="button button-primary dialog-submit">
            {t("public.filters.apply")}
          </button>
        </div>
      </form>
    </dialog>
  );
}
