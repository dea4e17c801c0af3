// The catalogues on the server: messages for e-mails, feeds and pages in a locale, and the API's error
// messages localised from their English text (worker/rules/i18n.ts, `localise`).
import { createIntl, createIntlCache } from "@formatjs/intl";
import type { IntlShape } from "@formatjs/intl";
import { intlLocale, localise } from "../rules/i18n";
import type { Locale } from "../rules/i18n";
import { ar } from "../rules/locales/ar";
import { en, serverEn } from "../rules/locales/en";
import type { MessageId } from "../rules/locales/en";

const CATALOGUES: Record<Locale, Record<string, string>> = { en, ar };
const intlCache = createIntlCache();
const intls = new Map<Locale, IntlShape<string>>();

export function intlFor(locale: Locale): IntlShape<string> {
  let intl = intls.get(locale);
  if (!intl) {
    intl = createIntl(
      {
        locale: intlLocale(locale),
        defaultLocale: "en-US",
        messages: CATALOGUES[locale],
        // A key missing from a catalogue is a test failure (test/unit/catalogues.test.ts), never a crash here.
        onError: () => {},
      },
      intlCache,
    );
    intls.set(locale, intl);
  }
  return intl;
}

export type MessageValues = Record<string, string | number | Date | null | undefined>;

/** A catalogue message in a locale (English when the locale lacks it). */
export function t(locale: Locale, id: MessageId, values?: MessageValues): string {
  const intl = intlFor(locale);
  const message = CATALOGUES[locale][id] ?? en[id];
  return intl.formatMessage({ id, defaultMessage: message }, values as Record<string, string>);
}

/** A server message (English text, worker/rules/serverMessages.ts) in a locale. */
export function localiseMessage(locale: Locale, text: string): string {
  if (locale === "en" || !text) return text;
  return localise(serverEn, text, (id, values) => t(locale, id as MessageId, values));
}
