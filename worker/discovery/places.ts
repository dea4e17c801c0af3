// Job location text → a PostalAddress for structured data, and remote-work regions → countries.
// Pure: known Gulf and world cities, country names and aliases, US states and Canadian provinces.
import { hasArabic } from "../rules/arabic";
import { aliasesOf, saysRemote } from "../rules/searchAliases";

export interface Place {
  locality: string | null;
  region: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

const COUNTRIES: Record<string, string> = {
  "united arab emirates": "AE",
  uae: "AE",
  "u.a.e.": "AE",
  emirates: "AE",
  "saudi arabia": "SA",
  ksa: "SA",
  saudi: "SA",
  qatar: "QA",
  bahrain: "BH",
  kuwait: "KW",
  oman: "OM",
  egypt: "EG",
  jordan: "JO",
  lebanon: "LB",
  morocco: "MA",
  tunisia: "TN",
  algeria: "DZ",
  iraq: "IQ",
  pakistan: "PK",
  turkey: "TR",
  türkiye: "TR",
  turkiye: "TR",
  "united kingdom": "GB",
  uk: "GB",
  "u.k.": "GB",
  england: "GB",
  scotland: "GB",
  "great britain": "GB",
  germany: "DE",
  france: "FR",
  netherlands: "NL",
  "the netherlands": "NL",
  spain: "ES",
  portugal: "PT",
  italy: "IT",
  ireland: "IE",
  sweden: "SE",
  norway: "NO",
  denmark: "DK",
  finland: "FI",
  poland: "PL",
  switzerland: "CH",
  austria: "AT",
  belgium: "BE",
  estonia: "EE",
  greece: "GR",
  cyprus: "CY",
  "united states": "US",
  "united states of america": "US",
  usa: "US",
  "u.s.": "US",
  us: "US",
  america: "US",
  canada: "CA",
  mexico: "MX",
  brazil: "BR",
  argentina: "AR",
  colombia: "CO",
  chile: "CL",
  singapore: "SG",
  india: "IN",
  china: "CN",
  japan: "JP",
  "south korea": "KR",
  korea: "KR",
  indonesia: "ID",
  malaysia: "MY",
  vietnam: "VN",
  philippines: "PH",
  "hong kong": "HK",
  australia: "AU",
  "new zealand": "NZ",
  nigeria: "NG",
  kenya: "KE",
  "south africa": "ZA",
  israel: "IL",
};

const CITIES: Record<string, string> = {
  dubai: "AE",
  "abu dhabi": "AE",
  sharjah: "AE",
  ajman: "AE",
  "ras al khaimah": "AE",
  "al ain": "AE",
  riyadh: "SA",
  jeddah: "SA",
  dammam: "SA",
  khobar: "SA",
  "al khobar": "SA",
  mecca: "SA",
  medina: "SA",
  neom: "SA",
  doha: "QA",
  manama: "BH",
  "kuwait city": "KW",
  muscat: "OM",
  cairo: "EG",
  alexandria: "EG",
  amman: "JO",
  beirut: "LB",
  casablanca: "MA",
  istanbul: "TR",
  ankara: "TR",
  karachi: "PK",
  lahore: "PK",
  london: "GB",
  manchester: "GB",
  edinburgh: "GB",
  berlin: "DE",
  munich: "DE",
  hamburg: "DE",
  paris: "FR",
  amsterdam: "NL",
  madrid: "ES",
  barcelona: "ES",
  lisbon: "PT",
  dublin: "IE",
  stockholm: "SE",
  copenhagen: "DK",
  zurich: "CH",
  vienna: "AT",
  tallinn: "EE",
  "new york": "US",
  "new york city": "US",
  nyc: "US",
  "san francisco": "US",
  "los angeles": "US",
  seattle: "US",
  austin: "US",
  boston: "US",
  chicago: "US",
  miami: "US",
  toronto: "CA",
  vancouver: "CA",
  montreal: "CA",
  singapore: "SG",
  bangalore: "IN",
  bengaluru: "IN",
  mumbai: "IN",
  delhi: "IN",
  "new delhi": "IN",
  hyderabad: "IN",
  sydney: "AU",
  melbourne: "AU",
  tokyo: "JP",
  "hong kong": "HK",
  lagos: "NG",
  nairobi: "KE",
  "cape town": "ZA",
  "tel aviv": "IL",
  "são paulo": "BR",
  "sao paulo": "BR",
  "mexico city": "MX",
};

const US_STATES = new Set("AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY DC".split(" "));
const CA_PROVINCES = new Set("AB BC MB NB NL NS NT NU ON PE QC SK YT".split(" "));

/** Remote-work regions named in locations like 'Remote (MENA)': the countries applicants may live in. */
export const REGION_COUNTRIES: Record<string, string[]> = {
  mena: ["AE", "SA", "QA", "BH", "KW", "OM", "EG", "JO", "LB", "MA", "TN", "DZ", "IQ"],
  gcc: ["AE", "SA", "QA", "BH", "KW", "OM"],
  gulf: ["AE", "SA", "QA", "BH", "KW", "OM"],
  "middle east": ["AE", "SA", "QA", "BH", "KW", "OM", "EG", "JO", "LB", "IQ", "TR"],
  europe: ["GB", "DE", "FR", "NL", "ES", "PT", "IT", "IE", "SE", "NO", "DK", "FI", "PL", "CH", "AT", "BE", "EE", "GR"],
  eu: ["DE", "FR", "NL", "ES", "PT", "IT", "IE", "SE", "DK", "FI", "PL", "AT", "BE", "EE", "GR"],
  emea: ["GB", "DE", "FR", "NL", "ES", "IE", "SE", "PL", "AE", "SA", "EG", "ZA", "NG", "KE"],
  "north america": ["US", "CA"],
  americas: ["US", "CA", "MX", "BR", "AR", "CO", "CL"],
  latam: ["MX", "BR", "AR", "CO", "CL"],
  "latin america": ["MX", "BR", "AR", "CO", "CL"],
  apac: ["SG", "IN", "JP", "KR", "ID", "MY", "VN", "PH", "HK", "AU", "NZ"],
  asia: ["SG", "IN", "JP", "KR", "ID", "MY", "VN", "PH", "HK", "CN"],
};

function clean(s: string): string {
  return s.trim().replace(/\s+/g, " ").toLowerCase();
}

/** A part's names to look up: itself, and for an Arabic place its English names (search's table: الرياض → riyadh; issue 25). */
function namesOf(part: string): string[] {
  const p = clean(part);
  return hasArabic(p) ? aliasesOf(p).filter((a) => !hasArabic(a)) : [p];
}

function countryOf(part: string): string | null {
  for (const p of namesOf(part)) {
    if (COUNTRIES[p]) return COUNTRIES[p]!;
    if (CITIES[p]) return CITIES[p]!;
  }
  const upper = part.trim().toUpperCase();
  if (US_STATES.has(upper)) return "US";
  if (CA_PROVINCES.has(upper)) return "CA";
  return null;
}

/** True when the location says the work is remote (the search's rule: it contains 'remote', in English or Arabic). */
export function isRemoteLocation(location: string): boolean {
  return saysRemote(location);
}

/** The physical place in a location text, e.g. 'Dubai, UAE' → Dubai, AE; null when none is known. */
export function placeOf(location: string): Place | null {
  // 'Remote (MENA)', 'Hybrid - Dubai', 'Dubai / Remote': keep the parts that name a place.
  const text = location
    .replace(/\([^)]*\)/g, " ")
    .replace(/\b(remote|hybrid|on-?site|worldwide|anywhere)\b/gi, " ")
    .replace(/عن بُ?عد|حول العالم|من أي مكان/g, " ");
  // The Arabic comma and semicolon separate parts too: "الرياض، السعودية".
  const parts = text
    .split(/[,،/|;؛]| - /)
    .map((p) => p.trim())
    .filter(Boolean);
  if (!parts.length) return null;
  let country: string | null = null;
  for (let i = parts.length - 1; i >= 0 && !country; i--) country = countryOf(parts[i]!);
  if (!country) return null;
  const first = parts[0]!;
  const firstIsCountry = namesOf(first).some((n) => COUNTRIES[n] !== undefined) && !namesOf(first).some((n) => CITIES[n] !== undefined);
  const locality = firstIsCountry ? null : first;
  const second = parts.length > 2 ? parts[1]! : parts.length === 2 && (US_STATES.has(parts[1]!.toUpperCase()) || CA_PROVINCES.has(parts[1]!.toUpperCase())) ? parts[1]! : null;
  return { locality, region: second, country };
}

/** Countries a remote applicant may live in, from 'Remote (MENA)', 'Remote (US)', 'Remote, UAE'…; [] = anywhere. */
export function remoteCountries(location: string): string[] {
  const inParens = Array.from(location.matchAll(/\(([^)]*)\)/g), (m) => m[1]!);
  const candidates = [...inParens.flatMap((s) => s.split(/[,،/&]| and /)), ...location.replace(/\([^)]*\)/g, " ").split(/[,،/|;؛]| - /)];
  const out = new Set<string>();
  for (const raw of candidates) {
    const c = clean(raw.replace(/\bremote\b|عن بُ?عد/gi, " "));
    if (!c) continue;
    const region = namesOf(c).find((n) => REGION_COUNTRIES[n]);
    if (region) for (const x of REGION_COUNTRIES[region]!) out.add(x);
    else {
      const country = countryOf(c);
      if (country) out.add(country);
    }
  }
  return Array.from(out);
}
