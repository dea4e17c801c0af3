// The build step of the web app's messages (used by vite.config.ts and test/vitest.config.ts).
import { readFileSync } from "node:fs";
import { parse } from "@formatjs/icu-messageformat-parser";
import type { Plugin } from "vite";

/**
 * The web app's messages are precompiled: a catalogue imported with "?ast" (web/messages/*.ts) becomes its
 * messages parsed to ICU AST at build time (or some of them: "?ast&only=value", "?ast&except=value"), and in the browser build "@formatjs/icu-messageformat-parser"
 * is its no-parser variant, so react-intl ships without the parser (FormatJS's "react-intl without parser").
 * The worker keeps the parser and its catalogues as text (worker/lib/i18n.ts). The unit tests of web modules
 * (test/vitest.config.ts) load the same AST, with the parser still there.
 */
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
      // "?ast&only=value" keeps the messages whose key starts with "value.", "?ast&except=value" the others.
      const only = params.get("only");
      const except = params.get("except");
      const catalogue: Record<string, string> = JSON.parse(readFileSync(file, "utf8"));
      const kept = Object.entries(catalogue).filter(([key]) => (only === null || key.startsWith(`${only}.`)) && (except === null || !key.startsWith(`${except}.`)));
      const ast = Object.fromEntries(kept.map(([key, message]) => [key, parse(message)]));
      // A JSON string parses faster than the same object as a JavaScript literal.
      return { code: `export default JSON.parse(${JSON.stringify(JSON.stringify(ast))});`, moduleType: "js" };
    },
  };
}
