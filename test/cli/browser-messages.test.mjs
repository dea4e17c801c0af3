// The browser build's server messages (inlineServerMessages in vite.messages.ts): each `m("id", …)` in the shared
// rules becomes its English text, so the browser does not load the 27 KB catalogue (issue 24's first-load budget);
// an id the build cannot read fails the build instead of reaching the browser.
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, it } from "node:test";
import { inlineServerMessages } from "../../vite.messages.ts";

const ROOT = join(import.meta.dirname, "../..");
const catalogue = JSON.parse(readFileSync(join(ROOT, "worker/rules/locales/en/server.json"), "utf8"));
const plugin = inlineServerMessages(ROOT);
const transform = (code, file = `${ROOT}/worker/rules/sample.ts`, environment = "client") => plugin.transform.call({ environment: { name: environment } }, code, file);

describe("the browser build's server messages", () => {
  it("puts each message's English text in place of its id, and calls fill instead of m", () => {
    const out = transform(
      'import { m } from "./serverMessages";\nexport const a = m("server.common.offline");\nexport const b = m(n === 1 ? "server.pricing.creditsOne" : "server.pricing.credits", { posts: n });\n',
    );
    assert.match(out.code, /import \{ fill as m \} from "@rules\/serverText";/);
    assert.ok(out.code.includes(`m(${JSON.stringify(catalogue["server.common.offline"])})`), out.code);
    assert.ok(out.code.includes(JSON.stringify(catalogue["server.pricing.creditsOne"])), out.code);
    assert.ok(out.code.includes(JSON.stringify(catalogue["server.pricing.credits"])), out.code);
    assert.doesNotMatch(out.code, /serverMessages|"server\./);
  });

  it("fails on an id it cannot read (a template or a variable) and on an unknown id", () => {
    const template = ["const x = m(`server.alerts.posted.", "$", "{t}`);"].join("");
    assert.throws(() => transform(`import { m } from "./serverMessages";\n${template}\n`), /literal message id/);
    assert.throws(() => transform('import { m } from "./serverMessages";\nconst x = m(id);\n'), /literal message id/);
    assert.throws(() => transform('import { m } from "./serverMessages";\nconst x = m("server.no.such.message");\n'), /no server message server\.no\.such\.message/);
  });

  it("leaves the worker's build and files outside the shared rules as they are", () => {
    const code = 'import { m } from "./serverMessages";\nexport const a = m("server.common.offline");\n';
    assert.equal(transform(code, `${ROOT}/worker/rules/sample.ts`, "startup_jobs"), null);
    assert.equal(transform(code, `${ROOT}/worker/domain/sample.ts`), null);
  });

  it("reads every message id in the shared rules the web can import", () => {
    const dir = join(ROOT, "worker/rules");
    const files = readdirSync(dir).filter((f) => f.endsWith(".ts") && f !== "serverMessages.ts");
    let transformed = 0;
    for (const file of files) {
      const out = transform(readFileSync(join(dir, file), "utf8"), join(dir, file));
      if (!out) continue;
      transformed++;
      assert.doesNotMatch(out.code, /\bm\(\s*"(?:server|value)\./, file);
    }
    assert.ok(transformed >= 15, `${transformed} rules files say server messages`);
  });
});
