// Share cards (Open Graph images, 1200×630): an SVG template with the job title, company and logo,
// rendered to PNG at the edge by resvg (WebAssembly), because most link-preview crawlers do not show
// SVG. The fonts are static assets (web/public/card-fonts/, decision 0043), read through the ASSETS binding once per
// isolate, not modules of the worker: they no longer count in its upload. Subset by script to what cards draw
// (Fontsource's files, SIL OFL): Inter for Latin and Latin Extended, IBM Plex Sans Arabic for Arabic, which resvg
// shapes and orders right to left.
// Cut further with hb-subset (the npm package subset-font, issue 24: 57 KB less gzip in the upload): Latin Extended to
// U+0100–024F, U+1E00–1EFF and the currency signs U+20A0–20C0; IBM Plex Sans Arabic (IBM's complete 1.1.0 files) to the
// Arabic blocks (U+0600–06FF, 0750–077F, 08A0–08FF), the presentation forms (FB50–FDFF, FE70–FEFF), the joiners, bidi
// marks and isolates, and the punctuation an Arabic text holds (ASCII's, « » · – — ‘ ’ “ ” …), its Latin letters and
// digits dropped (Inter draws them). A punctuation mark resvg had to take from Inter in an Arabic text was lost or
// misplaced. Its shaping tables are kept for what remains.
// Nothing outside the deploy is fetched while rendering.
// routes.ts imports this module on the first PNG request (a chunk of its own): no other request, and not the
// worker's start, evaluates resvg's glue or instantiates its WebAssembly.
/// <reference path="./modules.d.ts" />
import { Resvg, initWasm } from "@resvg/resvg-wasm";
import resvgWasm from "@resvg/resvg-wasm/index_bg.wasm";
import { CARD_WIDTH, shareCardSvg } from "./shareCardSvg";
import type { MeasureText, ShareCardData } from "./shareCardSvg";
import { escapeXml } from "./xml";

/** Where the cards' fonts are served from (Vite copies web/public/ into the static assets). */
export const CARD_FONTS_PATH = "/card-fonts/";

/** The cards' fonts by script, each file's name under CARD_FONTS_PATH (regular before bold). */
const FONT_FILES = {
  latin: ["Inter-Latin-Regular", "Inter-LatinExt-Regular", "Inter-Latin-Bold", "Inter-LatinExt-Bold"],
  arabic: ["IBMPlexSansArabic-Regular", "IBMPlexSansArabic-Bold"],
} as const;

/** The loaded fonts: by script (a measure loads one script's), and all of them in the order resvg's fallback takes. */
export type CardFonts = { latin: ArrayBuffer[]; arabic: ArrayBuffer[]; all: ArrayBuffer[] };

/** The fonts are missing from the deploy (no ASSETS binding, or a file not served): the route answers 503. */
export class CardFontsMissing extends Error {}

let fontsLoading: Promise<CardFonts> | null = null;

/** The cards' fonts, read from the static assets once per isolate (a failed read is tried again next time). */
export function cardFonts(assets: Fetcher | undefined, origin: string): Promise<CardFonts> {
  if (!assets) return Promise.reject(new CardFontsMissing("share card fonts: no ASSETS binding"));
  fontsLoading ??= loadFonts(assets, origin).catch((err: unknown) => {
    fontsLoading = null;
    throw err;
  });
  return fontsLoading;
}

async function loadFonts(assets: Fetcher, origin: string): Promise<CardFonts> {
  const read = async (name: string) => {
    const res = await assets.fetch(new Request(new URL(`${CARD_FONTS_PATH}${name}.ttf`, origin)));
    if (!res.ok) throw new CardFontsMissing(`share card font ${name}.ttf: ${res.status}`);
    return res.arrayBuffer();
  };
  const [latin, arabic] = await Promise.all([Promise.all(FONT_FILES.latin.map(read)), Promise.all(FONT_FILES.arabic.map(read))]);
  const [latinRegular, latinExtRegular, latinBold, latinExtBold] = latin;
  const [arabicRegular, arabicBold] = arabic;
  // Regular before bold: resvg's fallback for a character takes the fonts in this order.
  return { latin, arabic, all: [latinRegular!, latinExtRegular!, arabicRegular!, latinBold!, latinExtBold!, arabicBold!] };
}

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

const fontOptions = (fonts: readonly ArrayBuffer[]) => ({ fontBuffers: fonts.map((font) => new Uint8Array(font)), defaultFontFamily: "Inter", sansSerifFamily: "Inter" });

/**
 * A text's width in one font as resvg draws it: the right edge of its ink, drawn from x = 0 (after init). Only that
 * font's files are loaded for it (a run is one script), not all six.
 */
const measureWith =
  (fonts: CardFonts): MeasureText =>
  (text, family, weight, size) => {
    const resvg = new Resvg(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH * 2}" height="${size * 2}"><text x="0" y="${size * 1.5}" font-family="${family}" font-weight="${weight}" font-size="${size}">${escapeXml(text)}</text></svg>`,
      { font: fontOptions(family === "Inter" ? fonts.latin : fonts.arabic) },
    );
    try {
      const box = resvg.getBBox();
      const right = box ? box.x + box.width : 0;
      box?.free();
      return right;
    } finally {
      resvg.free();
    }
  };

/** A card's PNG: its SVG with each line that mixes scripts laid out by resvg's own measure (shareCardSvg). */
export async function renderCard(d: ShareCardData, fonts: CardFonts): Promise<Uint8Array> {
  await init();
  return renderPng(shareCardSvg(d, measureWith(fonts)), fonts.all);
}

/** An SVG as PNG, drawn with these fonts (a card's are CardFonts.all; a test renders without the Arabic ones). */
export async function renderPng(svg: string, fonts: readonly ArrayBuffer[]): Promise<Uint8Array> {
  await init();
  const resvg = new Resvg(svg, {
    fitTo: { mode: "width", value: CARD_WIDTH },
    font: fontOptions(fonts),
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
