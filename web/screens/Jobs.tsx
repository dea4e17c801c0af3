// /jobs : the job list, filtered by the URL query.
import { AlertSignup } from "../components/AlertSignup";
import { JobList } from "../components/JobList";
import { useI18n } from "../i18n";
import { useDocumentTitle } from "../useDocumentTitle";

export function Jobs() {
  const { t } = useI18n();
  useDocumentTitle(t("public.jobs.title"));
  return (
    <div className="container page">
      <JobList headingLevel={1} />
      <AlertSignup />
    </div>
  );
}
