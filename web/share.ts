// Sharing a live job: its public link and the hiring message Share Job copies.

export function jobUrl(jobId: string, origin: string = window.location.origin): string {
  return `${origin}/jobs/${encodeURIComponent(jobId)}`;
}

export function hiringMessage(job: { id: string; title: string; company: string }, origin?: string): string {
  const at = job.company ? ` at ${job.company}` : "";
  return `We're hiring! ${job.title || "A new role"}${at}. Apply here: ${jobUrl(job.id, origin)}`;
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
