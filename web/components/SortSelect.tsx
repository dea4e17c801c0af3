// 'Sort: {option}' in the list header.
import { SORTS, SORT_LABELS } from "@rules/lists";
import type { Sort } from "@rules/lists";
import { useI18n } from "../i18n";
import { listLabel } from "./JobMeta";

export function SortSelect({ value, onChange }: { value: Sort; onChange: (sort: Sort) => void }) {
  const current = useI18n();
  const { t } = current;
  const label = (s: Sort) => listLabel("sort", s, SORT_LABELS[s], current);
  return (
    <label className="sort-select">
      <span className="sort-prefix">{t("public.sort.prefix")}</span>
      <select aria-label={t("public.sort.label", { sort: label(value) })} value={value} onChange={(e) => onChange(e.target.value as Sort)}>
        {SORTS.map((s) => (
          <option key={s} value={s}>
            {label(s)}
          </option>
        ))}
      </select>
    </label>
  );
}
