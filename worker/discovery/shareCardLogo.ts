// The logo on a share card (shareCardSvg.ts): an uploaded logo from R2 or one of the app's own from its assets,
// inlined into the card, so drawing it fetches nothing from the network.
import type { CardLogo } from "./shareCardSvg";

const LOGO_TYPES: Record<string, string> = { png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", gif: "image/gif", svg: "image/svg+xml", webp: "image/webp" };
const MAX_LOGO_BYTES = 2 * 1024 * 1024;

export function dataUrl(bytes: ArrayBuffer, type: string): string {
  const arr = new Uint8Array(bytes);
  let bin = "";
  for (let i = 0; i < arr.length; i += 0x8000) bin += String.fromCharCode(...arr.subarray(i, i + 0x8000));
  return `data:${type};base64,${btoa(bin)}`;
}

/** The logo for the card: uploaded logos from R2, the app's own from ASSETS; never the network. */
export async function loadCardLogo(env: { ASSETS?: Fetcher; LOGOS?: R2Bucket }, logo: string, siteOrigin: string): Promise<CardLogo | null> {
  const path = logo.trim();
  if (!path.startsWith("/") || path.startsWith("//")) return null;
  const ext = (path.split("?")[0]!.split(".").pop() ?? "").toLowerCase();
  const type = LOGO_TYPES[ext];
  if (!type || type === "image/webp") return null; // resvg draws PNG, JPEG, GIF and SVG
  try {
    if (path.startsWith("/api/logos/") && env.LOGOS) {
      const object = await env.LOGOS.get(decodeURIComponent(path.slice("/api/logos/".length)));
      if (!object || object.size > MAX_LOGO_BYTES) return null;
      return { href: dataUrl(await object.arrayBuffer(), type) };
    }
    if (env.ASSETS && !path.startsWith("/api/")) {
      const res = await env.ASSETS.fetch(new Request(new URL(path, siteOrigin)));
      const contentType = res.headers.get("Content-Type") ?? "";
      if (!res.ok || contentType.includes("text/html")) return null;
      const bytes = await res.arrayBuffer();
      if (bytes.byteLength > MAX_LOGO_BYTES) return null;
      // The site's own SVG logos (trusted files) are inlined; uploads are never SVG.
      return type === "image/svg+xml" ? { svg: new TextDecoder().decode(bytes) } : { href: dataUrl(bytes, type) };
    }
  } catch {
    return null;
  }
  return null;
}
