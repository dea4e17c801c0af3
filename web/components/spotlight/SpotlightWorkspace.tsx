// The Spotlight dashboard's body, the same in preview mode (local storage) and live (the company's
// object): the company profile editor and the jobs, each with its status and the actions of its mode.
import { useState } from "react";
import { Link } from "react-router";
import { SPOTLIGHT_MESSAGES } from "@rules/spotlight";
import type { SpotlightJob, SpotlightJobData, SpotlightProfileData, SpotlightState } from "@rules/spotlight";
import { ApiRequestError } from "../../client";
import { useAuth } from "../../auth";
import { useI18n } from "../../i18n";
import { MetaLine } from "../MetaLine";
import type { MessageId } from "../../i18n";
import { CompanyProfileForm, profileValues } from "./CompanyProfileForm";
import { Dialog } from "./Dialog";
import { SpotlightJobForm, jobValues } from "./SpotlightJobForm";
import { OwnText } from "../OwnText";
import { newSubmissionId } from "../../postingDraft";

export interface WorkspaceActions {
  saveProfile: (profile: SpotlightProfileData) => Promise<void>;
  /** `submissionId`: one per opening of the new-job form, so a second send makes no second job (the server refuses it). */
  createJob: (job: SpotlightJobData, publish: boolean, submissionId: string) => Promise<void>;
  updateJob: (id: string, job: SpotlightJobData) => Promise<void>;
  /** Live mode only. */
  setPublished?: (id: string, published: boolean) => Promise<void>;
  deleteJob: (id: string) => Promise<void>;
}

interface Props {
  mode: "preview" | "live";
  state: SpotlightState;
  actions: WorkspaceActions;
  stages: readonly string[];
  /** Live: the company page's jobs posted without Spotlight, which this list does not hold. */
  otherPosts?: number;
}

/** A job's status pill: its catalogue message and its tone. */
export function statusLabel(mode: "preview" | "live", job: SpotlightJob): { label: MessageId; tone: string } {
  if (mode === "preview") return { label: "spotlight.status.preview", tone: "preview" };
  if (job.status === "live") return { label: "spotlight.status.live", tone: "live" };
  if (job.status === "expired") return { label: "spotlight.status.expired", tone: "expired" };
  return job.published ? { label: "spotlight.status.published", tone: "preview" } : { label: "spotlight.status.draft", tone: "draft" };
}

function JobRow({ mode, job, actions, onEdit }: { mode: Props["mode"]; job: SpotlightJob; actions: WorkspaceActions; onEdit: () => void }) {
  const { t, rich, relative, localise, value } = useI18n();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const status = statusLabel(mode, job);
  const facts = [job.location, job.salary, job.category && value("category", job.category)].filter(Boolean);

  const run = async (what: () => Promise<void>) => {
    setBusy(true);
    setError("");
    try {
      await what();
    } catch (err) {
      setError(err instanceof ApiRequestError ? err.message : SPOTLIGHT_MESSAGES.saveJobFailed);
      setBusy(false);
      return;
    }
    setBusy(false);
  };

  return (
    <li className="spotlight-job-row" data-job-id={job.id} data-status={job.status}>
      <div className="spotlight-job-main">
        <div className="spotlight-job-heading">
          <h3 className="spotlight-job-title">
            <OwnText text={job.title} />
          </h3>
          <span className={`status-pill is-${status.tone}`}>{t(status.label)}</span>
        </div>
        {/* Each fact in its own direction, so "$100k - $150k" stays whole beside an Arabic location, and no «·» hangs at
            a line's edge. A draft was created, not posted: it says so. */}
        <MetaLine
          className="muted small"
          parts={[
            ...facts.map((fact, i) => (
              <bdi key={i} dir="auto">
                {fact}
              </bdi>
            )),
            rich(status.label === "spotlight.status.draft" ? "spotlight.jobs.created" : "spotlight.jobs.posted", {
              t: (c) => <time dateTime={job.created_at}>{c}</time>,
              ago: relative(job.created_at),
            }),
          ]}
        />
        {mode === "preview" && <p className="spotlight-note small">{localise(SPOTLIGHT_MESSAGES.previewNote)}</p>}
        {error && (
          <p className="form-error" role="alert">
            {localise(error)}
          </p>
        )}
      </div>
      <div className="spotlight-job-actions">
        {confirming ? (
          <>
            <span className="small">{t("spotlight.jobs.confirmDelete")}</span>
            <button type="button" className="button button-small button-danger" disabled={busy} onClick={() => run(() => actions.deleteJob(job.id))}>
              {busy ? t("spotlight.jobs.deleting") : t("spotlight.jobs.delete")}
            </button>
            <button type="button" className="button button-small button-ghost" disabled={busy} onClick={() => setConfirming(false)}>
              {t("spotlight.jobForm.cancel")}
            </button>
          </>
        ) : (
          <>
            <button type="button" className="button button-small button-outline" onClick={onEdit} aria-label={t("spotlight.jobs.editLabel", { title: job.title })}>
              {t("spotlight.jobs.edit")}
            </button>
            {actions.setPublished && (
              <button
                type="button"
                className="button button-small button-outline"
                disabled={busy}
                onClick={() => run(() => actions.setPublished!(job.id, !job.published))}
                aria-label={job.published ? t("spotlight.jobs.unpublishLabel", { title: job.title }) : t("spotlight.jobs.publishLabel", { title: job.title })}
              >
                {job.published ? t("spotlight.jobs.unpublish") : t("spotlight.jobs.publish")}
              </button>
            )}
            <button type="button" className="button button-small button-ghost spotlight-delete" onClick={() => setConfirming(true)} aria-label={t("spotlight.jobs.deleteLabel", { title: job.title })}>
              {t("spotlight.jobs.delete")}
            </button>
          </>
        )}
      </div>
    </li>
  );
}

export function SpotlightWorkspace({ mode, state, actions, stages, otherPosts = 0 }: Props) {
  const { t, rich } = useI18n();
  const { user } = useAuth();
  const [editing, setEditing] = useState<SpotlightJob | "new" | null>(null);
  // The new-job form's submission id: a new one each time the form opens.
  const [submissionId, setSubmissionId] = useState("");
  const hasProfile = Boolean(state.profile);
  // With no website and no e-mail on the profile, a job without its own link takes applications at the account's address.
  const applyFallback = mode === "live" && state.profile && !state.profile.website && !state.profile.email ? (user?.email ?? null) : null;
  const editingJob = editing && editing !== "new" ? (state.jobs.find((j) => j.id === editing.id) ?? editing) : null;

  return (
    <div className={`spotlight-workspace is-${mode}`}>
      <section className="card spotlight-panel" id="spotlight-profile" aria-labelledby="spotlight-profile-title" data-tour="profile">
        <h2 id="spotlight-profile-title">{t("spotlight.workspace.profileTitle")}</h2>
        <p className="muted small spotlight-panel-lead">{t("spotlight.workspace.profileLead")}</p>
        <CompanyProfileForm
          idPrefix={`${mode}-profile`}
          initial={profileValues(state.profile)}
          stages={stages}
          submitLabel={hasProfile ? t("spotlight.workspace.saveCompany") : t("spotlight.workspace.createCompany")}
          failureMessage={SPOTLIGHT_MESSAGES.updateCompanyFailed}
          onSubmit={actions.saveProfile}
        />
      </section>
      <section className="card spotlight-panel" id="spotlight-jobs" aria-labelledby="spotlight-jobs-title" data-tour="jobs">
        <div className="spotlight-panel-header">
          <div>
            <h2 id="spotlight-jobs-title">{t("spotlight.workspace.jobsTitle", { count: state.jobs.length })}</h2>
            <p className="muted small">{mode === "preview" ? t("spotlight.workspace.previewLead") : t("spotlight.workspace.liveLead")}</p>
            {otherPosts > 0 && (
              <p className="muted small" data-other-posts>
                {rich("spotlight.workspace.otherPosts", { count: otherPosts, link: (c) => <Link to="/dashboard/jobs">{c}</Link> })}
              </p>
            )}
          </div>
          <button
            type="button"
            className="button button-primary"
            onClick={() => {
              setSubmissionId(newSubmissionId());
              setEditing("new");
            }}
            disabled={!hasProfile}
            title={hasProfile ? undefined : t("spotlight.workspace.profileFirst")}
          >
            {t("spotlight.workspace.postJob")}
          </button>
        </div>
        {!hasProfile && <p className="muted small spotlight-panel-lead">{t("spotlight.workspace.profileFirstLead")}</p>}
        {state.jobs.length === 0 ? (
          hasProfile && (
            <div className="spotlight-empty">
              {otherPosts > 0 ? (
                <p>{t("spotlight.workspace.noSpotlightJobs")}</p>
              ) : (
                <>
                  <p>{t("spotlight.workspace.noJobs")}</p>
                  <p className="muted small">{mode === "preview" ? t("spotlight.workspace.firstJobPreview") : t("spotlight.workspace.firstJobLive")}</p>
                </>
              )}
            </div>
          )
        ) : (
          <ul className="spotlight-job-list">
            {state.jobs.map((job) => (
              <JobRow key={job.id} mode={mode} job={job} actions={actions} onEdit={() => setEditing(job)} />
            ))}
          </ul>
        )}
      </section>
      {editing && (
        <Dialog title={editing === "new" ? t("spotlight.workspace.postTitle") : t("spotlight.job.editTitle")} onClose={() => setEditing(null)} wide>
          <SpotlightJobForm
            idPrefix={`${mode}-job`}
            initial={jobValues(editingJob)}
            submitLabel={editing === "new" ? t("spotlight.workspace.saveJob") : t("spotlight.job.saveChanges")}
            publishChoice={mode === "live" && editing === "new"}
            fallbackEmail={applyFallback}
            onCancel={() => setEditing(null)}
            onSubmit={async (job, publish) => {
              if (editing === "new") await actions.createJob(job, publish, submissionId);
              else await actions.updateJob(editing.id, job);
              setEditing(null);
            }}
          />
        </Dialog>
      )}
    </div>
  );
}
