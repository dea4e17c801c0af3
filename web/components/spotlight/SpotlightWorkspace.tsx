// The Spotlight dashboard's body, the same in preview mode (local storage) and live (the company's
// object): the company profile editor and the jobs, each with its status and the actions of its mode.
import { useState } from "react";
import { relativeTime } from "@rules/time";
import { SPOTLIGHT_MESSAGES } from "@rules/spotlight";
import type { SpotlightJob, SpotlightJobData, SpotlightProfileData, SpotlightState } from "@rules/spotlight";
import { ApiRequestError } from "../../client";
import { CompanyProfileForm, profileValues } from "./CompanyProfileForm";
import { Dialog } from "./Dialog";
import { SpotlightJobForm, jobValues } from "./SpotlightJobForm";

export interface WorkspaceActions {
  saveProfile: (profile: SpotlightProfileData) => Promise<void>;
  createJob: (job: SpotlightJobData, publish: boolean) => Promise<void>;
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
}

export function statusLabel(mode: "preview" | "live", job: SpotlightJob): { label: string; tone: string } {
  if (mode === "preview") return { label: "Preview", tone: "preview" };
  if (job.status === "live") return { label: "Live", tone: "live" };
  if (job.status === "expired") return { label: "Expired", tone: "expired" };
  return job.published ? { label: "Published", tone: "preview" } : { label: "Draft", tone: "draft" };
}

function JobRow({ mode, job, actions, onEdit }: { mode: Props["mode"]; job: SpotlightJob; actions: WorkspaceActions; onEdit: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const status = statusLabel(mode, job);

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
          <h3 className="spotlight-job-title">{job.title}</h3>
          <span className={`status-pill is-${status.tone}`}>{status.label}</span>
        </div>
        <p className="muted small">
          {[job.location, job.salary, job.category].filter(Boolean).join(" · ")} · Posted <time dateTime={job.created_at}>{relativeTime(job.created_at)}</time>
        </p>
        {mode === "preview" && <p className="spotlight-note small">{SPOTLIGHT_MESSAGES.previewNote}</p>}
        {error && (
          <p className="form-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="spotlight-job-actions">
        {confirming ? (
          <>
            <span className="small">Delete this job?</span>
            <button type="button" className="button button-small button-danger" disabled={busy} onClick={() => run(() => actions.deleteJob(job.id))}>
              {busy ? "Deleting..." : "Delete"}
            </button>
            <button type="button" className="button button-small button-ghost" disabled={busy} onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </>
        ) : (
          <>
            <button type="button" className="button button-small button-outline" onClick={onEdit} aria-label={`Edit ${job.title}`}>
              Edit
            </button>
            {actions.setPublished && (
              <button
                type="button"
                className="button button-small button-outline"
                disabled={busy}
                onClick={() => run(() => actions.setPublished!(job.id, !job.published))}
                aria-label={`${job.published ? "Unpublish" : "Publish"} ${job.title}`}
              >
                {job.published ? "Unpublish" : "Publish"}
              </button>
            )}
            <button type="button" className="button button-small button-ghost spotlight-delete" onClick={() => setConfirming(true)} aria-label={`Delete ${job.title}`}>
              Delete
            </button>
          </>
        )}
      </div>
    </li>
  );
}

export function SpotlightWorkspace({ mode, state, actions, stages }: Props) {
  const [editing, setEditing] = useState<SpotlightJob | "new" | null>(null);
  const hasProfile = Boolean(state.profile);
  const editingJob = editing && editing !== "new" ? (state.jobs.find((j) => j.id === editing.id) ?? editing) : null;

  return (
    <div className={`spotlight-workspace is-${mode}`}>
      <section className="card spotlight-panel" id="spotlight-profile" aria-labelledby="spotlight-profile-title" data-tour="profile">
        <h2 id="spotlight-profile-title">Company profile</h2>
        <p className="muted small spotlight-panel-lead">This is the header of your company page.</p>
        <CompanyProfileForm
          idPrefix={`${mode}-profile`}
          initial={profileValues(state.profile)}
          stages={stages}
          submitLabel={hasProfile ? "Save Company" : "Create Company"}
          failureMessage={SPOTLIGHT_MESSAGES.updateCompanyFailed}
          onSubmit={actions.saveProfile}
        />
      </section>
      <section className="card spotlight-panel" id="spotlight-jobs" aria-labelledby="spotlight-jobs-title" data-tour="jobs">
        <div className="spotlight-panel-header">
          <div>
            <h2 id="spotlight-jobs-title">Jobs ({state.jobs.length})</h2>
            <p className="muted small">{mode === "preview" ? "Kept in this browser until you subscribe." : "Unlimited job posts with your subscription."}</p>
          </div>
          <button type="button" className="button button-primary" onClick={() => setEditing("new")} disabled={!hasProfile} title={hasProfile ? undefined : "Save your company profile first"}>
            + Post a Job
          </button>
        </div>
        {!hasProfile && <p className="muted small spotlight-panel-lead">Save your company profile first, then add jobs.</p>}
        {state.jobs.length === 0 ? (
          hasProfile && (
            <div className="spotlight-empty">
              <p>No jobs yet.</p>
              <p className="muted small">Post your first job: it shows on your company page{mode === "preview" ? " once you subscribe" : ""}.</p>
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
        <Dialog title={editing === "new" ? "Post a Job" : "Edit Job"} onClose={() => setEditing(null)} wide>
          <SpotlightJobForm
            idPrefix={`${mode}-job`}
            initial={jobValues(editingJob)}
            submitLabel={editing === "new" ? "Save Job" : "Save Changes"}
            publishChoice={mode === "live" && editing === "new"}
            onCancel={() => setEditing(null)}
            onSubmit={async (job, publish) => {
              if (editing === "new") await actions.createJob(job, publish);
              else await actions.updateJob(editing.id, job);
              setEditing(null);
            }}
          />
        </Dialog>
      )}
    </div>
  );
}
