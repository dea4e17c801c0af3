// Stripe's webhook signature scheme (t=<seconds>,v1=<hex HMAC-SHA256 of "t.payload">), used by the
// emulator to sign the events it delivers, exactly as Stripe does, so the real verification runs.
export async function signStripePayload(payload: string, secret: string, timestampSeconds = Math.floor(Date.now() / 1000)): Promise<string> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${timestampSeconds}.${payload}`));
  const hex = Array.from(new Uint8Array(mac), (b) => b.toString(16).padStart(2, "0")).join("");
  return `t=${timestampSeconds},v1=${hex}`;
}
