// Shares a job's public link: the Web Share sheet where there is one, else the link is copied.
import { useState } from "react";
import { useI18n } from "../i18n";
import { copyText, jobUrl } from "../share";

export function ShareButton({ job, className = "button button-outline" }: { job: { id: string; title: string; company: string }; className?: string }) {
  const { t } = useI18n();
  const [status, setStatus] = useState("");
  const share = async () => {
    const url = jobUrl(job.id);
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title: job.title, text: t("public.share.text", { title: job.title, company: job.company }), url });
        return;
      } catch (err) {
        if ((err as DOMException)?.name === "AbortError") return; // the visitor closed the sheet
      }
    }
    setStatus((await copyText(url)) ? t("public.share.copied") : t("public.share.copyThis", { url }));
  };
  return (
    <>
      <button type="button" className={className} onClick={share}>
        {t("posting.result.shareJob")}
      </button>
      <span className="share-status small muted" role="status">
        {status}
      </span>
    </>
  );
}
