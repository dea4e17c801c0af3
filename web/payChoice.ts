// The visitor's choice of currency and period for pay (issue 26): what the listing's pay filter last asked for,
// kept in this browser, so cards and job pages say "≈ $X a year" in it. Dollars a year until chosen. Read after
// the first render (useSyncExternalStore's server snapshot is the default), so a server-rendered page hydrates.
import { useSyncExternalStore } from "react";
import { useSearchParams } from "react-router";
import { isCurrency } from "@rules/rates";
import type { PayChoice } from "@rules/payDisplay";
import { DEFAULT_CURRENCY, DEFAULT_PERIOD } from "@rules/searchParams";

const KEY = "sj_pay_choice";
const DEFAULT = `${DEFAULT_CURRENCY}|${DEFAULT_PERIOD}`;
const listeners = new Set<() => void>();

function read(): string {
  try {
    return localStorage.getItem(KEY) ?? DEFAULT;
  } catch {
    return DEFAULT;
  }
}

function parse(key: string): PayChoice {
  const [currency, period] = key.split("|");
  return { currency: isCurrency(currency) ? currency : DEFAULT_CURRENCY, period: period === "month" ? "month" : DEFAULT_PERIOD };
}

/** Remembers the currency and period the visitor chose in the pay filter. */
export function rememberPayChoice(choice: Partial<PayChoice>): void {
  const next = `${choice.currency ?? DEFAULT_CURRENCY}|${choice.period ?? DEFAULT_PERIOD}`;
  if (next === read()) return;
  try {
    localStorage.setItem(KEY, next);
  } catch {
    // Private mode: the choice lasts as long as the URL says it.
  }
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The choice: the listing URL's currency and period when it names them, else the remembered one. */
export function usePayChoice(): PayChoice {
  const stored = parse(useSyncExternalStore(subscribe, read, () => DEFAULT));
  const [params] = useSearchParams();
  const currency = params.get("currency")?.toUpperCase();
  const period = params.get("period");
  return {
    currency: isCurrency(currency) ? currency : stored.currency,
    period: period === "month" || period === "year" ? period : stored.period,
  };
}
