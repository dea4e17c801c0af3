// /alerts/confirmed, /alerts/unsubscribed, /alerts/invalid: where the links in alert e-mails land
// (GET /api/alerts/confirm and /unsubscribe act, then redirect here).
import { Link, useParams, useSearchParams } from "react-router";
import { useI18n } from "../i18n";
import type { MessageId } from "../i18n";
import { useDocumentTitle } from "../useDocumentTitle";

const TEXT: Record<string, { title: MessageId; body: (company: boolean) => MessageId }> = {
  confirmed: {
    title: "public.alertStatus.confirmed",
    body: (company) => (company ? "public.alertStatus.confirmedCompany" : "public.alertStatus.confirmedSearch"),
  },
  unsubscribed: {
    title: "public.alertStatus.unsubscribed",
    body: () => "public.alertStatus.unsubscribedText",
  },
  invalid: {
    title: "public.alertStatus.invalid",
    body: () => "public.alertStatus.invalidText",
  },
};

export function AlertStatus() {
  const { t } = useI18n();
  const { status = "invalid" } = useParams();
  const [params] = useSearchParams();
  const text = TEXT[status] ?? TEXT.invalid!;
  const title = t(text.title);
  useDocumentTitle(t("public.alertStatus.title", { title }));
  return (
    <div className="container page page-center">
      <div className="card message-card" role="status">
        <h1>{title}</h1>
        <p className="muted">{t(text.body(params.get("kind") === "company"))}</p>
        <Link className="button button-primary" to="/jobs">
          {t("public.browseJobs")}
        </Link>
      </div>
    </div>
  );
}
