// The board's language in the browser (README, Decisions: "Arabic and English"). The locale comes from the
// URL (/ar/… is Arabic) and never changes without a page load, so it is read once. Messages come from the
// catalogues in worker/rules/locales/ (ICU, through FormatJS's react-intl); dates, numbers, money and
// relative times from Intl (worker/rules/format.ts). English is bundled; Arabic is loaded before the first render.
import { createContext, useContext } from "react";
import type { ReactNode } from "react";
import { RawIntlProvider, createIntl, createIntlCache } from "react-intl";
import type { IntlShape } from "react-intl";
import { formatDate, formatMoney, formatNumber, formatRelative } from "@rules/format";
import type { DateStyle } from "@rules/format";
import { LOCALE_COOKIE, dirOf, intlLocale, localePath, localise, splitLocalePath } from "@rules/i18n";
import type { Locale } from "@rules/i18n";
import { en, serverEn } from "@rules/locales/en";
import type { MessageId } from "@rules/locales/en";

export type { MessageId };
type Values = Record<string, string | number | Date | null | undefined>;
type RichValues = Record<string, ReactNode | ((chunks: ReactNode[]) => ReactNode)>;

/** The locale of this page, from its path. */
export const boardLocale: Locale = typeof window === "undefined" ? "en" : splitLocalePath(window.location.pathname).locale;

const cache = createIntlCache();

function makeIntl(messages: Record<string, string>): IntlShape {
  return createIntl(
    {
      locale: intlLocale(boardLocale),
      defaultLocale: "en-US",
      messages,
      onError: (err) => {
        // A message missing from a catalogue, or one that cannot be formatted, is a bug: loud in the console
        // (the browser tests fail on console errors), while the English text is still shown.
        console.error(`i18n: ${err.message}`);
      },
    },
    cache,
  );
}

let intl = makeIntl(en);

/** Loads the page's catalogue (Arabic is a separate chunk); call once before rendering. */
export async function loadCatalogue(): Promise<void> {
  if (boardLocale === "ar") {
    const { ar } = await import("@rules/locales/ar");
    intl = makeIntl(ar);
  }
  current = makeI18n(intl);
}

export interface I18n {
  locale: Locale;
  dir: "ltr" | "rtl";
  /** A catalogue message: t("jobs.count", { count: 3 }). */
  t: (id: MessageId, values?: Values) => string;
  /** A catalogue message with elements inside: rich("posting.terms", { link: (c) => <a href="…">{c}</a> }). */
  rich: (id: MessageId, values: RichValues) => ReactNode;
  /** A server message (a rule's validation message, an API error already localised) in this locale. */
  localise: (text: string) => string;
  date: (date: string | number | Date | null | undefined, style?: DateStyle, timeZone?: string) => string;
  number: (n: number, options?: Intl.NumberFormatOptions) => string;
  /** Money from cents: "$1,234.50" / "1,234.50 US$". */
  money: (cents: number, currency?: string, options?: { whole?: boolean }) => string;
  /** "2d ago" / "قبل يومين". */
  relative: (date: string | number | Date | null | undefined, now?: number) => string;
  /**
   * The label of a value from one of the board's lists (job types, categories, stages, plans, …):
   * value("type", "Full-time") reads "value.type.Full-time" from the catalogue, or gives the value as it is.
   */
  value: (list: string, value: string) => string;
  /** A path for a plain <a href> or window.location in this page's locale (router links add it themselves). */
  href: (path: string) => string;
}

function makeI18n(shape: IntlShape): I18n {
  const t = (id: MessageId, values?: Values) => shape.formatMessage({ id, defaultMessage: en[id] }, values as Record<string, string>);
  return {
    locale: boardLocale,
    dir: dirOf(boardLocale),
    t,
    rich: (id, values) => shape.formatMessage({ id, defaultMessage: en[id] }, values as Record<string, ReactNode>) as ReactNode,
    localise: (text) => (boardLocale === "en" ? text : localise(serverEn, text, (id, values) => t(id as MessageId, values))),
    date: (date, style, timeZone) => formatDate(boardLocale, date, style, timeZone),
    number: (n, options) => formatNumber(boardLocale, n, options),
    money: (cents, currency, options) => formatMoney(boardLocale, cents, currency, options),
    relative: (date, now) => formatRelative(boardLocale, date, t("common.justNow"), now),
    href: (path) => localePath(boardLocale, path),
    value: (list, value) => {
      const id = `value.${list}.${value}`;
      return shape.messages[id] !== undefined ? shape.formatMessage({ id }) : value;
    },
  };
}

let current = makeI18n(intl);

/** For code outside components (the API client, hooks' error messages). */
export function i18n(): I18n {
  return current;
}

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ children }: { children: ReactNode }) {
  return (
    <RawIntlProvider value={intl}>
      <I18nContext.Provider value={current}>{children}</I18nContext.Provider>
    </RawIntlProvider>
  );
}

export function useI18n(): I18n {
  return useContext(I18nContext) ?? current;
}

/** Remembers the visitor's choice of language for the next visit to the home page (worker/discovery/pages.ts). */
export function rememberLocale(locale: Locale): void {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie the worker reads on "/"
  document.cookie = `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${60 * 60 * 24 * 365}; SameSite=Lax`;
}

export function rememberedLocale(): Locale | null {
  const m = document.cookie.match(new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE}=(\\w+)`));
  return m?.[1] === "ar" || m?.[1] === "en" ? m[1] : null;
}
