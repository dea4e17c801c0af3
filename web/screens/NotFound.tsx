// Any unknown path.
import { Link } from "react-router";
import { useDocumentTitle } from "../useDocumentTitle";

export function NotFound() {
  useDocumentTitle("404 | Page Not Found");
  return (
    <div className="container page page-center">
      <div className="card message-card">
        <h1>404 | Page Not Found</h1>
        <p className="muted">The page you are looking for does not exist or has moved.</p>
        <div className="button-row">
          <Link className="button button-primary" to="/">
            Home
          </Link>
          <Link className="button button-outline" to="/jobs">
            Browse Jobs
          </Link>
        </div>
      </div>
    </div>
  );
}
