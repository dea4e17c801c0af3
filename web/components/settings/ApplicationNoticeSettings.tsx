// Settings: how the employer hears of applications (issue 26, decision 0604): an e-mail for each application (the
// default) or one daily digest. The choice is the account's, saved by PUT /api/account/application-notices.
import type { ApplicationNotices } from "@rules/applications";
import { api, call } from "../../client";
import { useI18n } from "../../i18n";
import { ChoiceSettings } from "./ChoiceSettings";

export function ApplicationNoticeSettings({ saved }: { saved: ApplicationNotices | undefined }) {
  const { t } = useI18n();
  return (
    <ChoiceSettings<ApplicationNotices>
      id="application-notices"
      heading={t("account.settings.notices")}
      text={t("account.settings.noticesText")}
      options={[
        { value: "each", label: t("account.settings.noticesEach"), hint: t("account.settings.noticesEachHint") },
        { value: "digest", label: t("account.settings.noticesDigest"), hint: t("account.settings.noticesDigestHint") },
      ]}
      saved={saved}
      save={async (applicationNotices) => (await call(api.account["application-notices"].$put({ json: { applicationNotices } }))).applicationNotices}
      submit={t("account.settings.noticesSave")}
      done={(choice) => t("account.settings.noticesSaved", { choice })}
    />
  );
}
