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
        {/* The heading is the spec's in English; in Arabic it is the words alone, the code said in the text below (a pipe
            in a heading read as a tab's title, an eleventh reading). */}
        <h1>{t("public.notFound.heading")}</h1>
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
