// The account schemas (sign-up, sign-in, settings): the server validates with them, and so do the auth
// screens before they send. Their rules are in ./auth.ts.
import { z } from "zod";
import { m } from "./serverMessages";
import { LOCALES } from "./i18n";
import { PASSWORD_MAX, PASSWORD_RULES } from "./password";

export const passwordSchema = z
  .string({ error: m("server.auth.passwordRequired") })
  .max(PASSWORD_MAX, m("server.auth.passwordMax", { max: PASSWORD_MAX }))
  .superRefine((p, ctx) => {
    for (const rule of PASSWORD_RULES) if (!rule.test(p)) ctx.addIssue({ code: "custom", message: rule.message });
  });

export const accountEmailSchema = z
  .string({ error: m("server.common.emailRequired") })
  .transform((s) => s.trim().toLowerCase())
  .pipe(
    z
      .string()
      .min(1, m("server.common.emailRequired"))
      .max(254, m("server.common.emailFormat"))
      .pipe(z.email(m("server.common.emailFormat"))),
  );

export const signUpSchema = z.object({
  email: accountEmailSchema,
  password: passwordSchema,
  name: z.string().trim().max(100).optional().default(""),
  company: z.string().trim().max(200).optional().default(""),
});

export const signInSchema = z.object({
  email: accountEmailSchema,
  password: z
    .string({ error: m("server.auth.passwordRequired") })
    .min(1, m("server.auth.passwordRequired"))
    .max(PASSWORD_MAX),
});

export const settingsSchema = z.object({
  name: z
    .string()
    .trim()
    .max(100, m("server.contact.nameLong", { max: 100 })),
  company: z
    .string()
    .trim()
    .max(200, m("server.auth.companyMax", { max: 200 })),
});

/** A single-use link's token, as the verify-email and reset-password pages send it. */
const linkToken = z
  .string({ error: m("server.auth.tokenRequired") })
  .min(1, m("server.auth.tokenRequired"))
  .max(200, m("server.auth.linkInvalid"));

/** The language of the account's mails (decision 0509). */
export const accountLanguageSchema = z.object({
  locale: z.enum(LOCALES, { error: m("server.account.locale", { values: LOCALES.join(", ") }) }),
});

export const verifyEmailSchema = z.object({ token: linkToken });

export const forgotPasswordSchema = z.object({ email: accountEmailSchema });

export const resetPasswordSchema = z.object({ token: linkToken, password: passwordSchema });

const currentPassword = z
  .string({ error: m("server.auth.passwordRequired") })
  .min(1, m("server.auth.passwordRequired"))
  .max(PASSWORD_MAX);

// A new password that is the current one changes nothing: said under the new one, not reported as changed (the
// twentieth reading).
export const changePasswordSchema = z
  .object({ currentPassword, newPassword: passwordSchema })
  .refine((v) => v.newPassword !== v.currentPassword, { message: m("server.auth.samePassword"), path: ["newPassword"] });

export const changeEmailSchema = z.object({ email: accountEmailSchema, currentPassword });

export const deleteAccountSchema = z.object({ currentPassword });
