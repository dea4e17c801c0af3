// Description HTML is sanitised with an allow-list; only http and https links survive.
import { describe, expect, it } from "vitest";
import { sanitizeHtml } from "../../worker/lib/sanitize";

describe("sanitizeHtml", () => {
  it("keeps the editor's formatting", () => {
    const html = "<h1>Title</h1><h2>Sub</h2><p>Hello <strong>bold</strong> <em>em</em></p><ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote>";
    expect(sanitizeHtml(html)).toBe(html);
  });

  it("removes script tags and their content", () => {
    expect(sanitizeHtml("<p>hi</p><script>alert(1)</script>")).toBe("<p>hi</p>");
    expect(sanitizeHtml("<SCRIPT SRC=//evil.example/x.js></SCRIPT><p>x</p>")).toBe("<p>x</p>");
  });

  it("removes event handlers and style attributes", () => {
    const out = sanitizeHtml('<p onclick="alert(1)" style="color:red">x</p><img src=x onerror=alert(1)>');
    expect(out).not.toMatch(/onclick|onerror|style|<img/i);
    expect(out).toContain("<p>x</p>");
  });

  it("drops javascript: and data: links, in any case or encoding", () => {
    for (const href of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      "java&#x09;script:alert(1)",
      "data:text/html;base64,PHNjcmlwdD4=",
      " javascript:alert(1)",
      "vbscript:x",
      "/relative",
      "mailto:a@b.example",
    ]) {
      const out = sanitizeHtml(`<a href="${href}">link</a>`);
      expect(out, href).toBe("<a>link</a>");
    }
  });

  it("keeps http and https links, opening safely in a new tab", () => {
    expect(sanitizeHtml('<a href="https://example.com/a?b=1&amp;c=2" onclick="x()">ok</a>')).toBe(
      '<a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer nofollow">ok</a>',
    );
    expect(sanitizeHtml('<a href="http://example.com">ok</a>')).toContain('href="http://example.com/"');
  });

  it("removes svg and math entirely (they can carry script)", () => {
    expect(sanitizeHtml('<svg onload="alert(1)"><script>alert(1)</script><circle r="1"/></svg><p>after</p>')).toBe("<p>after</p>");
    expect(sanitizeHtml("<math><mi>x</mi></math>ok")).toBe("ok");
  });

  it("removes iframes except YouTube and Vimeo embeds", () => {
    expect(sanitizeHtml('<iframe src="https://evil.example/embed/x"></iframe>')).toBe("");
    expect(sanitizeHtml('<iframe src="javascript:alert(1)"></iframe>')).toBe("");
    const yt = sanitizeHtml('<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ" onload="x()"></iframe>');
    expect(yt).toContain('src="https://www.youtube.com/embed/dQw4w9WgXcQ"');
    expect(yt).not.toContain("onload");
  });

  it("removes style, object, embed, form controls and comments", () => {
    const out = sanitizeHtml('<style>p{}</style><object data="x"></object><embed src="x"><form><input value="x"></form><!-- c --><p>ok</p>');
    expect(out).toBe("<p>ok</p>");
  });

  it("the sanitiser keeps dir (ltr, rtl or auto), so Arabic descriptions render right to left", () => {
    expect(sanitizeHtml('<p dir="rtl">مرحبا</p><h2 dir="auto">عنوان</h2><ul dir="RTL"><li dir="ltr">x</li></ul>')).toBe(
      '<p dir="rtl">مرحبا</p><h2 dir="auto">عنوان</h2><ul dir="rtl"><li dir="ltr">x</li></ul>',
    );
  });

  it("any other dir value, or dir on a link, is dropped", () => {
    expect(sanitizeHtml('<p dir="sideways">x</p><p dir="rtl onmouseover=alert(1)">y</p>')).toBe("<p>x</p><p>y</p>");
    expect(sanitizeHtml('<a href="https://example.com" dir="rtl">z</a>')).toBe('<a href="https://example.com/" target="_blank" rel="noopener noreferrer nofollow">z</a>');
  });
});
