// A modal confirmation (delete, repost) on the native <dialog>: it traps focus, makes the page behind it
// inert, closes on Escape, and gives focus back to the button that opened it.
import { useEffect, useRef } from "react";
import type { ReactNode } from "react";

interface Props {
  /** The dialog's name: text, or text with an address kept whole (EmailAddress). */
  title: ReactNode;
  children: ReactNode;
  /** The buttons; the first one gets focus. */
  actions: ReactNode;
  onCancel: () => void;
  tone?: "danger" | "default";
}

export function ConfirmDialog({ title, children, actions, onCancel, tone = "default" }: Props) {
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
      aria-labelledby="confirm-dialog-title"
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
