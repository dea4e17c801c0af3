// The public side in two languages (issue 13): the English text is what it was before the catalogues
// (the hiring message, list labels), list labels fall back to the English label while a value has no
// catalogue entry, and the Arabic count messages say the right thing for each of Arabic's plural forms.
import { beforeAll, describe, expect, it } from "vitest";
import { jobTypeLabel, listLabel } from "../../web/components/JobMeta";
import { loadCatalogue, loadScreenMessages } from "../../web/i18n";
import { hiringMessage, jobUrl } from "../../web/share";
import { t } from "../../worker/lib/i18n";

// The listing's messages, as web/main.tsx loads them before the first render, and the screens' (Share Job's
// hiring message is one), as a screen's chunk loads them. Both here: the unit files share their modules
// (isolate: false), so what another file loaded must not be what this one passes on.
beforeAll(async () => {
  await loadCatalogue();
  await loadScreenMessages();
});

describe("the public side's English is unchanged", () => {
  it("the hiring message Share Job copies, with and without a company", () => {
    const origin = "https://jobs.example";
    expect(hiringMessage({ id: "j 1", title: "Backend Engineer", company: "Acme" }, origin)).toBe("We're hiring! Backend Engineer at Acme. Apply here: https://jobs.example/jobs/j%201");
    expect(hiringMessage({ id: "j2", title: "", company: "" }, origin)).toBe("We're hiring! A new role. Apply here: https://jobs.example/jobs/j2");
    expect(jobUrl("j3", origin)).toBe("https://jobs.example/jobs/j3");
  });

  it("job types read as the type filter names them; an unknown type shows as stored", () => {
    expect(jobTypeLabel("full-time")).toBe("Full-time");
    expect(jobTypeLabel("Part-Time")).toBe("Part-time");
    expect(jobTypeLabel("remote")).toBe("Remote");
    expect(jobTypeLabel("Temporary")).toBe("Temporary");
  });

  it("a list value without a catalogue entry shows its English label", () => {
    expect(listLabel("sort", "no-such-sort", "Most Recent")).toBe("Most Recent");
    expect(listLabel("stage", "Series Z", "Series Z")).toBe("Series Z");
  });
});

describe("the public side's Arabic counts", () => {
  it("'Hiring for N positions' and 'N jobs' in every Arabic plural form, with Latin digits", () => {
    const hiring = (count: number) => t("ar", "public.company.hiringFor", { count });
    // As Gulf boards say it (issue 25): "4 وظائف شاغرة", not "تبحث عن موظفين لـ 4 وظائف".
    expect(hiring(1)).toBe("وظيفة شاغرة واحدة");
    expect(hiring(2)).toBe("وظيفتان شاغرتان");
    expect(hiring(3)).toBe("3 وظائف شاغرة");
    expect(hiring(11)).toBe("11 وظيفة شاغرة");
    expect(hiring(100)).toBe("100 وظيفة شاغرة");
    const count = (n: number) => t("ar", "public.company.count", { count: n });
    expect([0, 1, 2, 5, 11, 1000].map(count)).toEqual(["لا توجد وظائف", "وظيفة واحدة", "وظيفتان", "5 وظائف", "11 وظيفة", "1,000 وظيفة"]);
  });

  it("the English counts keep their singular and plural", () => {
    expect(t("en", "public.company.hiringFor", { count: 1 })).toBe("Hiring for 1 position");
    expect(t("en", "public.company.hiringFor", { count: 4 })).toBe("Hiring for 4 positions");
    expect(t("en", "public.company.count", { count: 1 })).toBe("1 job");
    expect(t("en", "public.company.countWithDrafts", { count: 2 })).toBe("2 jobs · drafts are visible only to you");
    expect(t("en", "public.list.showing", { shown: 20, total: 60 })).toBe("Showing 20 of 60");
  });
});
