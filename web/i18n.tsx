// The board's language in the browser (README, Decisions: "Arabic and English"). The locale comes from the
// URL (/ar/… is Arabic) and never changes without a page load, so it is read once. Messages come from the
// catalogues in worker/rules/locales/ (ICU, through FormatJS's react-intl); dates, numbers, money and
// relative times from Intl (worker/rules/format.ts). A page loads its own language only, in two parts
// precompiled to ICU AST (web/messages/): the listing's messages before the first render (loadCatalogue),
// the other screens' when one of them is opened (withScreenMessages, web/App.tsx).
import { createContext, useContext } from "react";
import type { ReactNode } from "react";
import { RawIntlProvider, createIntl, createIntlCache } from "react-intl";
import type { IntlShape, MessageFormatElement } from "react-intl";
import { formatDate, formatMoney, formatNumber, formatRelative } from "@rules/format";
import type { DateStyle } from "@rules/format";
import { LOCALE_COOKIE, dirOf, intlLocale, localePath, localise, messageIdIn, splitLocalePath } from "@rules/i18n";
import type { Locale } from "@rules/i18n";
import type { MessageId } from "@rules/locales/en";

export type { MessageId };
type Values = Record<string, string | number | Date | null | undefined>;
type RichValues = Record<string, ReactNode | ((chunks: ReactNode[]) => ReactNode)>;

/** The locale of this page, from its path. */
export const boardLocale: Locale = typeof window === "undefined" ? "en" : splitLocalePath(window.location.pathname).locale;

const cache = createIntlCache();

/** This page's messages: empty until loadCatalogue, added to (never replaced) as more screens' messages arrive. */
const messages: Record<string, MessageFormatElement[]> = {};

function makeIntl(): IntlShape {
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

const intl = makeIntl();

// The English text of the server's messages (the catalogue rules/serverMessages.ts composes them from), which
// `localise` reads back to say them in the page's language. An English page never needs it, so it comes with
// the Arabic listing's messages (./messages/listing-ar.ts) and is not in an English page's first load (issue 24).
let serverEnglish: Record<string, string> = {};

/** Gives `localise` the English server catalogue: the Arabic catalogue's loader, and the server renderer. */
export function knowServerEnglish(catalogue: Record<string, string>): void {
  serverEnglish = catalogue;
}

/** Loads the listing's messages in the page's language (a chunk of its own per language); call once before rendering. */
export async function loadCatalogue(): Promise<void> {
  if (boardLocale === "ar") {
    const part = await import("./messages/listing-ar");
    knowServerEnglish(part.serverEnglish);
    Object.assign(messages, part.messages);
  } else {
    Object.assign(messages, (await import("./messages/listing-en")).messages);
  }
}

let screenMessages: Promise<void> | null = null;

/** Loads the other screens' messages in the page's language, once (a failed load is tried again next time). */
export function loadScreenMessages(): Promise<void> {
  screenMessages ??= (boardLocale === "ar" ? import("./messages/screens-ar") : import("./messages/screens-en")).then(
    (part) => {
      Object.assign(messages, part.messages);
    },
    (error: unknown) => {
      screenMessages = null;
      throw error;
    },
  );
  return screenMessages;
}

let screenStyles: Promise<unknown> | null = null;

/** The other screens' stylesheets (web/styles/later.css, pages.css), once; the build resolves each import when its sheet has loaded. */
function loadScreenStyles(): Promise<unknown> {
  screenStyles ??= Promise.all([import("./styles/later.css"), import("./styles/pages.css")]).catch((error: unknown) => {
    screenStyles = null;
    throw error;
  });
  return screenStyles;
}

/** A lazy screen's module, once the screens' messages and styles are there too: lazy(() => withScreenMessages(import("./screens/X"))). */
export async function withScreenMessages<T>(screen: Promise<T>): Promise<T> {
  const [module] = await Promise.all([screen, loadScreenMessages(), loadScreenStyles()]);
  return module;
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
  /** A date kept whole on one line ("28 February 2027" never breaks before its year: no-break spaces). */
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

/** The board's I18n over an IntlShape in `locale` (the page's own in the browser; the server makes one per page it renders). */
export function makeI18n(shape: IntlShape, locale: Locale = boardLocale): I18n {
  const t = (id: MessageId, values?: Values) => shape.formatMessage({ id }, values as Record<string, string>);
  return {
    locale,
    dir: dirOf(locale),
    t,
    rich: (id, values) => shape.formatMessage({ id }, values as Record<string, ReactNode>) as ReactNode,
    localise: (text) => (locale === "en" ? text : localise(serverEnglish, text, (id, values) => t(id as MessageId, values))),
    // On a screen a date is one unit: «ينتهي في 28» then «فبراير 2027» on the next line read as two facts (issue 25).
    date: (date, style, timeZone) => formatDate(locale, date, style, timeZone).replace(/ /g, "\u00a0"),
    number: (n, options) => formatNumber(locale, n, options),
    money: (cents, currency, options) => formatMoney(locale, cents, currency, options),
    relative: (date, now) => formatRelative(locale, date, t("common.justNow"), now),
    href: (path) => localePath(locale, path),
    value: (list, value) => {
      // In whatever case it was given: "finance" on a posting's tags is the listed Finance.
      const id = messageIdIn(shape.messages, `value.${list}.${value}`);
      return id ? shape.formatMessage({ id }) : value;
    },
  };
}

const current = makeI18n(intl);

/** The page being rendered on the server (web/serverRender.tsx), for as long as its synchronous render lasts. */
let rendering: I18n | null = null;

/** For code outside components (the API client, hooks' error messages, default labels). */
export function i18n(): I18n {
  return rendering ?? current;
}

/** Runs a synchronous server render with `page` as what i18n() answers (web/serverRender.tsx). */
export function renderingIn<T>(page: I18n, render: () => T): T {
  rendering = page;
  try {
    return render();
  } finally {
    rendering = null;
  }
}

const I18nContext = createContext<I18n | null>(null);

/** The page's messages to the screens; the server gives the page's language it renders (web/serverRender.tsx). */
export function I18nProvider({ children, server }: { children: ReactNode; server?: { intl: IntlShape; i18n: I18n } }) {
  return (
    <RawIntlProvider value={server?.intl ?? intl}>
      <I18nContext.Provider value={server?.i18n ?? current}>{children}</I18nContext.Provider>
    </RawIntlProvider>
  );
}

export function useI18n(): I18n {
  return useContext(I18nContext) ?? i18n();
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
