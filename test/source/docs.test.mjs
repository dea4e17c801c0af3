// Issue 21, item 5: a README a newcomer can read (at most 250 lines, its first screen the three commands), the
// decisions in docs/decisions/ one short file each (context, decision, status, date), and docs/performance.md
// made of sections the bench scripts write (test/bench/perfdoc.mjs).
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const readme = readFileSync(join(ROOT, "README.md"), "utf8");

describe("README.md", () => {
  it("is at most 250 lines", () => {
    assert.ok(readme.split("\n").length <= 250, `README.md has ${readme.split("\n").length} lines`);
  });
  it("opens with npm install, npm start and npm test", () => {
    const firstScreen = readme.split("\n").slice(0, 10).join("\n");
    for (const cmd of ["npm install", "npm start", "npm test"]) assert.match(firstScreen, new RegExp(`^${cmd}\\b`, "m"));
  });
  it("keeps no decisions or benchmark tables of its own", () => {
    assert.doesNotMatch(readme, /^## Decisions$/m);
    assert.doesNotMatch(readme, /^\| jobs \| measurement/m);
  });
});

describe("docs/decisions/", () => {
  const files = readdirSync(join(ROOT, "docs/decisions")).filter((f) => f.endsWith(".md"));
  it("docs/decisions.md lists every decision file once, and no file that is not there", () => {
    const listed = [...readFileSync(join(ROOT, "docs/decisions.md"), "utf8").matchAll(/^- \[\d{4}\]\(decisions\/([^)]+)\): \S/gm)].map((m) => m[1]);
    assert.deepEqual([...listed].sort(), [...files].sort());
  });
  it("one file per decision, numbered NNNN-title.md, each with its context, decision, status and date", () => {
    assert.ok(files.length >= 30);
    const numbers = new Set();
    for (const f of files) {
      assert.match(f, /^\d{4}-[a-z0-9-]+\.md$/);
      assert.ok(!numbers.has(f.slice(0, 4)), `two decisions numbered ${f.slice(0, 4)}`);
      numbers.add(f.slice(0, 4));
      const text = readFileSync(join(ROOT, "docs/decisions", f), "utf8");
      assert.match(text, /^# /, f);
      assert.match(text, /^## Context$/m, f);
      assert.match(text, /^## Decision$/m, f);
      assert.match(text, /Status: \w+/i, f);
      assert.match(text, /Date: \d{4}-\d{2}-\d{2}/i, f);
    }
  });
  it("every link to a decision from the README or the docs names a file that exists", () => {
    const docs = [readme, readFileSync(join(ROOT, "docs/api.md"), "utf8")].join("\n");
    for (const [, name] of docs.matchAll(/decisions\/(\d{4}-[a-z0-9-]+\.md)/g)) assert.ok(files.includes(name), `no docs/decisions/${name}`);
  });
});

describe("docs/performance.md", () => {
  it("is made of sections the bench scripts own (BEGIN/END markers)", () => {
    const doc = readFileSync(join(ROOT, "docs/performance.md"), "utf8");
    for (const name of ["bench", "lighthouse"]) {
      assert.match(doc, new RegExp(`<!-- BEGIN ${name} -->[\\s\\S]+<!-- END ${name} -->`));
    }
  });
});
