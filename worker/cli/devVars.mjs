// The local secrets file, .dev.vars (git-ignored), that npm start and npm run dev read: a random JWT_SECRET, and the
// secrets wrangler.toml requires of a deployment ([secrets] required) declared empty, because locally their stand-ins
// answer. Declared, so the dev server does not warn that they are missing; empty, so the worker uses the stand-ins
// (worker/payments/provider.ts and worker/mail/sender.ts read an empty value as unset).
import { randomBytes } from "node:crypto";
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { parseEnv } from "node:util";

/** The required secrets that stay empty locally, with what stands in for each. */
export const LOCAL_STAND_INS = {
  STRIPE_SECRET_KEY: "payments go to the local Stripe emulator",
  STRIPE_WEBHOOK_SECRET: "the emulator signs its events with its own secret",
  RESEND_API_KEY: "mail goes to the local mailbox, /dev/mailbox",
};

const standIns = (names) => names.map((name) => `# ${LOCAL_STAND_INS[name]}\n${name}=\n`).join("");

/**
 * Makes `path` (.dev.vars) hold a JWT_SECRET and every stand-in, adding only what is missing: a file made by an earlier
 * version, or edited by hand, keeps what it has. Returns what it did, to be printed (nothing when nothing was missing).
 * @param {string} path
 * @returns {string[]}
 */
export function ensureDevVars(path) {
  if (!existsSync(path)) {
    writeFileSync(
      path,
      `# Local secrets for npm start / npm run dev (not committed)\nJWT_SECRET=${randomBytes(32).toString("hex")}\n` +
        `# Required of a deployment (wrangler.toml [secrets]); empty here, where these stand in:\n${standIns(Object.keys(LOCAL_STAND_INS))}`,
    );
    return ["Wrote .dev.vars with a random local JWT_SECRET (Stripe and mail: their local stand-ins)"];
  }
  const have = parseEnv(readFileSync(path, "utf8"));
  const said = [];
  let more = "";
  if (!("JWT_SECRET" in have)) {
    more += `JWT_SECRET=${randomBytes(32).toString("hex")}\n`;
    said.push("Added a random local JWT_SECRET to .dev.vars");
  }
  const missing = Object.keys(LOCAL_STAND_INS).filter((name) => !(name in have));
  if (missing.length) {
    more += standIns(missing);
    said.push(`Added ${missing.map((n) => `${n}=`).join(", ")} to .dev.vars: empty, as locally their stand-ins answer`);
  }
  if (more) appendFileSync(path, `${readFileSync(path, "utf8").endsWith("\n") ? "" : "\n"}${more}`);
  return said;
}
