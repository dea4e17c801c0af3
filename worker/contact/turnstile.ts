// Cloudflare Turnstile, checked on the contact form only when TURNSTILE_SECRET is configured.
const SITEVERIFY_URL = "https://challenges.cloudflare.com/turnstile/v0/siteverify";

type FetchFn = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/** True when Cloudflare confirms the token; false for a missing, bad or unverifiable token. */
export async function verifyTurnstile(secret: string, token: string | undefined, remoteIp: string, fetchFn: FetchFn = (input, init) => fetch(input, init)): Promise<boolean> {
  if (!token) return false;
  const form = new FormData();
  form.append("secret", secret);
  form.append("response", token);
  if (remoteIp !== "local") form.append("remoteip", remoteIp);
  try {
    const res = await fetchFn(SITEVERIFY_URL, { method: "POST", body: form, signal: AbortSignal.timeout(10_000) });
    const body = (await res.json()) as { success?: boolean };
    return body.success === true;
  } catch {
    return false;
  }
}
