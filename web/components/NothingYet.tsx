// An empty list of the candidate's own (saved jobs, applications): what it will hold, and the way to the jobs.
import { Link } from "react-router";
import { useI18n } from "../i18n";

export function NothingYet({ text }: { text: string }) {
  const { t } = useI18n();
  return (
    <div className="card message-card nothing-yet">
      <p className="muted">{text}</p>
      <Link className="button button-primary" to="/jobs">
        {t("public.browseJobs")}
      </Link>
    </div>
  );
}
