// "Sign in with a passkey" beside the password form (issue 23): the browser's own passkey prompt (WebAuthn,
// through @simplewebauthn/browser), then the session the server starts, read as after any sign-in.
import { useEffect, useState } from "react";
import { browserSupportsWebAuthn, startAuthentication } from "@simplewebauthn/browser";
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { useAuth } from "../auth";
import { api, call } from "../client";
import { useI18n } from "../i18n";
import { authErrorMessage } from "./SignInForm";

export function PasskeySignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useI18n();
  const { refresh } = useAuth();
  const [supported, setSupported] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  useEffect(() => setSupported(browserSupportsWebAuthn()), []);
  if (!supported) return null;

  const onClick = async () => {
    setBusy(true);
    setError("");
    try {
      // The JSON the server sent, as the library's own type (the typed client cannot express its binary extensions).
      const optionsJSON = (await call(api.auth.passkeys["sign-in"].options.$post())) as unknown as PublicKeyCredentialRequestOptionsJSON;
      const response = await startAuthentication({ optionsJSON });
      await call(api.auth.passkeys["sign-in"].$post({ json: { response: response as never } }));
      if (!(await refresh())) throw new Error("no session");
      onSignedIn();
    } catch (err) {
      setError(authErrorMessage(err, t("account.signIn.passkeyFailed")));
      setBusy(false);
    }
  };

  return (
    <div className="passkey-sign-in">
      <p className="auth-or">{t("account.signIn.or")}</p>
      {error && (
        <div className="form-alert" role="alert">
          {error}
        </div>
      )}
      <button type="button" className="button button-outline button-large form-submit" onClick={() => void onClick()} disabled={busy}>
        {busy ? t("account.signIn.passkeyBusy") : t("account.signIn.passkey")}
      </button>
    </div>
  );
}
