// Passkeys (WebAuthn) beside passwords (issue 23), with @simplewebauthn/server, which runs on Web Crypto (no
// Node built-ins) and so in Workers. Registration: a signed-in account asks for options, its authenticator
// answers, the answer is verified against the single-use challenge and the credential is kept. Sign-in: options
// for anyone (discoverable credentials, no user named), the assertion is verified against the stored public key.
// The relying party is this site: APP_URL's host and origin.
import type { AuthenticationResponseJSON, RegistrationResponseJSON, verifyAuthenticationResponse, verifyRegistrationResponse } from "@simplewebauthn/server";
import type { Env } from "../env";
import { appOrigin } from "../lib/appUrl";
import type { RequestLike } from "../lib/appUrl";
import { DomainError, invalid, notFound } from "../lib/errors";
import { base64urlDecode, base64urlEncode } from "../lib/token";
import { m } from "../rules/serverMessages";
import { claimChallenge, insertChallenge, insertPasskey, passkeyById, passkeysOf, recordPasskeyUse } from "./passkeyStore";

// The WebAuthn library (and the ASN.1 and post-quantum code under it) is imported on the first passkey ceremony.
// The build inlines it in the one bundle all the same; the worker tests, which load the app module by module for
// each test file, skip it unless a test needs it: it was 1.7 of the 3.6 s each file spent loading the app (issue 21).
const webauthn = () => import("@simplewebauthn/server");

/** How long a ceremony's challenge lasts. */
const CHALLENGE_TTL_MS = 5 * 60 * 1000;
const RP_NAME = "Startup Jobs";

export interface PasskeySummary {
  id: string;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}

function relyingParty(c: RequestLike): { rpID: string; origin: string } {
  const origin = appOrigin(c);
  return { rpID: new URL(origin).hostname, origin };
}

const failed = () => new DomainError("unauthenticated", m("server.auth.passkeyFailed"), "passkey_failed");

export async function listPasskeys(db: D1Database, accountId: string): Promise<PasskeySummary[]> {
  return (await passkeysOf(db, accountId)).map((p) => ({ id: p.id, name: p.name, createdAt: p.created_at, lastUsedAt: p.last_used_at }));
}

export async function registrationOptions(c: RequestLike & { env: Env }, account: { id: string; email: string; name: string }, now = Date.now()) {
  const { rpID } = relyingParty(c);
  const existing = await passkeysOf(c.env.DB, account.id);
  const options = await (await webauthn()).generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: account.email,
    userDisplayName: account.name || account.email,
    userID: new TextEncoder().encode(account.id) as Uint8Array<ArrayBuffer>,
    attestationType: "none",
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: JSON.parse(p.transports) as string[] })),
    authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
  });
  await insertChallenge(c.env.DB, options.challenge, "register", account.id, now + CHALLENGE_TTL_MS, now);
  return options;
}

export async function registerPasskey(c: RequestLike & { env: Env }, accountId: string, response: RegistrationResponseJSON, name: string, now = Date.now()): Promise<PasskeySummary> {
  const { rpID, origin } = relyingParty(c);
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await (await webauthn()).verifyRegistrationResponse({
      response,
      expectedChallenge: (challenge) => claimChallenge(c.env.DB, challenge, "register", accountId, now),
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    });
  } catch {
    throw invalid(m("server.auth.passkeyFailed"), "passkey_failed");
  }
  if (!verification.verified) throw invalid(m("server.auth.passkeyFailed"), "passkey_failed");
  const { credential } = verification.registrationInfo;
  const row = {
    id: credential.id,
    account_id: accountId,
    public_key: base64urlEncode(credential.publicKey),
    counter: credential.counter,
    transports: JSON.stringify(credential.transports ?? []),
    name,
    created_at: now,
  };
  try {
    await insertPasskey(c.env.DB, row);
  } catch {
    // The same credential registered twice (the unique id).
    throw invalid(m("server.auth.passkeyFailed"), "passkey_failed");
  }
  return { id: row.id, name, createdAt: now, lastUsedAt: null };
}

export async function signInOptions(c: RequestLike & { env: Env }, now = Date.now()) {
  const { rpID } = relyingParty(c);
  const options = await (await webauthn()).generateAuthenticationOptions({ rpID, userVerification: "preferred" });
  await insertChallenge(c.env.DB, options.challenge, "sign_in", null, now + CHALLENGE_TTL_MS, now);
  return options;
}

/** The account a verified assertion signs in; a 401 for an unknown passkey, a bad signature or a used challenge. */
export async function verifyPasskeySignIn(c: RequestLike & { env: Env }, response: AuthenticationResponseJSON, now = Date.now()): Promise<string> {
  const { rpID, origin } = relyingParty(c);
  const passkey = await passkeyById(c.env.DB, response.id);
  if (!passkey) throw new DomainError("unauthenticated", m("server.auth.passkeyUnknown"), "passkey_unknown");
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verification = await (await webauthn()).verifyAuthenticationResponse({
      response,
      expectedChallenge: (challenge) => claimChallenge(c.env.DB, challenge, "sign_in", null, now),
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: { id: passkey.id, publicKey: base64urlDecode(passkey.public_key) as Uint8Array<ArrayBuffer>, counter: passkey.counter, transports: JSON.parse(passkey.transports) as never },
      requireUserVerification: false,
    });
  } catch {
    throw failed();
  }
  if (!verification.verified) throw failed();
  await recordPasskeyUse(c.env.DB, passkey.id, verification.authenticationInfo.newCounter, now);
  return passkey.account_id;
}

export function passkeyNotFound(): DomainError {
  return notFound(m("server.auth.passkeyNotFound"));
}
