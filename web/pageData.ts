// What the page's HTML carried for its first screen (rules/firstPage.ts): JSON in a script element, read once.
const read = new Map<string, unknown>();

/** The JSON the HTML carried in the script element `id`, or undefined when it carried none. */
export function pageData<T>(id: string): T | undefined {
  if (!read.has(id)) {
    let value: unknown;
    try {
      const text = document.getElementById(id)?.textContent;
      value = text ? JSON.parse(text) : undefined;
    } catch {
      value = undefined;
    }
    read.set(id, value);
  }
  return read.get(id) as T | undefined;
}

/** When the page's HTML was asked for: the age of what it carried. */
export function pageLoadedAt(): number {
  return Math.round(performance.timeOrigin);
}
