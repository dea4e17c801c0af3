// A server message's text with its `{name}` arguments filled in: what `m` (./serverMessages.ts) does once it has
// looked the text up. The browser build calls this with the English text put in place of the id
// (inlineServerMessages in vite.messages.ts), so the browser does not load the catalogue.

/** `text` with each `{name}` replaced by values[name] (an argument without a value stays as it is). */
export function fill(text: string, values: Record<string, string | number> = {}): string {
  return text.replace(/\{\s*(\w+)\s*\}/g, (_, name: string) => (name in values ? String(values[name]) : `{${name}}`));
}
