// Issue 25: what the 24th reading by a Gulf reader found in the password checklist, the saved jobs and the
// employer's applications, mended in this session (the layout it found: test/browser/candidates.spec.mjs and
// arabic-native.spec.mjs).
import { describe, expect, it } from "vitest";
import { t } from "../../worker/lib/i18n";

describe("the 24th reading", () => {
  it("a letter range stays with its word: «كبير (A–Z)», never «(A–Z)» alone on a line", () => {
    expect(t("ar", "server.auth.passwordUpper")).toContain("كبير\u00a0(\u2066A–\u2060Z\u2069)");
    expect(t("ar", "server.auth.passwordLower")).toContain("صغير\u00a0(\u2066a–\u2060z\u2069)");
  });

  it("the employer's applications are «طلبات التوظيف»: «الطلبات» alone is also orders", () => {
    expect(t("ar", "account.applications.headingAll")).toBe("طلبات التوظيف");
    expect(t("ar", "account.applications.title")).toBe("طلبات التوظيف | وظائف الشركات الناشئة");
  });

  it("says what changing the password does in a whole sentence, and where saves are found on «جميع أجهزتك»", () => {
    expect(t("ar", "account.settings.passwordText")).toBe("سيؤدي تغيير كلمة المرور إلى تسجيل خروجك من جميع الأجهزة الأخرى.");
    expect(t("ar", "public.saved.signIn")).toBe("سجّل الدخول لتحفظها في حسابك وتجدها على جميع أجهزتك.");
  });
});

describe("the 25th reading: a repost says what it takes away", () => {
  it("a Standard credit takes a Premium job's plan and its Highlight; a credit with more takes nothing", async () => {
    const { repostDrops, SPOTLIGHT_PACKAGE } = await import("../../worker/rules/repost");
    const job = { plan: "premium", enhancements: ["highlight", "company-profile"] };
    expect(repostDrops(job, { plan: "standard", enhancements: [] })).toEqual({ plan: "premium", enhancements: ["highlight", "company-profile"] });
    expect(repostDrops(job, { plan: "premium", enhancements: ["highlight", "sticky", "company-profile"] })).toEqual({ plan: null, enhancements: [] });
    expect(repostDrops(job, SPOTLIGHT_PACKAGE)).toEqual({ plan: null, enhancements: ["highlight"] });
    expect(repostDrops({ plan: "standard", enhancements: [] }, { plan: "premium", enhancements: ["featured"] })).toEqual({ plan: null, enhancements: [] });
  });

  it("says it in the page's language, and names a credit «الرصيد», not «وسيلة الدفع»", () => {
    expect(t("ar", "account.jobs.repostDrops", { lost: "خطة بريميوم وإبراز" })).toBe("بهذا الاختيار تُنشر الوظيفة من جديد دون خطة بريميوم وإبراز.");
    expect(t("en", "account.jobs.repostDrops", { lost: "Premium and Highlight" })).toBe("With this, the job is reposted without Premium and Highlight.");
    expect(t("ar", "account.jobs.repostRenews")).not.toContain("وسيلة الدفع");
  });
});
