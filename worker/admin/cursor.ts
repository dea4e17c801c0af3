// The console's list cursors: the position after a row, (time, id), as an opaque base64url string.
import { base64urlDecode, base64urlEncode } from "../lib/token";

export function encodeCursor(time: number, id: string): string {
  return base64urlEncode(new TextEncoder().encode(JSON.stringify([time, id])));
}

/** A cursor read back, or null when it is not one of ours. */
export function decodeCursor(cursor: string): { time: number; id: string } | null {
  try {
    const value = JSON.parse(new TextDecoder().decode(base64urlDecode(cursor))) as unknown;
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === "number" && Number.isFinite(value[0]) && typeof value[1] === "string") return { time: value[0], id: value[1] };
  } catch {}
  return null;
}
