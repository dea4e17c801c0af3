// What this session added to the catalogue (issue 25), read in both languages. Each case fails on the old catalogue
// (the key did not exist, or said otherwise).
import { describe, expect, it } from "vitest";
import { t } from "../../worker/lib/i18n";

const say = (locale: "en" | "ar", id: string, values: Record<string, unknown> = {}) => t(locale, id as never, values as never);

describe("the dashboard's balance says which posts expire first, with Arabic number agreement", () => {
  // With several grants it said no date at all (web/components/dashboard/BundleCard.tsx).
  it.each([
    [1, "Next to expire: 1 post on 28 Feb 2027", "أقرب موعد لانتهاء الصلاحية: إعلان واحد في\u00a028 Feb 2027"],
    [2, "Next to expire: 2 posts on 28 Feb 2027", "أقرب موعد لانتهاء الصلاحية: إعلانان في\u00a028 Feb 2027"],
    [5, "Next to expire: 5 posts on 28 Feb 2027", "أقرب موعد لانتهاء الصلاحية: 5 إعلانات في\u00a028 Feb 2027"],
    [11, "Next to expire: 11 posts on 28 Feb 2027", "أقرب موعد لانتهاء الصلاحية: 11 إعلانًا في\u00a028 Feb 2027"],
  ])("%i", (count, en, ar) => {
    expect(say("en", "account.bundle.nextExpiry", { count, date: "28 Feb 2027" })).toBe(en);
    expect(say("ar", "account.bundle.nextExpiry", { count, date: "28 Feb 2027" })).toBe(ar);
  });
});
