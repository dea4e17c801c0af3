// A poster's own text inside the page's text (a company name, a location, a salary or equity range),
// isolated so that its direction cannot reorder what is around it (issue 25): Latin text on an Arabic page
// stays in its place in a right-aligned line, and a range such as "0.5% - 1%" or "$80k - $120k", which has
// no letter to tell its direction, reads left to right instead of taking the page's ("1% - 0.5%"). Text whose first
// letter misleads ("15,000 AED شهريًا") takes the direction of most of its letters (ownDirection).
import { ownDirection } from "@rules/bidi";

export function OwnText({ text }: { text: string }) {
  return <bdi dir={ownDirection(text) ?? (/\p{L}/u.test(text) ? "auto" : "ltr")}>{text}</bdi>;
}
