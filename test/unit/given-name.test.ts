// The dashboard greets by first name (the spec); a compound given name is one name (the 30th reading: «مرحبًا عبد»).
import { describe, expect, it } from "vitest";
import { givenName } from "../../worker/rules/names";

describe("givenName", () => {
  it.each([
    ["عبد الله الشامسي", "عبد الله"],
    ["عبد الرحمن محمد", "عبد الرحمن"],
    ["أبو بكر الصديق", "أبو بكر"],
    ["سيف الدين خالد", "سيف الدين"],
    ["نورة بنت سعد", "نورة"],
    ["محمد الشامسي", "محمد"],
    ["فاطمة", "فاطمة"],
    ["Abdul Rahman Al Suwaidi", "Abdul Rahman"],
    ["Abd al-Rahman", "Abd al-Rahman"],
    ["Jane Doe", "Jane"],
    ["  Rita   Refund ", "Rita"],
    ["", ""],
  ])("%s → %s", (name, given) => {
    expect(givenName(name)).toBe(given);
  });
});
