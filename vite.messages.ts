// The build step of the web app's messages (used by vite.config.ts and test/vitest.config.ts).
import { readFileSync } from "node:fs";
import { parse } from "@formatjs/icu-messageformat-parser";
import type { Plugin } from "vite";

/**
 * The web app's messages are precompiled: a catalogue imported with "?ast" (web/messages/*.ts) becomes its
 * messages parsed to ICU AST at build time (or some of them: "?ast&part=listing", "?ast&part=screens"), and in the browser build "@formatjs/icu-messageformat-parser"
 * is its no-parser variant, so react-intl ships without the parser (FormatJS's "react-intl without parser").
 * The worker keeps the parser and its catalogues as text (worker/lib/i18n.ts). The unit tests of web modules
 * (test/vitest.config.ts) load the same AST, with the parser still there.
 */
/**
 * The public catalogue's messages (a key, or every key under it) that only screens other than the listing say (each loads the other screens'
 * messages before it renders, withScreenMessages in web/i18n.tsx): they wait for those screens, so the listing's
 * first load is lighter (issue 24). A listing message put here shows as a console error in the browser tests.
 */
const LATER_PUBLIC = [
  "public.company",
  "public.notify",
  "public.contact",
  "public.invitation",
  "public.applications",
  "public.alertStatus",
  "public.advertise",
  "public.privacy",
  "public.saved",
  "public.share",
  "public.notFound",
  "public.apply",
  // The job page's own words (JobDetail, and Spotlight's job page); a card on the listing says the other public.job.* ones.
  ...["notFound", "notFoundText", "loadFailed", "location", "salary", "equity", "category", "type", "skills", "notSpecified", "back", "loading", "pageTitle", "notFoundTitle"].map(
    (key) => `public.job.${key}`,
  ),
  "public.job.applyForPosition",
  "public.job.viewApplication",
];

/** The server catalogue's messages an English listing says: the values of the lists it shows (i18n.value). */
const LISTING_VALUES = ["value.type", "value.sort", "value.timeframe", "value.tag", "value.category", "value.stage", "value.equity"];

export function precompiledMessages(): Plugin {
  return {
    name: "precompiled-messages",
    enforce: "pre",
    resolveId(source, importer) {
      if (source !== "@formatjs/icu-messageformat-parser" || this.environment.name !== "client") return null;
      return this.resolve("@formatjs/icu-messageformat-parser/no-parser.js", importer, { skipSelf: true });
    },
    load(id) {
      const [file, query = ""] = id.split("?");
      const params = new URLSearchParams(query);
      if (!params.has("ast") || !file?.endsWith(".json")) return null;
      this.addWatchFile(file);
      // "?ast&part=listing" keeps the messages the listing says, "?ast&part=screens" the others: for the public
      // catalogue all but LATER_PUBLIC, for the server's (English) only LISTING_VALUES.
      const part = params.get("part");
      const under = (key: string, prefixes: string[]) => prefixes.some((prefix) => key === prefix || key.startsWith(`${prefix}.`));
      const forListing = (key: string) => (file.endsWith("/server.json") ? under(key, LISTING_VALUES) : !under(key, LATER_PUBLIC));
      const catalogue: Record<string, string> = JSON.parse(readFileSync(file, "utf8"));
      // An English list value named as it is stored ("value.tag.Finance": "Finance") is left out: i18n.value gives
      // the value itself when the catalogue has no label for it, so the entry only weighed on the first load.
      const itself = (key: string, message: string) => file.endsWith("/en/server.json") && key.startsWith("value.") && key.split(".").slice(2).join(".") === message;
      const kept = Object.entries(catalogue).filter(([key, message]) => !itself(key, message) && (part === null || forListing(key) === (part === "listing")));
      const ast = Object.fromEntries(kept.map(([key, message]) => [key, parse(message)]));
      // A JSON string parses faster than the same object as a JavaScript literal.
      return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(ast))});`, moduleType: "js" };
    },
  };
}

const SERVER_CATALOGUE = "worker/rules/locales/en/server.json";
const SERVER_MESSAGES = /\bimport\s*\{\s*m\s*\}\s*from\s*["'](?:\.\/serverMessages|@rules\/serverMessages)["'];/;

/**
 * The rules the web app shares with the worker say their messages through `m(id, values)` (worker/rules/
 * serverMessages.ts), which reads the English catalogue, 27 KB, all of it, because the id is looked up when the
 * call runs. In the browser build, each `m("id", …)` in worker/rules/ becomes `fill("English text", …)`: the text
 * is put in at build time, and the catalogue is not in the browser's first load (issue 24). `localise` still
 * turns the English text into the page's language (the Arabic page loads the catalogue for it). An id that is not
 * a string literal (a template, a variable) fails the build, so the browser never gets an id for a message.
 */
export function inlineServerMessages(root: string): Plugin {
  let catalogue: Record<string, string> | null = null;
  return {
    name: "inline-server-messages",
    enforce: "pre",
    transform(code, id) {
      if (this.environment.name !== "client") return null;
      const file = id.split("?")[0] ?? "";
      if (!file.includes("/worker/rules/") || !SERVER_MESSAGES.test(code)) return null;
      catalogue ??= JSON.parse(readFileSync(`${root}/${SERVER_CATALOGUE}`, "utf8")) as Record<string, string>;
      const known = catalogue;
      const dynamic = /\bm\(\s*[^\s"(]/.exec(code.replace(/\bm\(\s*\w+\s*===/g, 'm("'));
      if (dynamic) throw new Error(`${file}: m() needs a literal message id in the browser build (${code.slice(dynamic.index, dynamic.index + 40)})`);
      const out = code.replace(SERVER_MESSAGES, 'import { fill as m } from "@rules/serverText";').replace(/"((?:server|value)\.[\w.-]+)"/g, (_literal, key: string) => {
        const text = known[key];
        if (text === undefined) throw new Error(`${file}: no server message ${key}`);
        return JSON.stringify(text);
      });
      return { code: out, map: null };
    },
  };
}
