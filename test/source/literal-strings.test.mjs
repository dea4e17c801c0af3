// No English outside the catalogues (README, Decisions: "Arabic and English"): a check over the web app's
// source with the TypeScript parser. It fails on
//  - JSX text with a letter in it ("<p>Find Jobs</p>");
//  - a string with a letter in it given to a text attribute (placeholder, title, alt, aria-label, label, …)
//    or as a JSX child ({"Find Jobs"});
//  - any other string literal that reads as English prose: a capitalised word followed by more words
//    ("Something went wrong", useDocumentTitle("Find Jobs")).
// What the person sees comes from t("…") / rich("…") (web/i18n.tsx). A line may opt out with a
// `i18n-ignore` comment saying why (e.g. a language's own name in the switcher).
import assert from "node:assert/strict";
import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const WEB = join(ROOT, "web");

const TEXT_ATTRIBUTES = new Set(["placeholder", "title", "alt", "aria-label", "aria-description", "aria-placeholder", "aria-valuetext", "aria-roledescription", "label", "summary"]);
const LETTER = /\p{L}/u;
const PROSE = /^[A-Z][a-z’']*(?:[ ,][A-Za-z’'.,!?:()&/-]+)+/;

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.(tsx|ts)$/.test(name) && !name.endsWith(".d.ts") ? [p] : [];
  });
}

/** Every English string a person could see in one file: [line, text]. */
function literalStrings(fileName, text) {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const lines = text.split("\n");
  const found = [];
  const report = (node, value) => {
    const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
    if (/i18n-ignore/.test(lines[line] ?? "") || /i18n-ignore/.test(lines[line - 1] ?? "")) return;
    found.push(`${relative(ROOT, fileName)}:${line + 1}: ${JSON.stringify(value.trim().slice(0, 60))}`);
  };
  const isStringy = (n) => ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n);
  const templateText = (n) => (ts.isTemplateExpression(n) ? [n.head.text, ...n.templateSpans.map((s) => s.literal.text)].join(" ") : null);
  const visit = (node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isImportTypeNode?.(node)) return;
    if (ts.isJsxText(node)) {
      if (LETTER.test(node.text)) report(node, node.text);
    } else if (ts.isJsxAttribute(node)) {
      const name = node.name.getText(sf);
      const init = node.initializer;
      if (TEXT_ATTRIBUTES.has(name) && init) {
        const expr = ts.isJsxExpression(init) ? init.expression : init;
        if (expr && isStringy(expr) && LETTER.test(expr.text)) report(expr, expr.text);
        else if (expr && templateText(expr) && LETTER.test(templateText(expr))) report(expr, templateText(expr));
        else if (expr && ts.isConditionalExpression(expr)) {
          for (const branch of [expr.whenTrue, expr.whenFalse]) if (isStringy(branch) && LETTER.test(branch.text)) report(branch, branch.text);
        }
        return;
      }
      if (name === "className" || name === "key" || name === "id" || name === "to" || name === "href") return;
    } else if (ts.isJsxExpression(node) && node.expression && isStringy(node.expression) && ts.isJsxElement(node.parent) && LETTER.test(node.expression.text)) {
      report(node.expression, node.expression.text);
      return;
    } else if (isStringy(node) && PROSE.test(node.text)) {
      report(node, node.text);
    } else if (ts.isTemplateExpression(node) && PROSE.test(templateText(node))) {
      report(node, templateText(node));
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe("the web app's text comes from the catalogues", () => {
  const files = sourceFiles(WEB);

  it("finds the web app's source", () => {
    assert.ok(files.length > 80, `only ${files.length} files`);
  });

  it("the check catches English in JSX text, text attributes and prose strings", () => {
    const sample = `export function A() { const m = "Something went wrong"; return <p title="Open menu" aria-label={x ? "Close" : t("a")}>Find Jobs {"Sign in"} {t("ok")}</p>; }`;
    assert.equal(literalStrings(join(WEB, "Sample.tsx"), sample).length, 5);
    assert.deepEqual(literalStrings(join(WEB, "Sample.tsx"), `export const A = () => <p className="job-card x">{t("a")} · {n}</p>;`), []);
  });

  it("no component shows English that is not in the catalogue", () => {
    const found = files.flatMap((f) => literalStrings(f, readFileSync(f, "utf8")));
    assert.deepEqual(found, []);
  });
});
