// A line of short facts with «·» between them (a job's company, place and category; its dates; an applicant's
// address and date). A fact wraps to the next line whole, and no «·» is left hanging at the end of a line or opens
// one: each fact after the first carries its «·» in the gap before it, and the «·» of a fact that opens a line falls
// outside the line and is clipped (web/styles/components/meta-line.css). The «·» is text, so copying the line keeps it.
import type { ReactNode } from "react";

export function MetaLine({ className, parts, as: Line = "p" }: { className: string; parts: readonly ReactNode[]; as?: "p" | "span" }) {
  const shown = parts.filter((part) => part !== null && part !== undefined && part !== false && part !== "");
  if (shown.length === 0) return null;
  return (
    <Line className={`meta-line ${className}`}>
      <span className="meta-line-parts">
        {shown.map((part, i) => (
          // The facts are a fixed sequence, never reordered: their place is their key.
          <span key={i} className="meta-line-part">
            {i > 0 && <span className="meta-line-dot"> · </span>}
            {part}
          </span>
        ))}
      </span>
    </Line>
  );
}
