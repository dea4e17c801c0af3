// .dev.vars, the local secrets npm start and npm run dev read (worker/cli/devVars.mjs): a random JWT_SECRET, and every
// other secret wrangler.toml requires of a deployment declared empty, so the dev server never warns "Missing required
// secrets" about what the Stripe emulator and the local mailbox stand in for; a file from an earlier version gains
// what it lacks and keeps what it has.
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { after, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { parseEnv } from "node:util";
import { ensureDevVars } from "../../worker/cli/devVars.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const dir = mkdtempSync(join(tmpdir(), "dev-vars-"));
after(() => rmSync(dir, { recursive: true, force: true }));

/** wrangler.toml's `[secrets] required = [...]`. */
const required = JSON.parse(/^\[secrets\]\s*\nrequired\s*=\s*(\[[^\]]*\])/m.exec(readFileSync(join(ROOT, "wrangler.toml"), "utf8"))[1]);

describe(".dev.vars", () => {
  it("a new one declares every secret a deployment requires: a random JWT_SECRET, the others empty", () => {
    const path = join(dir, "new.dev.vars");
    assert.deepEqual(ensureDevVars(path), ["Wrote .dev.vars with a random local JWT_SECRET (Stripe and mail: their local stand-ins)"]);
    const vars = parseEnv(readFileSync(path, "utf8"));
    assert.deepEqual(Object.keys(vars).sort(), [...required].sort());
    assert.match(vars.JWT_SECRET, /^[0-9a-f]{64}$/);
    for (const name of required.filter((n) => n !== "JWT_SECRET")) assert.equal(vars[name], "", name);
    assert.deepEqual(ensureDevVars(path), [], "a second start changes nothing");
    assert.deepEqual(parseEnv(readFileSync(path, "utf8")), vars);
  });

  it("one written by an earlier version gains the empty declarations and keeps its JWT_SECRET and the rest", () => {
    const path = join(dir, "old.dev.vars");
    writeFileSync(path, "# Local secrets for npm start / npm run dev (not committed)\nJWT_SECRET=kept-as-it-was\nRESEND_API_KEY=re_mine");
    assert.deepEqual(ensureDevVars(path), ["Added STRIPE_SECRET_KEY=, STRIPE_WEBHOOK_SECRET= to .dev.vars: empty, as locally their stand-ins answer"]);
    assert.deepEqual(parseEnv(readFileSync(path, "utf8")), { JWT_SECRET: "kept-as-it-was", RESEND_API_KEY: "re_mine", STRIPE_SECRET_KEY: "", STRIPE_WEBHOOK_SECRET: "" });
  });

  it("one without a JWT_SECRET gains a random one", () => {
    const path = join(dir, "nojwt.dev.vars");
    writeFileSync(path, "STRIPE_SECRET_KEY=\nSTRIPE_WEBHOOK_SECRET=\nRESEND_API_KEY=\n");
    assert.deepEqual(ensureDevVars(path), ["Added a random local JWT_SECRET to .dev.vars"]);
    assert.match(parseEnv(readFileSync(path, "utf8")).JWT_SECRET, /^[0-9a-f]{64}$/);
  });
});
