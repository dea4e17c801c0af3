// /alerts/confirmed, /alerts/unsubscribed, /alerts/invalid: where the links in alert e-mails land
// (GET /api/alerts/confirm and /unsubscribe act, then redirect here).
import { Link, useParams, useSearchParams } from "react-router";
import { useDocumentTitle } from "../useDocumentTitle";

const TEXT: Record<string, { title: string; body: (company: boolean) => string }> = {
  confirmed: {
    title: "Your alert is on",
    body: (company) => (company ? "We'll e-mail you when this company posts a new job." : "We'll e-mail you a daily digest of new jobs matching your search."),
  },
  unsubscribed: {
    title: "You're unsubscribed",
    body: () => "You won't get these e-mails any more. You can create a new alert from the job list at any time.",
  },
  invalid: {
    title: "This link has expired",
    body: () => "The link is not valid any more. Create a new alert from the job list.",
  },
};

export function AlertStatus() {
  const { status = "invalid" } = useParams();
  const [params] = useSearchParams();
  const text = TEXT[status] ?? TEXT.invalid!;
  useDocumentTitle(`${text.title} | Startup Jobs`);
  return (
    <div className="container page page-center">
      <div className="card message-card" role="status">
        <h1>{text.title}</h1>
        <p className="muted">{text.body(params.get("kind") === "company")}</p>
        <Link className="button button-primary" to="/jobs">
          Browse Jobs
        </Link>
      </div>
    </div>
  );
}
