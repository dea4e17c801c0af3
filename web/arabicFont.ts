// The Arabic face of the Arabic pages (issue 25; docs/decisions/0502-arabic-font.md and 0045): IBM Plex Sans
// Arabic, self-hosted from @fontsource, its Arabic and Latin subsets in three weights. web/main.tsx loads this
// module on /ar only. Each face has its unicode-range and display: optional, so it is used only if it is there
// when the text needs it: the first screen is rendered on the server, and a late swap would move it (CLS). When
// the faces are added is registerArabicFont's. Registered from script rather than @fontsource's stylesheets, which
// inline their smallest subsets as data: URLs (the CSP allows fonts from this site only) and would bring subsets the
// board never uses.
import arabic400 from "@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-400-normal.woff2?url";
import arabic600 from "@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-600-normal.woff2?url";
import arabic700 from "@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-700-normal.woff2?url";
import latin400 from "@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-latin-400-normal.woff2?url";
import latin600 from "@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-latin-600-normal.woff2?url";
import latin700 from "@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-latin-700-normal.woff2?url";

const FAMILY = "IBM Plex Sans Arabic";
/** @fontsource's ranges for the two subsets (its 400.css). */
const ARABIC = "U+0600-06FF, U+0750-077F, U+0870-088E, U+0890-0891, U+0897-08E1, U+08E3-08FF, U+200C-200E, U+2010-2011, U+204F, U+2E41, U+FB50-FDFF, U+FE70-FE74, U+FE76-FEFC";
const LATIN = "U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD";

const FACES: [weight: string, url: string, range: string][] = [
  ["400", arabic400, ARABIC],
  ["600", arabic600, ARABIC],
  ["700", arabic700, ARABIC],
  ["400", latin400, LATIN],
  ["600", latin600, LATIN],
  ["700", latin700, LATIN],
];

const CACHED_KEY = "sj.arabicFont";

/** Faces a first visit loaded while idle, waiting for the next page (applyLoadedArabicFont). */
let loaded: FontFace[] | null = null;

function fontsLoadedBefore(): boolean {
  try {
    return localStorage.getItem(CACHED_KEY) === "1";
  } catch {
    return false;
  }
}

function rememberFontsLoaded() {
  try {
    localStorage.setItem(CACHED_KEY, "1");
  } catch {
    // storage may be unavailable (private mode): the next visit loads the files again, from the HTTP cache
  }
}

function whenIdle(run: () => void) {
  const idle = () => (typeof requestIdleCallback === "function" ? requestIdleCallback(run, { timeout: 10_000 }) : setTimeout(run, 1000));
  if (document.readyState === "complete") idle();
  else addEventListener("load", idle, { once: true });
}

/**
 * Gives the Arabic pages their face (docs/decisions/0045-arabic-font-from-the-next-page.md).
 * A browser that has loaded the files before registers them now, and they come from its HTTP cache at once.
 * Chromium uses an `optional` face only if it is ready when the text first needs it, and never swaps it in later
 * in the same document, not even on the next page the visitor opens in the app. So a first visit loads the files
 * when the page is idle, without adding them to the page on screen, and the next page adds them already loaded.
 */
export function registerArabicFont(): void {
  if (typeof FontFace === "undefined") return;
  const faces = FACES.map(([weight, url, unicodeRange]) => new FontFace(FAMILY, `url("${url}") format("woff2")`, { weight, style: "normal", display: "optional", unicodeRange }));
  if (fontsLoadedBefore()) {
    for (const face of faces) document.fonts.add(face);
    return;
  }
  whenIdle(() => {
    Promise.all(faces.map((face) => face.load())).then(
      () => {
        loaded = faces;
        rememberFontsLoaded();
      },
      () => {}, // offline or refused: the system's face stays, and the next visit tries again
    );
  });
}

/** Called when the visitor opens another page: the faces a first visit loaded are used from now on. */
export function applyLoadedArabicFont(): void {
  if (!loaded) return;
  for (const face of loaded) document.fonts.add(face);
  loaded = null;
}
