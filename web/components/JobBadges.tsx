// Badges for a job's plan and paid enhancements.
// The detail page also shows Enhanced Profile for the company-profile enhancement.
import type { PublicJob } from "@rules/search";
import { useI18n } from "../i18n";
import type { MessageId } from "../i18n";

interface Badge {
  label: MessageId;
  className: string;
  shows: (job: PublicJob) => boolean;
  detailOnly?: boolean;
}

const has = (name: string) => (job: PublicJob) => job.enhancements.includes(name);

const BADGES: Badge[] = [
  { label: "public.badge.premium", className: "badge-premium", shows: (job) => job.plan === "premium" },
  { label: "public.badge.sticky", className: "badge-sticky", shows: has("sticky") },
  { label: "public.badge.highlighted", className: "badge-highlight", shows: has("highlight") },
  { label: "public.badge.featured", className: "badge-featured", shows: has("featured") },
  { label: "public.badge.enhancedProfile", className: "badge-profile", shows: has("company-profile"), detailOnly: true },
];

export function JobBadges({ job, detail = false }: { job: PublicJob; detail?: boolean }) {
  const { t } = useI18n();
  const badges = BADGES.filter((b) => (detail || !b.detailOnly) && b.shows(job));
  if (!badges.length) return null;
  return (
    <ul className="badges" aria-label={t("public.badge.listLabel")}>
      {badges.map((b) => (
        <li key={b.label} className={`badge ${b.className}`}>
          {t(b.label)}
        </li>
      ))}
    </ul>
  );
}
