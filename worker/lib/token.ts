// Random tokens and base64url, written once: subscription tokens (alerts, company "Notify me"), refresh
// tokens (worker/auth/tokens.ts) and search cursors (worker/jobs/search.ts) all use them.

/** RFC 4648 base64url without padding. */
export function base64urlEncode(bytes: Uint8Array): string {
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The bytes of a base64url string (padding optional); throws on malformed input. */
export function base64urlDecode(text: string): Uint8Array {
  const bin = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0));
}

/** A random URL-safe token of `bytes` random bytes (24 bytes: 32 characters). */
export function newToken(bytes = 24): string {
  return base64urlEncode(crypto.getRandomValues(new Uint8Array(bytes)));
}
