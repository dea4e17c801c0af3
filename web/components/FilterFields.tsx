// The filter controls, shared by the hero search, the desktop filter panel and the mobile filter dialog.
// `onChange(next, immediate)`: immediate is true for clicks (checkbox, selects, tags) and false for typing,
// so the desktop panel can apply clicks at once and typed text on Enter.
import { POPULAR_TAGS, TIMEFRAME_OPTIONS, JOB_TYPE_OPTIONS } from "@rules/lists";
import type { SearchFilters } from "@rules/search";
import type { Timeframe } from "@rules/lists";
import { useI18n } from "../i18n";
import { jobTypeLabel, listLabel } from "./JobMeta";

interface Props {
  idPrefix: string;
  value: SearchFilters;
  onChange: (next: SearchFilters, immediate: boolean) => void;
  showTags?: boolean;
}

export function FilterFields({ idPrefix, value, onChange, showTags = false }: Props) {
  const current = useI18n();
  const { t, value: valueLabel } = current;
  const id = (name: string) => `${idPrefix}-${name}`;
  const set = (patch: Partial<SearchFilters>, immediate: boolean) => onChange({ ...value, ...patch }, immediate);
  const toggleTag = (tag: string) => set({ tags: value.tags.includes(tag) ? value.tags.filter((t) => t !== tag) : [...value.tags, tag] }, true);

  return (
    <div className="filter-fields">
      <div className="field field-keywords">
        <label htmlFor={id("keywords")} className="sr-only">
          {t("public.filters.keywords")}
        </label>
        <input
          id={id("keywords")}
          type="search"
          name="keywords"
          placeholder={t("public.filters.keywordsPlaceholder")}
          value={value.keywords}
          maxLength={200}
          onChange={(e) => set({ keywords: e.target.value }, false)}
        />
      </div>
      <div className="field field-location">
        <label htmlFor={id("location")} className="sr-only">
          {t("public.filters.location")}
        </label>
        <input
          id={id("location")}
          type="text"
          name="location"
          placeholder={t("public.filters.locationPlaceholder")}
          value={value.location}
          maxLength={200}
          onChange={(e) => set({ location: e.target.value }, false)}
        />
      </div>
      <div className="field field-type">
        <label htmlFor={id("type")} className="sr-only">
          {t("public.filters.type")}
        </label>
        <select id={id("type")} name="type" value={value.type} onChange={(e) => set({ type: e.target.value }, true)}>
          {JOB_TYPE_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.value ? jobTypeLabel(o.value, current) : t("public.filters.allTypes")}
            </option>
          ))}
        </select>
      </div>
      <div className="field field-timeframe">
        <label htmlFor={id("timeframe")} className="sr-only">
          {t("public.filters.posted")}
        </label>
        <select id={id("timeframe")} name="timeframe" value={value.timeframe} onChange={(e) => set({ timeframe: e.target.value as Timeframe | "" }, true)}>
          {TIMEFRAME_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.value ? listLabel("timeframe", o.value, o.label, current) : t("public.filters.anytime")}
            </option>
          ))}
        </select>
      </div>
      <label className="checkbox field-remote" htmlFor={id("remote")}>
        <input id={id("remote")} type="checkbox" name="remote" checked={value.remote} onChange={(e) => set({ remote: e.target.checked }, true)} />
        {t("public.filters.remoteOnly")}
      </label>
      {showTags && (
        <fieldset className="tag-picker">
          <legend>{t("public.filters.tags")}</legend>
          <div className="tag-picker-chips">
            {POPULAR_TAGS.map((tag) => (
              <button key={tag} type="button" className="chip" aria-pressed={value.tags.includes(tag)} onClick={() => toggleTag(tag)}>
                {valueLabel("tag", tag)}
              </button>
            ))}
          </div>
        </fieldset>
      )}
    </div>
  );
}
