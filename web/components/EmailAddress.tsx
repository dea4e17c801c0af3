// An e-mail address inside a sentence. It is isolated left to right (in Arabic its «@» and dots keep their order),
// and it moves to the next line whole when the line cannot hold it: «sara-» ending one line and «ofoq@example.com»
// opening the next read as two things, and so did a break after its «@» (issue 25). Only an address wider than a whole
// line breaks, after its «@»; the domain never breaks, and the sentence's full stop stays after it
// (web/styles/components/email-address.css).
export function EmailAddress({ address }: { address: string }) {
  const at = address.lastIndexOf("@");
  if (at < 0) return <bdi dir="ltr">{address}</bdi>;
  return (
    <bdi className="email-address" dir="ltr">
      <span className="email-address-name">{address.slice(0, at + 1)}</span>
      <span className="email-address-domain">{address.slice(at + 1)}</span>
    </bdi>
  );
}
