// Issue 25: a second reading of every Arabic e-mail, each mail rendered with Gulf data and its right-to-left lines
// checked for order. What it found, each a case that failed before:
// - a salary such as "15000-20000 AED شهريًا" began with a Latin letter, so its first-strong isolate laid it out left
//   to right and «شهريًا» came first for an Arabic reader; the HTML of the alert digest and the company's new-job mail
//   isolated nothing, so "Dubai, UAE · AED …" ran into one left-to-right run beside the company;
// - search words were not isolated: «.NET Developer» showed as «NET Developer.», «C++» as «++C»;
// - "2 (واحد لهذه الوظيفة، و1 في رصيد إعلاناتك)": a count without its plural;
// - one job or one application under an intro that says «وظائف» / «الطلبات»;
// - a Spotlight post's confirmation said "الباقة: Spotlight";
// - the daily digest's candidate names were not isolated; the welcome without a renewal date left two blank lines,
//   and the cancellation's text put a bare address after «غيّرت رأيك؟».
import { describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import { describeFiltersIn } from "../../worker/discovery/locale";
import { applicationDigestMail } from "../../worker/mail/applicationMails";
import { jobOrderLines } from "../../worker/mail/receipts";
import { alertDigestMail, companyNewJobMail, spotlightCancelScheduledMail, spotlightWelcomeMail } from "../../worker/mail/templates";
import { spotlightPostMailStatement } from "../../worker/jobs/publish";
import { isolateIn, ownDirection } from "../../worker/rules/bidi";
import { normaliseSearch } from "../../worker/rules/search";

const LRI = "\u2066";
const RLI = "\u2067";
const FSI = "\u2068";
const PDI = "\u2069";
const SITE = "https://jobs.example";

const job = (over: Partial<{ title: string; company: string; location: string; salary: string }> = {}) => ({
  title: "مهندس بيانات",
  company: "طلبات",
  location: "Dubai, UAE",
  salary: "15000-20000 AED شهريًا",
  url: `${SITE}/ar/jobs/1`,
  ...over,
});

describe("a poster's own text keeps the direction most of its letters read in", () => {
  it.each([
    ["15000-20000 AED شهريًا", "rtl"],
    ["AED 15,000 - 20,000 شهريًا", "rtl"],
    ["دبي Senior Engineer", "ltr"],
    ["Engineer (دبي)", null],
    ["مهندس بيانات", null],
    ["Sales Manager (KSA)", null],
    ["$120k - $160k", null],
    ["0.5% - 1%", null],
  ] as const)("%s → %s", (text, dir) => {
    expect(ownDirection(text)).toBe(dir);
  });

  it("in an Arabic line, the isolate of its direction when the first letter misleads; first-strong otherwise; none in English", () => {
    expect(isolateIn("ar", "15000-20000 AED شهريًا")).toBe(`${RLI}15000-20000 AED شهريًا${PDI}`);
    expect(isolateIn("ar", "دبي Senior Engineer")).toBe(`${LRI}دبي Senior Engineer${PDI}`);
    expect(isolateIn("ar", "Sales Manager (KSA)")).toBe(`${FSI}Sales Manager (KSA)${PDI}`);
    expect(isolateIn("en", "15000-20000 AED شهريًا")).toBe("15000-20000 AED شهريًا");
  });
});

describe("the alert digest and the company's new-job mail", () => {
  it("the salary reads right to left in the text, and every field is isolated in the HTML too", () => {
    const mail = alertDigestMail({ summary: "«مهندس»", jobs: [job()], searchUrl: `${SITE}/ar/jobs`, unsubscribeUrl: `${SITE}/u`, locale: "ar" });
    expect(mail.text).toContain(`، ${RLI}15000-20000 AED شهريًا${PDI}`);
    expect(mail.html).toContain(`${FSI}طلبات${PDI} · ${FSI}Dubai, UAE${PDI} · <span style="white-space:nowrap">${RLI}15000-20000 AED شهريًا${PDI}</span>`);
    const one = companyNewJobMail({ company: "طلبات", job: job(), companyUrl: `${SITE}/ar/company/talabat`, unsubscribeUrl: `${SITE}/u`, locale: "ar" });
    expect(one.html).toContain(`${FSI}Dubai, UAE${PDI} · <span style="white-space:nowrap">${RLI}15000-20000 AED شهريًا${PDI}</span>`);
  });

  it("the intro agrees with the count: one job, two, many", () => {
    const intro = (n: number) =>
      alertDigestMail({ summary: "«مهندس»", jobs: Array.from({ length: n }, () => job()), searchUrl: `${SITE}/ar/jobs`, unsubscribeUrl: `${SITE}/u`, locale: "ar" }).text.split("\n")[2];
    expect(intro(1)).toBe("وظيفة جديدة مطابقة لبحثك («مهندس»):");
    expect(intro(2)).toBe("وظيفتان جديدتان مطابقتان لبحثك («مهندس»):");
    expect(intro(3)).toBe("وظائف جديدة مطابقة لبحثك («مهندس»):");
    const en = alertDigestMail({ summary: '"rust"', jobs: [job({ title: "Rust Engineer" })], searchUrl: `${SITE}/jobs`, unsubscribeUrl: `${SITE}/u` });
    expect(en.text.split("\n")[2]).toBe('A new job matching "rust":');
  });

  it("search words and places are isolated in the summary: «.NET Developer» and «C++» keep their order", () => {
    // A place the board knows is named in Arabic (placeIn); one it does not stays as typed, isolated too.
    const summary = describeFiltersIn("ar", normaliseSearch({ keywords: ".NET Developer", location: "Abu Dhabi" }, "ar"));
    expect(summary).toContain(`«${FSI}.NET Developer${PDI}»`);
    expect(summary).toContain(`في ${FSI}أبو ظبي${PDI}`);
    expect(describeFiltersIn("ar", normaliseSearch({ location: "Springfield, IL" }, "ar"))).toBe(`في ${FSI}Springfield, IL${PDI}`);
  });
});

describe("receipts and confirmations", () => {
  it("the posts of a bundle bought with a job: the rest counted with its plural", () => {
    const split = (posts: number) => jobOrderLines({ posts, plan: "standard" }, "ar").find((l) => l.label === "عدد الإعلانات")!.value;
    expect(split(2)).toBe("2 (إعلان لهذه الوظيفة، وإعلان واحد في رصيد إعلاناتك)");
    expect(split(3)).toBe("3 (إعلان لهذه الوظيفة، وإعلانان في رصيد إعلاناتك)");
    // A count keeps its noun on its line (a no-break space): at 390 px «و4» ended a line and «إعلانات» opened the next (the 32nd reading).
    expect(split(5)).toBe("5 (إعلان لهذه الوظيفة، و4\u00a0إعلانات في رصيد إعلاناتك)");
    expect(split(12)).toBe("12 (إعلان لهذه الوظيفة، و11\u00a0إعلانًا في رصيد إعلاناتك)");
  });

  it("a Spotlight post's confirmation names the subscription in the mail's language", async () => {
    const to = "layla-spotlight-post@example.com";
    await spotlightPostMailStatement(
      env.DB,
      { jobId: crypto.randomUUID(), title: "مهندس بيانات", company: "طلبات", mailTo: to, owner: { email: to, name: "ليلى" }, appUrl: SITE, locale: "ar" },
      Date.now(),
    ).run();
    const mail = await env.DB.prepare(`SELECT text FROM mail_outbox WHERE "to" = ?`).bind(to).first<{ text: string }>();
    expect(mail!.text).toContain(`الاشتراك: ${FSI}سبوتلايت (شهري)${PDI}`);
    // A Spotlight post counts nothing: its posts are unlimited (the ninth reading read «عدد الإعلانات: 1» as noise).
    expect(mail!.text).not.toContain("عدد الإعلانات");
    expect(mail!.text).not.toMatch(/Spotlight|الباقة/);
  });
});

describe("the employer's digest and the Spotlight mails' text", () => {
  it("one application: a singular intro; candidate names isolated", () => {
    const mail = applicationDigestMail({
      locale: "ar",
      jobs: [{ title: "مهندس بيانات", company: "طلبات", count: 1, candidates: ["Omar Khalid"], inboxUrl: `${SITE}/ar/dashboard/applications` }],
      settingsUrl: `${SITE}/ar/dashboard/settings`,
    });
    expect(mail.text).toContain("إليك الطلب الذي وصلك خلال آخر 24 ساعة");
    expect(mail.text).toContain(`- ${FSI}Omar Khalid${PDI}`);
  });

  it("the welcome without a renewal date has no empty line of its own; the cancellation's text names its link", () => {
    const welcome = spotlightWelcomeMail({ renewsAt: null, dashboardUrl: `${SITE}/ar/spotlight/live`, billingUrl: `${SITE}/ar/dashboard/billing`, locale: "ar" });
    expect(welcome.text).not.toMatch(/\n\n\n/);
    const cancel = spotlightCancelScheduledMail({ endsAt: Date.UTC(2026, 0, 5), billingUrl: `${SITE}/ar/dashboard/billing`, locale: "ar" });
    expect(cancel.text).toContain(`غيّرت رأيك؟ إدارة اشتراكك: ${SITE}/ar/dashboard/billing`);
  });
});
