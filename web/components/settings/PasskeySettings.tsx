// Settings: passkeys (issue 23): the account's passkeys by name and date, "Add a passkey" (the browser's own
// prompt, through @simplewebauthn/browser) and Remove.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { browserSupportsWebAuthn, startRegistration } from "@simplewebauthn/browser";
import type { PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { api, call } from "../../client";
import { useI18n } from "../../i18n";
import { freshEachVisit, keys } from "../../queryKeys";
import { useSettingsAction } from "./useSettingsAction";

export function PasskeySettings() {
  const { t, date } = useI18n();
  const queryClient = useQueryClient();
  const [supported, setSupported] = useState(true);
  useEffect(() => setSupported(browserSupportsWebAuthn()), []);
  const list = useQuery({ queryKey: keys.passkeys, queryFn: ({ signal }) => call(api.auth.passkeys.$get(undefined, { init: { signal } })), ...freshEachVisit });
  const { state, run, working } = useSettingsAction<"added" | "removed">();

  const add = () =>
    run(async () => {
      // The JSON the server sent, as the library's own type (the typed client cannot express its binary extensions).
      const optionsJSON = (await call(api.auth.passkeys.register.options.$post())) as unknown as PublicKeyCredentialCreationOptionsJSON;
      const response = await startRegistration({ optionsJSON });
      await call(api.auth.passkeys.register.$post({ json: { response: response as never, name: t("account.settings.passkeyName", { date: date(Date.now()) }) } }));
      await queryClient.invalidateQueries({ queryKey: keys.passkeys });
      return "added" as const;
    });

  const remove = (id: string) =>
    run(async () => {
      await call(api.auth.passkeys[":id"].$delete({ param: { id } }));
      await queryClient.invalidateQueries({ queryKey: keys.passkeys });
      return "removed" as const;
    });

  const passkeys = list.data?.passkeys ?? [];
  return (
    <section className="card dash-panel" aria-labelledby="passkeys-heading">
      <h2 id="passkeys-heading">{t("account.settings.passkeys")}</h2>
      <p className="muted">{t("account.settings.passkeysText")}</p>
      {list.isSuccess && passkeys.length === 0 && <p className="muted">{t("account.settings.passkeysNone")}</p>}
      {passkeys.length > 0 && (
        <ul className="passkey-list">
          {passkeys.map((p) => (
            <li key={p.id} className="passkey-item">
              <span>
                <strong dir="auto">{p.name}</strong>{" "}
                <span className="muted small">
                  {t("account.settings.passkeyCreated", { date: date(p.createdAt) })}
                  {p.lastUsedAt ? ` · ${t("account.settings.passkeyUsed", { date: date(p.lastUsedAt) })}` : ""}
                </span>
              </span>
              <button type="button" className="button button-ghost" onClick={() => void remove(p.id)} disabled={working} aria-label={t("account.settings.passkeyRemoveLabel", { name: p.name })}>
                {t("account.settings.passkeyRemove")}
              </button>
            </li>
          ))}
        </ul>
      )}
      {state.kind === "done" && (
        <p className="notice-success" role="status">
          {state.result === "added" ? t("account.settings.passkeyAdded") : t("account.settings.passkeyRemoved")}
        </p>
      )}
      {state.kind === "error" && (
        <p className="form-alert" role="alert">
          {state.message === t("account.settings.failed") ? t("account.settings.passkeyFailed") : state.message}
        </p>
      )}
      <div className="settings-actions">
        {supported ? (
          <button type="button" className="button button-outline" onClick={() => void add()} disabled={working}>
            {working ? t("account.settings.working") : t("account.settings.passkeyAdd")}
          </button>
        ) : (
          <p className="muted">{t("account.settings.passkeyUnsupported")}</p>
        )}
      </div>
    </section>
  );
}
