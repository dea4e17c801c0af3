// The board's two languages (worker/rules/i18n.ts, worker/lib/i18n.ts, worker/rules/format.ts): which
// locale a request or a URL means, reading a server message back and saying it in Arabic, Arabic plurals,
// and dates, money and relative times per locale.
import { describe, expect, it } from "vitest";
import { localiseMessage, t } from "../../worker/lib/i18n";
import { dirOf, identifyMessage, intlLocale, localePath, localise, negotiateLocale, splitLocalePath } from "../../worker/rules/i18n";
import { formatDate, formatMoney, formatNumber, formatRelative } from "../../worker/rules/format";
import { serverEn } from "../../worker/rules/locales/en";
import { m } from "../../worker/rules/serverMessages";
import { DAY, HOUR, MINUTE } from "../../worker/rules/time";

describe("negotiateLocale", () => {
  it("takes the best of our locales by q-value", () => {
    expect(negotiateLocale("ar")).toBe("ar");
    expect(negotiateLocale("en")).toBe("en");
    expect(negotiateLocale("en;q=0.5, ar;q=0.8")).toBe("ar");
    expect(negotiateLocale("ar;q=0.4, en;q=0.9")).toBe("en");
    expect(negotiateLocale("fr-FR, ar;q=0.7, en;q=0.3")).toBe("ar");
  });

  it("reads a region tag as its language", () => {
    expect(negotiateLocale("ar-AE")).toBe("ar");
    expect(negotiateLocale("AR-sa,en;q=0.1")).toBe("ar");
    expect(negotiateLocale("en-GB,ar;q=0.9")).toBe("en");
  });

  it("falls back to English for nothing, nonsense, other languages or q=0", () => {
    expect(negotiateLocale(undefined)).toBe("en");
    expect(negotiateLocale(null)).toBe("en");
    expect(negotiateLocale("")).toBe("en");
    expect(negotiateLocale("fr, de;q=0.5")).toBe("en");
    expect(negotiateLocale("ar;q=0")).toBe("en");
    expect(negotiateLocale("*")).toBe("en");
  });
});

describe("locale paths", () => {
  it("splitLocalePath: /ar and below are Arabic, everything else English", () => {
    expect(splitLocalePath("/ar")).toEqual({ locale: "ar", path: "/" });
    expect(splitLocalePath("/ar/")).toEqual({ locale: "ar", path: "/" });
    expect(splitLocalePath("/ar/jobs/123")).toEqual({ locale: "ar", path: "/jobs/123" });
    expect(splitLocalePath("/jobs")).toEqual({ locale: "en", path: "/jobs" });
    expect(splitLocalePath("/area51")).toEqual({ locale: "en", path: "/area51" });
    expect(splitLocalePath("")).toEqual({ locale: "en", path: "/" });
  });

  it("localePath adds the prefix for Arabic only, keeping query and hash", () => {
    expect(localePath("en", "/jobs?type=remote")).toBe("/jobs?type=remote");
    expect(localePath("ar", "/jobs?type=remote")).toBe("/ar/jobs?type=remote");
    expect(localePath("ar", "/")).toBe("/ar");
    expect(localePath("ar", "")).toBe("/ar");
    expect(localePath("ar", "/?q=1")).toBe("/ar?q=1");
    expect(localePath("ar", "/#top")).toBe("/ar#top");
  });

  it("round trip: the path of a locale path is the path", () => {
    for (const path of ["/", "/jobs", "/jobs/abc?x=1", "/contact"]) {
      for (const locale of ["en", "ar"] as const) {
        const split = splitLocalePath(localePath(locale, path).split(/[?#]/)[0]!);
        expect(split.locale).toBe(locale);
        expect(split.path).toBe(path.split(/[?#]/)[0]);
      }
    }
  });

  it("direction and Intl tag", () => {
    expect(dirOf("ar")).toBe("rtl");
    expect(dirOf("en")).toBe("ltr");
    expect(intlLocale("ar")).toBe("ar-u-nu-latn");
  });
});

describe("server messages", () => {
  it("identifies a parametrised message and reads its arguments back", () => {
    const text = m("server.posting.posts", { min: 1, max: 50 });
    expect(text).toBe("Number of posts must be a whole number from 1 to 50");
    expect(identifyMessage(serverEn, text)).toEqual({ id: "server.posting.posts", values: { min: "1", max: "50" } });
  });

  it("round trip: an English message in Arabic carries the same arguments", () => {
    const text = m("server.pricing.customQuantity", { max: (1000).toLocaleString("en-US") });
    expect(localiseMessage("ar", text)).toBe("يجب أن يكون عدد الإعلانات عددًا صحيحًا من 1 إلى 1,000");
    expect(localiseMessage("en", text)).toBe(text);
    // The same through the shared localise with any formatter.
    expect(localise(serverEn, text, (id, values) => `${id}|${JSON.stringify(values)}`)).toBe('server.pricing.customQuantity|{"max":"1,000"}');
  });

  it("identifies a nested 'Invalid x: y' and localises the reason too", () => {
    const text = "Invalid limit: limit must be at most 100";
    expect(identifyMessage(serverEn, text)).toEqual({ id: "server.http.invalidField", values: { field: "limit", message: "limit must be at most 100" } });
    expect(identifyMessage(serverEn, "limit must be at most 100")).toEqual({ id: "server.search.limitMax", values: { max: "100" } });
    expect(localiseMessage("ar", text)).toBe("قيمة limit غير صالحة: يجب ألا تتجاوز قيمة limit 100");
    expect(localiseMessage("ar", "Invalid name: Name is required")).toBe("قيمة name غير صالحة: الاسم مطلوب");
  });

  it("an exact message wins over a pattern that would also match it", () => {
    expect(identifyMessage(serverEn, "Invalid cursor: it is malformed or belongs to another sort")?.id).toBe("server.search.cursorInvalid");
    expect(identifyMessage(serverEn, "Name must be at most 100 characters")?.id).toBe("server.contact.nameLong");
    expect(identifyMessage(serverEn, "keywords must be at most 200 characters")?.id).toBe("server.search.keywordsMax");
    expect(identifyMessage(serverEn, "Company name must be at most 100 characters")?.id).toBe("server.spotlight.companyMax");
  });

  it("text not in the catalogue stays as it is", () => {
    expect(identifyMessage(serverEn, "Something nobody wrote")).toBeNull();
    expect(localiseMessage("ar", "Something nobody wrote")).toBe("Something nobody wrote");
  });

  it("list labels have Arabic", () => {
    expect(t("en", "value.type.full-time")).toBe("Full-time");
    expect(t("ar", "value.type.full-time")).toBe("دوام كامل");
    expect(t("en", "value.sort.salary-high")).toBe("Salary: High to Low");
    expect(t("ar", "value.sort.salary-high")).toMatch(/\p{Script=Arabic}/u);
  });
});

describe("Arabic plurals through Intl", () => {
  const cases: [number, string, string][] = [
    [0, "لا توجد وظائف متاحة", "0 Jobs Available"],
    [1, "وظيفة واحدة متاحة", "1 Job Available"],
    [2, "وظيفتان متاحتان", "2 Jobs Available"],
    [3, "3 وظائف متاحة", "3 Jobs Available"],
    [11, "11 وظيفة متاحة", "11 Jobs Available"],
    [100, "100 وظيفة متاحة", "100 Jobs Available"],
  ];
  for (const [count, arabic, english] of cases) {
    it(`${count}: "${arabic}" / "${english}"`, () => {
      expect(t("ar", "common.jobsAvailable", { count })).toBe(arabic);
      expect(t("en", "common.jobsAvailable", { count })).toBe(english);
    });
  }

  it("Intl's Arabic categories are zero, one, two, few, many and other", () => {
    const rules = new Intl.PluralRules("ar");
    expect([0, 1, 2, 3, 11, 100].map((n) => rules.select(n))).toEqual(["zero", "one", "two", "few", "many", "other"]);
  });
});

describe("formatting per locale", () => {
  const now = Date.UTC(2026, 0, 15, 12, 0, 0);

  it("relative times: narrow English and Arabic", () => {
    expect(formatRelative("en", now - 10_000, "just now", now)).toBe("just now");
    expect(formatRelative("ar", now - 10_000, "الآن", now)).toBe("الآن");
    expect(formatRelative("en", now - 5 * MINUTE, "just now", now)).toBe("5m ago");
    expect(formatRelative("en", now - 3 * HOUR, "just now", now)).toBe("3h ago");
    expect(formatRelative("en", now - 2 * DAY, "just now", now)).toBe("2d ago");
    expect(formatRelative("en", now - 14 * DAY, "just now", now)).toBe("2w ago");
    expect(formatRelative("en", now - 400 * DAY, "just now", now)).toBe("1y ago");
    expect(formatRelative("ar", now - 2 * DAY, "الآن", now)).toBe("قبل يومين");
    const arMinutes = formatRelative("ar", now - 5 * MINUTE, "الآن", now);
    expect(arMinutes).toMatch(/\p{Script=Arabic}/u);
    expect(arMinutes).toContain("5");
    expect(formatRelative("en", null, "just now", now)).toBe("");
  });

  it("money: dollars in English, Latin digits in Arabic", () => {
    expect(formatMoney("en", 123450)).toBe("$1,234.50");
    expect(formatMoney("en", 19900)).toBe("$199");
    expect(formatMoney("en", 19950, "usd", { whole: true })).toBe("$200");
    const ar = formatMoney("ar", 123450);
    expect(ar).toContain("1,234.50");
    expect(ar).toMatch(/US\$|\$/);
    expect(ar).not.toMatch(/[\u0660-\u0669]/);
    expect(formatNumber("ar", 5000)).toBe("5,000");
  });

  it("dates: English as before, Arabic month names with Latin digits", () => {
    const d = Date.UTC(2026, 0, 5, 12, 0, 0);
    expect(formatDate("en", d, "medium", "UTC")).toBe("Jan 5, 2026");
    expect(formatDate("en", d, "long", "UTC")).toBe("January 5, 2026");
    expect(formatDate("en", d, "short", "UTC")).toBe("Jan 5");
    expect(formatDate("en", d, "full", "UTC")).toBe("Monday, January 5, 2026");
    expect(formatDate("ar", d, "long", "UTC")).toBe("5 يناير 2026");
    expect(formatDate("ar", d, "medium", "UTC")).not.toMatch(/[\u0660-\u0669]/);
    expect(formatDate("en", "not a date")).toBe("");
  });
});

describe("composed rule texts read back in Arabic", () => {
  it("what a grant's credits post", async () => {
    const { describeCredits } = await import("../../worker/rules/pricing");
    const text = describeCredits(3, { plan: "premium", enhancements: ["highlight", "sticky", "featured"] });
    expect(text).toBe("3 Premium posts with Highlight, Sticky and Featured");
    expect(localiseMessage("ar", text)).toBe("3 إعلانات بخطة بريميوم مع إبراز وتثبيت وتمييز");
    expect(describeCredits(1, { plan: "standard", enhancements: ["highlight", "sticky"] })).toBe("1 Standard post with Highlight and Sticky");
    expect(localiseMessage("ar", "1 Standard post with Highlight and Sticky")).toBe("إعلان واحد بالخطة القياسية مع إبراز وتثبيت");
    expect(describeCredits(1, { plan: "standard", enhancements: [] })).toBe("1 Standard post");
    expect(localiseMessage("ar", "1 Standard post")).toBe("إعلان واحد بالخطة القياسية");
  });

  it("zod's own messages", () => {
    expect(localiseMessage("ar", "Invalid input: expected string, received undefined")).toBe("إدخال غير صالح: المتوقع نص، والمستلَم لا شيء");
    expect(localiseMessage("ar", "Invalid submissionId: Too small: expected string to have >=8 characters")).toBe("قيمة submissionId غير صالحة: قصير جدًا: يجب ألا يقل عن 8 أحرف");
  });
});

describe("the 33rd reading's Arabic", () => {
  it("Delete account says what the owner loses, as the owner's loss (not «يسقط مع الحساب … من رصيد إعلاناتك»)", () => {
    const line = (count: number) => t("ar", "account.settings.deleteCredits", { count });
    expect(line(1)).toBe("بحذف حسابك تخسر إعلانًا واحدًا غير مستخدم في رصيدك، ولن يُستردّ ثمنه.");
    expect(line(2)).toBe("بحذف حسابك تخسر إعلانين غير مستخدمين في رصيدك، ولن يُستردّ ثمنهما.");
    expect(line(5)).toBe("بحذف حسابك تخسر 5 إعلانات غير مستخدمة في رصيدك، ولن يُستردّ ثمنها.");
    expect(line(11)).toBe("بحذف حسابك تخسر 11 إعلانًا غير مستخدم في رصيدك، ولن يُستردّ ثمنها.");
    expect(line(100)).toBe("بحذف حسابك تخسر 100 إعلان غير مستخدم في رصيدك، ولن يُستردّ ثمنها.");
  });

  it("the console's marks are named as its buttons name them (not «مُعلَّمة بـ«مميّز»»)", () => {
    expect(t("ar", "server.admin.alreadyFeatured")).toBe("هذه الوظيفة مميّزة بالفعل.");
    expect(t("ar", "server.admin.alreadySticky")).toBe("هذه الوظيفة مثبّتة في الأعلى بالفعل.");
    expect(t("ar", "server.admin.notFeatured")).toBe("هذه الوظيفة غير مميّزة حاليًا، فلا يوجد تمييز لإلغائه.");
    expect(t("ar", "server.admin.notSticky")).toBe("هذه الوظيفة غير مثبّتة حاليًا، فلا يوجد تثبيت لإلغائه.");
  });
});
