// Share cards (Open Graph images, 1200×630): an SVG template with the job title, company and logo,
// rendered to PNG at the edge by resvg (WebAssembly), because most link-preview crawlers do not show
// SVG. The fonts ship inside the worker, subset by script to what cards draw (Fontsource's files, SIL OFL): Inter
// for Latin and Latin Extended, IBM Plex Sans Arabic for Arabic, which resvg shapes and orders right to left.
// Cut further with hb-subset (the npm package subset-font, issue 24: 57 KB less gzip in the upload): Latin Extended to
// U+0100–024F, U+1E00–1EFF and the currency signs U+20A0–20C0; IBM Plex Sans Arabic to the Arabic blocks (U+0600–06FF,
// 0750–077F, 08A0–08FF), the presentation forms (FB50–FDFF, FE70–FEFF), the joiners and bidi marks, and the space, its
// Latin glyphs dropped (Inter draws Latin first). Its shaping tables are kept for what remains.
// Nothing is fetched while rendering.
// routes.ts imports this module on the first PNG request (a chunk of its own): no other request, and not the
// worker's start, evaluates resvg's glue or instantiates its WebAssembly.
/// <reference path="./modules.d.ts" />
import { Resvg, initWasm } from "@resvg/resvg-wasm";
import resvgWasm from "@resvg/resvg-wasm/index_bg.wasm";
import plexArabicBold from "./fonts/IBMPlexSansArabic-Bold.ttf.bin";
import plexArabicRegular from "./fonts/IBMPlexSansArabic-Regular.ttf.bin";
import interLatinBold from "./fonts/Inter-Latin-Bold.ttf.bin";
import interLatinRegular from "./fonts/Inter-Latin-Regular.ttf.bin";
import interLatinExtBold from "./fonts/Inter-LatinExt-Bold.ttf.bin";
import interLatinExtRegular from "./fonts/Inter-LatinExt-Regular.ttf.bin";
import { CARD_WIDTH, shareCardSvg } from "./shareCardSvg";
import type { MeasureText, ShareCardData } from "./shareCardSvg";
import { escapeXml } from "./xml";

/** The cards' fonts by script (regular before bold: resvg's fallback for a character takes them in this order). */
export const CARD_FONTS = {
  latin: [interLatinRegular, interLatinExtRegular, interLatinBold, interLatinExtBold],
  arabic: [plexArabicRegular, plexArabicBold],
};
const FONTS = [interLatinRegular, interLatinExtRegular, plexArabicRegular, interLatinBold, interLatinExtBold, plexArabicBold];

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
const measure: MeasureText = (text, family, weight, size) => {
  const resvg = new Resvg(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH * 2}" height="${size * 2}"><text x="0" y="${size * 1.5}" font-family="${family}" font-weight="${weight}" font-size="${size}">${escapeXml(text)}</text></svg>`,
    { font: fontOptions(family === "Inter" ? CARD_FONTS.latin : CARD_FONTS.arabic) },
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
export async function renderCard(d: ShareCardData): Promise<Uint8Array> {
  await init();
  return renderPng(shareCardSvg(d, measure));
}

/** An SVG as PNG; `fonts` are every card font unless said (a test renders without the Arabic ones to compare). */
export async function renderPng(svg: string, fonts: readonly ArrayBuffer[] = FONTS): Promise<Uint8Array> {
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
