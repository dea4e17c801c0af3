// A job's location (fallback Remote), job type, salary and relative posted time, as cards show them;
// and the company line: the company's page where one exists, and its stage.
import { Link } from "react-router";
import { DEFAULT_STAGE, JOB_TYPE_OPTIONS } from "@rules/lists";
import { normaliseDigits } from "@rules/digits";
import { approximatePay } from "@rules/payDisplay";
import { RATES_DATE } from "@rules/rates";
import type { StructuredSalary } from "@rules/salary";
import { usePayChoice } from "../payChoice";
import { i18n, useI18n } from "../i18n";
import type { I18n } from "../i18n";
import { Icon } from "./Icon";
import { OwnText } from "./OwnText";

interface Props {
  job: { location: string; salary: string; created_at: string; type?: string; pay?: StructuredSalary | null };
  /** Company pages say 'Posted 3d ago'; the board says '3d ago'. */
  postedPrefix?: boolean;
  /** The board's cards show the job type (Full-time, Contract, …). */
  showType?: boolean;
}

/**
 * The label of a value from one of the board's lists in this page's language: the catalogue's
 * `value.<list>.<stored value>`, else `value.<list>.<English label>`, else the English label localised.
 */
export function listLabel(list: string, stored: string, english: string, { value, localise }: I18n = i18n()): string {
  const byValue = stored ? value(list, stored) : stored;
  if (stored && byValue !== stored) return byValue;
  const byLabel = value(list, english);
  return byLabel !== english ? byLabel : localise(english);
}

/** 'full-time' → 'Full-time', as the type filter names it; an unknown stored type shows as stored. */
export function jobTypeLabel(type: string, i18nNow: I18n = i18n()): string {
  const option = JOB_TYPE_OPTIONS.find((o) => o.value && o.value === type.toLowerCase());
  if (!option) return type;
  if (option.value === "remote") return i18nNow.t("public.remote");
  return listLabel("type", option.value, option.label, i18nNow);
}

/**
 * "Posted 3d ago", the relative time in its <time> element. A server-rendered page may be hydrated a minute or
 * more after it was rendered (the edge keeps it 60 s): the time the server wrote stays until the next render
 * (suppressHydrationWarning), rather than being a mismatch.
 */
export function Posted({ at }: { at: string }) {
  const { rich, relative } = useI18n();
  return (
    <>
      {rich("public.posted", {
        when: relative(at),
        time: (chunks) => (
          <time dateTime={at} suppressHydrationWarning>
            {chunks}
          </time>
        ),
      })}
    </>
  );
}

export function JobMeta({ job, postedPrefix = false, showType = false }: Props) {
  const current = useI18n();
  const { t, relative } = current;
  return (
    <ul className="job-meta">
      <li>
        <Icon name="pin" />
        <OwnText text={job.location || t("public.remote")} />
      </li>
      {showType && job.type && <li className="job-type">{jobTypeLabel(job.type, current)}</li>}
      {job.salary && (
        <li className="job-salary">
          {/* The icon and the pay wrap as one: a long pay ("AED 46,000 - 64,500 monthly") never leaves the icon alone. */}
          <span className="job-salary-text">
            <Icon name="money" />
            {/* Its digits as the board writes every number, so «١٥٬٠٠٠» never sits beside «≈ 49K US$» (decision 0506). */}
            <OwnText text={normaliseDigits(job.salary)} />
          </span>
          <ApproximatePay pay={job.pay} />
        </li>
      )}
      <li>
        <Icon name="clock" />
        {postedPrefix ? (
          <Posted at={job.created_at} />
        ) : (
          <time dateTime={job.created_at} suppressHydrationWarning>
            {relative(job.created_at)}
          </time>
        )}
      </li>
    </ul>
  );
}

/** "≈ $X a year" beside the pay as written, where the job pays in another currency or period than the visitor chose. */
export function ApproximatePay({ pay }: { pay: StructuredSalary | null | undefined }) {
  const { t, locale, date } = useI18n();
  const choice = usePayChoice();
  const amount = approximatePay(locale, pay, choice);
  if (!amount) return null;
  return (
    <span className="job-salary-approx" title={t("public.pay.approxTitle", { date: date(RATES_DATE) })}>
      {t(choice.period === "month" ? "public.pay.approxMonth" : "public.pay.approxYear", { amount })}
    </span>
  );
}

/** The company's name, linked to its page where it has one (company_id), and its stage (Seed, Series A…). */
export function JobCompany({ job, className = "job-company" }: { job: { company: string; company_id: string | null; stage: string }; className?: string }) {
  const current = useI18n();
  return (
    <p className={className}>
      {job.company_id ? (
        <Link className="company-link" to={`/company/${encodeURIComponent(job.company_id)}`}>
          <OwnText text={job.company} />
        </Link>
      ) : (
        <OwnText text={job.company} />
      )}
      {/* The stage may go to the next line as a whole (<wbr>), rather than the name breaking to keep it beside (issue 25:
          "Your Company" broke into two lines on an Arabic card at 390 px). */}
      {job.stage && job.stage !== DEFAULT_STAGE && (
        <>
          <wbr />
          <span className="company-stage" dir="auto">
            {listLabel("stage", job.stage, job.stage, current)}
          </span>
        </>
      )}
    </p>
  );
}
