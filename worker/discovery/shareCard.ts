// Share cards (Open Graph images, 1200×630): an SVG template with the job title, company and logo,
// rendered to PNG at the edge by resvg (WebAssembly), because most link-preview crawlers do not show
// SVG. The fonts (Inter, SIL OFL) ship inside the worker: nothing is fetched while rendering.
// routes.ts imports this module on the first PNG request (a chunk of its own): no other request, and not the
// worker's start, evaluates resvg's glue or instantiates its WebAssembly.
/// <reference path="./modules.d.ts" />
import { Resvg, initWasm } from "@resvg/resvg-wasm";
import resvgWasm from "@resvg/resvg-wasm/index_bg.wasm";
import interBold from "./fonts/Inter-Bold.ttf.bin";
import interRegular from "./fonts/Inter-Regular.ttf.bin";
import { CARD_WIDTH } from "./shareCardSvg";

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
