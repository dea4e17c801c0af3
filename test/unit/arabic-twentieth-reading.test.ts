// Issue 25: what the nineteenth to twenty-first readings by a Gulf reader found, mended in this session.
import { describe, expect, it } from "vitest";
import ar from "../../worker/rules/locales/ar/server.json";
import { alertEmailSchema } from "../../worker/rules/alertsSchema";
import { accountEmailSchema } from "../../worker/rules/authSchema";
import { contactEmailSchema } from "../../worker/rules/contact";
import { MESSAGES, jobUpdateSchema } from "../../worker/rules/posting";
import { SPOTLIGHT_MESSAGES } from "../../worker/rules/spotlight";
import { CV_MAX_BYTES, applicationFieldsSchema, cvFileProblem } from "../../worker/rules/applications";
import { describeFiltersIn } from "../../worker/discovery/locale";
import { localiseMessage, t } from "../../worker/lib/i18n";
import { placeIn } from "../../worker/rules/searchAliases";
import { filtersFromParams } from "../../worker/rules/searchParams";
import { m } from "../../worker/rules/serverMessages";

describe("an alert's place is named in the reader's script (a nineteenth reading: «في Dubai»)", () => {
  it("names each known place of a typed location in the other script", () => {
    expect(placeIn("arabic", "Dubai")).toBe("دبي");
    expect(placeIn("arabic", "Dubai, UAE")).toBe("دبي، الإمارات");
    expect(placeIn("arabic", "abu dhabi")).toBe("أبو ظبي");
    expect(placeIn("latin", "الرياض، السعودية")).toBe("Riyadh, السعودية");
    expect(placeIn("latin", "دبي")).toBe("Dubai");
  });

  it("keeps what it cannot name for sure, and the whole as typed when nothing changed", () => {
    // عمان is Oman and Amman; Remote is not a place to be in; Springfield is not in the table.
    expect(placeIn("latin", "عمان")).toBe("عمان");
    expect(placeIn("arabic", "Remote")).toBe("Remote");
    expect(placeIn("arabic", "Springfield ,  IL")).toBe("Springfield ,  IL");
    expect(placeIn("arabic", "دبي، الإمارات")).toBe("دبي، الإمارات");
    expect(placeIn("arabic", "Springfield, Dubai")).toBe("Springfield، دبي");
  });

  it("in the Arabic e-mails and the English ones", () => {
    const f = filtersFromParams(new URLSearchParams("keywords=مهندس&location=Dubai"));
    expect(describeFiltersIn("ar", f)).toBe("«\u2068مهندس\u2069» · في \u2068دبي\u2069");
    expect(describeFiltersIn("en", filtersFromParams(new URLSearchParams("location=دبي")))).toBe("in Dubai");
  });
});

describe("the apply form's CV is judged when it is picked (the twentieth reading: one error a round)", () => {
  it("says a missing CV, one too big, and one not named as a PDF or a Word document", () => {
    expect(cvFileProblem(null)).toBe(m("server.applications.cv"));
    expect(cvFileProblem({ name: "cv.pdf", size: 0 })).toBe(m("server.applications.cv"));
    expect(cvFileProblem({ name: "cv.pdf", size: CV_MAX_BYTES + 1 })).toBe(m("server.applications.cvSize"));
    expect(cvFileProblem({ name: "cv.txt", size: 10 })).toBe(m("server.applications.cvType"));
    expect(cvFileProblem({ name: "CV.DOCX", size: 10 })).toBeNull();
    expect(cvFileProblem({ name: "cv.pdf", size: CV_MAX_BYTES })).toBeNull();
  });

  it("the e-mail the browser refuses is the one the server refuses (k@x)", () => {
    const parsed = applicationFieldsSchema.safeParse({ name: "Salma", email: "k@x" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join("."))).toEqual(["email"]);
  });
});

describe("one wording for an e-mail that is not one (the twentieth reading: «صيغة البريد الإلكتروني غير صالحة» beside «يُرجى إدخال عنوان بريد إلكتروني صالح»)", () => {
  const said = (schema: { safeParse: (v: unknown) => { error?: { issues: { message: string }[] } } }) => schema.safeParse("k@x").error?.issues[0]?.message;
  const arabic = "أدخل بريدًا إلكترونيًا صحيحًا، مثل \u2066name@example.com\u2069";

  it("sign-in and sign-up, contact, alerts, applying, the wizard and Spotlight say the same in Arabic", () => {
    // English keeps the spec's two messages ('Invalid email format' for accounts, contact and Spotlight; 'Please
    // enter a valid email address' on the public side); Arabic says one sentence for both.
    const messages = [
      said(accountEmailSchema),
      said(contactEmailSchema),
      said(alertEmailSchema),
      applicationFieldsSchema.safeParse({ name: "Salma", email: "k@x" }).error?.issues[0]?.message,
      MESSAGES.emailFormat,
      SPOTLIGHT_MESSAGES.emailFormat,
    ];
    expect(new Set(messages)).toEqual(new Set([m("server.common.emailFormat"), m("server.common.emailInvalid")]));
    expect(messages.map((message) => localiseMessage("ar", message!))).toEqual(messages.map(() => arabic));
  });

  it("in Arabic, with the example kept left to right", () => {
    expect(ar["server.common.emailInvalid"]).toBe(arabic);
    expect(ar["server.common.emailFormat"]).toBe(arabic);
  });
});

describe("the edit form's one field for a link or an address says it takes either (the twentieth reading: «hr@afaq» → «يُرجى إدخال رابط صالح»)", () => {
  it("names both in its message", () => {
    for (const typed of ["hr@afaq", "our careers page", "ftp://acme.example"]) {
      expect(jobUpdateSchema.shape.apply_url.safeParse(typed).error?.issues[0]?.message).toBe("Enter a valid link starting with https:// or a valid email address");
    }
    expect(jobUpdateSchema.shape.apply_url.safeParse("hr@afaq.ae").success).toBe(true);
    expect(ar["server.posting.applyTarget"]).toBe("أدخل رابطًا صالحًا يبدأ بـ \u2066https://\u2069 أو بريدًا إلكترونيًا صحيحًا");
  });
});

describe("the settings banner, the links' limit and the letters a password needs (the twentieth reading)", () => {
  it("the banner does not speak of fields when one is wrong", () => {
    expect(t("ar", "account.settings.fixFields")).toBe("يُرجى تصحيح ما أشرنا إليه أعلاه.");
    expect(t("en", "account.settings.fixFields")).toBe("Please correct what is marked above.");
  });

  it("the links' limit says what the candidate can do, agreeing with its number", () => {
    expect(t("ar", "server.applications.linksMax", { max: 5 })).toBe("يمكنك إضافة 5 روابط كحد أقصى");
    expect(t("ar", "server.applications.linksMax", { max: 1 })).toBe("يمكنك إضافة رابطًا واحدًا كحد أقصى");
    expect(t("ar", "server.applications.linksMax", { max: 2 })).toBe("يمكنك إضافة رابطين كحد أقصى");
    expect(t("ar", "server.applications.linksMax", { max: 11 })).toBe("يمكنك إضافة 11 رابطًا كحد أقصى");
    expect(t("en", "server.applications.linksMax", { max: 5 })).toBe("You can add at most 5 links");
  });

  it("the password's English letters are shown, kept left to right", () => {
    expect(t("ar", "server.auth.passwordUpper")).toBe("يجب أن تحتوي كلمة المرور على حرف إنجليزي كبير\u00a0(\u2066A–\u2060Z\u2069)");
    expect(t("ar", "server.auth.passwordLower")).toBe("يجب أن تحتوي كلمة المرور على حرف إنجليزي صغير\u00a0(\u2066a–\u2060z\u2069)");
  });
});
