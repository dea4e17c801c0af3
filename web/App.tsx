// Every route of the app. Screens live in screens/, one file each.
import { Suspense, lazy } from "react";
import type { ComponentType } from "react";
import { Navigate, Route, Routes } from "react-router";
import { Layout } from "./components/Layout";
import { RequireAuth } from "./components/RequireAuth";
import { Home } from "./screens/Home";
import { Jobs } from "./screens/Jobs";
import { PageSpinner } from "./components/Spinner";
import { withScreenMessages } from "./i18n";
import { firstScreen } from "@rules/firstPage";

// Every screen but the listing (/ and /jobs) is its own chunk, loaded when it is visited; Layout shows a
// spinner meanwhile (README, Performance). The first page loads only the listing, and only the listing's
// messages and styles: each lazy screen also waits for the other screens' (withScreenMessages, web/i18n.tsx).
// A screen loaded before it is first rendered (preloadFirstScreen) renders at once: React.lazy takes its module from a
// thenable that answers synchronously, so it never suspends. (import() and withScreenMessages load each file once.)
function screen<M, P extends object = object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>) {
  type Module = { default: ComponentType<P> };
  let loaded: Module | undefined;
  const preload = () => withScreenMessages(load()).then((module) => (loaded = { default: pick(module) }));
  // biome-ignore lint/suspicious/noThenProperty: React.lazy reads a loaded module from a thenable that answers at once
  const now = (module: Module) => ({ then: (resolve: (m: Module) => void) => resolve(module) }) as unknown as Promise<Module>;
  return Object.assign(
    lazy(() => (loaded ? now(loaded) : preload())),
    { preload },
  );
}

const Advertise = screen(
  () => import("./screens/Advertise"),
  (m) => m.Advertise,
);
const Privacy = screen(
  () => import("./screens/Privacy"),
  (m) => m.Privacy,
);
const AlertStatus = screen(
  () => import("./screens/AlertStatus"),
  (m) => m.AlertStatus,
);
const AuthSuccess = screen(
  () => import("./screens/AuthSuccess"),
  (m) => m.AuthSuccess,
);
const BuyCredits = screen(
  () => import("./screens/BuyCredits"),
  (m) => m.BuyCredits,
);
const CreditPurchaseSuccess = screen(
  () => import("./screens/CreditPurchaseSuccess"),
  (m) => m.CreditPurchaseSuccess,
);
const DashboardBilling = screen(
  () => import("./screens/dashboard/DashboardBilling"),
  (m) => m.DashboardBilling,
);
const DashboardJobs = screen(
  () => import("./screens/dashboard/DashboardJobs"),
  (m) => m.DashboardJobs,
);
const DashboardLayout = screen(
  () => import("./screens/dashboard/DashboardLayout"),
  (m) => m.DashboardLayout,
);
const DashboardOverview = screen(
  () => import("./screens/dashboard/DashboardOverview"),
  (m) => m.DashboardOverview,
);
const DashboardSettings = screen(
  () => import("./screens/dashboard/DashboardSettings"),
  (m) => m.DashboardSettings,
);
const Contact = screen(
  () => import("./screens/Contact"),
  (m) => m.Contact,
);
const JobDetail = screen(
  () => import("./screens/JobDetail"),
  (m) => m.JobDetail,
);
const JobPostingCancel = screen(
  () => import("./screens/JobPostingCancel"),
  (m) => m.JobPostingCancel,
);
const JobPostingSuccess = screen(
  () => import("./screens/JobPostingSuccess"),
  (m) => m.JobPostingSuccess,
);
const Mailbox = screen(
  () => import("./screens/Mailbox"),
  (m) => m.Mailbox,
);
const NotFound = screen(
  () => import("./screens/NotFound"),
  (m) => m.NotFound,
);
const ApplyForm = screen(
  () => import("./screens/ApplyForm"),
  (m) => m.ApplyForm,
);
const Applications = screen(
  () => import("./screens/Applications"),
  (m) => m.Applications,
);
const ApplicationView = screen(
  () => import("./screens/Applications"),
  (m) => m.ApplicationView,
);
const DashboardApplications = screen(
  () => import("./screens/dashboard/DashboardApplications"),
  (m) => m.DashboardApplications,
);
const Saved = screen(
  () => import("./screens/Saved"),
  (m) => m.Saved,
);
const SignIn = screen(
  () => import("./screens/SignIn"),
  (m) => m.SignIn,
);
const SignUp = screen(
  () => import("./screens/SignUp"),
  (m) => m.SignUp,
);
const StreamlinedJobSuccess = screen(
  () => import("./screens/StreamlinedJobSuccess"),
  (m) => m.StreamlinedJobSuccess,
);
const CompanyPage = screen(
  () => import("./screens/CompanyPage"),
  (m) => m.CompanyPage,
);
const Onboarding = screen(
  () => import("./screens/spotlight/Onboarding"),
  (m) => m.Onboarding,
);
const PreviewCompany = screen(
  () => import("./screens/spotlight/PreviewCompany"),
  (m) => m.PreviewCompany,
);
const SubscriptionSuccess = screen(
  () => import("./screens/spotlight/SubscriptionSuccess"),
  (m) => m.SubscriptionSuccess,
);
// The posting wizard carries the rich-text editor: it loads when /post is opened.
const PostJob = screen(
  () => import("./screens/PostJob"),
  (m) => m.PostJob,
);
// The Spotlight dashboards carry it too (the job form).
const PreviewDashboard = screen(
  () => import("./screens/spotlight/PreviewDashboard"),
  (m) => m.PreviewDashboard,
);
const LiveDashboard = screen(
  () => import("./screens/spotlight/LiveDashboard"),
  (m) => m.LiveDashboard,
);
// The edit screen carries the same editor.
// The e-mailed links of issue 23 (confirm an address, reset a password) and "Forgot your password?".
const VerifyEmail = screen(
  () => import("./screens/VerifyEmail"),
  (m) => m.VerifyEmail,
);
const ForgotPassword = screen(
  () => import("./screens/ForgotPassword"),
  (m) => m.ForgotPassword,
);
const ResetPassword = screen(
  () => import("./screens/ResetPassword"),
  (m) => m.ResetPassword,
);
const EditJob = screen(
  () => import("./screens/EditJob"),
  (m) => m.EditJob,
);
// The operator console: only admins ever need it.
const Admin = screen(
  () => import("./screens/admin/Admin"),
  (m) => m.Admin,
);

/**
 * Loads the lazy screen a server-rendered page opens with (a job's page, a company's page), before React hydrates it.
 * Hydrating while the screen's chunk is on its way leaves Layout's Suspense boundary waiting, and an update that reaches
 * it meanwhile (the session, saved jobs) makes React drop the server's HTML and show the spinner until the chunk arrives.
 */
export function preloadFirstScreen(path: string): Promise<unknown> | null {
  const first = firstScreen(path);
  return first && { job: JobDetail, company: CompanyPage }[first].preload();
}

export function App() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<Home />} />
        <Route path="jobs" element={<Jobs />} />
        <Route path="jobs/:id" element={<JobDetail />} />
        <Route path="contact" element={<Contact />} />
        <Route path="advertise" element={<Advertise />} />
        <Route path="privacy" element={<Privacy />} />
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
