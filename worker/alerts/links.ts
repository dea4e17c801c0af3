// The links an alert's or a followed company's e-mails carry: confirm and unsubscribe, by token, with the language
// the e-mail is in. A link that no longer finds its subscription (cancelled, or a token mistyped) still answers in
// that language: /ar/alerts/invalid, not the English page (the eighteenth reading).
import type { Env } from "../env";
import { appUrl } from "../lib/appUrl";
import type { Locale } from "../rules/i18n";

export function subscriptionLink(env: Pick<Env, "APP_URL">, action: "confirm" | "unsubscribe", token: string, locale: Locale): string {
  const lang = locale === "en" ? "" : `&lang=${locale}`;
  return appUrl(env, `/api/alerts/${action}?token=${encodeURIComponent(token)}${lang}`);
}
