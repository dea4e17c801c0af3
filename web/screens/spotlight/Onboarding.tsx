// /spotlight/onboarding: account, company, payment,
// then the success page. The account step signs up or signs in; a signed-in Spotlight user goes straight
// to /spotlight/live, and signing in with an account that is neither subscribed nor part-way through
// onboarding fails with 'This account is not a Spotlight account'. 'Continue without an account
// (preview mode)' keeps the preview in this browser and opens the preview dashboard. The company details
// are kept for the tab (sessionStorage), never the password: the account exists from the first step.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { FormEvent } from "react";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { PASSWORD_RULES, signInSchema, signUpSchema } from "@rules/auth";
import { ONBOARDING_STAGES, SPOTLIGHT_BENEFITS, SPOTLIGHT_MESSAGES } from "@rules/spotlight";
import type { SpotlightProfileData } from "@rules/spotlight";
import { fieldErrors } from "@rules/posting";
import { useAuth } from "../../auth";
import { ApiRequestError, api, call } from "../../client";
import { FormField, fieldDescribedBy } from "../../components/FormField";
import { PasswordInput } from "../../components/PasswordInput";
import { PageSpinner } from "../../components/Spinner";
import { CompanyProfileForm, profileValues } from "../../components/spotlight/CompanyProfileForm";
import type { ProfileValues } from "../../components/spotlight/CompanyProfileForm";
import { OnboardingSteps } from "../../components/spotlight/OnboardingSteps";
import { useDocumentTitle } from "../../useDocumentTitle";
import { spotlightMeQuery } from "./queries";
import { SPOTLIGHT_PRICE_TEXT } from "./SpotlightPrice";
import { loadSignupDraft, previewSnapshot, previewUpload, savePreviewCompany, saveSignupDraft, usePreview } from "./previewStore";

type Step = "account" | "company" | "payment";
type Mode = "signup" | "signin";

function serverMessage(err: unknown, fallback: string): string {
  return err instanceof ApiRequestError && err.status < 500 && err.message ? err.message : fallback;
}

/** The company details typed so far, else the local preview's. */
function draftProfile(): ProfileValues {
  const draft = loadSignupDraft();
  if (draft?.company) return profileValues(draft);
  return profileValues(previewSnapshot().company);
}

function AccountStep({ onSignedUp, onSignedIn, onPreview }: { onSignedUp: () => void; onSignedIn: (message: string | null) => void; onPreview: () => void }) {
  const { signUp, signIn, signOut } = useAuth();
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>(params.get("mode") === "signin" ? "signin" : "signup");
  const [email, setEmail] = useState(() => loadSignupDraft()?.email ?? "");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState("");
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError("");
    const parsed = (mode === "signup" ? signUpSchema : signInSchema).safeParse({ email, password });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      if (mode === "signup") {
        await signUp({ email: parsed.data.email, password, company: loadSignupDraft()?.company ?? "" });
        onSignedUp();
        return;
      }
      const user = await signIn(parsed.data.email, password);
      if (!user) throw new Error(SPOTLIGHT_MESSAGES.noUser);
      const me = await call(api.spotlight.me.$get());
      if (me.isSpotlightUser) return onSignedIn(null);
      if (me.company) return onSignedIn("resume");
      await signOut();
      setFormError(SPOTLIGHT_MESSAGES.notSpotlightAccount);
    } catch (err) {
      setFormError(serverMessage(err, mode === "signup" ? SPOTLIGHT_MESSAGES.signupFailed : "Invalid email or password"));
    }
    setBusy(false);
  };

  const switchTo = (m: Mode) => {
    setMode(m);
    setErrors({});
    setFormError("");
  };

  return (
    <section className="card onboarding-card" aria-labelledby="account-title">
      <h2 id="account-title">{mode === "signup" ? "Create your Spotlight account" : "Sign in to Spotlight"}</h2>
      <div className="onboarding-modes" role="tablist" aria-label="Account">
        <button type="button" role="tab" aria-selected={mode === "signup"} className={mode === "signup" ? "is-active" : undefined} onClick={() => switchTo("signup")}>
          Sign up
        </button>
        <button type="button" role="tab" aria-selected={mode === "signin"} className={mode === "signin" ? "is-active" : undefined} onClick={() => switchTo("signin")}>
          Sign in
        </button>
      </div>
      <form className="form" onSubmit={submit} noValidate aria-busy={busy}>
        {formError && (
          <div className="form-alert" role="alert">
            {formError}
          </div>
        )}
        <FormField id="onboarding-email" label="Email address" error={errors.email} required>
          <input
            id="onboarding-email"
            className="form-input"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={Boolean(errors.email)}
            aria-describedby={fieldDescribedBy("onboarding-email", errors.email)}
          />
        </FormField>
        <FormField id="onboarding-password" label="Password" error={mode === "signin" || !PASSWORD_RULES.some((r) => r.message === errors.password) ? errors.password : undefined} required>
          <PasswordInput
            id="onboarding-password"
            autoComplete={mode === "signup" ? "new-password" : "current-password"}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={Boolean(errors.password)}
            aria-describedby={mode === "signup" ? "onboarding-password-rules" : undefined}
          />
        </FormField>
        {mode === "signup" && (
          <ul className="password-rules" id="onboarding-password-rules" aria-label="Password requirements">
            {PASSWORD_RULES.map((rule) => {
              const met = rule.test(password);
              return (
                <li key={rule.message} className={met ? "is-met" : errors.password ? "is-unmet" : ""} data-met={met}>
                  <span className="rule-mark" aria-hidden="true">
                    {met ? "✓" : "•"}
                  </span>
                  {rule.message}
                  <span className="sr-only">{met ? " (done)" : " (not yet)"}</span>
                </li>
              );
            })}
          </ul>
        )}
        <button type="submit" className="button button-primary button-large form-submit" disabled={busy}>
          {busy ? "Please wait..." : mode === "signup" ? "Create Account & Continue" : "Sign In"}
        </button>
      </form>
      <div className="onboarding-or" aria-hidden="true">
        <span>or</span>
      </div>
      <button type="button" className="button button-outline form-submit" onClick={onPreview}>
        Continue without an account (preview mode)
      </button>
      <p className="muted small onboarding-fineprint">Preview mode keeps your company and jobs in this browser. Nothing is public until you subscribe.</p>
    </section>
  );
}

function PaymentStep({ onBack }: { onBack: () => void }) {
  const [params] = useSearchParams();
  const { jobs } = usePreview();
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const subscribe = async () => {
    setBusy(true);
    setError("");
    try {
      const { url } = await call(api.spotlight.checkout.$post({ json: { previewJobCount: jobs.length } }));
      window.location.assign(url);
    } catch (err) {
      setError(serverMessage(err, SPOTLIGHT_MESSAGES.paymentFailed));
      setBusy(false);
    }
  };
  return (
    <section className="card onboarding-card" aria-labelledby="payment-title">
      <h2 id="payment-title">Subscribe to Spotlight</h2>
      {params.get("cancelled") && (
        <p className="notice notice-warning" role="status">
          Checkout was cancelled. You have not been charged.
        </p>
      )}
      <div className="onboarding-plan">
        <div>
          <p className="onboarding-plan-name">Spotlight</p>
          <p className="muted small">Billed monthly. Cancel any time.</p>
        </div>
        <p className="onboarding-plan-price" data-price>
          {SPOTLIGHT_PRICE_TEXT}
        </p>
      </div>
      <ul className="onboarding-benefits">
        {SPOTLIGHT_BENEFITS.map((b) => (
          <li key={b.title}>
            <strong>{b.title}</strong>
            <span className="muted small">{b.text}</span>
          </li>
        ))}
      </ul>
      {jobs.length > 0 && (
        <p className="spotlight-note">
          Your {jobs.length} preview {jobs.length === 1 ? "job" : "jobs"} will be published as soon as your subscription is active.
        </p>
      )}
      {error && (
        <div className="form-alert" role="alert">
          {error}
        </div>
      )}
      <button type="button" className="button button-primary button-large form-submit" onClick={subscribe} disabled={busy}>
        {busy ? "Redirecting to checkout..." : `Subscribe · ${SPOTLIGHT_PRICE_TEXT}`}
      </button>
      <button type="button" className="button button-ghost form-submit" onClick={onBack} disabled={busy}>
        Back to company details
      </button>
    </section>
  );
}

export function Onboarding() {
  useDocumentTitle("Spotlight | Startup Jobs");
  const { loaded, user } = useAuth();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step | null>(null);
  const [sentToLive, setToLive] = useState(false);

  // Where a visitor starts: signed out, the account step; signed in, by what the account already has. The
  // first answer chooses the step (set while rendering, React's way to adjust state to new data); from
  // then on the visitor's own steps lead, even when they sign in on the account step.
  const meQuery = useQuery({ ...spotlightMeQuery, enabled: loaded && Boolean(user) && step === null && !sentToLive });
  const me = step === null && user ? meQuery.data : undefined;
  if (step === null && loaded && !user) setStep("account");
  else if (step === null && me && !me.isSpotlightUser) setStep(me.company ? "payment" : "company");
  const toLive = sentToLive || Boolean(me?.isSpotlightUser);
  const loadError = step === null && user && meQuery.isError ? SPOTLIGHT_MESSAGES.loadFailed : "";

  if (toLive) return <Navigate replace to="/spotlight/live" />;
  if (loadError) {
    return (
      <div className="container page">
        <div className="notice notice-error" role="alert">
          {loadError}
        </div>
      </div>
    );
  }
  if (!step) return <PageSpinner label="Loading..." />;

  const toPreview = () => {
    const draft = loadSignupDraft();
    if (draft && draft.company.trim().length >= 2)
      savePreviewCompany({ company: draft.company, logo: draft.logo, tagline: draft.tagline, website: draft.website, email: draft.email, stage: draft.stage });
    navigate("/spotlight/dashboard");
  };

  const saveAndContinue = async (profile: SpotlightProfileData) => {
    await call(api.spotlight.company.$post({ json: profile }));
    // The local preview's jobs go up with the company, kept as preview until the subscription is active.
    const { jobs } = previewUpload(previewSnapshot());
    if (jobs.length) await call(api.spotlight.company["preview-jobs"].$post({ json: { jobs } })).catch((err: unknown) => console.error("Uploading the preview jobs failed", err));
    setStep("payment");
  };

  return (
    <div className="container page spotlight-page onboarding">
      <div className="onboarding-intro">
        <span className="spotlight-ribbon">★ Spotlight</span>
        <h1>Put your company in the spotlight</h1>
        <p className="muted">Unlimited job posts, a company page that stands out, and analytics. {SPOTLIGHT_PRICE_TEXT}.</p>
      </div>
      <OnboardingSteps current={step} />
      {step === "account" && <AccountStep onSignedUp={() => setStep("company")} onSignedIn={(resume) => (resume ? setStep("payment") : setToLive(true))} onPreview={toPreview} />}
      {step === "company" && (
        <section className="card onboarding-card" aria-labelledby="company-title">
          <h2 id="company-title">Your company</h2>
          <p className="muted small">Signed in as {user?.email}. This is the header of your company page; you can change it later.</p>
          <CompanyProfileForm
            idPrefix="onboarding"
            initial={draftProfile()}
            stages={ONBOARDING_STAGES}
            submitLabel="Continue to Payment"
            showEmail={false}
            failureMessage={SPOTLIGHT_MESSAGES.saveCompanyFailed}
            onChange={(v) => saveSignupDraft({ email: user?.email ?? "", company: v.company, logo: v.logo, tagline: v.tagline, stage: v.stage, website: v.website })}
            onSubmit={saveAndContinue}
          />
        </section>
      )}
      {step === "payment" && <PaymentStep onBack={() => setStep("company")} />}
      <p className="muted small onboarding-footer">
        Want to look around first? <Link to="/spotlight/dashboard">Try the preview dashboard</Link>.
      </p>
    </div>
  );
}
