/// <reference types="vite/client" />
// Every English message the API answers with is in the server catalogue (worker/rules/locales/en/server.json),
// so worker/http/locale.ts can answer it in the request's language: each plain string literal handed to a
// domain error (invalid, conflict, notFound, unavailable, internal, DomainError), an HttpError, a
// requireUser / rate-limit / refund / pricing message, or given as `error:` in c.json, is identified by
// identifyMessage. A template literal with a variable cannot be checked, so it is a finding too: compose it
// with m(id, values) from worker/rules/serverMessages.ts.
import { describe, expect, it } from "vitest";
import { identifyMessage } from "../../worker/rules/i18n";
import { serverEn } from "../../worker/rules/locales/en";
import { m } from "../../worker/rules/serverMessages";

const sources = import.meta.glob("../../worker/**/*.ts", { query: "?raw", import: "default", eager: true }) as Record<string, string>;
const files = Object.entries(sources).map(([path, text]) => ({ path: path.replace("../../", ""), text }));

/** Mail, feeds and pages have their own catalogues; the CLI talks to the operator in English. */
const OUT_OF_SCOPE = [/^worker\/mail\//, /^worker\/discovery\//, /^worker\/cli\//, /^worker\/rules\/locales\//];

/** Comments removed, so a comment that quotes a message is not taken for one. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
}

const BACKTICK = "`";
const LITERAL = String.raw`("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|${BACKTICK}(?:[^${BACKTICK}\\]|\\.)*${BACKTICK})`;
const SITES: RegExp[] = [
  new RegExp(String.raw`\b(?:invalid|conflict|notFound|unavailable|internal)\(\s*${LITERAL}`, "g"),
  new RegExp(String.raw`\bnew\s+(?:HttpError|DomainError)\(\s*[^,()]+,\s*${LITERAL}`, "g"),
  new RegExp(String.raw`\bnew\s+(?:RefundError|PricingError)\(\s*${LITERAL}`, "g"),
  new RegExp(String.raw`\brequireUser\(\s*c\s*,\s*${LITERAL}`, "g"),
  new RegExp(String.raw`\bmine\(\s*c\s*,\s*${LITERAL}`, "g"),
  new RegExp(String.raw`\bc\.json\(\s*\{\s*error:\s*${LITERAL}`, "g"),
  new RegExp(String.raw`\bfail\(\s*\d+\s*,\s*${LITERAL}`, "g"),
  // enforceRateLimits(c, [...], "message", now)
  new RegExp(String.raw`\],\s*${LITERAL},\s*now\s*,?\s*\)`, "g"),
  // A message constant: export const SOMETHING_MESSAGE = "...", NOT_FOUND = "...".
  new RegExp(String.raw`\bconst\s+[A-Z_]*(?:MESSAGE|NOT_FOUND|USED_UP|POSTED|REVIEW|WAITING|ACTIVE)\s*=\s*${LITERAL}`, "g"),
];

function unquote(literal: string): string {
  if (literal.startsWith('"')) return JSON.parse(literal) as string;
  return literal.slice(1, -1).replace(/\\(.)/g, "$1");
}

/** The findings in one file: "path: text" for each message that is not in the catalogue. */
function unlistedMessages(list: { path: string; text: string }[]): string[] {
  const out: string[] = [];
  for (const f of list) {
    if (OUT_OF_SCOPE.some((re) => re.test(f.path))) continue;
    const src = code(f.text);
    for (const re of SITES) {
      for (const match of src.matchAll(re)) {
        const literal = match[1]!;
        const text = unquote(literal);
        if (literal.startsWith("`") && text.includes("${")) {
          out.push(`${f.path}: template literal ${literal} (compose it with m())`);
          continue;
        }
        if (!identifyMessage(serverEn, text)) out.push(`${f.path}: "${text}"`);
      }
    }
  }
  return out;
}

describe("the API's messages are in the server catalogue", () => {
  it("finds the worker's source files", () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files.some((f) => f.path === "worker/http/errors.ts")).toBe(true);
  });

  it("every message thrown or answered across worker/ is an English message of server.json", () => {
    expect(unlistedMessages(files)).toEqual([]);
  });

  it("the check finds a message that is not in the catalogue, and a template literal", () => {
    const sample = {
      path: "worker/sample/routes.ts",
      text: [
        `if (!row) throw new HttpError(404, "Nothing here at all");`,
        `throw conflict("The moon is not in phase", "moon");`,
        // biome-ignore lint/suspicious/noTemplateCurlyInString: source text with a template literal, as a sample
        "return c.json({ error: `Bad thing: ${reason}` }, 400);",
        `// throw new HttpError(404, "A comment is not a message");`,
        `throw new HttpError(404, "Job not found");`,
        `throw invalid(m("server.posting.title"));`,
      ].join("\n"),
    };
    expect(unlistedMessages([sample])).toEqual([
      'worker/sample/routes.ts: "The moon is not in phase"',
      'worker/sample/routes.ts: "Nothing here at all"',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the finding quotes the sample's source
      "worker/sample/routes.ts: template literal `Bad thing: ${reason}` (compose it with m())",
    ]);
  });

  it("m() composes the English text the rules used to spell out", () => {
    expect(m("server.posting.posts", { min: 1, max: 50 })).toBe("Number of posts must be a whole number from 1 to 50");
    expect(m("server.contact.messageLong", { max: (5000).toLocaleString("en-US") })).toBe("Message must be at most 5,000 characters");
    expect(() => m("server.nope" as never)).toThrow(/No server message/);
  });

  it("every value.<list>.<value> key names a value of the list and reads back as itself", () => {
    const values = Object.keys(serverEn).filter((k) => k.startsWith("value."));
    expect(values.length).toBeGreaterThan(60);
    for (const id of ["value.type.full-time", "value.sort.salary-high", "value.stage.Series C+", "value.category.Data Science", "value.subject.Other", "value.bundle.premium-success"]) {
      expect(values).toContain(id);
    }
  });
});
