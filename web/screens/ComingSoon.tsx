// TODO: placeholder for /contact, /post, /sign-in and /dashboard until their own issues replace it.
import { Link } from "react-router";
import { useDocumentTitle } from "../useDocumentTitle";

export function ComingSoon({ title }: { title: string }) {
  useDocumentTitle(`${title} | Startup Jobs`);
  return (
    <div className="container page page-center">
      <section className="card message-card">
        <h1>{title}</h1>
        <p className="muted">Coming soon.</p>
        <Link className="button button-outline" to="/jobs">
          Browse Jobs
        </Link>
      </section>
    </div>
  );
}
