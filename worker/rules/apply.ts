// Where the Apply button goes (public-side.md §2 "Job card", employer-and-spotlight.md §5 "Apply link").
// apply_url if it is a valid web link; otherwise, if it contains @, a mail composition; otherwise the job
// website; otherwise the job e-mail; otherwise nothing. Only http(s) links and mailto: are ever produced.

export interface ApplySource {
  apply_url?: string | null;
  website?: string | null;
  email?: string | null;
}

export interface ApplyTarget {
  href: string;
  kind: "url" | "email";
}

/** A web link with http or https, with https:// added when no scheme is given; null otherwise. */
export function toWebUrl(value: string | null | undefined): string | null {
  const v = (value ?? "").trim();
  if (!v || v.includes("@") && !/^https?:\/\//i.test(v)) return null;
  if (/\s/.test(v)) return null;
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(v);
  if (hasScheme && !/^https?:\/\//i.test(v)) return null;
  try {
    const url = new URL(hasScheme ? v : `https://${v}`);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    if (!url.hostname.includes(".") && url.hostname !== "localhost") return null;
    return url.toString();
  } catch {
    return null;
  }
}

/** mailto: for a value containing @ that looks like an address (mailto: prefix tolerated). */
export function toMailto(value: string | null | undefined): string | null {
  const v = (value ?? "").trim().replace(/^mailto:/i, "");
  if (!v.includes("@")) return null;
  if (!/^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(v)) return null;
  return `mailto:${v}`;
}

export function resolveApply(job: ApplySource): ApplyTarget | null {
  const applyUrl = toWebUrl(job.apply_url);
  if (applyUrl) return { href: applyUrl, kind: "url" };
  if ((job.apply_url ?? "").includes("@")) {
    const mail = toMailto(job.apply_url);
    if (mail) return { href: mail, kind: "email" };
  }
  const website = toWebUrl(job.website);
  if (website) return { href: website, kind: "url" };
  const email = toMailto(job.email);
  if (email) return { href: email, kind: "email" };
  return null;
}

/** The card's expanded button: 'Apply via Email' when the apply link contains @, else 'Apply Now'. */
export function applyButtonLabel(job: ApplySource): string {
  return (job.apply_url ?? "").includes("@") ? "Apply via Email" : "Apply Now";
}

/** The detail page's link text. */
export function applyDetailLabel(job: ApplySource): string {
  return (job.apply_url ?? "").includes("@") ? "Apply via Email" : "Apply for this Position";
}
