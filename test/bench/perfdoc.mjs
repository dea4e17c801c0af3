// docs/performance.md is written by the benchmark scripts, never by hand: each script owns one section,
// between `<!-- BEGIN name -->` and `<!-- END name -->`, and rewrites only that section (with the date of the
// run and the host it ran on), so `npm run bench` and `npm run lighthouse` can each refresh their own tables.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const FILE = join(resolve(dirname(fileURLToPath(import.meta.url)), "../.."), "docs", "performance.md");
const HEADER = `# Performance\n\nWritten by \`npm run bench\` and \`npm run lighthouse\` (test/bench/); each section is replaced by the\nnext run of the script that owns it. Figures come from one run on one machine: compare rows within a section,\nnot across machines.\n`;

/** Replaces (or appends) the section `name` of docs/performance.md with `markdown`, stamped with the date and host. */
export function writePerfSection(name, title, markdown) {
  mkdirSync(dirname(FILE), { recursive: true });
  let doc = existsSync(FILE) ? readFileSync(FILE, "utf8") : HEADER;
  const stamp = `_${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, ${cpus().length} × ${cpus()[0]?.model?.trim() ?? "cpu"}_`;
  const body = `<!-- BEGIN ${name} -->\n## ${title}\n\n${stamp}\n\n${markdown.trim()}\n<!-- END ${name} -->`;
  const re = new RegExp(`<!-- BEGIN ${name} -->[\\s\\S]*?<!-- END ${name} -->`);
  doc = re.test(doc) ? doc.replace(re, body) : `${doc.trimEnd()}\n\n${body}\n`;
  writeFileSync(FILE, doc);
  return FILE;
}
