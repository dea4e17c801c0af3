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
import { signInSchema, signUpSchema } from "@rules/authSchema";
import { ONBOARDING_STAGES, SPOTLIGHT_MESSAGES } from "@rules/spotlight";
import type { SpotlightProfileData } from "@rules/spotlight";
import { fieldErrors } from "@rules/posting";
import { useAuth } from "../../auth";
import { ApiRequestError, api, call } from "../../client";
import { FormField, fieldDescribedBy } from "../../components/FormField";
import { PasswordInput } from "../../components/PasswordInput";
import { PasswordRules, isPasswordRule } from "../../components/PasswordRules";
import { PageSpinner } from "../../components/Spinner";
import { VerifyEmailNotice } from "../../components/VerifyEmailNotice";
import { useI18n } from "../../i18n";
import { CompanyProfileForm, profileValues } from "../../components/spotlight/CompanyProfileForm";
import type { ProfileValues } from "../../components/spotlight/CompanyProfileForm";
import { OnboardingSteps } from "../../components/spotlight/OnboardingSteps";
import { useDocumentTitle } from "../../useDocumentTitle";
import { spotlightMeQuery } from "./queries";
import { SPOTLIGHT_BENEFIT_TEXT, spotlightPriceText } from "./SpotlightPrice";
import { loadSignupDraft, previewSnapshot, previewUpload, savePreviewCompany, saveSignupDraft, usePreview } from "./previewStore";
import { EmailAddress, withAddress } from "../../components/EmailAddress";

type Step = "account" | "company" | "payment";
type Mode = "signup" | "signin";

function serverMessage(err: unknown, fallback: string): string {
  return err instanceof ApiRequestError && err.status < 500 && err.message ? err.message : fallback;
}

/** The company details typed so far, else the local preview's. */
function draftProfile(accountCompany = ""): ProfileValues {
  const draft = loadSignupDraft();
  if (draft?.company) return profileValues(draft);
  const preview = profileValues(previewSnapshot().company);
  // Nothing typed here yet: the company the account was created with, not an empty field (issue 25).
  return preview.company ? preview : { ...preview, company: accountCompany };
}

function AccountStep({ onSignedUp, onSignedIn, onPreview }: { onSignedUp: () => void; onSignedIn: (message: string | null) => void; onPreview: () => void }) {
  const { t, rich, localise } = useI18n();
  const { signUp, signIn, signOut } = useAuth();
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>(params.get("mode") === "signin" ? "signin" : "signup");
  const [email, setEmail] = useState(() => loadSignupDraft()?.email ?? "");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState("");
  // The address has an account: the sign-in tab, and the way to a new password (the twentieth and 22nd readings).
  const [taken, setTaken] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError("");
    setTaken(false);
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
      // The address has an account: the sign-in tab, with the address kept (the twentieth reading: no next step).
      if (mode === "signup" && err instanceof ApiRequestError && err.code === "email_taken") {
        setMode("signin");
        setTaken(true);
      } else setFormError(serverMessage(err, mode === "signup" ? SPOTLIGHT_MESSAGES.signupFailed : t("spotlight.onboarding.invalidLogin")));
    }
    setBusy(false);
  };

  const switchTo = (m: Mode) => {
    setMode(m);
    setErrors({});
    setFormError("");
    setTaken(false);
  };

  return (
    <section className="card onboarding-card" aria-labelledby="account-title">
      <h2 id="account-title">{mode === "signup" ? t("spotlight.onboarding.signUpTitle") : t("spotlight.onboarding.signInTitle")}</h2>
      <div className="onboarding-modes" role="tablist" aria-label={t("spotlight.onboarding.modes")}>
        <button type="button" role="tab" aria-selected={mode === "signup"} className={mode === "signup" ? "is-active" : undefined} onClick={() => switchTo("signup")}>
          {t("spotlight.onboarding.signUp")}
        </button>
        <button type="button" role="tab" aria-selected={mode === "signin"} className={mode === "signin" ? "is-active" : undefined} onClick={() => switchTo("signin")}>
          {t("spotlight.onboarding.signIn")}
        </button>
      </div>
      <form className="form" onSubmit={submit} noValidate aria-busy={busy}>
        {taken && !formError && (
          <div className="form-alert" role="alert">
            {rich("spotlight.onboarding.taken", { reset: (c) => <Link to="/forgot-password">{c}</Link> })}
          </div>
        )}
        {formError && (
          <div className="form-alert" role="alert">
            {localise(formError)}
          </div>
        )}
        <FormField id="onboarding-email" label={t("spotlight.onboarding.email")} error={errors.email && localise(errors.email)} required>
          <input
            id="onboarding-email"
            className="form-input"
            type="email"
            dir="ltr"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={Boolean(errors.email)}
            aria-describedby={fieldDescribedBy("onboarding-email", errors.email)}
          />
        </FormField>
        <FormField
          id="onboarding-password"
          label={t("spotlight.onboarding.password")}
          error={(mode === "signin" || !isPasswordRule(errors.password)) && errors.password ? localise(errors.password) : undefined}
          required
        >
          <PasswordInput
            id="onboarding-password"
            autoComplete={mode === "signup" ? "new-password" : "current-password"}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            aria-invalid={Boolean(errors.password)}
            aria-describedby={mode === "signup" ? "onboarding-password-rules" : undefined}
          />
        </FormField>
        {mode === "signup" && <PasswordRules id="onboarding-password-rules" password={password} refused={Boolean(errors.password)} />}
        <button type="submit" className="button button-primary button-large form-submit" disabled={busy}>
          {busy ? t("spotlight.onboarding.wait") : mode === "signup" ? t("spotlight.onboarding.createAccount") : t("spotlight.onboarding.signInButton")}
        </button>
      </form>
      <div className="onboarding-or" aria-hidden="true">
        <span>{t("spotlight.onboarding.or")}</span>
      </div>
      <button type="button" className="button button-outline form-submit" onClick={onPreview}>
        {t("spotlight.onboarding.preview")}
      </button>
      <p className="muted small onboarding-fineprint">{t("spotlight.onboarding.previewFineprint")}</p>
    </section>
  );
}

function PaymentStep({ onBack }: { onBack: () => void }) {
  const i18n = useI18n();
  const { t, localise } = i18n;
  const price = spotlightPriceText(i18n);
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
      <h2 id="payment-title">{t("spotlight.payment.title")}</h2>
      {params.get("cancelled") && (
        <p className="notice notice-warning" role="status">
          {t("spotlight.payment.cancelled")}
        </p>
      )}
      <div className="onboarding-plan">
        <div>
          <p className="onboarding-plan-name">{t("spotlight.payment.plan")}</p>
          <p className="muted small">{t("spotlight.payment.billed")}</p>
        </div>
        <p className="onboarding-plan-price" data-price>
          {price}
        </p>
      </div>
      <ul className="onboarding-benefits">
        {SPOTLIGHT_BENEFIT_TEXT.map((b) => (
          <li key={b.title}>
            <strong>{t(b.title)}</strong>
            <span className="muted small">{t(b.text)}</span>
          </li>
        ))}
      </ul>
      {jobs.length > 0 && <p className="spotlight-note">{t("spotlight.payment.previewJobs", { count: jobs.length })}</p>}
      <VerifyEmailNotice />
      {error && (
        <div className="form-alert" role="alert">
          {localise(error)}
        </div>
      )}
      <button type="button" className="button button-primary button-large form-submit" onClick={subscribe} disabled={busy}>
        {busy ? t("spotlight.payment.redirecting") : t("spotlight.payment.subscribe", { price })}
      </button>
      <button type="button" className="button button-ghost form-submit" onClick={onBack} disabled={busy}>
        {t("spotlight.payment.back")}
      </button>
    </section>
  );
}

export function Onboarding() {
  const i18n = useI18n();
  const { t, rich, localise } = i18n;
  useDocumentTitle(t("spotlight.onboarding.title"));
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
          {localise(loadError)}
        </div>
      </div>
    );
  }
  if (!step) return <PageSpinner label={t("spotlight.loading")} />;

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
    if (jobs.length) await call(api.spotlight.company["preview-jobs"].$post({ json: { jobs } })).catch((err: unknown) => console.error("Uploading the preview jobs failed", err)); // i18n-ignore: a developer's log line
    setStep("payment");
  };

  return (
    <div className="container page spotlight-page onboarding">
      <div className="onboarding-intro">
        <span className="spotlight-ribbon">{t("spotlight.ribbon")}</span>
        <h1>{t("spotlight.onboarding.heading")}</h1>
        <p className="muted">{t("spotlight.onboarding.lead", { price: spotlightPriceText(i18n) })}</p>
      </div>
      <OnboardingSteps current={step} />
      {step === "account" && <AccountStep onSignedUp={() => setStep("company")} onSignedIn={(resume) => (resume ? setStep("payment") : setToLive(true))} onPreview={toPreview} />}
      {step === "company" && (
        <section className="card onboarding-card" aria-labelledby="company-title">
          <h2 id="company-title">{t("spotlight.onboarding.companyTitle")}</h2>
          <p className="muted small">{withAddress(rich("spotlight.onboarding.companyLead", { email: <EmailAddress address={user?.email ?? ""} /> }))}</p>
          <CompanyProfileForm
            idPrefix="onboarding"
            initial={draftProfile(user?.company)}
            stages={ONBOARDING_STAGES}
            submitLabel={t("spotlight.onboarding.toPayment")}
            showEmail={false}
            failureMessage={SPOTLIGHT_MESSAGES.saveCompanyFailed}
            onChange={(v) => saveSignupDraft({ email: user?.email ?? "", company: v.company, logo: v.logo, tagline: v.tagline, stage: v.stage, website: v.website })}
            onSubmit={saveAndContinue}
          />
        </section>
      )}
      {step === "payment" && <PaymentStep onBack={() => setStep("company")} />}
      <p className="muted small onboarding-footer">{rich("spotlight.onboarding.lookAround", { link: (c) => <Link to="/spotlight/dashboard">{c}</Link> })}</p>
    </div>
  );
}
