// A software authenticator for the passkey tests (issue 23): it makes real "none" attestations and ES256
// assertions with Web Crypto, as a phone or a security key would, so the server's WebAuthn checks run for real.
import { isoCBOR } from "@simplewebauthn/server/helpers";
import type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { base64urlDecode, base64urlEncode } from "../../worker/lib/token";

/** The worker tests' APP_URL (wrangler.toml): the relying party's origin and id. */
export const TEST_ORIGIN = "http://localhost:8787";

const sha256 = async (bytes: Uint8Array) => new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>));
const utf8 = (text: string) => new TextEncoder().encode(text);

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const uint32 = (n: number) => Uint8Array.of((n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255);

/** Web Crypto's raw r||s ECDSA signature as the DER SEQUENCE WebAuthn carries. */
function derSignature(raw: Uint8Array): Uint8Array {
  const integer = (bytes: Uint8Array) => {
    let i = 0;
    while (i < bytes.length - 1 && bytes[i] === 0) i++;
    const v = bytes.slice(i);
    const body = v[0]! & 0x80 ? concat(Uint8Array.of(0), v) : v;
    return concat(Uint8Array.of(0x02, body.length), body);
  };
  const seq = concat(integer(raw.slice(0, 32)), integer(raw.slice(32)));
  return concat(Uint8Array.of(0x30, seq.length), seq);
}

export class SoftAuthenticator {
  readonly credentialId = crypto.getRandomValues(new Uint8Array(16));
  private keys: CryptoKeyPair | null = null;
  private counter = 0;
  private userHandle = "";

  constructor(
    readonly origin = TEST_ORIGIN,
    readonly rpID = new URL(origin).hostname,
  ) {}

  get id(): string {
    return base64urlEncode(this.credentialId);
  }

  private async keyPair(): Promise<CryptoKeyPair> {
    this.keys ??= (await crypto.subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"])) as CryptoKeyPair;
    return this.keys;
  }

  /** navigator.credentials.create(): a "none" attestation for these options. */
  async register(options: PublicKeyCredentialCreationOptionsJSON, overrides: { origin?: string; challenge?: string } = {}): Promise<RegistrationResponseJSON> {
    this.userHandle = options.user.id;
    const jwk = await crypto.subtle.exportKey("jwk", (await this.keyPair()).publicKey);
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, base64urlDecode(jwk.x!)],
        [-3, base64urlDecode(jwk.y!)],
      ]) as never,
    );
    const authData = concat(await sha256(utf8(this.rpID)), Uint8Array.of(0x45), uint32(this.counter), new Uint8Array(16), Uint8Array.of(0, this.credentialId.length), this.credentialId, cose);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ["fmt", "none"],
        ["attStmt", new Map()],
        ["authData", authData],
      ]) as never,
    );
    const clientData = { type: "webauthn.create", challenge: overrides.challenge ?? options.challenge, origin: overrides.origin ?? this.origin, crossOrigin: false };
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: { clientDataJSON: base64urlEncode(utf8(JSON.stringify(clientData))), attestationObject: base64urlEncode(attestationObject), transports: ["internal"] },
      clientExtensionResults: {},
    };
  }

  /** navigator.credentials.get(): an ES256 assertion for these options (signed by `signer`, this one's own key unless given). */
  async assert(options: PublicKeyCredentialRequestOptionsJSON, overrides: { signer?: SoftAuthenticator } = {}): Promise<AuthenticationResponseJSON> {
    this.counter += 1;
    const authData = concat(await sha256(utf8(this.rpID)), Uint8Array.of(0x05), uint32(this.counter));
    const clientDataJSON = utf8(JSON.stringify({ type: "webauthn.get", challenge: options.challenge, origin: this.origin, crossOrigin: false }));
    const key = (await (overrides.signer ?? this).keyPair()).privateKey;
    const raw = new Uint8Array(await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, key, concat(authData, await sha256(clientDataJSON)) as Uint8Array<ArrayBuffer>));
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: {
        clientDataJSON: base64urlEncode(clientDataJSON),
        authenticatorData: base64urlEncode(authData),
        signature: base64urlEncode(derSignature(raw)),
        userHandle: this.userHandle || undefined,
      },
      clientExtensionResults: {},
    };
  }
}
