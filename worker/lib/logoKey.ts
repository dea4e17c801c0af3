// Where uploaded logos live: the R2 key of an upload (under LOGO_PREFIX) and the URL it is served at
// (/api/logos/<key>, worker/uploads/routes.ts). A job's or company's `logo` holds that URL.

export const LOGO_PREFIX = "company-logos/";
const LOGO_URL_BASE = "/api/logos/";

/** A new upload's R2 key, e.g. "company-logos/<uuid>.png". */
export function newLogoKey(ext: string): string {
  return `${LOGO_PREFIX}${crypto.randomUUID()}.${ext}`;
}

/** The R2 key of a served file name (the part of the URL after /api/logos/company-logos/). */
export function logoKeyForName(name: string): string {
  return `${LOGO_PREFIX}${name}`;
}

/** The URL an uploaded logo is served at. */
export function logoUrl(key: string): string {
  return `${LOGO_URL_BASE}${key}`;
}

/**
 * For the stores' SQL: the R2 key in a `logo` column that holds one of our logo URLs, by its path or by its full
 * address (an import may give one). A logo of no key (a bundled one, another site's) never equals a listed key.
 */
export function logoKeySql(column: string): string {
  return `substr(${column}, instr(${column}, '${LOGO_URL_BASE}') + ${LOGO_URL_BASE.length})`;
}
