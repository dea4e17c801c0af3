// Logo uploads to R2 through the worker, and serving them. Checked by content, never by declared type;
// at most 2 MB; stored under a generated key; served with the real type, nosniff and long caching.
import { Hono } from "hono";
import type { AppEnv } from "../env";
import { HttpError } from "../http/errors";
import { logoKeyForName, logoUrl, newLogoKey } from "../lib/logoKey";
import { clientAddress, hitRateLimit } from "../lib/rateLimit";
import { LOGO_MAX_BYTES, MESSAGES } from "../rules/posting";
import { sniffImage } from "./imageType";

export const uploadRoutes = new Hono<AppEnv>().post("/logo", async (c) => {
  // Anonymous visitors may fill the posting form, so uploads need no account; they are rate-limited.
  const limit = await hitRateLimit(c.env.DB, { key: `upload:ip:${clientAddress(c.req.raw)}`, limit: 30, windowMs: 60 * 60 * 1000 });
  if (!limit.allowed) throw new HttpError(429, "Too many uploads from this address. Please try again later.");
  const declared = Number(c.req.header("Content-Length") ?? "0");
  if (declared > LOGO_MAX_BYTES + 64 * 1024) throw new HttpError(413, MESSAGES.logoSize);
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw new HttpError(400, MESSAGES.logoType);
  }
  const file = form.get("file");
  if (!file || typeof file === "string") throw new HttpError(400, MESSAGES.logoType);
  if (file.size > LOGO_MAX_BYTES) throw new HttpError(400, MESSAGES.logoSize);
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.byteLength > LOGO_MAX_BYTES) throw new HttpError(400, MESSAGES.logoSize);
  const type = sniffImage(bytes);
  if (!type) throw new HttpError(400, MESSAGES.logoType);
  const key = newLogoKey(type.ext);
  await c.env.LOGOS.put(key, bytes, { httpMetadata: { contentType: type.mime } });
  return c.json({ url: logoUrl(key) }, 201);
});

export const logoRoutes = new Hono<AppEnv>().get("/company-logos/:name{[\\w-]+\\.(png|jpg|webp|gif)}", async (c) => {
  const object = await c.env.LOGOS.get(logoKeyForName(c.req.param("name")));
  if (!object) throw new HttpError(404, "Logo not found");
  // The stored type came from sniffing; re-sniffing is unnecessary, but never trust a missing one.
  const contentType = object.httpMetadata?.contentType ?? "application/octet-stream";
  return new Response(object.body, {
    headers: {
      "Content-Type": contentType,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      ETag: object.httpEtag,
    },
  });
});
