// Shares a job's public link: the Web Share sheet where there is one, else the link is copied.
import { useState } from "react";
import { copyText, jobUrl } from "../share";

export function ShareButton({ job, className = "button button-outline" }: { job: { id: string; title: string; company: string }; className?: string }) {
  const [status, setStatus] = useState("");
  const share = async () => {
    const url = jobUrl(job.id);
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title: job.title, text: `${job.title} at ${job.company}`, url });
        return;
      } catch (err) {
        if ((err as DOMException)?.name === "AbortError") return; // the visitor closed the sheet
      }
    }
    setStatus((await copyText(url)) ? "Link copied to clipboard" : `Copy this link: ${url}`);
  };
  return (
    <>
      <button type="button" className={className} onClick={share}>
        Share
      </button>
      <span className="share-status small muted" role="status">
        {status}
      </span>
    </>
  );
}
