// Every route of the app. Screens live in screens/, one file each.
import { Suspense, lazy } from "react";
import { Navigate, Route, Routes } from "react-router";
import { Layout } from "./components/Layout";
import { RequireAuth } from "./components/RequireAuth";
import { Home } from "./screens/Home";
import { Jobs } from "./screens/Jobs";
import { PageSpinner } from "./components/Spinner";
import { withScreenMessages } from "./i18n";

// Every screen but the listing (/ and /jobs) is its own chunk, loaded when it is visited; Layout shows a
// spinner meanwhile (README, Performance). The first page loads only the listing, and only the listing's
// messages: each lazy screen also waits for the other screens' messages (withScreenMessages, web/i18n.tsx).
const Advertise = lazy(() => withScreenMessages(import("./screens/Advertise")).then((m) => ({ default: m.Advertise })));
const AlertStatus = lazy(() => withScreenMessages(import("./screens/AlertStatus")).then((m) => ({ default: m.AlertStatus })));
const AuthSuccess = lazy(() => withScreenMessages(import("./screens/AuthSuccess")).then((m) => ({ default: m.AuthSuccess })));
const BuyCredits = lazy(() => withScreenMessages(import("./screens/BuyCredits")).then((m) => ({ default: m.BuyCredits })));
const CreditPurchaseSuccess = lazy(() => withScreenMessages(import("./screens/CreditPurchaseSuccess")).then((m) => ({ default: m.CreditPurchaseSuccess })));
const DashboardBilling = lazy(() => withScreenMessages(import("./screens/dashboard/DashboardBilling")).then((m) => ({ default: m.DashboardBilling })));
const DashboardJobs = lazy(() => withScreenMessages(import("./screens/dashboard/DashboardJobs")).then((m) => ({ default: m.DashboardJobs })));
const DashboardLayout = lazy(() => withScreenMessages(import("./screens/dashboard/DashboardLayout")).then((m) => ({ default: m.DashboardLayout })));
const DashboardOverview = lazy(() => withScreenMessages(import("./screens/dashboard/DashboardOverview")).then((m) => ({ default: m.DashboardOverview })));
const DashboardSettings = lazy(() => withScreenMessages(import("./screens/dashboard/DashboardSettings")).then((m) => ({ default: m.DashboardSettings })));
const Contact = lazy(() => withScreenMessages(import("./screens/Contact")).then((m) => ({ default: m.Contact })));
const JobDetail = lazy(() => withScreenMessages(import("./screens/JobDetail")).then((m) => ({ default: m.JobDetail })));
const JobPostingCancel = lazy(() => withScreenMessages(import("./screens/JobPostingCancel")).then((m) => ({ default: m.JobPostingCancel })));
const JobPostingSuccess = lazy(() => withScreenMessages(import("./screens/JobPostingSuccess")).then((m) => ({ default: m.JobPostingSuccess })));
const Mailbox = lazy(() => withScreenMessages(import("./screens/Mailbox")).then((m) => ({ default: m.Mailbox })));
const NotFound = lazy(() => withScreenMessages(import("./screens/NotFound")).then((m) => ({ default: m.NotFound })));
const ApplyForm = lazy(() => withScreenMessages(import("./screens/ApplyForm")).then((m) => ({ default: m.ApplyForm })));
const Applications = lazy(() => withScreenMessages(import("./screens/Applications")).then((m) => ({ default: m.Applications })));
const ApplicationView = lazy(() => withScreenMessages(import("./screens/Applications")).then((m) => ({ default: m.ApplicationView })));
const DashboardApplications = lazy(() => withScreenMessages(import("./screens/dashboard/DashboardApplications")).then((m) => ({ default: m.DashboardApplications })));
const Saved = lazy(() => withScreenMessages(import("./screens/Saved")).then((m) => ({ default: m.Saved })));
const SignIn = lazy(() => withScreenMessages(import("./screens/SignIn")).then((m) => ({ default: m.SignIn })));
const SignUp = lazy(() => withScreenMessages(import("./screens/SignUp")).then((m) => ({ default: m.SignUp })));
const StreamlinedJobSuccess = lazy(() => withScreenMessages(import("./screens/StreamlinedJobSuccess")).then((m) => ({ default: m.StreamlinedJobSuccess })));
const CompanyPage = lazy(() => withScreenMessages(import("./screens/CompanyPage")).then((m) => ({ default: m.CompanyPage })));
const Onboarding = lazy(() => withScreenMessages(import("./screens/spotlight/Onboarding")).then((m) => ({ default: m.Onboarding })));
const PreviewCompany = lazy(() => withScreenMessages(import("./screens/spotlight/PreviewCompany")).then((m) => ({ default: m.PreviewCompany })));
const SubscriptionSuccess = lazy(() => withScreenMessages(import("./screens/spotlight/SubscriptionSuccess")).then((m) => ({ default: m.SubscriptionSuccess })));
// The posting wizard carries the rich-text editor: it loads when /post is opened.
const PostJob = lazy(() => withScreenMessages(import("./screens/PostJob")).then((m) => ({ default: m.PostJob })));
// The Spotlight dashboards carry it too (the job form).
const PreviewDashboard = lazy(() => withScreenMessages(import("./screens/spotlight/PreviewDashboard")).then((m) => ({ default: m.PreviewDashboard })));
const LiveDashboard = lazy(() => withScreenMessages(import("./screens/spotlight/LiveDashboard")).then((m) => ({ default: m.LiveDashboard })));
// The edit screen carries the same editor.
// The e-mailed links of issue 23 (confirm an address, reset a password) and "Forgot your password?".
const VerifyEmail = lazy(() => withScreenMessages(import("./screens/VerifyEmail")).then((m) => ({ default: m.VerifyEmail })));
const ForgotPassword = lazy(() => withScreenMessages(import("./screens/ForgotPassword")).then((m) => ({ default: m.ForgotPassword })));
const ResetPassword = lazy(() => withScreenMessages(import("./screens/ResetPassword")).then((m) => ({ default: m.ResetPassword })));
const EditJob = lazy(() => withScreenMessages(import("./screens/EditJob")).then((m) => ({ default: m.EditJob })));
// The operator console: only admins ever need it.
const Admin = lazy(() => withScreenMessages(import("./screens/admin/Admin")).then((m) => ({ default: m.Admin })));

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
        <Route path="saved" element={<Saved />} />
        <Route path="jobs/:id/apply" element={<ApplyForm />} />
        <Route path="applications" element={<Applications />} />
        <Route path="applications/:id" element={<ApplicationView />} />
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
        <Route path="verify-email" element={<VerifyEmail />} />
        <Route path="forgot-password" element={<ForgotPassword />} />
        <Route path="reset-password" element={<ResetPassword />} />
        <Route element={<RequireAuth />}>
          <Route path="dashboard" element={<DashboardLayout />}>
            <Route index element={<DashboardOverview />} />
            <Route path="jobs" element={<DashboardJobs />} />
            <Route path="applications" element={<DashboardApplications />} />
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
