// The direction of a form field the poster types in either script. A module of its own, apart from OwnText (which
// the listing loads), so it loads only with the forms (npm run size).

/**
 * The direction of a field the poster types in either script, whose placeholder is in the page's language: while
 * empty it follows the page, so an Arabic placeholder sits on the right of a right-to-left form (dir="auto" made an
 * empty field left to right); once typed, the text's own direction (issue 25).
 */
export function typedDir(value: string): "auto" | undefined {
  return value ? "auto" : undefined;
}

/**
 * The direction of a field for a range typed in either script (equity, salary). Arabic-Indic digits, «٪», «٫» and
 * «٬» have no strong direction, so dir="auto" laid «٠٫٥٪ - ١٪» out left to right, «٪٠٫٥٪ - ١» to an Arabic reader
 * (issue 25): with such digits and no Latin letter the field is right to left; otherwise its text decides.
 */
export function rangeDir(value: string): "auto" | "rtl" {
  return /[\u0660-\u066c]/u.test(value) && !/\p{Script=Latin}/u.test(value) ? "rtl" : "auto";
}
