// The points the fifth reading left (issue 25): one action named two ways on the success pages, a followed company
// left unnamed, and bundle cards whose description said again what their name says. Each case fails on the old
// catalogue (the key did not exist, or read otherwise); the pages are browser tests (posting.spec.mjs, arabic.spec.mjs,
// arabic-native.spec.mjs).
import { describe, expect, it } from "vitest";
import { t } from "../../worker/lib/i18n";
import { CREDIT_BUNDLES } from "../../worker/rules/pricing";
import ar from "../../worker/rules/locales/ar/public.json";
import en from "../../worker/rules/locales/en/public.json";

const arabicCatalogues = import.meta.glob<Record<string, string>>("../../worker/rules/locales/ar/*.json", { eager: true, import: "default" });

const say = (locale: "en" | "ar", id: string, values: Record<string, unknown> = {}) => t(locale, id as never, values as never);

describe("the sixth reading: words", () => {
  it.each([
    // Both success pages share the job by one name.
    ["posting.result.shareJob", {}, "مشاركة الوظيفة", "Share Job"],
    // A followed company's confirmation and unsubscription name it.
    ["public.alertStatus.followingNamed", { company: "أفق للتقنية" }, "أنت الآن تتابع أفق للتقنية", "You're following أفق للتقنية"],
    [
      "public.alertStatus.unsubscribedCompanyNamed",
      { company: "أفق للتقنية" },
      "لن تصلك رسائل عن وظائف أفق للتقنية بعد الآن. يمكنك متابعتها مجددًا من صفحتها في أي وقت.",
      "You won't get e-mails about jobs at أفق للتقنية any more. You can follow it again from its page at any time.",
    ],
  ])("%s", (id, values, arabic, english) => {
    expect(say("ar", id, values)).toBe(arabic);
    expect(say("en", id, values)).toBe(english);
  });

  it("the success pages' old share label is gone: one action, one name", () => {
    expect(Object.keys(en)).not.toContain("public.share.button");
    expect(Object.keys(ar)).not.toContain("public.share.button");
  });

  // «الباقة القياسية: 5 إعلانات بالخطة القياسية، بتوفير 10%» above «خمسة إعلانات وظائف لفريق ينمو»: the card's
  // name says what the bundle holds (bundleSummary), so its description says whom it is for.
  it.each(CREDIT_BUNDLES.map((b) => [b.id, b.description] as const))("the %s bundle's description does not count its posts again", (_id, description) => {
    for (const locale of ["en", "ar"] as const) {
      const text = say(locale, description);
      expect(text, text).not.toMatch(/\d|\b(?:five|ten|posts?)\b|إعلان|خمس|عشر/iu);
    }
  });

  // «تمييز» is Featured (the badge «مميّز»); Highlight is «إبراز». Highlight's description said «تميّز الإعلان», and
  // the console marked a message handled with «تمييز كمعالجة», beside «تمييز الوظيفة».
  it("«تمييز» and «تميّز» say Featured only", () => {
    const featured = Object.values(arabicCatalogues)
      .flatMap((catalogue) => Object.entries(catalogue))
      .filter(([, text]) => /تم[يّ]+ز/u.test(text.replace(/job_(?:un)?mark_featured \{[^}]*\}/gu, "")))
      .map(([key]) => key);
    expect(featured.sort()).toEqual(["server.admin.notFeatured", "spotlight.admin.jobs.markFeatured", "spotlight.admin.jobs.unmarkFeatured", "value.enhancement.featured"]);
  });

  // «باقة بريميوم: 10 إعلانات بالخطة القياسية» beside «باقة بريميوم المحسّنة: إعلان واحد بخطة بريميوم»: in Arabic
  // بريميوم names the Premium plan and only what holds it (decision 0501). The English keeps the spec's names.
  it.each(CREDIT_BUNDLES.map((b) => [b.id, b] as const))("the %s bundle says بريميوم only if it holds Premium posts", (_id, bundle) => {
    expect(say("ar", `value.bundle.${bundle.id}`).includes("بريميوم")).toBe(bundle.plan === "premium");
  });

  it("Premium's placement reads «يتصدّر النتائج», without «الباحثون» (researchers, alone)", () => {
    expect(say("ar", "server.pricing.feature.placement")).toBe("يتصدّر النتائج عند ترتيبها حسب الصلة");
    expect(
      Object.values(arabicCatalogues)
        .flatMap((c) => Object.values(c))
        .filter((text) => /الباحثون(?! عن)/u.test(text)),
    ).toEqual([]);
  });

  // The seventh reading: «كمية مخصصة» beside «عددًا مخصّصًا»; «استخدام رصيد الإعلانات» as tab, page and card heading;
  // «الباقة الكاملة» beside «الباقة الشاملة», two products; «اكتمل شراؤك — …» with an English dash.
  it("a custom number of credits is «عدد مخصّص» everywhere", () => {
    const all = Object.values(arabicCatalogues).flatMap((c) => Object.values(c));
    expect(all.filter((text) => /كمية مخصص|الكمية المخصص/u.test(text))).toEqual([]);
    expect(say("ar", "posting.buy.custom")).toBe("عدد مخصّص");
  });
  it("the credits card has its own heading, not the tab's", () => {
    expect(say("ar", "posting.credits.heading")).toBe("النشر من رصيدك");
    expect(say("ar", "posting.credits.heading")).not.toBe(say("ar", "posting.step.useCredits"));
  });
  it("no two bundles have near-synonym names", () => {
    expect(say("ar", "value.bundle.complete-bundle")).toBe("باقة الإعلان المتكامل");
    expect(say("ar", "value.bundle.ultimate")).toBe("الباقة الشاملة");
  });
  it("a credit purchase says what was activated, without an English dash", () => {
    expect(say("ar", "posting.creditsDone.activated", { bundle: "الباقة القياسية" })).toBe("تم تفعيل الباقة القياسية.");
    expect(say("ar", "mail.credits.activated", { bundle: "الباقة القياسية" })).toBe("تم تفعيل الباقة القياسية.");
  });

  // The eighth reading: «تنتهي صلاحيته» under «الباقة المفعّلة: الباقة القياسية» (a feminine bundle); the tab's name in
  // three lines at 390 px; the pay-instead button wider than the screen (arabic.spec.mjs measures it).
  it("a credit's end names no gender, and the credits step's words fit a phone", () => {
    expect(say("ar", "posting.banner.expires", { date: "28 فبراير 2027" })).toBe(" · تنتهي الصلاحية في\u00a028 فبراير 2027");
    expect(say("ar", "account.bundle.expires", { date: "28 فبراير 2027" })).toBe("تنتهي الصلاحية في\u00a028 فبراير 2027");
    expect(say("ar", "posting.step.useCredits")).toBe("استخدام الرصيد");
    expect(say("ar", "posting.credits.payInstead")).toBe("ادفع بدلًا من استخدام الرصيد");
  });
});
