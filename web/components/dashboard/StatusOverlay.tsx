// The result of a job action, over the list: success for 1.2 s, a failure for 3 s.
export interface OverlayMessage {
  tone: "success" | "error";
  text: string;
}

export const SUCCESS_OVERLAY_MS = 1_200;
export const ERROR_OVERLAY_MS = 3_000;

export function StatusOverlay({ overlay }: { overlay: OverlayMessage | null }) {
  return (
    <div className={`status-overlay${overlay ? " is-shown" : ""}`} role="status" aria-live="polite">
      {overlay && (
        <div className={`status-overlay-card is-${overlay.tone}`} role={overlay.tone === "error" ? "alert" : undefined}>
          <span className="status-overlay-icon" aria-hidden="true">
            {overlay.tone === "success" ? "✓" : "!"}
          </span>
          <p>{overlay.text}</p>
        </div>
      )}
    </div>
  );
}
