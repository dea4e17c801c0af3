// Step 1 of /post: the posting as it will look on the board: logo,
// title, company, location, relative posted time, salary, equity, category, tags, and Show More / Show
// Less for the description. The chosen plan and enhancements show as the card's badges and styling.
import { useState } from "react";
import { applyButtonLabel, resolveApply } from "@rules/apply";
import { normaliseDigits } from "@rules/digits";
import { NO_EQUITY, displayEquity } from "@rules/equity";
import { priceJobOrder } from "@rules/pricing";
import type { PublicJob } from "@rules/search";
import type { JobForm, PurchaseChoice } from "../postingDraft";
import { useI18n } from "../i18n";
import { orderChoice } from "../postingDraft";
import { listLabel } from "../pricingDisplay";
import { CompanyLogo } from "./CompanyLogo";
import { useCleanDescription } from "./EditorParts";
import { Icon } from "./Icon";
import { JobBadges } from "./JobBadges";

/** The plan and enhancements the purchase gives (a bundle's own), in the shape JobBadges reads. */
function badgesFor(purchase: PurchaseChoice): PublicJob {
  let plan = "";
  let enhancements: string[] = [];
  try {
    const order = priceJobOrder(orderChoice(purchase));
    plan = order.plan;
    enhancements = order.enhancements;
  } catch {
    // nothing chosen yet: no badges
  }
  return { plan, enhancements } as unknown as PublicJob;
}

interface Props {
  form: JobForm;
  purchase: PurchaseChoice;
  /** When the preview was opened, so the relative time reads 'just now'. */
  createdAt: string;
  /** The job's e-mail (the purchase address), where candidates apply when nothing else is given. */
  jobEmail?: string;
}

export function JobPreviewCard({ form, purchase, createdAt, jobEmail = "" }: Props) {
  const { t, localise, relative } = useI18n();
  const [expanded, setExpanded] = useState(false);
  const badgeJob = badgesFor(purchase);
  const classes = ["job-card", "card", "preview-card"];
  if (badgeJob.enhancements.includes("sticky")) classes.push("is-sticky");
  if (badgeJob.enhancements.includes("highlight")) classes.push("is-highlighted");
  // null while the editor's chunk loads (already loaded when the form step came first).
  const description = useCleanDescription(form.description);
  // The apply button as the board will label it (the server stores link, else application e-mail).
  const applySource = { apply_url: form.applicationLink.trim() || form.applicationEmail.trim(), website: form.website, email: jobEmail };
  const applyLabel = localise(applyButtonLabel({ ...applySource, apply: resolveApply(applySource) }));
  const equity = displayEquity(form.equity);

  return (
    <article className={classes.join(" ")} aria-labelledby="preview-title">
      <div className="job-card-main">
        <CompanyLogo logo={form.logo} company={form.company} lazy={false} />
        <div className="job-card-body">
          <div className="job-card-heading">
            <h3 className="job-title" id="preview-title">
              {form.title.trim() ? <span dir="auto">{form.title.trim()}</span> : t("posting.preview.untitled")}
            </h3>
            <JobBadges job={badgeJob} />
          </div>
          <p className="job-company">
            <span dir="auto">{form.company}</span>
          </p>
          <ul className="job-meta">
            <li>
              <Icon name="pin" />
              {form.location.trim() ? <span dir="auto">{form.location.trim()}</span> : listLabel("type", "remote", "Remote")}
            </li>
            <li>
              <Icon name="clock" />
              <time dateTime={createdAt}>{relative(createdAt)}</time>
            </li>
            {form.salary && (
              <li className="job-salary">
                <Icon name="money" />
                <span dir="auto">{normaliseDigits(form.salary)}</span>
              </li>
            )}
            {form.equity && <li>{t("posting.preview.equity", { equity: equity === NO_EQUITY ? t("posting.equity.none") : equity })}</li>}
            {form.category && (
              <li>
                <Icon name="briefcase" />
                {listLabel("category", form.category, form.category)}
              </li>
            )}
          </ul>
          {form.tags.length > 0 && (
            <ul className="tag-list" aria-label={t("posting.preview.tags")}>
              {form.tags.map((tag) => (
                <li key={tag} className="tag" dir="auto">
                  {tag}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      {expanded && (
        <div className="job-card-details" id="preview-description">
          {description === null ? (
            <div className="job-description" aria-busy="true" />
          ) : description ? (
            <div className="job-description" dir="auto" dangerouslySetInnerHTML={{ __html: description }} />
          ) : (
            <p className="muted">{t("posting.preview.noDescription")}</p>
          )}
          <span className="button button-primary preview-apply" aria-disabled="true">
            {applyLabel}
          </span>
        </div>
      )}
      <button type="button" className="button button-ghost button-small preview-toggle" aria-expanded={expanded} aria-controls="preview-description" onClick={() => setExpanded((e) => !e)}>
        {expanded ? t("posting.preview.showLess") : t("posting.preview.showMore")}
      </button>
    </article>
  );
}
