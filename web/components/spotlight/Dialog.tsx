// A modal dialog (native <dialog>): focus is kept inside, Escape and the close button close it, the page
// behind does not scroll.
import { useEffect, useRef } from "react";
import type { ReactNode } from "react";
import { useI18n } from "../../i18n";

interface Props {
  title: string;
  onClose: () => void;
  children: ReactNode;
  wide?: boolean;
}

export function Dialog({ title, onClose, children, wide = false }: Props) {
  const { t } = useI18n();
  const ref = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    document.body.classList.add("no-scroll");
    const onCancel = (e: Event) => {
      e.preventDefault();
      onCloseRef.current();
    };
    dialog.addEventListener("cancel", onCancel);
    return () => {
      dialog.removeEventListener("cancel", onCancel);
      document.body.classList.remove("no-scroll");
      if (dialog.open) dialog.close();
    };
  }, []);

  return (
    <dialog ref={ref} className={`spotlight-dialog${wide ? " is-wide" : ""}`} aria-labelledby="spotlight-dialog-title">
      <div className="dialog-header">
        <h2 id="spotlight-dialog-title">{title}</h2>
        <button type="button" className="icon-button" aria-label={t("spotlight.dialog.close")} onClick={() => onCloseRef.current()}>
          ×
        </button>
      </div>
      <div className="dialog-body spotlight-dialog-body">{children}</div>
    </dialog>
  );
}
