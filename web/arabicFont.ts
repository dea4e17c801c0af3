// The Arabic face of the Arabic pages (issue 25; docs/decisions/0502-arabic-font.md and 0045): IBM Plex Sans
// Arabic, self-hosted from @fontsource, its Arabic and Latin subsets in three weights. web/main.tsx loads this
// module on /ar only. Each face has its unicode-range and display: optional, so it is used only if it is there
// when the text needs it: the first screen is rendered on the server, and a late swap would move it (CLS). When
// the faces are added is registerArabicFont's. Registered from script rather than @fontsource's stylesheets, which
// inline their smallest subsets as data: URLs (the CSP allows fonts from this site only) and would bring subsets the
// board never uses.
import { ARABIC_FACES, ARABIC_FAMILY, ARABIC_FONT_FLAG, FACE_DESCRIPTORS, type ServedFace } from "./arabicFaces";

// The six files, emitted by Vite as same-origin assets.
const FILES = import.meta.glob<string>("../node_modules/@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-{arabic,latin}-{400,600,700}-normal.woff2", {
  query: "?url",
  import: "default",
  eager: true,
});

const FACES: ServedFace[] = ARABIC_FACES.map(({ weight, range, file }) => {
  const url = Object.entries(FILES).find(([name]) => name.endsWith(`/${file}`))?.[1];
  if (!url) throw new Error(`arabicFont: no file ${file}`);
  return [weight, url, range];
});

/** Faces a first visit loaded while idle, waiting for the next page (applyLoadedArabicFont). */
let loaded: FontFace[] | null = null;
/** The page the app started on, and whether the visitor has left it: the faces wait for another page. */
let firstPath: string | null = null;
let leftFirstPage = false;

function fontsLoadedBefore(): boolean {
  try {
    return localStorage.getItem(ARABIC_FONT_FLAG) === "1";
  } catch {
    return false;
  }
}

function rememberFontsLoaded() {
  try {
    localStorage.setItem(ARABIC_FONT_FLAG, "1");
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
 * A browser that has loaded the files before has them registered by the page's head, before the first paint
 * (headRegistration in web/arabicFaces.ts); where the page has no such script (`npm run dev`), they are registered
 * here, as the app starts. Chromium uses an `optional` face only if it is ready when the text first needs it, and
 * never swaps it in later in the same document, not even on the next page the visitor opens in the app. So a first
 * visit loads the files when the page is idle, without adding them to the page on screen, and the next page adds
 * them already loaded.
 */
export function registerArabicFont(): void {
  if (typeof FontFace === "undefined") return;
  firstPath = location.pathname;
  // An Arabic page's head has registered them already when this browser had the files (headRegistration).
  if ([...document.fonts].some((face) => face.family.includes(ARABIC_FAMILY))) return;
  const faces = FACES.map(([weight, url, unicodeRange]) => new FontFace(ARABIC_FAMILY, `url("${url}") format("woff2")`, { ...FACE_DESCRIPTORS, weight, unicodeRange }));
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
  // Only on another page: the layout shown again on the first one (a remount) must not swap the face in under it.
  if (location.pathname !== firstPath) leftFirstPage = true;
  if (!loaded || !leftFirstPage) return;
  for (const face of loaded) document.fonts.add(face);
  loaded = null;
}
