// A short message at the bottom of the screen for 3 s.
import { useCallback, useEffect, useRef, useState } from "react";

export const TOAST_MS = 3_000;

/** The toast shown now and a function to show another (which replaces it and restarts the clock). */
export function useToast(): [string, (message: string) => void] {
  const [message, setMessage] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const show = useCallback((next: string) => {
    clearTimeout(timer.current);
    setMessage(next);
    timer.current = setTimeout(() => setMessage(""), TOAST_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return [message, show];
}

/** Always in the page, so screen readers hear a message as soon as it is written into it. */
export function Toast({ message }: { message: string }) {
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {message && <div className="toast">{message}</div>}
    </div>
  );
}
