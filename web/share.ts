// Sharing a live job: its public link (in the page's language) and the hiring message Share Job copies.
import { i18n } from "./i18n";

export function jobUrl(jobId: string, origin: string = window.location.origin): string {
  return `${origin}${i18n().href(`/jobs/${encodeURIComponent(jobId)}`)}`;
}

export function hiringMessage(job: { id: string; title: string; company: string }, origin?: string): string {
  const { t } = i18n();
  const title = job.title || t("public.share.newRole");
  const url = jobUrl(job.id, origin);
  return job.company ? t("public.share.hiring", { title, company: job.company, url }) : t("public.share.hiringNoCompany", { title, url });
}

/** Copies text; false when the browser refuses (no clipboard permission, insecure context). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Older fallback: a hidden textarea and execCommand.
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    let ok = false;
    try {
      ok = document.execCommand("copy");
    } catch {
      ok = false;
    }
    area.remove();
    return ok;
  }
}
