// The worker's messages in English, composed from the catalogue (./locales/en/server.json), so the rules
// and the catalogue cannot drift apart. The API answers them in the request's language through
// `localise` (./i18n.ts, worker/lib/i18n.ts); the web app localises the same text when a schema runs in the browser.
import server from "./locales/en/server.json";
import { fill } from "./serverText";

export type ServerMessageId = keyof typeof server;

/** A server message in English: `{name}` arguments only (so `localise` can read them back). */
export function m(id: ServerMessageId, values: Record<string, string | number> = {}): string {
  const text = (server as Record<string, string>)[id];
  if (text === undefined) throw new Error(`No server message ${String(id)}`);
  return fill(text, values);
}
