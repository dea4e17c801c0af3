// One settings action's state (idle, working, done, failed with the server's message and field issues), shared
// by the Settings screen's forms (password, e-mail, delete, passkeys).
import { useState } from "react";
import { ApiRequestError } from "../../client";
import { useI18n } from "../../i18n";

export type ActionState<T> =
  | { kind: "idle" }
  | { kind: "working" }
  | { kind: "done"; result: T }
  // underFields: the banner only points at the fields' own errors («صحّح ما هو مشار إليه أعلاه»).
  | { kind: "error"; message: string; fields: Record<string, string>; underFields: boolean };

/** `shown`: the fields the form shows a refusal under (their issues are said there, not in the banner too). */
export function useSettingsAction<T>(shown: readonly string[] = []) {
  const { t } = useI18n();
  const [state, setState] = useState<ActionState<T>>({ kind: "idle" });
  const run = async (action: () => Promise<T>): Promise<T | undefined> => {
    setState({ kind: "working" });
    try {
      const result = await action();
      setState({ kind: "done", result });
      return result;
    } catch (err) {
      const known = err instanceof ApiRequestError && err.status > 0 && err.status < 500;
      // A field's first issue is the one said under it: a short password is told its length first, not its last rule.
      const fields: Record<string, string> = {};
      if (known) for (const i of err.issues) fields[i.path] ??= i.message;
      // A refusal that names its fields is said under them; the banner then only points there, never says it twice
      // (or names a field by its code, «قيمة newPassword غير صالحة»).
      const underFields = known && err.issues.length > 0 && err.issues.every((i) => shown.includes(i.path));
      const message = underFields ? t("account.settings.fixFields") : known && err.message ? err.message : t("account.settings.failed");
      setState({ kind: "error", message, fields, underFields });
      return undefined;
    }
  };
  /**
   * A field changed since its refusal: its error goes, the other fields' stay, and a banner that only pointed at the
   * fields goes with the last of them (the 22nd reading: «صحّح ما هو مشار إليه أعلاه» stayed over a fixed form).
   */
  const edited = (name: string) =>
    setState((s) => {
      if (s.kind !== "error" || !(name in s.fields)) return s;
      const { [name]: _, ...fields } = s.fields;
      return s.underFields && Object.keys(fields).length === 0 ? { kind: "idle" } : { ...s, fields };
    });
  /** A field's onChange: sets its value and drops its refusal (`edited`). */
  const changes = (name: string, set: (value: string) => void) => (value: string) => {
    set(value);
    edited(name);
  };
  return { state, run, edited, changes, working: state.kind === "working", fieldError: (name: string) => (state.kind === "error" ? state.fields[name] : undefined) };
}
