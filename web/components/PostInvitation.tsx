// What a signed-out visitor sees on /post above the form: the invitation, three benefits and an embedded sign-in. The form below stays usable;
// checkout needs the account.
import { Link } from "react-router";
import { useI18n } from "../i18n";
import type { MessageId } from "../i18n";
import { SignInForm } from "./SignInForm";

const BENEFITS: { title: MessageId; text: MessageId }[] = [
  { title: "public.invitation.payTitle", text: "public.invitation.payText" },
  { title: "public.invitation.manageTitle", text: "public.invitation.manageText" },
  { title: "public.invitation.saveTitle", text: "public.invitation.saveText" },
];

export function PostInvitation() {
  const { t, rich } = useI18n();
  return (
    <section className="card invitation" aria-labelledby="invitation-heading">
      <div className="invitation-text">
        <h2 id="invitation-heading">{t("public.invitation.heading")}</h2>
        <p className="muted">{t("public.invitation.text")}</p>
        <ul className="benefits">
          {BENEFITS.map((b) => (
            <li key={b.title}>
              <span className="benefit-mark" aria-hidden="true">
                ✓
              </span>
              <span>
                <strong>{t(b.title)}</strong>
                <span className="muted"> {t(b.text)}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
      <div className="invitation-form">
        <h3>{t("public.invitation.signIn")}</h3>
        {/* Signing in here keeps the visitor on /post with the form as it is. */}
        <SignInForm idPrefix="post-sign-in" onSignedIn={() => {}} />
        <p className="auth-switch">{rich("public.invitation.newHere", { link: (chunks) => <Link to="/sign-up?redirect=%2Fpost">{chunks}</Link> })}</p>
      </div>
    </section>
  );
}
