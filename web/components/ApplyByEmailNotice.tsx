// No e-mail is published without the poster knowing (issue 10, item 9): when the job has no application
// link, no application e-mail and no website, candidates apply to the job's e-mail (the purchase address).
// The preview and the payment step both show this notice; it names the address and how to change it.
import { emailFallbackNotice } from "@rules/apply";
import { useI18n } from "../i18n";
import { EmailAddress, withAddress } from "./EmailAddress";

interface Props {
  form: { applicationLink: string; applicationEmail: string; website: string };
  /** The address the job will carry: the purchase e-mail, or the account's when posting with a credit. */
  email: string;
  /**
   * How to change it, in the form's own words: the posting wizard has an application link and an application e-mail;
   * the Spotlight job form has only the link, its website and e-mail being the company profile's (the 32nd reading).
   */
  message?: "server.apply.emailFallback" | "spotlight.jobForm.applyEmailFallback";
}

export function ApplyByEmailNotice({ form, email, message = "server.apply.emailFallback" }: Props) {
  const { rich } = useI18n();
  if (!emailFallbackNotice(form, email)) return null;
  return (
    <p className="apply-email-notice" role="note">
      {withAddress(rich(message, { email: <EmailAddress address={email.trim()} /> }))}
    </p>
  );
}
