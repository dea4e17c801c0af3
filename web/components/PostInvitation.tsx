// What a signed-out visitor sees on /post above the form: the invitation, three benefits and an embedded sign-in. The form below stays usable;
// checkout needs the account.
import { Link } from "react-router";
import { SignInForm } from "./SignInForm";

const BENEFITS = [
  { title: "Pay securely and go live at once", text: "Your job is published as soon as the payment is confirmed." },
  { title: "Manage every posting", text: "Edit, deactivate or repost your jobs from your dashboard." },
  { title: "Save with credits and bundles", text: "Posts you buy in advance are ready whenever you hire next." },
];

export function PostInvitation() {
  return (
    <section className="card invitation" aria-labelledby="invitation-heading">
      <div className="invitation-text">
        <h2 id="invitation-heading">Create an Account to Post Your Job</h2>
        <p className="muted">You can fill in your job below now; you need an account to pay and publish it.</p>
        <ul className="benefits">
          {BENEFITS.map((b) => (
            <li key={b.title}>
              <span className="benefit-mark" aria-hidden="true">
                ✓
              </span>
              <span>
                <strong>{b.title}</strong>
                <span className="muted"> {b.text}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
      <div className="invitation-form">
        <h3>Sign in</h3>
        {/* Signing in here keeps the visitor on /post with the form as it is. */}
        <SignInForm idPrefix="post-sign-in" onSignedIn={() => {}} />
        <p className="auth-switch">
          New here? <Link to="/sign-up?redirect=%2Fpost">Create an account</Link>
        </p>
      </div>
    </section>
  );
}
