// /alerts/confirmed, /alerts/unsubscribed, /alerts/invalid: where the links in alert e-mails land
// (GET /api/alerts/confirm and /unsubscribe act, then redirect here).
import { Link, useParams, useSearchParams } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { useAuth } from "../auth";
import { api, call } from "../client";
import { OwnText } from "../components/OwnText";
import { useI18n } from "../i18n";
import type { MessageId } from "../i18n";
import { keys } from "../queryKeys";
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

/** A followed company's name, read from the board by the id its redirect carries (never a name from the link). */
function useFollowedCompany(id: string | null): string | null {
  const { loaded, user } = useAuth();
  const read = useQuery({
    // The company page's own read: going back to it from here shows it at once.
    queryKey: keys.company(id ?? "", user?.id ?? null),
    queryFn: ({ signal }) => call(api.companies[":id"].$get({ param: { id: id ?? "" } }, { init: { signal, cache: "no-store" } })),
    enabled: loaded && Boolean(id),
    retry: false,
  });
  return read.data?.company.company ?? null;
}

export function AlertStatus() {
  const { t, rich } = useI18n();
  const { status = "invalid" } = useParams();
  const [params] = useSearchParams();
  const text = TEXT[status] ?? TEXT.invalid!;
  const company = params.get("kind") === "company";
  const companyId = company ? params.get("company") : null;
  // The page names the company it speaks of, once the board has said its name (issue 25's fifth reading).
  const name = useFollowedCompany(status === "invalid" ? null : companyId);
  const named = name && (status === "confirmed" || status === "unsubscribed") ? name : null;
  const title = named && status === "confirmed" ? t("public.alertStatus.followingNamed", { company: named }) : t(text.title(company));
  useDocumentTitle(t("public.alertStatus.title", { title }));
  const own = named ? (
    <span key="company" className="keep-whole">
      <OwnText text={named} />
    </span>
  ) : null;
  return (
    <div className="container page page-center">
      <div className="card message-card" role="status">
        <h1>{own && status === "confirmed" ? rich("public.alertStatus.followingNamed", { company: own }) : title}</h1>
        <p className="muted">{own && status === "unsubscribed" ? rich("public.alertStatus.unsubscribedCompanyNamed", { company: own }) : t(text.body(company))}</p>
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
