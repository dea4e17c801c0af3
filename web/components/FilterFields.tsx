// The filter controls, shared by the hero search, the desktop filter panel and the mobile filter dialog.
// `onChange(next, immediate)`: immediate is true for clicks (checkbox, selects, tags) and false for typing,
// so the desktop panel can apply clicks at once and typed text on Enter.
import { POPULAR_TAGS, TIMEFRAME_OPTIONS, JOB_TYPE_OPTIONS } from "@rules/lists";
import type { SearchFilters } from "@rules/search";
import type { Timeframe } from "@rules/lists";
import { CURRENCIES, RATES_DATE } from "@rules/rates";
import { currencyLabel } from "@rules/payDisplay";
import type { Currency, SalaryPeriod } from "@rules/rates";
import { DEFAULT_CURRENCY, DEFAULT_PERIOD, readMinSalary } from "@rules/searchParams";
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
      {showTags && <PayFields id={id} value={value} set={set} />}
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

const PAY_EXAMPLE = "15000";

/** The pay filter (issue 26): a minimum, its currency and period, and whether jobs without a salary stay. */
function PayFields({ id, value, set }: { id: (name: string) => string; value: SearchFilters; set: (patch: Partial<SearchFilters>, immediate: boolean) => void }) {
  const { t, date, locale } = useI18n();
  return (
    <fieldset className="pay-filter">
      <legend>{t("public.filters.minPay")}</legend>
      <div className="pay-filter-row">
        <label htmlFor={id("minSalary")} className="sr-only">
          {t("public.filters.minPay")}
        </label>
        <input
          id={id("minSalary")}
          type="text"
          inputMode="numeric"
          name="minSalary"
          autoComplete="off"
          dir="ltr"
          value={value.minSalary ? String(value.minSalary) : ""}
          // An amount as an example, no words: «مثال: 15000» was cut to «ل: 15000» in the phone's dialog (the 22nd reading).
          placeholder={PAY_EXAMPLE}
          maxLength={14}
          onChange={(e) => set({ minSalary: readMinSalary(e.target.value) }, false)}
        />
        <label htmlFor={id("currency")} className="sr-only">
          {t("public.filters.currency")}
        </label>
        <select id={id("currency")} name="currency" value={value.currency ?? DEFAULT_CURRENCY} onChange={(e) => set({ currency: e.target.value as Currency }, true)}>
          {CURRENCIES.map((c) => (
            <option key={c} value={c}>
              {currencyLabel(locale, c)}
            </option>
          ))}
        </select>
        <label htmlFor={id("period")} className="sr-only">
          {t("public.filters.period")}
        </label>
        <select id={id("period")} name="period" value={value.period ?? DEFAULT_PERIOD} onChange={(e) => set({ period: e.target.value as SalaryPeriod }, true)}>
          <option value="year">{t("public.filters.perYear")}</option>
          <option value="month">{t("public.filters.perMonth")}</option>
        </select>
      </div>
      <label className="checkbox" htmlFor={id("includeNoSalary")}>
        <input id={id("includeNoSalary")} type="checkbox" name="includeNoSalary" checked={Boolean(value.includeNoSalary)} onChange={(e) => set({ includeNoSalary: e.target.checked }, true)} />
        {t("public.filters.includeNoSalary")}
      </label>
      <p className="pay-filter-note muted">{t("public.filters.payApprox", { date: date(RATES_DATE) })}</p>
    </fieldset>
  );
}
