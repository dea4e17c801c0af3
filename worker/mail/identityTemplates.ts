// The account's own e-mails (issue 23): confirm an address, reset a password, "your password was changed",
// "your e-mail address was changed". Each in the account's language, built like every other template
// (./templates.ts: the layout, the button, escaped values).
import { t } from "../lib/i18n";
import type { Locale } from "../rules/i18n";
import { html } from "./html";
import { button, mailContent } from "./templates";
import type { MailContent, Named } from "./templates";

export interface VerifyEmailData extends Named {
  locale: Locale;
  /** The address to prove. */
  email: string;
  verifyUrl: string;
  /** A change of address (the account keeps its old one until this is confirmed), not a new account. */
  change: boolean;
  /** An employer is told what waits for the address (paying, credits, Spotlight); a candidate, that applying does not. */
  employer?: boolean;
}

export function verifyEmailMail(d: VerifyEmailData): MailContent {
  const { locale } = d;
  const subject = t(locale, d.change ? "mail.verify.changeSubject" : "mail.verify.subject");
  const intro = t(locale, d.change ? "mail.verify.changeIntro" : d.employer === false ? "mail.verify.introCandidate" : "mail.verify.intro", { email: d.email });
  const action = t(locale, "mail.verify.action");
  const validity = t(locale, "mail.verify.validity");
  // What to ignore: a change nobody asked for, or an account nobody made («إذا لم تطلب ذلك» said neither, an eleventh reading).
  const ignore = t(locale, "mail.verify.ignore", { change: String(d.change) });
  const text = [intro, "", `${action}: ${d.verifyUrl}`, validity, "", ignore].join("\n");
  const body = html`<p style="margin:0 0 12px">${intro}</p>
${button(d.verifyUrl, action)}
<p style="margin:0;color:#6b7280">${validity}</p>`;
  return mailContent({ locale, name: d.recipientName }, subject, text, body, html`${ignore}`);
}

export interface ResetPasswordData extends Named {
  locale: Locale;
  resetUrl: string;
}

export function resetPasswordMail(d: ResetPasswordData): MailContent {
  const { locale } = d;
  const subject = t(locale, "mail.reset.subject");
  const intro = t(locale, "mail.reset.intro");
  const action = t(locale, "mail.reset.action");
  const validity = t(locale, "mail.reset.validity");
  const ignore = t(locale, "mail.reset.ignore");
  const text = [intro, "", `${action}: ${d.resetUrl}`, validity, "", ignore].join("\n");
  const body = html`<p style="margin:0 0 12px">${intro}</p>
${button(d.resetUrl, action)}
<p style="margin:0;color:#6b7280">${validity}</p>`;
  return mailContent({ locale, name: d.recipientName }, subject, text, body, html`${ignore}`);
}

export interface PasswordChangedData extends Named {
  locale: Locale;
  /** Where to ask for a new password, if it was not the owner. */
  forgotUrl: string;
  /** Changed on Settings (the device it was changed on stays signed in), or through a reset link (every device is signed out). */
  via: "settings" | "reset";
}

export function passwordChangedMail(d: PasswordChangedData): MailContent {
  const { locale } = d;
  const subject = t(locale, "mail.passwordChanged.subject");
  const said = t(locale, "mail.passwordChanged.body", { via: d.via });
  const notYou = t(locale, "mail.passwordChanged.notYou");
  const text = [said, "", `${notYou}: ${d.forgotUrl}`].join("\n");
  const body = html`<p style="margin:0 0 12px">${said}</p>
<p style="margin:0"><a href="${d.forgotUrl}">${notYou}</a></p>`;
  return mailContent({ locale, name: d.recipientName }, subject, text, body);
}

export interface EmailChangedData extends Named {
  locale: Locale;
  previous: string;
  current: string;
  contactUrl: string;
}

export function emailChangedMail(d: EmailChangedData): MailContent {
  const { locale } = d;
  const subject = t(locale, "mail.emailChanged.subject");
  const said = t(locale, "mail.emailChanged.body", { previous: d.previous, current: d.current });
  const notYou = t(locale, "mail.emailChanged.notYou");
  const text = [said, "", `${notYou}: ${d.contactUrl}`].join("\n");
  const body = html`<p style="margin:0 0 12px">${said}</p>
<p style="margin:0"><a href="${d.contactUrl}">${notYou}</a></p>`;
  return mailContent({ locale, name: d.recipientName }, subject, text, body);
}
