// Desktop filters shown under 'Show Filters': clicks apply at once, typed text on Enter or Search.
import { useEffect, useState } from "react";
import { useI18n } from "../i18n";
import { NO_FILTERS } from "../useUrlFilters";
import { FilterFields } from "./FilterFields";
import type { SearchFilters } from "@rules/search";

interface Props {
  id: string;
  filters: SearchFilters;
  onApply: (next: SearchFilters) => void;
}

export function FilterPanel({ id, filters, onApply }: Props) {
  const { t } = useI18n();
  const [draft, setDraft] = useState(filters);
  const current = JSON.stringify(filters);
  // When the URL changes (back button, reset), show what it now says.
  useEffect(() => {
    setDraft(JSON.parse(current) as SearchFilters);
  }, [current]);

  return (
    <form
      id={id}
      className="filter-panel card"
      aria-label={t("public.filters.title")}
      onSubmit={(e) => {
        e.preventDefault();
        onApply(draft);
      }}
    >
      <FilterFields
        idPrefix="panel"
        value={draft}
        showTags
        onChange={(next, immediate) => {
          setDraft(next);
          if (immediate) onApply(next);
        }}
      />
      <div className="filter-actions">
        <button type="button" className="button button-ghost" onClick={() => onApply(NO_FILTERS)}>
          {t("public.filters.clearAll")}
        </button>
        <button type="submit" className="button button-primary">
          {t("public.filters.search")}
        </button>
      </div>
    </form>
  );
}
