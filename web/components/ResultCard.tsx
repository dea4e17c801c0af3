// The card a result page shows: the payment success pages' outcomes (paid, processing, failed, not found,
// a problem). An optional ✓ or ! icon, the title, a message (an alert when it reports a failure), what
// else the page says, and the next steps as links, the first one primary.
import type { ReactNode } from "react";
import { Link } from "react-router";

export interface ResultLink {
  to: string;
  label: string;
}

interface Props {
  icon?: "success" | "error";
  title: ReactNode;
  message?: ReactNode;
  /** The message reports a failure: screen readers announce it. */
  alert?: boolean;
  /** A bank transfer still clearing (the browser tests and the page's own styles look for it). */
  processing?: boolean;
  links?: ResultLink[];
  /** Content between the message and the links (a spinner, more paragraphs). */
  children?: ReactNode;
  /** Content below the links (a small note). */
  footer?: ReactNode;
}

export function ResultCard({ icon, title, message, alert = false, processing = false, links = [], children, footer }: Props) {
  return (
    <section className="card message-card result-card" {...(processing ? { "data-payment-processing": "" } : {})}>
      {icon && (
        <span className={icon === "error" ? "result-icon is-error" : "result-icon"} aria-hidden="true">
          {icon === "error" ? "!" : "✓"}
        </span>
      )}
      <h1>{title}</h1>
      {message !== undefined && (
        <p className="muted" role={alert ? "alert" : undefined}>
          {message}
        </p>
      )}
      {children}
      {links.length > 0 && (
        <div className="button-row">
          {links.map((l, i) => (
            <Link key={l.to} className={i === 0 ? "button button-primary" : "button button-outline"} to={l.to}>
              {l.label}
            </Link>
          ))}
        </div>
      )}
      {footer}
    </section>
  );
}
