// Phone keyboards in the Gulf type Arabic-Indic digits (٠–٩) or, in Persian layouts, extended ones (۰–۹), the
// Arabic decimal separator (٫), thousands separator (٬) and percent sign (٪). Forms normalise them to ASCII
// before validating, so "٠٫٥٪ - ١٪" and "١٥٠٠٠-٢٠٠٠٠ ريال" are read as "0.5% - 1%" and "15000-20000 ريال".

const DIGIT_MAP: Record<string, string> = {
  "٫": ".",
  "٬": ",",
  "٪": "%",
};
for (let i = 0; i < 10; i++) {
  DIGIT_MAP[String.fromCharCode(0x0660 + i)] = String(i);
  DIGIT_MAP[String.fromCharCode(0x06f0 + i)] = String(i);
}

/** ASCII digits, '.', ',' and '%' in place of their Arabic-script forms; every other character unchanged. */
export function normaliseDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9\u066b\u066c\u066a]/g, (c) => DIGIT_MAP[c] ?? c);
}
