// Security headers on every response the worker makes (static files get the same ones from
// web/public/_headers). HTML gets a strict Content-Security-Policy: scripts only from this origin, and
// every inline script the worker wrote (the JobPosting JSON-LD) carries this response's nonce.
// Stripe needs no origin here: checkout is a redirect to Stripe's hosted page, never a script or frame.
// Turnstile's origin is allowed only when Turnstile is configured (TURNSTILE_SITE_KEY).
import { createMiddleware } from "hono/factory";
import type { AppEnv, Env } from "../env";

/** The headers every response carries, HTML or not (also written to web/public/_headers for static files). */
export const BASE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "Strict-Transport-Security": "max-age=31536000; includeSubDomains",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
  "X-Frame-Options": "DENY",
};

const TURNSTILE_ORIGIN = "https://challenges.cloudflare.com";
/** Video embeds the sanitiser allows in descriptions (worker/lib/sanitize.ts). */
const VIDEO_FRAMES = ["https://www.youtube.com", "https://www.youtube-nocookie.com", "https://player.vimeo.com"];

/** The Content-Security-Policy of an HTML page; `nonce` allows the inline scripts the worker wrote. */
export function contentSecurityPolicy(options: { nonce?: string; turnstile?: boolean } = {}): string {
  const scripts = ["'self'", ...(options.nonce ? [`'nonce-${options.nonce}'`] : []), ...(options.turnstile ? [TURNSTILE_ORIGIN] : [])];
  const frames = [...VIDEO_FRAMES, ...(options.turnstile ? [TURNSTILE_ORIGIN] : [])];
  return [
    "default-src 'self'",
    `script-src ${scripts.join(" ")}`,
    // React sets style properties through the DOM; the editor and a few components set style attributes.
    "style-src 'self' 'unsafe-inline'",
    // Logos are uploaded here, or given as an https URL; previews of a chosen file are blob: URLs.
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${frames.join(" ")}`,
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join("; ");
}

function turnstileOn(env: Partial<Env>): boolean {
  return Boolean(env.TURNSTILE_SITE_KEY && env.TURNSTILE_SECRET);
}

/** Every inline <script> (no src) in the page gets the nonce; the policy allows nothing else inline. */
function withNonce(res: Response, nonce: string): Response {
  return new HTMLRewriter()
    .on("script:not([src])", {
      element(el) {
        el.setAttribute("nonce", nonce);
      },
    })
    .transform(res);
}

export const securityHeaders = createMiddleware<AppEnv>(async (c, next) => {
  await next();
  let res = c.res;
  // A WebSocket upgrade must be passed on as it is (a copy would lose its socket).
  if (res.status === 101) return;
  const html = (res.headers.get("Content-Type") ?? "").includes("text/html");
  let nonce: string | undefined;
  if (html && res.body) {
    nonce = crypto.randomUUID().replace(/-/g, "");
    res = withNonce(res, nonce);
  }
  // Responses passed through from a binding can have immutable headers: always work on a copy.
  res = new Response(res.body, res);
  for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) res.headers.set(name, value);
  if (html) res.headers.set("Content-Security-Policy", contentSecurityPolicy({ nonce, turnstile: turnstileOn(c.env) }));
  c.res = undefined;
  c.res = res;
});
