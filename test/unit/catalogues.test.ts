// The catalogues (worker/rules/locales/): English and Arabic have the same keys, every message parses as
// ICU, an Arabic message uses exactly the arguments of its English one, plural messages in Arabic say
// something for each of Arabic's plural categories, and server messages can be read back (worker/rules/i18n.ts).
import { parse, TYPE } from "@formatjs/icu-messageformat-parser";
import type { MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { ar } from "../../worker/rules/locales/ar";
import { en, serverEn } from "../../worker/rules/locales/en";

function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const e of elements) {
    if (e.type === TYPE.argument || e.type === TYPE.number || e.type === TYPE.date || e.type === TYPE.time) into.add(e.value);
    if (e.type === TYPE.tag) {
      into.add(`<${e.value}>`);
      argumentsOf(e.children, into);
    }
    if (e.type === TYPE.plural || e.type === TYPE.select) {
      into.add(e.value);
      for (const option of Object.values(e.options)) argumentsOf(option.value, into);
    }
  }
  return into;
}

function plurals(elements: MessageFormatElement[]): { value: string; options: string[] }[] {
  return elements.flatMap((e) => (e.type === TYPE.plural ? [{ value: e.value, options: Object.keys(e.options) }] : e.type === TYPE.tag ? plurals(e.children) : []));
}

describe("the catalogues", () => {
  it("English and Arabic have the same keys", () => {
    const enKeys = Object.keys(en).sort();
    const arKeys = Object.keys(ar).sort();
    expect(arKeys.filter((k) => !(k in en))).toEqual([]);
    expect(enKeys.filter((k) => !(k in ar))).toEqual([]);
    expect(enKeys.length).toBeGreaterThan(20);
  });

  it("no catalogue file names a message twice (JSON keeps the last silently, so the first would be lost)", () => {
    const files = import.meta.glob("../../worker/rules/locales/*/*.json", { query: "?raw", import: "default", eager: true }) as Record<string, string>;
    const twice = Object.entries(files).flatMap(([path, text]) => {
      const keys = [...text.matchAll(/^\s*"([^"]+)":/gm)].map((m) => m[1]);
      return keys.filter((k, i) => keys.indexOf(k) !== i).map((k) => `${path}: ${k}`);
    });
    expect(Object.keys(files).length).toBeGreaterThan(10);
    expect(twice).toEqual([]);
  });

  it("every message parses as ICU and the Arabic one uses the English one's arguments", () => {
    const problems: string[] = [];
    for (const [id, text] of Object.entries(en)) {
      const arabic = ar[id];
      if (arabic === undefined) continue;
      try {
        const enArgs = [...argumentsOf(parse(text))].sort();
        const arArgs = [...argumentsOf(parse(arabic))].sort();
        if (enArgs.join() !== arArgs.join()) problems.push(`${id}: en {${enArgs}} ar {${arArgs}}`);
      } catch (e) {
        problems.push(`${id}: ${(e as Error).message}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("Arabic plural messages cover zero, one, two, few, many and other", () => {
    const missing: string[] = [];
    for (const [id, text] of Object.entries(ar)) {
      for (const p of plurals(parse(text))) {
        const lacking = ["zero", "one", "two", "few", "many", "other"].filter((c) => !p.options.includes(c));
        if (lacking.length) missing.push(`${id} (${p.value}): ${lacking.join(", ")}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("no Arabic message is left in English", () => {
    // A message may keep Latin text (a brand, an example URL), but not be the English text itself.
    const same = Object.keys(ar).filter((id) => ar[id] === (en as Record<string, string>)[id] && /[A-Za-z]{3}/.test(ar[id]!) && !/\p{Script=Arabic}/u.test(ar[id]!));
    expect(same.filter((id) => !KEPT_IN_LATIN.has(id))).toEqual([]);
  });

  it("a range a message writes (A–Z, {from}–{to}) has a word joiner after its dash: a line may not break there", () => {
    // A line may break after an en dash (Unicode's line breaking, class BA): the Arabic checklist at 390 px showed
    // «(A–» over «Z)» in the Arabic face (the 22nd reading). The board's own ranges are written «–\u2060» (format.ts).
    const open = Object.entries({ ...en, ...Object.fromEntries(Object.entries(ar).map(([id, text]) => [`ar:${id}`, text])) }).filter(([, text]) => /\S–(?!\u2060)\S/u.test(text as string));
    expect(open.map(([id]) => id)).toEqual([]);
  });

  it("server messages use plain {name} arguments only, so the API can read them back", () => {
    const complex = Object.entries(serverEn).filter(([, text]) => /\{\s*\w+\s*,/.test(text) || (text.includes("'") && text.includes("{")));
    expect(complex.map(([id]) => id)).toEqual([]);
  });
});

/** Messages whose Arabic is deliberately the same Latin text (formats and names, not prose; a language named in itself). */
// Messages that are only their arguments and punctuation, the same in both languages ("{heading}: {what}": a bundle
// by its contents, the colon as the server's receipts and Billing write it).
const KEPT_IN_LATIN = new Set<string>(["common.language.switchTo", "account.settings.languageEnglish", "posting.bundle.contents"]);

describe("the web app's messages (web/messages/)", () => {
  // The discovery catalogue (page titles and descriptions, feeds, share cards) is the worker's own: the browser never says it.
  it("the listing's part and the other screens' part hold every message but the mail's and discovery's, in both languages, precompiled", async () => {
    for (const [locale, catalogue] of [
      ["en", en],
      ["ar", ar],
    ] as const) {
      const listing = (await import(`../../web/messages/listing-${locale}.ts`)).messages as Record<string, MessageFormatElement[]>;
      const screens = (await import(`../../web/messages/screens-${locale}.ts`)).messages as Record<string, MessageFormatElement[]>;
      const web = { ...listing, ...screens };
      expect(Object.keys(listing).filter((id) => id in screens)).toEqual([]);
      // English list values named as they are stored ("value.tag.Finance": "Finance") are left out: i18n.value gives
      // the value itself (vite.messages.ts).
      const itself = (id: string) => locale === "en" && id.startsWith("value.") && id.split(".").slice(2).join(".") === (catalogue as Record<string, string>)[id];
      expect(Object.keys(web).sort()).toEqual(
        Object.keys(catalogue)
          .filter((id) => !id.startsWith("mail.") && !id.startsWith("discovery.") && !itself(id))
          .sort(),
      );
      // Each message is its text parsed, as the browser's react-intl (which has no parser) needs it.
      for (const [id, ast] of Object.entries(web)) expect(ast, id).toEqual(parse((catalogue as Record<string, string>)[id]!));
    }
  });
});

describe("the discovery catalogue stays the worker's", () => {
  const sources = import.meta.glob("../../web/**/*.{ts,tsx}", { query: "?raw", import: "default", eager: true }) as Record<string, string>;
  it("no web module says a discovery.* message (the browser does not load that catalogue)", () => {
    const saying = Object.entries(sources)
      .filter(([, text]) => /["'`]discovery\./.test(text))
      .map(([file]) => file);
    expect(saying).toEqual([]);
  });
});
