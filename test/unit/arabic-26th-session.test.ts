// What this session added to the catalogue (issue 25), read in both languages: the repost's e-mail (the 25th reading:
// a repost said nothing but "Job reposted successfully") and the wizard's banner, which named the first field to fix
// and not that seven others waited. Each case fails on the old catalogue (the key did not exist).
import { describe, expect, it } from "vitest";
import { t } from "../../worker/lib/i18n";

const say = (locale: "en" | "ar", id: string, values: Record<string, unknown> = {}) => t(locale, id as never, values as never);

describe("the wizard's banner counts the other fields to fix, with Arabic number agreement", () => {
  it.each([
    [1, "One more field below needs attention.", "يحتاج حقل آخر أدناه إلى تصحيح."],
    [2, "2 more fields below need attention.", "يحتاج حقلان آخران أدناه إلى تصحيح."],
    [7, "7 more fields below need attention.", "تحتاج 7 حقول أخرى أدناه إلى تصحيح."],
    [11, "11 more fields below need attention.", "يحتاج 11 حقلًا آخر أدناه إلى تصحيح."],
  ])("%i", (count, en, ar) => {
    expect(say("en", "posting.post.moreErrors", { count })).toBe(en);
    expect(say("ar", "posting.post.moreErrors", { count })).toBe(ar);
  });
});

describe("the repost's e-mail", () => {
  it("says the job is live again, and until when", () => {
    expect(say("ar", "mail.repost.subject", { title: "مهندس", company: "أفق" })).toBe("أُعيد نشر وظيفتك: \u2068مهندس\u2069 لدى \u2068أفق\u2069");
    expect(say("en", "mail.repost.subject", { title: "Engineer", company: "Ufuq" })).toBe("Your job is live again: Engineer at Ufuq");
    expect(say("ar", "mail.repost.live", { date: "29 ديسمبر 2026" })).toBe("أُعيد نشر وظيفتك، وستبقى ظاهرة للمرشحين 30 يومًا، حتى 29 ديسمبر 2026 (بالتوقيت العالمي).");
    expect(say("ar", "spotlight.admin.mailKind.job_repost")).toBe("إعادة نشر وظيفة");
  });
});

describe("the confirmed address's page", () => {
  // Under «تم تأكيد بريدك الإلكتروني» its first line began «تم تأكيد بريدك الإلكتروني …» again (the 25th reading).
  it.each(["account.verify.done", "account.verify.doneChanged", "account.verify.doneCandidate"])("%s does not say the heading again", (id) => {
    expect(say("ar", id, { email: "sara@example.com" })).not.toMatch(/تأكيد|مؤكد/);
    expect(say("en", id, { email: "sara@example.com" })).not.toMatch(/confirmed/i);
    expect(say("ar", id, { email: "sara@example.com" })).toContain("سنراسلك");
  });
});
