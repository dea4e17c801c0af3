// The share cards' fonts (web/public/card-fonts/, served as static assets) come from Fontsource's npm packages, which hold each face split
// by script (latin, latin-ext, arabic, …) as WOFF; resvg reads TrueType/OpenType. This turns a WOFF 1.0 file back
// into the sfnt it wraps (each table inflated, 4-byte aligned, the table records rewritten), unchanged otherwise:
//   npm pack @fontsource/inter @fontsource/ibm-plex-sans-arabic   (then untar each)
//   node worker/cli/woff-to-ttf.mjs files/inter-latin-700-normal.woff web/public/card-fonts/Inter-Latin-Bold.ttf …
import { readFileSync, writeFileSync } from "node:fs";
import { inflateSync } from "node:zlib";
function woffToSfnt(woff) {
  const b = Buffer.from(woff);
  if (b.toString("latin1", 0, 4) !== "wOFF") throw new Error("not a WOFF 1.0 file");
  const flavor = b.readUInt32BE(4),
    numTables = b.readUInt16BE(12);
  const tables = [];
  for (let i = 0; i < numTables; i++) {
    const o = 44 + i * 20;
    const tag = b.toString("latin1", o, o + 4),
      offset = b.readUInt32BE(o + 4),
      comp = b.readUInt32BE(o + 8),
      orig = b.readUInt32BE(o + 12),
      checksum = b.readUInt32BE(o + 16);
    const raw = b.subarray(offset, offset + comp);
    const data = comp < orig ? inflateSync(raw) : raw;
    if (data.length !== orig) throw new Error(`table ${tag}: ${data.length} != ${orig}`);
    tables.push({ tag, checksum, data });
  }
  tables.sort((a, c) => (a.tag < c.tag ? -1 : a.tag > c.tag ? 1 : 0));
  let pow = 1,
    log = 0;
  while (pow * 2 <= numTables) {
    pow *= 2;
    log++;
  }
  const headerLen = 12 + 16 * numTables;
  const total = headerLen + tables.reduce((s, t) => s + ((t.data.length + 3) & ~3), 0);
  const out = Buffer.alloc(total);
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(pow * 16, 6);
  out.writeUInt16BE(log, 8);
  out.writeUInt16BE(numTables * 16 - pow * 16, 10);
  let at = headerLen;
  tables.forEach((t, i) => {
    const r = 12 + i * 16;
    out.write(t.tag, r, "latin1");
    out.writeUInt32BE(t.checksum, r + 4);
    out.writeUInt32BE(at, r + 8);
    out.writeUInt32BE(t.data.length, r + 12);
    t.data.copy(out, at);
    at += (t.data.length + 3) & ~3;
  });
  return out;
}
const [, , ...pairs] = process.argv;
for (let i = 0; i < pairs.length; i += 2) {
  const ttf = woffToSfnt(readFileSync(pairs[i]));
  writeFileSync(pairs[i + 1], ttf);
  console.log(pairs[i + 1], ttf.length);
}
