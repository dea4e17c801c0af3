// Share cards (Open Graph images, 1200×630): an SVG template with the job title, company and logo,
// rendered to PNG at the edge by resvg (WebAssembly), because most link-preview crawlers do not show
// SVG. The fonts (Inter, SIL OFL) ship inside the worker: nothing is fetched while rendering.
/// <reference path="./modules.d.ts" />
import { Resvg, initWasm } from "@resvg/resvg-wasm";
import resvgWasm from "@resvg/resvg-wasm/index_bg.wasm";
import interBold from "./fonts/Inter-Bold.ttf.bin";
import interRegular from "./fonts/Inter-Regular.ttf.bin";
import { CARD_WIDTH } from "./shareCardSvg";
import type { CardLogo } from "./shareCardSvg";

let ready: Promise<void> | null = null;

function init(): Promise<void> {
  ready ??= initWasm(resvgWasm).catch((err: unknown) => {
    // initWasm may only run once per isolate; a second call after success throws "Already initialized".
    if (err instanceof Error && /already initialized/i.test(err.message)) return;
    ready = null;
    throw err;
  });
  return ready;
}

export async function renderPng(svg: string): Promise<Uint8Array> {
  await init();
  const resvg = new Resvg(svg, {
    fitTo: { mode: "width", value: CARD_WIDTH },
    font: { fontBuffers: [new Uint8Array(interBold), new Uint8Array(interRegular)], defaultFontFamily: "Inter", sansSerifFamily: "Inter" },
  });
  try {
    const image = resvg.render();
    const png = image.asPng();
    image.free();
    return png;
  } finally {
    resvg.free();
  }
}

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
