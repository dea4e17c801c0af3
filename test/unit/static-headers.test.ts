// The static files the platform serves without the worker get their headers from web/public/_headers.
import { describe, expect, it } from "vitest";
import headersFile from "../../web/public/_headers?raw";
import { BASE_SECURITY_HEADERS, contentSecurityPolicy } from "../../worker/http/securityHeaders";

/** `_headers` rules: a path pattern line, then indented "Name: value" lines. */
function rules(text: string): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  let current: Map<string, string> | null = null;
  for (const line of text.split("\n")) {
    if (!line.trim() || line.trim().startsWith("#")) continue;
    if (!/^\s/.test(line)) out.set(line.trim(), (current = new Map()));
    else {
      const i = line.indexOf(":");
      current!.set(line.slice(0, i).trim(), line.slice(i + 1).trim());
    }
  }
  return out;
}

describe("web/public/_headers", () => {
  const parsed = rules(headersFile);
  it("every static file gets the same security headers as the worker's answers, and the same CSP (no nonce, no Turnstile)", () => {
    const all = parsed.get("/*")!;
    for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) expect(all.get(name)).toBe(value);
    expect(all.get("Content-Security-Policy")).toBe(contentSecurityPolicy());
  });
  it("hashed assets under /assets/ are cached for a year, immutable; nothing else is", () => {
    expect(parsed.get("/assets/*")!.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect([...parsed.entries()].filter(([path, h]) => path !== "/assets/*" && h.has("Cache-Control"))).toEqual([]);
  });
});
