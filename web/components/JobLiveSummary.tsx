// 'Success! Your Job is Live' with the job's title, company and category (default Engineering), shared by
// /job-posting-success and /streamlined-job-success; more rows may follow as children. With moderation
// on (review "waiting"), 'Your Job is Waiting for Review' instead: it is not live until approved.
import type { ReactNode } from "react";
import { useI18n } from "../i18n";
import { listLabel } from "../pricingDisplay";

interface Props {
  job: { title: string; company: string; category?: string | null; review?: string | null };
  children?: ReactNode;
}

/** The job waits for an operator's approval (MODERATION=on): not live, no public listing yet. */
export function waitingForReview(job: { review?: string | null }): boolean {
  return job.review === "waiting";
}

export function JobLiveSummary({ job, children }: Props) {
  const { t } = useI18n();
  return (
    <>
      <span className="result-icon" aria-hidden="true">
        ✓
      </span>
      {waitingForReview(job) ? (
        <>
          <h1>{t("posting.live.waitingTitle")}</h1>
          <p className="muted" data-review="waiting">
            {t("posting.live.waitingText")}
          </p>
        </>
      ) : (
        <h1>{t("posting.live.title")}</h1>
      )}
      <dl className="result-summary">
        <div>
          <dt>{t("posting.live.jobTitle")}</dt>
          <dd>
            <span dir="auto">{job.title}</span>
          </dd>
        </div>
        <div>
          <dt>{t("posting.live.company")}</dt>
          <dd>
            <span dir="auto">{job.company}</span>
          </dd>
        </div>
        <div>
          <dt>{t("posting.live.category")}</dt>
          <dd>{listLabel("category", job.category || "Engineering", job.category || "Engineering")}</dd>
        </div>
        {children}
      </dl>
    </>
  );
}
