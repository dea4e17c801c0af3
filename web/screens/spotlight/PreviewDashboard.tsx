// /spotlight/dashboard (no sign-in): the preview-mode dashboard. The company and its jobs are kept in this
// browser (previewStore.ts) until the visitor subscribes; the guided tour is shown once.
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Link, Navigate } from "react-router";
import { useAuth } from "../../auth";
import { SPOTLIGHT_STAGES } from "@rules/spotlight";
import { GuidedTour } from "../../components/spotlight/GuidedTour";
import { SpotlightWorkspace } from "../../components/spotlight/SpotlightWorkspace";
import type { WorkspaceActions } from "../../components/spotlight/SpotlightWorkspace";
import { useI18n } from "../../i18n";
import { useDocumentTitle } from "../../useDocumentTitle";
import { spotlightMeQuery } from "./queries";
import { spotlightPriceText } from "./SpotlightPrice";
import { addPreviewJob, deletePreviewJob, markTourSeen, previewState, savePreviewCompany, tourSeen, updatePreviewJob, usePreview } from "./previewStore";

const actions: WorkspaceActions = {
  saveProfile: async (p) => savePreviewCompany({ company: p.company, logo: p.logo, tagline: p.tagline, website: p.website, email: p.email, stage: p.stage }),
  createJob: async (job) => void addPreviewJob(job),
  updateJob: async (id, job) => updatePreviewJob(id, job),
  deleteJob: async (id) => deletePreviewJob(id),
};

export function PreviewDashboard() {
  const i18n = useI18n();
  const { t } = i18n;
  useDocumentTitle(t("spotlight.preview.title"));
  const preview = usePreview();
  const [touring, setTouring] = useState(() => !tourSeen());
  const state = previewState(preview);
  // A subscriber has nothing to preview: their own dashboard, as from the onboarding (this page asked them to
  // «اشترك وانشر», subscribe and publish, again).
  const { loaded, user } = useAuth();
  const me = useQuery({ ...spotlightMeQuery, enabled: loaded && Boolean(user) });
  if (user && me.data?.isSpotlightUser) return <Navigate replace to="/spotlight/live" />;

  return (
    <div className="container page spotlight-page">
      <div className="spotlight-topbar card">
        <div className="spotlight-topbar-text">
          <span className="spotlight-ribbon is-preview">{t("spotlight.preview.mode")}</span>
          <h1>{t("spotlight.preview.dashboard")}</h1>
          <p className="muted">{t("spotlight.preview.lead")}</p>
        </div>
        <div className="spotlight-topbar-actions" data-tour="golive">
          <Link className="button button-outline" to="/spotlight/preview">
            {t("spotlight.preview.companyPage")}
          </Link>
          <Link className="button button-primary" to="/spotlight/onboarding">
            {t("spotlight.goLive", { price: spotlightPriceText(i18n) })}
          </Link>
        </div>
      </div>
      <SpotlightWorkspace mode="preview" state={state} actions={actions} stages={SPOTLIGHT_STAGES} />
      {!touring && (
        <p className="spotlight-tour-again">
          <button type="button" className="link-button small" onClick={() => setTouring(true)}>
            {t("spotlight.preview.tourAgain")}
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
