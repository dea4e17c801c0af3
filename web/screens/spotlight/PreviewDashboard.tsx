// /spotlight/dashboard (no sign-in): the preview-mode dashboard. The company and its jobs are kept in this
// browser (previewStore.ts) until the visitor subscribes; the guided tour is shown once.
import { useState } from "react";
import { Link } from "react-router";
import { SPOTLIGHT_STAGES } from "@rules/spotlight";
import { GuidedTour } from "../../components/spotlight/GuidedTour";
import { SpotlightWorkspace } from "../../components/spotlight/SpotlightWorkspace";
import type { WorkspaceActions } from "../../components/spotlight/SpotlightWorkspace";
import { useDocumentTitle } from "../../useDocumentTitle";
import { SpotlightPrice } from "./SpotlightPrice";
import { addPreviewJob, deletePreviewJob, markTourSeen, previewState, savePreviewCompany, tourSeen, updatePreviewJob, usePreview } from "./previewStore";

const actions: WorkspaceActions = {
  saveProfile: async (p) => savePreviewCompany({ company: p.company, logo: p.logo, tagline: p.tagline, website: p.website, email: p.email, stage: p.stage }),
  createJob: async (job) => void addPreviewJob(job),
  updateJob: async (id, job) => updatePreviewJob(id, job),
  deleteJob: async (id) => deletePreviewJob(id),
};

export function PreviewDashboard() {
  useDocumentTitle("Spotlight Preview | Startup Jobs");
  const preview = usePreview();
  const [touring, setTouring] = useState(() => !tourSeen());
  const state = previewState(preview);

  return (
    <div className="container page spotlight-page">
      <div className="spotlight-topbar card">
        <div className="spotlight-topbar-text">
          <span className="spotlight-ribbon is-preview">Preview mode</span>
          <h1>Spotlight Dashboard</h1>
          <p className="muted">Nothing here is public yet: your company and jobs are saved in this browser only. Subscribe to publish them.</p>
        </div>
        <div className="spotlight-topbar-actions" data-tour="golive">
          <Link className="button button-outline" to="/spotlight/preview">
            Preview company page
          </Link>
          <Link className="button button-primary" to="/spotlight/onboarding">
            Go Live · <SpotlightPrice />
          </Link>
        </div>
      </div>
      <SpotlightWorkspace mode="preview" state={state} actions={actions} stages={SPOTLIGHT_STAGES} />
      {!touring && (
        <p className="spotlight-tour-again">
          <button type="button" className="link-button small" onClick={() => setTouring(true)}>
            Show the tour again
          </button>
        </p>
      )}
      {touring && (
        <GuidedTour
          onDone={() => {
            markTourSeen();
            setTouring(false);
          }}
        />
      )}
    </div>
  );
}
