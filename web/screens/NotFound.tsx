// Any unknown path.
import { Link } from "react-router";
import { useI18n } from "../i18n";
import { useDocumentTitle } from "../useDocumentTitle";

export function NotFound() {
  const { t } = useI18n();
  useDocumentTitle(t("public.notFound.title"));
  return (
    <div className="container page page-center">
      <div className="card message-card">
        <h1>{t("public.notFound.title")}</h1>
        <p className="muted">{t("public.notFound.text")}</p>
        <div className="button-row">
          <Link className="button button-primary" to="/">
            {t("public.home")}
          </Link>
          <Link className="button button-outline" to="/jobs">
            {t("public.browseJobs")}
          </Link>
        </div>
      </div>
    </div>
  );
}
