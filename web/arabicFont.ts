// The Arabic face of the Arabic pages (issue 25; docs/decisions/0502-arabic-font.md): IBM Plex Sans Arabic,
// self-hosted from @fontsource, its Arabic and Latin subsets in three weights. web/main.tsx loads this module
// on /ar only. Each face is registered with its unicode-range, so the browser fetches a file only when the
// page's text needs it, and uses it only if it is there at once (display: optional): the first screen is rendered on the server, and a late swap would move it (CLS); a later page finds the font cached. Registered from script rather
// than @fontsource's stylesheets, which inline their smallest subsets as data: URLs (the CSP allows fonts
// from this site only) and would bring subsets the board never uses.
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

/** Adds the faces to the document; the browser loads each when text first uses it. */
export function registerArabicFont(): void {
  if (typeof FontFace === "undefined") return;
  for (const [weight, url, unicodeRange] of FACES) {
    document.fonts.add(new FontFace(FAMILY, `url("${url}") format("woff2")`, { weight, style: "normal", display: "optional", unicodeRange }));
  }
}
