// Share cards in Arabic (issue 24): Arabic text drawn with a font that has Arabic glyphs (IBM Plex Sans Arabic),
// laid out right to left on an Arabic card, the card's own words from the catalogue, and /ar pages pointing at it.
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { call } from "../support/auth";
import { addJobs } from "../support/jobs";

const ogImage = (html: string) => html.match(/<meta property="og:image" content="([^"]+)">/)?.[1];
/** The <text> elements of a card's SVG: attributes and content (an Arabic text's right-to-left isolate left out). */
const texts = (svg: string) => Array.from(svg.matchAll(/<text ([^>]*)>([^<]*)<\/text>/g), (m) => ({ attrs: m[1]!, text: m[2]!.replace(/^\u2067(.*)\u2069$/, "$1") }));

describe("an Arabic page points at an Arabic card", () => {
  it("/ar/jobs/:id and /ar/company/:id name /ar/og/… as their image; the English pages keep /og/…", async () => {
    const [id] = await addJobs({ title: "Card Pointer Role" });
    await env.DB.prepare("INSERT OR REPLACE INTO companies (id, company) VALUES ('card-pointer', 'Card Pointer')").run();
    expect(ogImage(await (await call(`/ar/jobs/${id}`)).text())).toBe(`http://localhost:8787/ar/og/jobs/${id}.png`);
    expect(ogImage(await (await call(`/jobs/${id}`)).text())).toBe(`http://localhost:8787/og/jobs/${id}.png`);
    expect(ogImage(await (await call("/ar/company/card-pointer")).text())).toBe("http://localhost:8787/ar/og/company/card-pointer.png");
    expect(ogImage(await (await call("/company/card-pointer")).text())).toBe("http://localhost:8787/og/company/card-pointer.png");
  });
});

describe("the Arabic card", () => {
  it("draws an Arabic title in IBM Plex Sans Arabic, right-aligned, with the catalogue's words", async () => {
    const [id] = await addJobs({ title: "مهندس برمجيات أول", company: "شركة النخبة", location: "دبي، الإمارات", salary: "$80k - $120k" });
    const res = await call(`/ar/og/jobs/${id}.svg`);
    expect(res.status).toBe(200);
    const all = texts(await res.text());
    const title = all.find((t) => t.text === "مهندس برمجيات أول")!;
    expect(title.attrs).toContain('font-family="IBM Plex Sans Arabic, Inter"');
    expect(title.attrs).toContain('text-anchor="end"');
    expect(all.map((t) => t.text)).toEqual(expect.arrayContaining(["شركة النخبة", "توظّف الآن", "دبي، الإمارات", "$80k - $120k", "وظائف الشركات الناشئة"]));
    // The salary in Latin script keeps Inter.
    expect(all.find((t) => t.text === "$80k - $120k")!.attrs).toContain('font-family="Inter, IBM Plex Sans Arabic"');
  });

  it("the English card of the same job: its words in English, the Arabic title still in the Arabic font", async () => {
    const [id] = await addJobs({ title: "مصمم منتجات", company: "Acme" });
    const all = texts(await (await call(`/og/jobs/${id}.svg`)).text());
    expect(all.find((t) => t.text === "مصمم منتجات")!.attrs).toContain('font-family="IBM Plex Sans Arabic, Inter"');
    expect(all.map((t) => t.text)).toEqual(expect.arrayContaining(["is hiring", "Startup Jobs"]));
    expect(all.some((t) => t.attrs.includes('text-anchor="end"') && t.text === "مصمم منتجات")).toBe(false);
  });

  it("a company's Arabic card counts its open positions in Arabic", async () => {
    await env.DB.prepare("INSERT OR REPLACE INTO companies (id, company) VALUES ('card-count', 'Card Count')").run();
    await addJobs({ title: "Only Role", company: "Card Count", companyId: "card-count" });
    const ar = texts(await (await call("/ar/og/company/card-count.svg")).text()).map((t) => t.text);
    expect(ar).toContain("وظيفة شاغرة واحدة");
    const en = texts(await (await call("/og/company/card-count.svg")).text()).map((t) => t.text);
    expect(en).toContain("1 open position");
  });

  it("the PNG is drawn with the Arabic font: without it the same card renders differently (missing glyphs)", async () => {
    const [id] = await addJobs({ title: "مهندس بيانات", company: "شركة البيانات" });
    const res = await call(`/ar/og/jobs/${id}.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/png");
    const served = new Uint8Array(await res.arrayBuffer());
    const { cardFonts, renderPng } = await import("../../worker/discovery/shareCard");
    const fonts = await cardFonts(env.ASSETS, "http://localhost");
    const svg = await (await call(`/ar/og/jobs/${id}.svg`)).text();
    const withArabic = await renderPng(svg, fonts.all);
    const latinOnly = await renderPng(svg, fonts.latin);
    expect(Buffer.from(withArabic).equals(Buffer.from(served))).toBe(true);
    expect(Buffer.from(latinOnly).equals(Buffer.from(withArabic))).toBe(false);
  });

  it("the Arabic font draws the punctuation of an Arabic text itself: brackets, ! and . (resvg lost them to Inter)", async () => {
    const { cardFonts, renderPng } = await import("../../worker/discovery/shareCard");
    const fonts = await cardFonts(env.ASSETS, "http://localhost");
    const alone = (char: string) =>
      renderPng(`<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><text x="50" y="60" font-family="IBM Plex Sans Arabic" font-size="40">${char}</text></svg>`, fonts.arabic);
    // A character the font has no glyph for (private use) draws what any other missing one draws.
    const missing = Buffer.from(await alone("\ue000"));
    for (const char of ["(", ")", "!", ".", ":", "-", "«", "»", "…"]) expect(Buffer.from(await alone(char)).equals(missing), char).toBe(false);
  });

  it("a line that mixes Latin and Arabic keeps both (resvg drew only its Arabic part), each in its own font and weight", async () => {
    const { cardFonts, renderCard: render, renderPng: png } = await import("../../worker/discovery/shareCard");
    const fonts = await cardFonts(env.ASSETS, "http://localhost");
    const renderCard = (d: Parameters<typeof render>[0]) => render(d, fonts);
    const renderPng = (svg: string) => png(svg, fonts.all);
    const { shareCardSvg } = await import("../../worker/discovery/shareCardSvg");
    const logo = { svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#0f766e"/></svg>' };
    const card = (company: string, title = "مهندس برمجيات") => ({ title, company, location: "", salary: "", logo, siteName: "وظائف الشركات الناشئة", hiring: "توظّف الآن", dir: "rtl" }) as const;
    const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));
    // The defect, kept as a record: one <text> for the mixed line draws exactly what the Arabic word alone draws.
    expect(same(await renderPng(shareCardSvg(card("Tabby تابي"))), await renderPng(shareCardSvg(card("تابي"))))).toBe(true);
    const mixed = await renderCard(card("Tabby تابي"));
    expect(same(mixed, await renderCard(card("تابي")))).toBe(false);
    expect(same(mixed, await renderCard(card("Tabby")))).toBe(false);
    // A bold title with a Latin word: resvg's fallback drew the word regular; now it is Inter at 700, so it differs.
    const title = card("Acme", "مهندس React");
    expect(same(await renderCard(title), await renderPng(shareCardSvg(title)))).toBe(false);
  });

  it("the runs of a mixed line: in logical order, placed from the card's edge in its direction", async () => {
    const { scriptRuns, shareCardSvg } = await import("../../worker/discovery/shareCardSvg");
    expect(scriptRuns("Tabby تابي")).toEqual([
      { text: "Tabby", arabic: false, spaced: false },
      { text: "تابي", arabic: true, spaced: true },
    ]);
    expect(scriptRuns("مهندس React 2")).toEqual([
      { text: "مهندس", arabic: true, spaced: false },
      { text: "React 2", arabic: false, spaced: true },
    ]);
    expect(scriptRuns("دبي، الإمارات")).toEqual([{ text: "دبي، الإمارات", arabic: true, spaced: false }]);
    expect(scriptRuns("$80k - $120k")).toEqual([{ text: "$80k - $120k", arabic: false, spaced: false }]);
    // Punctuation as the bidi algorithm places it: a bracket pair with its run, a comma between two scripts with the
    // line's direction (the demo's location drew "دبي ،(Dubai) الإمارات").
    expect(scriptRuns("دبي (Dubai)، الإمارات")).toEqual([
      { text: "دبي", arabic: true, spaced: false },
      { text: "(Dubai)", arabic: false, spaced: true },
      { text: "، الإمارات", arabic: true, spaced: false },
    ]);
    expect(scriptRuns("Acme (شركة أكمي), Dubai")).toEqual([
      { text: "Acme", arabic: false, spaced: false },
      { text: "(شركة أكمي)", arabic: true, spaced: true },
      { text: ", Dubai", arabic: false, spaced: false },
    ]);
    // A pair around both scripts is not one run's: its brackets go with the line's direction.
    expect(scriptRuns("دبي (Dubai دبي)").map((r) => r.text)).toEqual(["دبي (", "Dubai", "دبي)"]);
    // Ten px a character; the isolate's marks draw nothing.
    const measure = (text: string) => text.replace(/[\u2067\u2069]/g, "").length * 10;
    const data = { title: "مهندس React", company: "Tabby تابي", location: "", salary: "", logo: null, siteName: "S", hiring: "H", dir: "rtl" } as const;
    // Each Arabic text is a right-to-left isolate, so its punctuation lands on its left, and the demo's location
    // reads دبي, (Dubai), ، الإمارات from the right edge.
    const located = shareCardSvg({ ...data, title: "T", company: "C", location: "دبي (Dubai)، الإمارات" }, measure);
    expect(Array.from(located.matchAll(/<text [^>]*>([^<]*)<\/text>/g), (m) => m[1]).filter((t) => /Dubai|دبي|الإمارات/.test(t!))).toEqual(["\u2067دبي\u2069", "(Dubai)", "\u2067، الإمارات\u2069"]);
    // From the right edge (1110): دبي (30 wide), a space (0.28 × 30 px), (Dubai) (70), and the comma's run touching it.
    expect(Array.from(located.matchAll(/<text x="([\d.]+)" y="(\d+)"[^>]*>[^<]*(?:Dubai|دبي|الإمارات)/g), (m) => m[1])).toEqual(["1080", "1001.6", "901.6"]);
    // A line's first letter sets its direction, not a digit: "4 وظائف شاغرة" (a company's card) reads from the right
    // edge, its 4 first (the card drew "وظائف شاغرة 4").
    const counted = shareCardSvg({ ...data, title: "T", company: "C", location: "4 وظائف شاغرة" }, measure);
    expect(Array.from(counted.matchAll(/<text x="([\d.]+)"[^>]*>([^<]*(?:4|وظائف)[^<]*)</g), (m) => [m[1], m[2]])).toEqual([
      ["1100", "4"],
      ["981.6", "\u2067وظائف شاغرة\u2069"],
    ]);
    const xOf = (svg: string, t: string) =>
      texts(svg)
        .find((x) => x.text === t)!
        .attrs.match(/x="([\d.]+)"/)![1];
    // A line reads in the direction of its first run (dir="auto" on the page), each run a space (0.28 em) from the last.
    // The Arabic card: "Tabby تابي" reads left to right and ends at the card's right edge (x = 1200 - 240).
    const ar = shareCardSvg(data, measure);
    expect([xOf(ar, "Tabby"), xOf(ar, "تابي")]).toEqual([String(960 - 101.2), "920"]);
    // "مهندس React", the title (60 px, so 16.8 px apart), reads right to left from the right edge (x = 1200 - 90).
    expect([xOf(ar, "مهندس"), xOf(ar, "React")]).toEqual(["1060", "993.2"]);
    // Each run in its own font, at the line's weight; the split runs are anchored at their start.
    const attrs = (t: string) => texts(ar).find((x) => x.text === t)!.attrs;
    expect(attrs("Tabby")).toContain('font-family="Inter" font-weight="700"');
    expect(attrs("تابي")).toContain('font-family="IBM Plex Sans Arabic" font-weight="700"');
    expect(attrs("React")).not.toContain("text-anchor");
    // The English card: from the left edge, the Arabic-first title ending where its runs end.
    const en = shareCardSvg({ ...data, dir: "ltr" }, measure);
    expect([xOf(en, "Tabby"), xOf(en, "تابي")]).toEqual(["240", "301.2"]);
    expect([xOf(en, "مهندس"), xOf(en, "React")]).toEqual(["156.8", "90"]);
    // Without a measure (the SVG route, which a browser draws right) the line stays one text.
    expect(texts(shareCardSvg(data)).some((x) => x.text === "Tabby تابي")).toBe(true);
  });

  it("an unknown job has no card, in either language", async () => {
    expect((await call("/ar/og/jobs/never-was.png")).status).toBe(404);
    expect((await call("/ar/og/company/never-was.png")).status).toBe(404);
  });
});
