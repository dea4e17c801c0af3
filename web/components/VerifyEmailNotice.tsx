// "Please confirm your e-mail address" with "Resend the e-mail", for a signed-in account whose address is not
// proved yet (issue 23): paying, posting with credits and Spotlight wait for it. The server limits resends.
import { useState } from "react";
import { api, call } from "../client";
import { useAuth } from "../auth";
import { useI18n } from "../i18n";
import { authErrorMessage } from "./SignInForm";
import { EmailAddress, withAddress } from "./EmailAddress";

type Status = { kind: "idle" } | { kind: "sending" } | { kind: "sent"; email: string } | { kind: "error"; message: string };

export function VerifyEmailNotice() {
  const { t, rich } = useI18n();
  const { user } = useAuth();
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  if (!user || user.emailVerified) return null;

  const resend = async () => {
    setStatus({ kind: "sending" });
    try {
      const sent = await call(api.auth["resend-verification"].$post());
      setStatus({ kind: "sent", email: sent.email });
    } catch (err) {
      setStatus({ kind: "error", message: authErrorMessage(err, t("account.verify.failed")) });
    }
  };

  return (
    <div className="verify-notice" role="region" aria-label={t("account.verify.heading")}>
      {/* What waits for the address is an employer's: a candidate applies without it. */}
      <p>{withAddress(rich(user.employer ? "account.verify.notice" : "account.verify.noticeCandidate", { email: <EmailAddress address={user.email} /> }))}</p>
      <div className="verify-notice-actions">
        <button type="button" className="button button-outline" onClick={() => void resend()} disabled={status.kind === "sending"}>
          {status.kind === "sending" ? t("account.verify.resending") : t("account.verify.resend")}
        </button>
        {status.kind === "sent" && (
          <span className="notice-success" role="status">
            {withAddress(rich("account.verify.resent", { email: <EmailAddress address={status.email} /> }))}
          </span>
        )}
        {status.kind === "error" && (
          <span className="form-alert" role="alert">
            {status.message}
          </span>
        )}
      </div>
    </div>
  );
}
