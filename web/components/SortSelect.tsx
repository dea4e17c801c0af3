// 'Sort: {option}' in the list header.
import { SORTS, SORT_LABELS } from "@rules/lists";
import type { Sort } from "@rules/lists";

export function SortSelect({ value, onChange }: { value: Sort; onChange: (sort: Sort) => void }) {
  return (
    <label className="sort-select">
      <span className="sort-prefix">Sort:</span>
      <select aria-label={`Sort: ${SORT_LABELS[value]}`} value={value} onChange={(e) => onChange(e.target.value as Sort)}>
        {SORTS.map((s) => (
          <option key={s} value={s}>
            {SORT_LABELS[s]}
          </option>
        ))}
      </select>
    </label>
  );
}
