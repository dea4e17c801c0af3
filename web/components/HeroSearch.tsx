// The home page hero. Search Jobs goes to /jobs with the
// chosen filters, each omitted at its default.
import { useState } from "react";
import type { FormEvent } from "react";
import { useNavigate } from "react-router";
import { toSearchParams } from "@rules/searchParams";
import { useI18n } from "../i18n";
import { NO_FILTERS } from "../useUrlFilters";
import { FilterFields } from "./FilterFields";

export function HeroSearch() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const [draft, setDraft] = useState(NO_FILTERS);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const query = toSearchParams(draft).toString();
    navigate(query ? `/jobs?${query}` : "/jobs");
  };

  return (
    <section className="hero">
      <div className="container">
        <h1>{t("public.hero.title")}</h1>
        <p className="hero-lead">{t("public.hero.lead")}</p>
        <form className="hero-search card" role="search" aria-label={t("public.hero.label")} onSubmit={onSubmit}>
          <FilterFields idPrefix="hero" value={draft} onChange={(next) => setDraft(next)} />
          <button type="submit" className="button button-primary button-large hero-search-submit">
            {t("public.hero.submit")}
          </button>
        </form>
      </div>
    </section>
  );
}
