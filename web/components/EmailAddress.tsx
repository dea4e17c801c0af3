// An e-mail address inside a sentence. It is isolated left to right (in Arabic its «@» and dots keep their order),
// and it breaks only after its «@», never at a hyphen: «sara-» ending one line and «ofoq@example.com» opening the
// next read as two things (issue 25). The name and its «@» move to the next line whole, and break anywhere only when
// wider than a whole line; the domain never breaks, and the sentence's full stop stays after it
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
