// Company logo: checked in the browser first (an image, under 2MB, with the server's own messages), then
// uploaded to /api/uploads/logo; the form keeps the returned URL and shows a thumbnail.
import { useState } from "react";
import type { ChangeEvent } from "react";
import { LOGO_MAX_BYTES, LOGO_TYPES, MESSAGES } from "@rules/posting";
import { ApiRequestError, api, call } from "../client";
import { useI18n } from "../i18n";

interface Props {
  id: string;
  value: string;
  onChange: (url: string) => void;
  invalid?: boolean;
  describedBy?: string;
  /** Told the upload's refusal as it is shown (the rules' English or the server's words), and "" when it goes. */
  onProblem?: (message: string) => void;
}

/** The browser-side check: the message to show, or null when the file may be uploaded. */
export function logoFileProblem(file: { type: string; size: number }): string | null {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return MESSAGES.logoType;
  if (file.size > LOGO_MAX_BYTES) return MESSAGES.logoSize;
  return null;
}

const SERVER_MESSAGES: readonly string[] = [MESSAGES.logoType, MESSAGES.logoSize];

/** The multipart body POST /api/uploads/logo reads (its `file` field; the route checks it by content). */
function logoForm(file: File): FormData {
  const form = new FormData();
  form.append("file", file);
  return form;
}

export function LogoUpload({ id, value, onChange, invalid, describedBy, onProblem }: Props) {
  const { t, localise } = useI18n();
  const [uploading, setUploading] = useState(false);
  const [error, setShownError] = useState("");
  const setError = (message: string) => {
    setShownError(message);
    onProblem?.(message);
  };

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const input = e.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    const problem = logoFileProblem(file);
    if (problem) {
      setError(problem);
      input.value = "";
      return;
    }
    setError("");
    setUploading(true);
    try {
      onChange((await call(api.uploads.logo.$post({}, { init: { body: logoForm(file) } }))).url);
    } catch (err) {
      // The API's message arrives in the page's language: one of the rules' two, or the rules' own failure message.
      setError(err instanceof ApiRequestError && SERVER_MESSAGES.some((m) => m === err.message || localise(m) === err.message) ? err.message : MESSAGES.logoFailed);
    } finally {
      setUploading(false);
      input.value = "";
    }
  };

  const described = [describedBy, error ? `${id}-upload-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className="logo-upload">
      <div className="logo-thumb" aria-hidden={!value}>
        {value ? <img src={value} alt={t("posting.logo.previewAlt")} width={64} height={64} /> : <span className="muted small">{t("posting.logo.none")}</span>}
      </div>
      <div className="logo-actions">
        <label className={`button button-outline button-small file-button${uploading ? " is-busy" : ""}`}>
          <input
            id={id}
            className="file-input"
            type="file"
            accept={LOGO_TYPES.join(",")}
            onChange={onFile}
            disabled={uploading}
            aria-invalid={invalid || Boolean(error)}
            aria-describedby={described}
          />
          {uploading ? t("posting.logo.uploading") : value ? t("posting.logo.change") : t("posting.logo.upload")}
        </label>
        {value && !uploading && (
          <button type="button" className="button button-ghost button-small" onClick={() => onChange("")}>
            {t("posting.logo.remove")}
          </button>
        )}
        <p className="form-hint logo-note">{t("posting.logo.hint")}</p>
        {error && (
          <p className="form-error logo-note" id={`${id}-upload-error`} role="alert">
            {localise(error)}
          </p>
        )}
      </div>
    </div>
  );
}
