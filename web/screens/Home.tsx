// / : the hero search, then the job list.
import { HeroSearch } from "../components/HeroSearch";
import { JobList } from "../components/JobList";
import { useI18n } from "../i18n";
import { useDocumentTitle } from "../useDocumentTitle";

export function Home() {
  const { t } = useI18n();
  useDocumentTitle(t("common.siteName"));
  return (
    <>
      <HeroSearch />
      <div className="container page">
        <JobList headingLevel={2} />
      </div>
    </>
  );
}
