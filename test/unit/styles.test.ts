// Styles that cannot fight (web/styles/index.css says how): every stylesheet is imported once, from
// web/styles/index.css, which web/main.tsx imports; every rule sits in a cascade layer, so load order never decides
// which rule wins; a class's rules live in one file; and the properties are logical (margin-inline-start, not
// margin-left), so a right-to-left page mirrors. The checks read the files as text.
/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";

const stylesheets = import.meta.glob("../../web/**/*.css", { query: "?raw", import: "default", eager: true }) as Record<string, string>;
const scripts = import.meta.glob("../../web/**/*.{ts,tsx}", { query: "?raw", import: "default", eager: true }) as Record<string, string>;

const ENTRY = "web/main.tsx";
const INDEX = "web/styles/index.css";
const LAYERS = ["base", "components", "screens", "utilities"];

/** "../../web/styles/base.css" → "web/styles/base.css" */
const rel = (path: string) => path.replace(/^(\.\.\/)+/, "");
const css = Object.fromEntries(Object.entries(stylesheets).map(([path, text]) => [rel(path), text]));
const code = Object.fromEntries(Object.entries(scripts).map(([path, text]) => [rel(path), text]));

/** A statement of a stylesheet: an at-rule or a style rule with its block, or a statement ending in `;`. */
interface Statement {
  prelude: string;
  block: string | null;
}

/** The statements at the top level of a stylesheet (or of a block's contents), comments removed. */
function statements(text: string): Statement[] {
  const source = text.replace(/\/\*[\s\S]*?\*\//g, "");
  const out: Statement[] = [];
  let start = 0;
  let depth = 0;
  let open = -1;
  let quote = "";
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (quote) {
      if (c === quote) quote = "";
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "{") {
      if (depth++ === 0) open = i;
    } else if (c === "}") {
      if (--depth === 0) {
        out.push({ prelude: source.slice(start, open).trim(), block: source.slice(open + 1, i) });
        start = i + 1;
      }
    } else if (c === ";" && depth === 0) {
      out.push({ prelude: source.slice(start, i).trim(), block: null });
      start = i + 1;
    }
  }
  if (source.slice(start).trim()) throw new Error(`unterminated: ${source.slice(start).trim().slice(0, 60)}`);
  return out;
}

/** A style rule with where it sits: the at-rules around it (without @layer), its selectors and declarations. */
interface StyleRule {
  file: string;
  context: string;
  selectors: string[];
  declarations: { property: string; value: string }[];
}

function styleRules(file: string, text: string, context = ""): StyleRule[] {
  return statements(text).flatMap(({ prelude, block }): StyleRule[] => {
    if (block === null || /^@(keyframes|font-face)/.test(prelude)) return [];
    if (prelude.startsWith("@")) return styleRules(file, block, prelude.startsWith("@layer") ? context : `${context} ${prelude}`.trim());
    const declarations = block
      .split(";")
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => ({ property: d.slice(0, d.indexOf(":")).trim().toLowerCase(), value: d.slice(d.indexOf(":") + 1).trim() }));
    return [{ file, context, selectors: splitSelectors(prelude), declarations }];
  });
}

/** "a, b:is(c, d)" → ["a", "b:is(c, d)"]: commas inside brackets do not split. */
function splitSelectors(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    if ("([".includes(list[i])) depth++;
    else if (")]".includes(list[i])) depth--;
    else if (list[i] === "," && depth === 0) {
      out.push(list.slice(start, i).trim());
      start = i + 1;
    }
  }
  out.push(list.slice(start).trim());
  return out.map((s) => s.replace(/\s+/g, " "));
}

/**
 * The classes a selector styles: those of its subject (the compound after the last combinator), outside :not()
 * and outside attribute values. State classes (is-*, has-*) only qualify their owner (`.status-pill.is-live`),
 * so they count only when nothing else in the subject names a class.
 */
function subjectClasses(selector: string): string[] {
  const bare = selector.replace(/\[[^\]]*\]/g, "[]").replace(/:not\([^)]*\)/g, "");
  const subject = bare.split(/\s*[\s>+~]\s*/).pop() ?? "";
  const classes = [...subject.matchAll(/\.([\w-]+)/g)].map((m) => m[1]);
  const owners = classes.filter((c) => !/^(is|has)-/.test(c));
  return owners.length ? owners : classes;
}

/**
 * Rules where a container lays out the buttons it holds, kept in the container's file: the buttons themselves are
 * built in many screens (17 result and empty states end in a message card), so a class on each would spread one
 * spacing rule over all of them.
 */
const LAYOUT_BY_CONTAINER = new Set([
  "web/styles/components/panels.css .empty-state .button",
  "web/styles/components/panels.css .message-card .button-row",
  "web/styles/components/panels.css .message-card > .button",
  "web/styles/screens/spotlight.css .spotlight-topbar-actions .button",
  "web/styles/screens/spotlight.css .onboarding-card .button",
]);

/** Physical left and right (the next issue adds right-to-left pages), each with why it is meant. */
const PHYSICAL_ALLOWED = new Set([
  // left: 50% with translateX(-50%) centres the toast; it is the same in either direction.
  "web/styles/screens/dashboard.css .toast-region left",
]);
const PHYSICAL_PROPERTY = /^(margin|padding|border)-(left|right)(-|$)|^(left|right)$/;
const PHYSICAL_VALUE = /^(text-align|float|clear)$/;

const rules = Object.entries(css).flatMap(([file, text]) => styleRules(file, text));

const LATER = ["web/styles/later.css", "web/styles/pages.css"];
const ENTRIES = [INDEX, ...LATER];

describe("stylesheets are imported once, from the entry sheets", () => {
  it("web/main.tsx imports web/styles/index.css; web/i18n.tsx loads later.css and pages.css with the other screens; no other module imports a stylesheet", () => {
    const imports = Object.entries(code).flatMap(([file, text]) => [
      ...[...text.matchAll(/^\s*import\s+(?:[\w{}\s,*]+\s+from\s+)?["']([^"']+\.css)(?:\?[^"']*)?["']/gm)].map((m) => `${file} → ${m[1]}`),
      ...[...text.matchAll(/\bimport\(\s*["']([^"']+\.css)["']\s*\)/g)].map((m) => `${file} → import(${m[1]})`),
    ]);
    expect(imports.sort()).toEqual([`${ENTRY} → ./styles/index.css`, "web/i18n.tsx → import(./styles/later.css)", "web/i18n.tsx → import(./styles/pages.css)"].sort());
  });

  it("the entry sheets import every other stylesheet exactly once between them, and no other stylesheet imports one", () => {
    const imported = ENTRIES.flatMap((entry) =>
      statements(css[entry])
        .filter((s) => s.prelude.startsWith("@import"))
        .map((s) => `web/styles/${s.prelude.match(/["']\.\/([^"']+)["']/)![1]}`),
    );
    const others = Object.keys(css).filter((f) => !ENTRIES.includes(f));
    expect([...imported].sort()).toEqual([...others].sort());
    expect(new Set(imported).size).toBe(imported.length);
    for (const file of others) expect(css[file], file).not.toMatch(/@import/);
  });

  it("the sheets loaded later only import (the layers' order is index.css's, which always loads first)", () => {
    for (const file of LATER)
      expect(
        statements(css[file]).every((s) => s.prelude.startsWith("@import") && s.block === null),
        file,
      ).toBe(true);
  });
});

describe("every rule sits in a cascade layer, in one declared order", () => {
  it("the layer order is declared once, in web/styles/index.css, before the imports", () => {
    const top = statements(css[INDEX]);
    expect(top[0]).toEqual({ prelude: `@layer ${LAYERS.join(", ")}`, block: null });
    expect(top.slice(1).every((s) => s.prelude.startsWith("@import") && s.block === null)).toBe(true);
    const orderStatements = Object.entries(css).flatMap(([file, text]) => [...text.replace(/\/\*[\s\S]*?\*\//g, "").matchAll(/@layer\s+[\w\s,-]+;/g)].map((m) => `${file}: ${m[0]}`));
    expect(orderStatements).toEqual([`${INDEX}: @layer ${LAYERS.join(", ")};`]);
  });

  it("every other stylesheet is one @layer block, named after its folder (base.css, components/, screens/, utilities.css)", () => {
    for (const [file, text] of Object.entries(css)) {
      if (ENTRIES.includes(file)) continue;
      const top = statements(text);
      const layer = /^web\/styles\/(components|screens)\//.exec(file)?.[1] ?? /^web\/styles\/(base|utilities)\.css$/.exec(file)?.[1];
      expect(layer, `${file} is not in web/styles/{base,utilities}.css, components/ or screens/`).toBeTruthy();
      expect(
        top.map((s) => s.prelude),
        file,
      ).toEqual([`@layer ${layer}`]);
    }
  });
});

describe("one home per class", () => {
  it("no class is styled (named in a selector's subject) in two stylesheets", () => {
    const homes = new Map<string, Set<string>>();
    for (const rule of rules) {
      for (const selector of rule.selectors) {
        if (LAYOUT_BY_CONTAINER.has(`${rule.file} ${selector}`)) continue;
        for (const cls of subjectClasses(selector)) {
          if (/^(is|has)-/.test(cls)) continue;
          if (!homes.has(cls)) homes.set(cls, new Set());
          homes.get(cls)!.add(rule.file);
        }
      }
    }
    const twice = [...homes].filter(([, files]) => files.size > 1).map(([cls, files]) => `.${cls}: ${[...files].join(", ")}`);
    expect(twice).toEqual([]);
  });

  it("a state class (is-*, has-*) always qualifies an owner class, never stands alone", () => {
    const alone = rules.flatMap((r) => r.selectors.filter((s) => [...s.matchAll(/\.([\w-]+)/g)].every((m) => /^(is|has)-/.test(m[1])) && /\.(is|has)-/.test(s)).map((s) => `${r.file}: ${s}`));
    expect(alone).toEqual([]);
  });

  it("the allowed container rules still exist (an entry that no longer matches is removed)", () => {
    const present = new Set(rules.flatMap((r) => r.selectors.map((s) => `${r.file} ${s}`)));
    expect([...LAYOUT_BY_CONTAINER].filter((entry) => !present.has(entry))).toEqual([]);
  });
});

describe("logical properties, so right-to-left pages mirror", () => {
  it("no margin-left/right, padding-left/right, border-left/right, left, right, text-align or float left/right", () => {
    const physical = rules.flatMap((rule) =>
      rule.declarations
        .filter(({ property, value }) => PHYSICAL_PROPERTY.test(property) || (PHYSICAL_VALUE.test(property) && /^(left|right)\b/.test(value)))
        .flatMap(({ property, value }) => rule.selectors.filter((s) => !PHYSICAL_ALLOWED.has(`${rule.file} ${s} ${property}`)).map((s) => `${rule.file}: ${s} { ${property}: ${value} }`)),
    );
    expect(physical).toEqual([]);
  });

  it("no inline style in the web app sets a physical left or right", () => {
    const inline = Object.entries(code).flatMap(([file, text]) =>
      [...text.matchAll(/\b(margin|padding|border)(Left|Right)\w*\s*:|\b(left|right)\s*:\s*["'\d]|textAlign\s*:\s*["'](left|right)["']|float\s*:\s*["'](left|right)["']/g)].map(
        (m) => `${file}: ${m[0]}`,
      ),
    );
    expect(inline).toEqual([]);
  });

  it("the physical exceptions still exist (an entry that no longer matches is removed)", () => {
    const present = new Set(rules.flatMap((r) => r.declarations.flatMap((d) => r.selectors.map((s) => `${r.file} ${s} ${d.property}`))));
    expect([...PHYSICAL_ALLOWED].filter((entry) => !present.has(entry))).toEqual([]);
  });
});

describe("notices", () => {
  it("a notice is a box (info, error, warning, success) or plain text: `notice` alone padded its text 20 px in from what it stands under, in no box", () => {
    // The 22nd reading: /saved, /applications, the inbox without a job and the repost dialog each had one.
    const bare = Object.entries(code).flatMap(([file, text]) =>
      [...text.matchAll(/className=["'`{]+([^"'`}]*)/g)]
        .map((m) => m[1]!.split(/\s+/))
        .filter((classes) => classes.includes("notice") && !classes.some((c) => ["notice-info", "notice-error", "notice-warning", "notice-success"].includes(c)))
        .map((classes) => `${file}: ${classes.join(" ")}`),
    );
    expect(bare).toEqual([]);
  });
});
