// An e-mail address inside a sentence. It is isolated left to right (in Arabic its «@» and dots keep their order),
// and it moves to the next line whole when the line cannot hold it: «sara-» ending one line and «ofoq@example.com»
// opening the next read as two things, and so did a break after its «@» (issue 25). Only an address wider than a whole
// line breaks, after its «@»; the domain never breaks (web/styles/components/email-address.css).
import { Children, isValidElement } from "react";
import type { ReactNode } from "react";

export function EmailAddress({ address }: { address: string }) {
  const at = address.lastIndexOf("@");
  if (at < 0) return <bdi dir="ltr">{address}</bdi>;
  return (
    <bdi className="email-address" dir="ltr">
      <span className="email-address-name">
        {address.slice(0, at)}
        <span className="email-address-at">@</span>
      </span>
      <span className="email-address-domain">{address.slice(at + 1)}</span>
    </bdi>
  );
}

/** Punctuation that ends a sentence or a clause right after the address, which no line may start with. */
const TAIL = /^[.,،؛;:!?؟»)]+/u;

/** Whether a part is an address, or wraps one as its only child: react-intl puts a value in a fragment, a page in <strong>. */
function holdsAddress(part: ReactNode): boolean {
  if (!isValidElement(part)) return false;
  return part.type === EmailAddress || holdsAddress((part.props as { children?: ReactNode }).children);
}

/**
 * A sentence with an address in it (a rich message's parts), the address kept on one line with the punctuation right
 * after it: the browser may break between the address's box and a full stop, which then opened the next line
 * («. ما تُدخله…», the sixth reading).
 */
export function withAddress(sentence: ReactNode): ReactNode {
  const parts = Children.toArray(sentence);
  const out: ReactNode[] = [];
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i];
    // The address is its own isolate (<bdi>): the catalogue's isolates around {email} are dropped, or the full stop
    // after it read as «⁩.», not punctuation, and was left to start a line, at the far end of it (the 26th session).
    if (holdsAddress(part)) {
      const before = out.at(-1);
      if (typeof before === "string" && before.endsWith("\u2068")) out[out.length - 1] = before.slice(0, -1);
      if (typeof parts[i + 1] === "string" && (parts[i + 1] as string).startsWith("\u2069")) parts[i + 1] = (parts[i + 1] as string).slice(1);
    }
    const next = parts[i + 1];
    const tail = holdsAddress(part) && typeof next === "string" ? TAIL.exec(next)?.[0] : undefined;
    if (!tail || typeof next !== "string" || !isValidElement(part)) {
      out.push(part);
      continue;
    }
    out.push(
      <span key={part.key ?? i} className="email-address-tail">
        {part}
        {tail}
      </span>,
    );
    parts[i + 1] = next.slice(tail.length);
  }
  return out;
}
