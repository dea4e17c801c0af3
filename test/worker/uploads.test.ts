// Logo upload to R2 through the worker: checked by content, never by declared type.
import { describe, expect, it } from "vitest";
import { call } from "../support/auth";
import { PNG_BYTES } from "../support/fixtures";

async function upload(bytes: Uint8Array, name: string, type: string) {
  const form = new FormData();
  form.set("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  return call("/api/uploads/logo", { method: "POST", body: form, headers: { "CF-Connecting-IP": `192.0.2.${Math.floor(Math.random() * 250)}` } });
}

describe("POST /api/uploads/logo", () => {
  it("a real PNG is stored under a generated key and served with its type, nosniff and long caching", async () => {
    const res = await upload(PNG_BYTES, "my logo.svg", "image/svg+xml");
    expect(res.status).toBe(201);
    const { url } = (await res.json()) as { url: string };
    expect(url).toMatch(/^\/api\/logos\/company-logos\/[0-9a-f-]{36}\.png$/);
    const served = await call(url);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(served.headers.get("Cache-Control")).toContain("max-age=31536000");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG_BYTES);
  });

  it("a text file named .png is refused with 'Please upload a PNG, JPG, WebP or GIF image'", async () => {
    const res = await upload(new TextEncoder().encode("just some text, not an image"), "logo.png", "image/png");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "Please upload a PNG, JPG, WebP or GIF image" });
  });

  it("SVG is refused with 'Please upload a PNG, JPG, WebP or GIF image', even declared as an image", async () => {
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><circle r="4"/></svg>');
    const res = await upload(svg, "logo.svg", "image/svg+xml");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "Please upload a PNG, JPG, WebP or GIF image" });
  });

  it("2 MB + 1 byte is refused with 'File size must be less than 2MB'; exactly 2 MB is accepted", async () => {
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set(PNG_BYTES);
    const res = await upload(big, "big.png", "image/png");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "File size must be less than 2MB" });
    const exact = new Uint8Array(2 * 1024 * 1024);
    exact.set(PNG_BYTES);
    expect((await upload(exact, "exact.png", "image/png")).status).toBe(201);
  });

  it("a request without a file is a clear 400; unknown logos are 404", async () => {
    const res = await call("/api/uploads/logo", { method: "POST", body: new FormData() });
    expect(res.status).toBe(400);
    expect((await call("/api/logos/company-logos/00000000-0000-0000-0000-000000000000.png")).status).toBe(404);
    expect((await call("/api/logos/company-logos/../../secret")).status).toBe(404);
  });
});
