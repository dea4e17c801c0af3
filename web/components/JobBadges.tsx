// Badges for a job's plan and paid enhancements.
// The detail page also shows Enhanced Profile for the company-profile enhancement.
import type { PublicJob } from "@rules/search";

interface Badge {
  label: string;
  className: string;
  shows: (job: PublicJob) => boolean;
  detailOnly?: boolean;
}

const has = (name: string) => (job: PublicJob) => job.enhancements.includes(name);

const BADGES: Badge[] = [
  { label: "Premium", className: "badge-premium", shows: (job) => job.plan === "premium" },
  { label: "Sticky", className: "badge-sticky", shows: has("sticky") },
  { label: "Highlighted", className: "badge-highlight", shows: has("highlight") },
  { label: "Featured", className: "badge-featured", shows: has("featured") },
  { label: "Enhanced Profile", className: "badge-profile", shows: has("company-profile"), detailOnly: true },
];

export function JobBadges({ job, detail = false }: { job: PublicJob; detail?: boolean }) {
  const badges = BADGES.filter((b) => (detail || !b.detailOnly) && b.shows(job));
  if (!badges.length) return null;
  return (
    <ul className="badges" aria-label="Listing badges">
      {badges.map((b) => (
        <li key={b.label} className={`badge ${b.className}`}>
          {b.label}
        </li>
      ))}
    </ul>
  );
}
