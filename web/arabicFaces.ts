// The faces of IBM Plex Sans Arabic the Arabic pages use (decisions 0502 and 0045): one list, read by
// web/arabicFont.ts in the browser and by vite.config.ts, which writes the script an Arabic page's head runs
// for a browser that has the files already (headRegistration).

export const ARABIC_FAMILY = "IBM Plex Sans Arabic";

/** Set in localStorage once a browser has loaded the faces: its HTTP cache has the files. */
export const ARABIC_FONT_FLAG = "sj.arabicFont";

/** @fontsource's ranges for the two subsets (its 400.css). */
const RANGES = {
  arabic: "U+0600-06FF, U+0750-077F, U+0870-088E, U+0890-0891, U+0897-08E1, U+08E3-08FF, U+200C-200E, U+2010-2011, U+204F, U+2E41, U+FB50-FDFF, U+FE70-FE74, U+FE76-FEFC",
  latin: "U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD",
};

/** Each face: its weight, its unicode-range, and its file in @fontsource/ibm-plex-sans-arabic/files/. */
export const ARABIC_FACES = (["arabic", "latin"] as const).flatMap((subset) =>
  (["400", "600", "700"] as const).map((weight) => ({ weight, range: RANGES[subset], file: `ibm-plex-sans-arabic-${subset}-${weight}-normal.woff2` })),
);

/** What every face is registered with besides its weight and range, in the app and in the head's script alike. */
export const FACE_DESCRIPTORS = { style: "normal", display: "optional" } as const;

/** A face with the URL its file is served at: [weight, url, unicode-range]. */
export type ServedFace = [weight: string, url: string, range: string];

/**
 * The script in an Arabic page's head (vite.config.ts adds it, the worker keeps it on /ar pages only). A browser that
 * has loaded the faces before registers them before the page is drawn: their files come from its HTTP cache within
 * the short wait `optional` allows, so the page is laid out in Plex from the start and never again for the font
 * (decision 0045). Were the files gone from the cache, the text waits at most that short while and the page keeps
 * the system's face. Nothing is preloaded: a visitor whose cache was emptied must not wait for the files.
 */
export function headRegistration(faces: ServedFace[]): string {
  const json = JSON.stringify(faces).replace(/</g, "\\u003c");
  return `try{if(localStorage.getItem(${JSON.stringify(ARABIC_FONT_FLAG)})==="1")for(const[w,u,r]of ${json}){document.fonts.add(new FontFace(${JSON.stringify(ARABIC_FAMILY)},'url("'+u+'") format("woff2")',{...${JSON.stringify(FACE_DESCRIPTORS)},weight:w,unicodeRange:r}))}}catch(e){}`;
}
