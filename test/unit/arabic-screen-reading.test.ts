// The screen reading (issue 25): every Arabic screen looked at as rendered, at 390 and 1280 px, signed out, as an
// employer with a posted job, a Spotlight subscriber, a candidate and an operator, by a Gulf reader. What still read
// like a translation was fixed in the catalogue; each case here fails on the old text and passes on the new.
import { describe, expect, it } from "vitest";
import { localiseMessage, t } from "../../worker/lib/i18n";
import { ar } from "../../worker/rules/locales/ar";
import { m } from "../../worker/rules/serverMessages";

const text = (id: string, values: Record<string, unknown> = {}) => t("ar", id as never, values as never);
const arabic = Object.values(ar);

describe("the screen reading", () => {
  it.each([
    // The dashboard's banners separate the state from what it means with a middle dot, not a hyphen.
    ["account.job.banner.removed", {}, "أزالتها إدارة الموقع · لا يراها المرشحون"],
    ["account.job.banner.inactive", {}, "متوقفة مؤقتًا · لا يراها المرشحون"],
    // What the owner of a removed job reads: the subject named (the mail's last noun is «وظيفتك»), HR's «على أساس».
    ["value.ownerReason.incomplete", {}, "لا يذكر الإعلان معلومات كافية عن الوظيفة أو طريقة التقديم."],
    ["value.ownerReason.discriminatory", {}, "يستبعد الإعلان المتقدمين على أساس العمر أو الجنس أو الجنسية أو الدين."],
    ["spotlight.admin.confirm.ownerReason", {}, "ما يُبلَّغ به صاحب الإعلان"],
    // The Product category and tag: the field, as Gulf job sites name it (Bayt, LinkedIn), not «المنتج» (the product).
    ["value.category.Product", {}, "إدارة المنتجات"],
    ["value.tag.Product", {}, "إدارة المنتجات"],
    // A fifteenth reading (applying on the board): applying again is said; a withdrawal is confirmed, and the list is
    // then empty «حاليًا», not «بعد»; the confirmation's buttons are verbal nouns as «إبقاء الطلب» is; the inbox's
    // bulk select says what it is for; the links field names what links.
    ["public.apply.alreadyTitle", {}, "سبق أن تقدّمت لهذه الوظيفة"],
    // A sixteenth reading: an empty list never says «لم تتقدّم … بعد» to one who withdrew (after a reload too), the
    // page says there is no need to apply again, a count of candidates told agrees with it, and the alert box offers
    // the jobs that match the search, which is what it sends (not «مشابهة»).
    ["public.applications.empty", {}, "لا توجد لديك طلبات حاليًا."],
    [
      "public.apply.alreadyText",
      { title: "مهندس", date: "28 نوفمبر 2026" },
      "تقدّمت لوظيفة «\u2068مهندس\u2069» في 28 نوفمبر 2026، فلا حاجة إلى التقديم مرة أخرى. يمكنك متابعة طلبك أو سحبه من صفحة «طلباتي».",
    ],
    ["account.applications.savedTold", { count: 1 }, "تم الحفظ، وأبلغنا المتقدّم بالبريد الإلكتروني."],
    ["account.applications.savedTold", { count: 2 }, "تم الحفظ، وأبلغنا المتقدّمَين بالبريد الإلكتروني."],
    ["account.applications.savedTold", { count: 3 }, "تم الحفظ، وأبلغنا 3 متقدّمين بالبريد الإلكتروني."],
    ["account.applications.apply", { count: 2 }, "تطبيق على طلبين"],
    ["account.applications.sendRejection", {}, "إرسال رسالة اعتذار بالبريد الإلكتروني"],
    ["public.alert.title", {}, "استلم الوظائف الجديدة عبر البريد الإلكتروني"],
    ["public.alert.open", {}, "فعّل تنبيهًا لهذا البحث"],
    ["public.applications.confirmLead", {}, "سيُسحب طلبك وتُحذف سيرتك الذاتية نهائيًا، ولا يمكن التراجع عن ذلك."],
    ["public.applications.confirmWithdraw", {}, "سحب الطلب وحذف سيرتي الذاتية"],
    ["public.applications.confirmRemove", {}, "حذف الطلب وسيرتي الذاتية"],
    ["account.applications.empty", {}, "لا توجد طلبات حاليًا."],
    ["account.applications.statusLabel", {}, "تغيير حالة الطلبات المحدَّدة إلى:"],
    ["account.applications.notes", {}, "ملاحظات خاصة (لا يراها المتقدّم)"],
    ["public.apply.links", {}, "روابط مهنية"],
    // /ar/jobs: the alert box names the search, never «لـ:» before a colon, nor «عن: في دبي» (a fourteenth reading):
    // «المطابقة لبحثك», as the digest's intro says it (and the box's heading does not say it a second time).
    ["public.alert.digestFor", { summary: "«مهندس» · في دبي" }, "رسالة يومية بالوظائف الجديدة المطابقة لبحثك: «مهندس» · في دبي"],
    ["public.alert.digestFor", { summary: "في دبي" }, "رسالة يومية بالوظائف الجديدة المطابقة لبحثك: في دبي"],
    // The pay filter's reading of a salary, said as a person would (was «يُقرأ في تصفية الراتب على أنه»).
    ["public.pay.readAs", { amount: "15,000 – 20,000", period: "شهريًا" }, "يُحتسب عند التصفية حسب الراتب: 15,000 – 20,000 شهريًا"],
    // The remote checkbox spells بُعد as the remote tag and the alert summary do.
    ["public.filters.remoteOnly", {}, "عن بُعد فقط"],
    // The pinned strip and its card badge: not «مثبّتة» beside the Sticky badge «مثبّت».
    ["public.list.pinned", {}, "في الصدارة"],
    // Sign-in screens.
    ["account.reset.lead", {}, "سيُسجَّل خروجك من حسابك على جميع الأجهزة."],
    [
      "account.forgot.sent",
      { email: "sara@example.com" },
      "إذا كان هناك حساب مسجّل بالبريد \u2068sara@example.com\u2069، فسيصلك رابط لاختيار كلمة مرور جديدة. الرابط صالح لمرة واحدة فقط، ولمدة ساعة واحدة.",
    ],
    // The dashboard with no credit left: credits are رصيد إعلانات, not «إعلانات وظائف متاحة» (which reads as jobs on the board).
    ["account.bundle.noneTitle", {}, "رصيد إعلاناتك فارغ"],
    ["account.jobs.noPostsTitle", {}, "رصيد إعلاناتك فارغ"],
    ["account.settings.noticesDigestHint", {}, "رسالة واحدة يوميًا تجمع طلبات آخر 24 ساعة على كل وظائفك."],
    // The posted-within filter is a rolling window: «اليوم» read as the calendar day, and a job from 16 hours ago, posted
    // yesterday in the Gulf, was in it (the eighteenth reading).
    // A link whose alert was cancelled had not expired (the eighteenth reading).
    ["public.alertStatus.invalid", {}, "لم يعد هذا الرابط صالحًا"],
    ["value.timeframe.day", {}, "آخر 24 ساعة"],
    ["value.timeframe.week", {}, "آخر 7 أيام"],
    ["value.timeframe.month", {}, "آخر 30 يومًا"],
    ["server.alerts.posted.day", {}, "نُشرت خلال آخر 24 ساعة"],
    ["discovery.filters.posted", { timeframe: "آخر 7 أيام" }, "نُشرت خلال آخر 7 أيام"],
    // The posting form: an example a Gulf employer recognises (not أكمي), the logo limit said as the CV's is.
    ["posting.form.companyPlaceholder", {}, "مثال: أفق للتقنية"],
    ["spotlight.profile.companyPlaceholder", {}, "مثال: أفق للتقنية"],
    ["posting.logo.hint", {}, "PNG أو JPG أو WebP أو GIF، بحد أقصى 2\u00a0ميجابايت"],
    ["posting.form.startingEquity", { percent: "5%" }, "الحد الأدنى لحصة الملكية: 5%"],
    ["posting.editor.orderedLabel", {}, "1. قائمة مرقّمة"],
    ["posting.live.title", {}, "تهانينا! وظيفتك\u00a0منشورة\u00a0الآن"],
    // One name for the dashboard's job list.
    ["posting.edit.backLink", {}, "→ العودة إلى وظائفي المنشورة"],
    // Validation: one term for equity (حصة الملكية), an instruction rather than «مطلوبة».
    ["server.posting.equity", {}, "نطاق حصة الملكية مطلوب"],
    ["server.posting.tags", {}, "أضف مهارة واحدة على الأقل"],
    // Spotlight: the page's head is «أعلى صفحة شركتك», not a letterhead (ترويسة); the last step is the activation.
    ["spotlight.workspace.profileLead", {}, "هذا ما يظهر في أعلى صفحة شركتك."],
    ["spotlight.steps.success", {}, "التفعيل"],
    ["spotlight.jobForm.publishNow", {}, "انشرها الآن، وإلا فستُحفظ مسودة"],
    ["spotlight.payment.previewJobs", { count: 1 }, "ستُنشر الوظيفة التي أعددتها في المعاينة فور تفعيل اشتراكك."],
    ["spotlight.payment.previewJobs", { count: 2 }, "ستُنشر الوظيفتان اللتان أعددتهما في المعاينة فور تفعيل اشتراكك."],
    ["spotlight.onboarding.companyLead", { email: "sara@example.com" }, "سجّلت الدخول بالبريد sara@example.com. ما تُدخله أدناه يظهر في أعلى صفحة شركتك، ويمكنك تغييره لاحقًا."],
    // The console: orders are طلبات الشراء there too; one spelling of webhook.
    ["spotlight.admin.tab.orders", {}, "طلبات الشراء"],
    ["spotlight.admin.order.title", { id: "cb7c8a2e" }, "طلب الشراء cb7c8a2e"],
    ["spotlight.admin.overview.failedWebhooks", {}, "أحداث الويب هوك الفاشلة"],
    ["spotlight.admin.jobs.markFeatured", {}, "تمييز الوظيفة"],
  ] as const)("%s %j → %s", (id, values, expected) => {
    expect(text(id, values)).toBe(expected);
  });

  it("Arabic letters have no case: the password rules say an English capital and small letter", () => {
    expect(localiseMessage("ar", m("server.auth.passwordUpper"))).toBe("يجب أن تحتوي كلمة المرور على حرف إنجليزي كبير\u00a0(\u2066A–\u2060Z\u2069)");
    expect(localiseMessage("ar", m("server.auth.passwordLower"))).toBe("يجب أن تحتوي كلمة المرور على حرف إنجليزي صغير\u00a0(\u2066a–\u2060z\u2069)");
  });

  it("a web address or a format inside Arabic is isolated, so it is not drawn backwards («(…//:https)»)", () => {
    const link = localiseMessage("ar", m("server.applications.link"));
    expect(link).toBe("يجب أن يكون كل رابط عنوان موقع إلكتروني، مثل \u2066linkedin.com/in/name\u2069");
    expect(localiseMessage("ar", m("server.posting.equityFormat"))).toBe("صيغة حصة الملكية غير صالحة. اكتب نطاقًا مثل \u20660.5% - 1.0%\u2069");
  });

  it("enhancements are named as things bought (إبراز، تثبيت، تمييز); their badges are the adjectives (بارز، مثبّت، مميّز)", () => {
    expect(text("value.enhancement.featured")).toBe("تمييز");
    expect(text("public.badge.featured")).toBe("مميّز");
    expect(localiseMessage("ar", "3 Premium posts with Highlight, Sticky and Featured")).toBe("3 إعلانات بخطة بريميوم مع إبراز وتثبيت وتمييز");
  });

  it("no Arabic screen says أكمي, ترويسة (of a page), «الحصة في الملكية» or «يُقرأ في تصفية الراتب»", () => {
    expect(arabic.filter((v) => /أكمي|ترويسة صفحة|الحصة في الملكية|يُقرأ في تصفية/.test(v))).toEqual([]);
  });

  it("a job at a company is «لدى» on every screen too (a job's page title, heading, summary and the Arabic feed), as in the e-mails", () => {
    expect(arabic.filter((v) => v.includes("في {company}"))).toEqual([]);
    expect(text("discovery.job.heading", { title: "مهندس", company: "تابي" })).toBe("مهندس لدى تابي");
  });

  it("the dashboard greets a brand-new account too: «مرحبًا سارة», never «مرحبًا بعودتك» (welcome back) on a first visit; no comma after «مرحبًا» in a heading (the 26th reading)", () => {
    expect(text("account.overview.welcome", { name: "سارة" })).toBe("مرحبًا سارة");
    expect(t("en", "account.overview.welcome" as never, { name: "Dana" } as never)).toBe("Welcome, Dana");
  });

  it("Spotlight's dashboard has one name, the one the account pages and e-mails use: لوحة سبوتلايت", () => {
    expect(arabic.filter((v) => v.includes("لوحة تحكم سبوتلايت"))).toEqual([]);
    expect(text("spotlight.live.dashboard")).toBe("لوحة سبوتلايت");
  });
});
