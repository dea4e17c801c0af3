// Every route of the app. Screens live in screens/, one file each.
import { Suspense, lazy } from "react";
import { Navigate, Route, Routes } from "react-router";
import { Layout } from "./components/Layout";
import { RequireAuth } from "./components/RequireAuth";
import { Advertise } from "./screens/Advertise";
import { AlertStatus } from "./screens/AlertStatus";
import { AuthSuccess } from "./screens/AuthSuccess";
import { BuyCredits } from "./screens/BuyCredits";
import { CreditPurchaseSuccess } from "./screens/CreditPurchaseSuccess";
import { DashboardBilling } from "./screens/dashboard/DashboardBilling";
import { DashboardJobs } from "./screens/dashboard/DashboardJobs";
import { DashboardLayout } from "./screens/dashboard/DashboardLayout";
import { DashboardOverview } from "./screens/dashboard/DashboardOverview";
import { DashboardSettings } from "./screens/dashboard/DashboardSettings";
import { Contact } from "./screens/Contact";
import { Home } from "./screens/Home";
import { JobDetail } from "./screens/JobDetail";
import { JobPostingCancel } from "./screens/JobPostingCancel";
import { JobPostingSuccess } from "./screens/JobPostingSuccess";
import { Jobs } from "./screens/Jobs";
import { Mailbox } from "./screens/Mailbox";
import { NotFound } from "./screens/NotFound";
import { SignIn } from "./screens/SignIn";
import { SignUp } from "./screens/SignUp";
import { StreamlinedJobSuccess } from "./screens/StreamlinedJobSuccess";
import { PageSpinner } from "./components/Spinner";
import { CompanyPage } from "./screens/CompanyPage";
import { Onboarding } from "./screens/spotlight/Onboarding";
import { PreviewCompany } from "./screens/spotlight/PreviewCompany";
import { SubscriptionSuccess } from "./screens/spotlight/SubscriptionSuccess";

// The posting wizard carries the rich-text editor: it loads when /post is opened.
const PostJob = lazy(() => import("./screens/PostJob").then((m) => ({ default: m.PostJob })));
// The Spotlight dashboards carry it too (the job form).
const PreviewDashboard = lazy(() => import("./screens/spotlight/PreviewDashboard").then((m) => ({ default: m.PreviewDashboard })));
const LiveDashboard = lazy(() => import("./screens/spotlight/LiveDashboard").then((m) => ({ default: m.LiveDashboard })));
// The edit screen carries the same editor.
const EditJob = lazy(() => import("./screens/EditJob").then((m) => ({ default: m.EditJob })));
// The operator console: only admins ever need it.
const Admin = lazy(() => import("./screens/admin/Admin").then((m) => ({ default: m.Admin })));

export function App() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<Home />} />
        <Route path="jobs" element={<Jobs />} />
        <Route path="jobs/:id" element={<JobDetail />} />
        {/* TODO: placeholders until their issues land, so header links don't hit the 404 page. */}
        <Route path="contact" element={<Contact />} />
        <Route path="advertise" element={<Advertise />} />
        <Route path="alerts/:status" element={<AlertStatus />} />
        <Route path="dev/mailbox" element={<Mailbox />} />
        <Route
          path="admin"
          element={
            <Suspense fallback={<PageSpinner />}>
              <Admin />
            </Suspense>
          }
        />
        <Route
          path="post"
          element={
            <Suspense fallback={<PageSpinner />}>
              <PostJob />
            </Suspense>
          }
        />
        <Route path="post-job" element={<Navigate replace to="/post" />} />
        <Route path="job-posting-cancel" element={<JobPostingCancel />} />
        <Route path="company/:id" element={<CompanyPage variant="company" />} />
        <Route path="company/:id/spotlight" element={<CompanyPage variant="spotlight" />} />
        <Route path="spotlight/onboarding" element={<Onboarding />} />
        <Route path="spotlight/preview" element={<PreviewCompany />} />
        <Route
          path="spotlight/dashboard"
          element={
            <Suspense fallback={<PageSpinner />}>
              <PreviewDashboard />
            </Suspense>
          }
        />
        <Route
          path="spotlight/live"
          element={
            <Suspense fallback={<PageSpinner />}>
              <LiveDashboard />
            </Suspense>
          }
        />
        <Route path="spotlight-subscription-success" element={<SubscriptionSuccess />} />
        <Route path="sign-in/*" element={<SignIn />} />
        <Route path="sign-up/*" element={<SignUp />} />
        <Route path="auth-success" element={<AuthSuccess />} />
        <Route element={<RequireAuth />}>
          <Route path="dashboard" element={<DashboardLayout />}>
            <Route index element={<DashboardOverview />} />
            <Route path="jobs" element={<DashboardJobs />} />
            <Route path="billing" element={<DashboardBilling />} />
            <Route path="settings" element={<DashboardSettings />} />
            <Route path="*" element={<NotFound />} />
          </Route>
          <Route
            path="jobs/:id/edit"
            element={
              <Suspense fallback={<PageSpinner />}>
                <EditJob />
              </Suspense>
            }
          />
          <Route path="buy-credits" element={<BuyCredits />} />
          <Route path="credit-purchase-success" element={<CreditPurchaseSuccess />} />
          <Route path="job-posting-success" element={<JobPostingSuccess />} />
          <Route path="streamlined-job-success" element={<StreamlinedJobSuccess />} />
        </Route>
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
