// The privacy page (/privacy, web/screens/Privacy.tsx) states the periods the scheduled purges use
// (worker/rules/retention.ts), in both languages, with Arabic number agreement in the case each sentence puts them.
import { describe, expect, it } from "vitest";
import { APPLICATION_RETENTION_DAYS, CV_LINK_TTL_MS } from "../../worker/rules/applications";
import { SESSION_DAYS } from "../../worker/rules/auth";
import { t } from "../../worker/lib/i18n";
import { ALERT_RETENTION_DAYS, MAIL_TEXT_RETENTION_DAYS, RATE_LIMIT_RETENTION_DAYS, UNUSED_LOGO_RETENTION_DAYS, WEBHOOK_PAYLOAD_RETENTION_DAYS } from "../../worker/rules/retention";

const say = (locale: "en" | "ar", id: string, values: Record<string, unknown> = {}) => t(locale, id as never, values as never);

describe("the privacy page's periods", () => {
  it.each([
    [
      "public.privacy.periods.applications",
      APPLICATION_RETENTION_DAYS,
      "Applications and CVs: until withdrawn, or 180 days after the job closes.",
      "طلبات التقديم والسير الذاتية: حتى سحبها، أو حتى مرور 180\u00a0يومًا على إغلاق الوظيفة.",
    ],
    ["public.privacy.periods.alerts", ALERT_RETENTION_DAYS, "Alerts: until you unsubscribe, then 30 days.", "التنبيهات: حتى إلغاء الاشتراك، ثم تُحذف بعد 30\u00a0يومًا."],
    [
      "public.privacy.periods.mail",
      MAIL_TEXT_RETENTION_DAYS,
      "The text of the e-mails the board sends you: 30 days after sending.",
      "نصوص الرسائل التي يرسلها الموقع إليك: تُمحى بعد 30\u00a0يومًا من إرسالها.",
    ],
    [
      "public.privacy.periods.limits",
      RATE_LIMIT_RETENTION_DAYS,
      "Counts of sign-in and form attempts, which hold IP and e-mail addresses: 2 days.",
      "عدّادات محاولات تسجيل الدخول وإرسال النماذج، وفيها عناوين IP وعناوين بريد إلكتروني: تُحذف بعد يومين.",
    ],
    [
      "public.privacy.periods.webhooks",
      WEBHOOK_PAYLOAD_RETENTION_DAYS,
      "Stripe's messages about your payments: 30 days in full, then only their reference.",
      "رسائل Stripe عن مدفوعاتك: تُحفظ كاملة لمدة 30\u00a0يومًا، ثم لا يبقى منها سوى رقمها المرجعي.",
    ],
    [
      "public.privacy.periods.logos",
      UNUSED_LOGO_RETENTION_DAYS,
      "Logos you upload that no job or company page uses: deleted 7 days after upload.",
      "الشعارات التي ترفعها ولا تظهر في أي وظيفة أو صفحة شركة: تُحذف بعد 7\u00a0أيام من رفعها.",
    ],
  ])("%s", (id, days, en, ar) => {
    expect(say("en", id, { days })).toBe(en);
    expect(say("ar", id, { days })).toBe(ar);
  });

  it("a CV link's minutes and a session's days", () => {
    expect(say("ar", "public.privacy.apply.cv", { minutes: CV_LINK_TTL_MS / 60_000 })).toContain("عبر رابط صالح لمدة 5\u00a0دقائق يُتاح لصاحب العمل ولك.");
    expect(say("en", "public.privacy.account.keep", { days: SESSION_DAYS })).toContain("You stay signed in on a device for 30 days.");
    expect(say("ar", "public.privacy.account.keep", { days: SESSION_DAYS })).toContain("ويبقى تسجيل دخولك على الجهاز لمدة 30\u00a0يومًا.");
  });

  it("the reading's mends: the mail provider gets the recipient's address, and the board (not you) disables an account", () => {
    expect(say("ar", "public.privacy.others.mail")).toContain("فيتلقى عنوان البريد الإلكتروني للمستلم ونص كل رسالة.");
    expect(say("ar", "public.privacy.periods.audit")).toContain("إذا عطّلت إدارة الموقع حسابك أو أعادت تفعيله");
    // Deleting an account takes its Spotlight company page down too (decision 0301, amended this session).
    expect(say("en", "public.privacy.rights.delete")).toContain("takes your jobs and your Spotlight company page down");
    expect(say("ar", "public.privacy.rights.delete")).toContain("ويُلغي نشر وظائفك وصفحة شركتك في سبوتلايت");
    expect(say("ar", "public.privacy.apply.delete", { days: 180 })).toBe("عند سحب طلب التقديم يُحذف فورًا مع سيرتك الذاتية، وإلا فيُحذفان بعد 180\u00a0يومًا من إغلاق الوظيفة.");
  });
});
