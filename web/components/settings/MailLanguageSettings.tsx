// Settings: the language of the account's e-mails (decision 0509), saved by PUT /api/account/language. A checkout
// sets it too, to the language of the pages it was started from; switching the site's language does not.
import type { Locale } from "@rules/i18n";
import { api, call } from "../../client";
import { useI18n } from "../../i18n";
import { ChoiceSettings } from "./ChoiceSettings";

export function MailLanguageSettings({ saved }: { saved: Locale | undefined }) {
  const { t, locale } = useI18n();
  const options = [
    { value: "en", label: t("account.settings.languageEnglish"), lang: "en" },
    { value: "ar", label: t("account.settings.languageArabic"), lang: "ar" },
  ] as const;
  return (
    <ChoiceSettings<Locale>
      id="mail-language"
      heading={t("account.settings.language")}
      text={t("account.settings.languageText")}
      // Each language is named in itself; the page's own comes first.
      options={locale === "ar" ? [options[1], options[0]] : options}
      saved={saved}
      save={async (locale) => (await call(api.account.language.$put({ json: { locale } }))).locale}
      submit={t("account.settings.languageSave")}
      done={(locale) => t("account.settings.languageSaved", { locale })}
    />
  );
}
