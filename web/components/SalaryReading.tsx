// Under a salary field (the posting wizard, the edit form, the Spotlight job form): how the board reads the text
// for the pay filter (issue 26), "Read as AED 15,000 – 20,000 a month", so an employer sees what candidates
// filtering by pay will match. Nothing when the text does not read: it is then shown as written only. Nothing either
// while the field shows an error: "15000 درهم" read as a yearly salary above «write a minimum and a maximum» said
// the text was both taken and refused (the twentieth reading).
import { amountInCurrency } from "@rules/payAmount";
import { parseSalary } from "@rules/salary";
import { useI18n } from "../i18n";

export function SalaryReading({ text, error }: { text: string; error?: string | undefined }) {
  const { t, number, locale } = useI18n();
  const pay = error ? null : parseSalary(text);
  if (!pay) return null;
  // In words in Arabic («من 15,000 إلى 20,000»): a bare range isolated left to right put 20,000 first for a reader
  // going right to left, beside the field where the same text reads 15,000 first.
  const range =
    pay.max === null ? t("public.pay.rangeFrom", { min: number(pay.min) }) : pay.max === pay.min ? number(pay.min) : t("public.pay.rangeFromTo", { min: number(pay.min), max: number(pay.max) });
  return (
    <p className="salary-reading muted" aria-live="polite">
      {t("public.pay.readAs", { amount: amountInCurrency(locale, pay.currency, range), period: t(pay.period === "month" ? "public.filters.perMonth" : "public.filters.perYear") })}
    </p>
  );
}
