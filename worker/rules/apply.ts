// Where the Apply button goes.
// apply_url if it is a valid web link; otherwise, if it contains @, a mail composition; otherwise the job
// website; otherwise the job e-mail; otherwise nothing. Only http(s) links and mailto: are ever produced.
import { m } from "./serverMessages";

export interface ApplySource {
  apply_url?: string | null;
  website?: string | null;
  email?: string | null;
  /** The resolved target, when the job already carries it (the public job shape does). */
  apply?: ApplyTarget | null;
}

export interface ApplyTarget {
  href: string;
  kind: "url" | "email";
}

/** A web link with http or https, with https:// added when no scheme is given; null otherwise. */
export function toWebUrl(value: string | null | undefined): string | null {
  const v = (value ?? "").trim();
  if (!v || (v.includes("@") && !/^https?:\/\//i.test(v))) return null;
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

/** Candidates apply by e-mail: the apply link contains @, or the resolved target is a mail composition
 *  (the job e-mail fallback included, so the button never promises a page it does not open). */
function appliesByEmail(job: ApplySource): boolean {
  if ((job.apply_url ?? "").includes("@")) return true;
  const target = job.apply === undefined ? resolveApply(job) : job.apply;
  return target?.kind === "email";
}

/** The card's expanded button: 'Apply via Email' when candidates apply by e-mail, else 'Apply Now'. */
export function applyButtonLabel(job: ApplySource): string {
  return appliesByEmail(job) ? m("server.apply.viaEmail") : m("server.apply.now");
}

/** The detail page's link text. */
export function applyDetailLabel(job: ApplySource): string {
  return appliesByEmail(job) ? m("server.apply.viaEmail") : m("server.apply.forPosition");
}

/**
 * No e-mail is published without the poster knowing (issue 10, item 9): with no application link, no
 * application e-mail and no website, the apply rule ends at the job's e-mail, which is the purchase
 * address. The preview and the payment step then say so; null when candidates go elsewhere.
 */
export function emailFallbackNotice(form: { applicationLink: string; applicationEmail: string; website: string }, jobEmail: string): string | null {
  if (toWebUrl(form.applicationLink) || toMailto(form.applicationEmail) || toWebUrl(form.website)) return null;
  if (!toMailto(jobEmail)) return null;
  return m("server.apply.emailFallback", { email: jobEmail.trim() });
}
