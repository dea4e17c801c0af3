// /job-posting-cancel?job_id=&submission_id=: the checkout's cancel target. Try Again returns to /post at
// step 2 with the saved draft (or plain /post when there is none); Back to Home goes to /.
import { Link, useNavigate } from "react-router";
import { useI18n } from "../i18n";
import { loadDraft } from "../postingDraft";
import { useDocumentTitle } from "../useDocumentTitle";
import type { PostNavigationState } from "./PostJob";

export function JobPostingCancel() {
  const { t } = useI18n();
  useDocumentTitle(t("posting.cancel.pageTitle"));
  const navigate = useNavigate();
  const draft = loadDraft();

  const tryAgain = () => {
    if (!draft) return navigate("/post");
    // They were paying by card: back to the card payment, not the credits offer.
    const state: PostNavigationState = { step: 2, formData: draft.form, disableCredits: true };
    navigate("/post", { state });
  };

  return (
    <div className="container page page-center">
      <section className="card message-card result-card">
        <span className="result-icon is-neutral" aria-hidden="true">
          ×
        </span>
        <h1>{t("posting.cancel.heading")}</h1>
        <p className="muted">{t("posting.cancel.text")}</p>
        {draft && <p className="muted small">{t("posting.cancel.saved")}</p>}
        <div className="button-row">
          <button type="button" className="button button-primary" onClick={tryAgain}>
            {t("posting.result.tryAgain")}
          </button>
          <Link className="button button-outline" to="/">
            {t("posting.cancel.home")}
          </Link>
        </div>
      </section>
    </div>
  );
}
