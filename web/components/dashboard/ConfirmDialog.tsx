// A modal confirmation (delete, repost) on the native <dialog>: it traps focus, makes the page behind it
// inert, closes on Escape, and gives focus back to the button that opened it.
import { useEffect, useRef } from "react";
import type { ReactNode } from "react";

interface Props {
  /** Text, or text with an address kept whole (EmailAddress); then `label` is its text, the dialog's name. */
  title: ReactNode;
  label?: string;
  children: ReactNode;
  /** The buttons; the first one gets focus. */
  actions: ReactNode;
  onCancel: () => void;
  tone?: "danger" | "default";
}

export function ConfirmDialog({ title, label, children, actions, onCancel, tone = "default" }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const onCancelRef = useRef(onCancel);
  onCancelRef.current = onCancel;

  useEffect(() => {
    const dialog = ref.current!;
    const opener = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    dialog.querySelector<HTMLElement>(".confirm-actions button, .confirm-actions a")?.focus();
    return () => {
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      className={`confirm-dialog${tone === "danger" ? " is-danger" : ""}`}
      // An address's two boxes (EmailAddress) would be named with a space after its «@»: the label names it whole.
      {...(label ? { "aria-label": label } : { "aria-labelledby": "confirm-dialog-title" })}
      aria-describedby="confirm-dialog-body"
      onCancel={(e) => {
        e.preventDefault();
        onCancelRef.current();
      }}
      onClick={(e) => {
        if (e.target === ref.current) onCancelRef.current(); // a click on the backdrop
      }}
    >
      <div className="confirm-inner">
        <h2 id="confirm-dialog-title">{title}</h2>
        <div id="confirm-dialog-body" className="confirm-body">
          {children}
        </div>
        <div className="confirm-actions">{actions}</div>
      </div>
    </dialog>
  );
}
