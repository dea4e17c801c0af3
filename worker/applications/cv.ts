// CVs (issue 26): the type read from the bytes, never the name or the browser's word; the private object key;
// and the short-lived signed link through which the job's owner or the applicant downloads it.
import { CV_LINK_TTL_MS } from "../rules/applications";
import { base64urlDecode, base64urlEncode } from "../lib/token";

export type CvType = "pdf" | "docx";

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const ZIP = [0x50, 0x4b, 0x03, 0x04]; // PK\3\4

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  return magic.every((b, i) => bytes[i] === b);
}

function contains(bytes: Uint8Array, text: string): boolean {
  const needle = new TextEncoder().encode(text);
  outer: for (let i = 0; i + needle.length <= bytes.length; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

/** "pdf" for a PDF, "docx" for a Word document (a ZIP package holding word/document.xml), else null. */
export function cvTypeOf(bytes: Uint8Array): CvType | null {
  if (startsWith(bytes, PDF)) return "pdf";
  if (startsWith(bytes, ZIP) && contains(bytes, "[Content_Types].xml") && contains(bytes, "word/document.xml")) return "docx";
  return null;
}

export const CV_CONTENT_TYPES: Record<CvType, string> = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};

export async function sha256Hex(data: string | Uint8Array<ArrayBuffer>): Promise<string> {
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The CV's key in the private bucket: the same for the same job, address and bytes, so identical submits write one object. */
export async function cvKey(jobId: string, emailKey: string, bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  return `cvs/${jobId}/${(await sha256Hex(`${jobId}|${emailKey}`)).slice(0, 32)}/${(await sha256Hex(bytes)).slice(0, 32)}`;
}

async function hmac(secret: string, message: string): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(message)));
}

/** A link to an application's CV that works until `now + CV_LINK_TTL_MS`. */
export async function signedCvPath(secret: string, applicationId: string, now = Date.now()): Promise<string> {
  const exp = now + CV_LINK_TTL_MS;
  const sig = base64urlEncode(await hmac(secret, `cv:${applicationId}:${exp}`));
  return `/api/applications/${encodeURIComponent(applicationId)}/cv?exp=${exp}&sig=${sig}`;
}

/** Whether a CV link is genuine and unexpired. */
export async function checkCvLink(secret: string, applicationId: string, exp: string, sig: string, now = Date.now()): Promise<"ok" | "expired" | "bad"> {
  const expires = Number(exp);
  if (!Number.isSafeInteger(expires)) return "bad";
  let given: Uint8Array;
  try {
    given = base64urlDecode(sig);
  } catch {
    return "bad";
  }
  const expected = await hmac(secret, `cv:${applicationId}:${expires}`);
  if (given.length !== expected.length) return "bad";
  // Compared in constant time: every byte is looked at whatever the first difference.
  let diff = 0;
  for (let i = 0; i < given.length; i++) diff |= given[i]! ^ expected[i]!;
  if (diff !== 0) return "bad";
  return expires > now ? "ok" : "expired";
}
