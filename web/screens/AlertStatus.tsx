// /alerts/confirmed, /alerts/unsubscribed, /alerts/invalid: where the links in alert e-mails land
// (GET /api/alerts/confirm and /unsubscribe act, then redirect here).
import { Link, useParams, useSearchParams } from "react-router";
import { useI18n } from "../i18n";
import type { MessageId } from "../i18n";
import { useDocumentTitle } from "../useDocumentTitle";

// A followed company is not an alert to a search: its confirmation and unsubscription say so (issue 25).
const TEXT: Record<string, { title: (company: boolean) => MessageId; body: (company: boolean) => MessageId }> = {
  confirmed: {
    title: (company) => (company ? "public.alertStatus.following" : "public.alertStatus.confirmed"),
    body: (company) => (company ? "public.alertStatus.confirmedCompany" : "public.alertStatus.confirmedSearch"),
  },
  unsubscribed: {
    title: () => "public.alertStatus.unsubscribed",
    body: (company) => (company ? "public.alertStatus.unsubscribedCompany" : "public.alertStatus.unsubscribedText"),
  },
  invalid: {
    title: () => "public.alertStatus.invalid",
    body: () => "public.alertStatus.invalidText",
  },
};

export function AlertStatus() {
  const { t } = useI18n();
  const { status = "invalid" } = useParams();
  const [params] = useSearchParams();
  const text = TEXT[status] ?? TEXT.invalid!;
  const company = params.get("kind") === "company";
  const companyId = params.get("company");
  const title = t(text.title(company));
  useDocumentTitle(t("public.alertStatus.title", { title }));
  return (
    <div className="container page page-center">
      <div className="card message-card" role="status">
        <h1>{title}</h1>
        <p className="muted">{t(text.body(company))}</p>
        {/* A followed company: back to its page, where it can be followed again (an id from the board's own redirect). */}
        {company && companyId ? (
          <Link className="button button-primary" to={`/company/${encodeURIComponent(companyId)}`}>
            {t("public.alertStatus.toCompany")}
          </Link>
        ) : (
          <Link className="button button-primary" to="/jobs">
            {t("public.browseJobs")}
          </Link>
        )}
      </div>
    </div>
  );
}
