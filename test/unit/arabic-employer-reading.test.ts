// A third reading of the employer's and the candidate's Arabic screens (issue 25), at 390 and 1280 px, by a Gulf
// reader: the posting wizard paid and from credits, the dashboard, Billing, buy-credits, a job's page, the apply form,
// /ar/applications and /ar/saved. Each case fails on the old wording and passes on the new.
import { describe, expect, it } from "vitest";
import { t } from "../../worker/lib/i18n";

const ar = (id: string, values: Record<string, unknown> = {}) => t("ar", id as never, values as never);
const en = (id: string, values: Record<string, unknown> = {}) => t("en", id as never, values as never);

describe("the employer's and the candidate's screens, read again", () => {
  it.each([
    // A post paid from credits: «يشمل رصيدك: إعلان واحد» read as "your balance holds one post", right under «المتبقي في
    // رصيد إعلاناتك: 5 إعلانات». It says what this job is posted as.
    ["posting.credits.includes", {}, "تُنشر هذه الوظيفة من رصيدك: <b>{what}</b>"],
    // Where the banners count the posts, one sentence (a thirteenth reading found «يستهلك … إعلانًا واحدًا» and then
    // «تُنشر هذه الوظيفة من رصيدك» saying one thing twice).
    ["posting.credits.usesAs", {}, "يُخصم <b>{what}</b> من رصيدك، وتُنشر الوظيفة فورًا."],
    // The edit page's one field takes a link or an address, as the wizard's two fields do: its label says both.
    ["posting.edit.applyUrl", {}, "رابط التقديم أو البريد الإلكتروني"],
    // The count leads, the noun follows it once: not «المتبقي: 5 إعلانات وظيفية من 5», «الباقة: متبقٍ 5 من 5».
    ["posting.banner.remainingOf", { remaining: 4, total: 5 }, "المتبقي: 4 من 5"],
    ["account.bundle.usage", { remaining: 5, total: 5 }, "المتبقي: 5 من 5"],
    [
      "account.billing.grantRemaining",
      {},
      "المتبقي: <r>{remaining}</r> من {total, plural, zero {#\u00a0إعلان} one {إعلان واحد} two {إعلانين} few {#\u00a0إعلانات} many {#\u00a0إعلانًا} other {#\u00a0إعلان}}",
    ],
    // An account that never bought credits was told «لم يتبقَّ» (none left).
    // …and one pays for the ad, not «ثمن وظيفتك» (the job's price; a thirteenth reading).
    ["account.bundle.noneText", {}, "ليس في رصيدك أي إعلان متاح. اشترِ باقة إعلانات، أو ادفع قيمة إعلانك التالي عند نشره."],
    // «غير مدفوع» reads as money owed; it is a checkout left unfinished.
    ["value.orderStatus.Not paid", {}, "لم يكتمل الدفع"],
    // One name for an order's number: Billing, the receipt and the payment step say «رقم الطلب».
    ["account.billing.order", { reference: "7127D0EB" }, "رقم الطلب 7127D0EB"],
    ["mail.receipt.orderReference", {}, "رقم الطلب"],
    // «طلب واحد» on the job's button read as a count, not as the way to its inbox.
    ["account.applications.count", { count: 1 }, "الطلبات (1)"],
    ["account.applications.count", { count: 12 }, "الطلبات (12)"],
    // A candidate applies: «تقدّم» (the form's heading says «التقدّم لوظيفة»), not «قدّم».
    ["public.job.apply", {}, "تقدّم الآن"],
    ["public.job.applyNow", {}, "تقدّم الآن"],
    ["public.job.applyViaEmail", {}, "تقدّم عبر البريد الإلكتروني"],
    ["public.job.applyForPosition", {}, "تقدّم لهذه الوظيفة"],
    ["server.apply.now", {}, "تقدّم الآن"],
    ["server.apply.forPosition", {}, "تقدّم لهذه الوظيفة"],
    // The candidate's own status: «تم الإرسال», not the adjective «مُرسل»; the CV named as one on /ar/applications.
    ["public.applications.status.new", {}, "تم الإرسال"],
    ["public.applications.cv", {}, "السيرة الذاتية:"],
    // The editor's buttons say what they do: single letters «غ» and «م» were a code to decode.
    ["posting.editor.bold", {}, "عريض"],
    ["posting.editor.italic", {}, "مائل"],
    // Credits that expire are lost («يسقط»), not «يضيع» (goes missing).
    ["posting.buy.expire", {}, "تنتهي صلاحية رصيد الإعلانات بعد 3 أشهر من الشراء، ويسقط غير المستخدم منه عند انتهائها. نرسل لك تذكيرًا قبل ذلك بأسبوع."],
    // The pay filter's reading of a range, in words: a bare «15,000 – 20,000» isolated left to right read 20,000 first.
    ["public.pay.rangeFromTo", { min: "15,000", max: "20,000" }, "من 15,000 إلى 20,000"],
    ["public.pay.rangeFrom", { min: "15,000" }, "15,000 فأكثر"],
    // A share is passed written (percentPoints, isolated), so its % stays after its number after Arabic letters.
    // «مُستخدم» read as «مُستخدِم» (a user): «user 20%» (a thirteenth reading).
    ["account.bundle.used", { used: "⁦20%⁩" }, "استُهلك ⁦20%⁩"],
    ["account.billing.grant.used", {}, "استُهلكت بالكامل"],
    // «الموقع مطلوب» under «موقع الوظيفة», beside the company's website field, could be either.
    ["server.posting.location", {}, "موقع الوظيفة مطلوب"],
    // «تدفع عبر صفحة دفع آمنة» said what the visitor does, not what happens next.
    ["posting.payment.secureNote", {}, "ستنتقل إلى صفحة دفع آمنة لإتمام الدفع، وتُنشر وظيفتك فور تأكيده."],
    ["posting.buy.secureNote", {}, "ستنتقل إلى صفحة دفع آمنة لإتمام الدفع، ويُضاف الرصيد إلى حسابك فور تأكيده."],
    // The Standard plan's «ظهور بارز» promised what Highlight («إبراز») sells: it is listed on the board.
    ["posting.pricing.feature.featuredBoard", {}, "يُعرض في قائمة الوظائف"],
    ["posting.form.startingEquity", { percent: "⁦0.5%⁩" }, "الحد الأدنى لحصة الملكية: ⁦0.5%⁩"],
  ] as const)("%s %j → %s", (id, values, expected) => {
    expect(ar(id, values)).toBe(expected);
  });

  it("Spotlight onboarding: what appears at the top of the company page is what is typed below, not the address just named", () => {
    expect(ar("spotlight.onboarding.companyLead", { email: "sara@example.com" })).toContain("ما تُدخله أدناه يظهر في أعلى صفحة شركتك");
  });

  it("the verification mail names only what waits for it, and what each can do meanwhile (not «لوحة الإدارة»)", () => {
    const intro = ar("mail.verify.intro", { email: "sara@example.com" });
    // An employer's: drafts, not applying (a fifteenth reading: it told an employer they could apply for jobs).
    expect(intro).toContain("يمكنك تصفح الوظائف وكتابة مسودات إعلاناتك");
    expect(intro).not.toContain("التقدّم لها");
    expect(en("mail.verify.intro", { email: "sara@example.com" })).not.toContain("apply");
    expect(ar("mail.verify.introCandidate", { email: "sara@example.com" })).toContain("يمكنك تصفح الوظائف والتقدّم لها");
    expect(intro).not.toContain("لوحة الإدارة");
    expect(en("mail.verify.intro", { email: "sara@example.com" })).not.toContain("operator console");
  });

  it("a count stays with its noun and a discount with its %: no line ends «حتى 3» or «بخصم» (no-break spaces)", () => {
    expect(ar("posting.credits.describe", { count: 5, plan: "الخطة القياسية" })).toBe("5\u00a0إعلانات بالخطة القياسية");
    expect(ar("posting.pricing.enhancement.sticky")).toContain("حتى 3\u00a0إعلانات");
    expect(ar("posting.payment.tier", { from: 10, percent: "15%" })).toBe("10\u00a0إعلانات فأكثر بخصم\u00a015%");
  });

  it("a date keeps its «في» and a saving its %: «ينتهي في» and «28 فبراير 2027», «بتوفير» and «10%» were split (a second look)", () => {
    // «اشتُري في» was an awkward passive: «تاريخ الشراء:» (a thirteenth reading).
    expect(ar("account.billing.boughtExpires", { bought: "28 نوفمبر 2026", expires: "28 فبراير 2027" })).toBe("تاريخ الشراء:\u00a028 نوفمبر 2026 · تنتهي الصلاحية في\u00a028 فبراير 2027");
    // The credit's end is said one way, on Billing, the dashboard and the posting banner alike (the fourth reading).
    expect(ar("account.bundle.expires", { date: "28 فبراير 2027" })).toBe("تنتهي الصلاحية في\u00a028 فبراير 2027");
    expect(ar("posting.banner.expires", { date: "28 فبراير 2027" })).toBe(" · تنتهي الصلاحية في\u00a028 فبراير 2027");
    expect(ar("account.billing.boughtExpired", { bought: "1", expires: "2" })).toBe("تاريخ الشراء:\u00a01 · انتهت الصلاحية في\u00a02");
    expect(ar("posting.bundle.contentsSave", { heading: "باقة بريميوم", what: "10 إعلانات", saving: "15%" })).toBe("باقة بريميوم: 10 إعلانات، بتوفير\u00a015%");
    expect(ar("server.pricing.saves", { percent: 15 })).toBe("، بتوفير\u00a015%");
    // The posting banner names a custom purchase as the dashboard and Billing do.
    expect(ar("posting.bundle.custom")).toBe(ar("value.bundle.custom"));
  });

  it("Spotlight's «ظهور لافت» says what a subscriber gets, not «في كل أنحاء الموقع», which nothing delivers (the seventeenth reading)", () => {
    const text = ar("spotlight.benefit.visibility.text");
    expect(text).not.toMatch(/كل أنحاء/);
    // Spotlight jobs are Premium (first when sorted by relevance) and link to the company page (worker/spotlight/projection.ts).
    expect(text).toBe("تُنشر وظائفك بخطة بريميوم فتتقدّم عند الترتيب حسب الصلة، وتحمل كل وظيفة رابطًا إلى صفحة شركتك.");
    expect(t("en", "spotlight.benefit.visibility.text" as never)).not.toMatch(/across the board/);
  });

  it("the English says the same things", () => {
    // Sign-up speaks to job seekers too, as the Arabic lead does (it spoke only of posting, read on a fresh clone).
    expect(en("account.signUp.lead")).toBe("Create an account to save jobs and follow your applications, or to post your company's jobs and manage their listings.");
    expect(en("posting.credits.includes")).toBe("This job is posted from your credit as: <b>{what}</b>");
    expect([en("posting.banner.remainingOf", { remaining: 1, total: 1 }), en("posting.banner.remainingOf", { remaining: 4, total: 5 })]).toEqual([
      "1 of 1 job post remaining",
      "4 of 5 job posts remaining",
    ]);
  });
});
