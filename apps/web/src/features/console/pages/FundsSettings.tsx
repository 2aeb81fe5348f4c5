import { useState } from "react";
import { formatDecimal } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { type FundsSettings, useFundsSettings, useSaveFundsSettings } from "../api/config";
import { ScreenHeader } from "../components/ConsoleLayout";
import { Field, Switch } from "../components/Form";
import { QueryState } from "../components/QueryState";
import { SaveButton } from "../components/SaveButton";
import { ratePercent, saveFeedback } from "../lib/save-feedback";

function SettingsForm({ settings }: { settings: FundsSettings }) {
  const { t } = useTranslation("console");
  const save = useSaveFundsSettings();
  const [rate, setRate] = useState(settings.exchange_fee_rate);
  const rateValid = /^0(\.\d{1,8})?$/.test(rate.trim());
  return (
    <div className="console-section console-form">
      <Field
        label={t("funds.exchangeFeeRate")}
        hint={t("funds.exchangeFeeHint", {
          rate: settings.exchange_fee_rate,
          percent: formatDecimal(ratePercent(settings.exchange_fee_rate), { minFraction: 0 }),
        })}
      >
        <div className="console-inline">
          <input inputMode="decimal" value={rate} onChange={(event) => setRate(event.target.value)} />
          <SaveButton
            mutation={save}
            disabled={!rateValid || rate.trim() === settings.exchange_fee_rate}
            onClick={() => save.mutate({ exchange_fee_rate: rate.trim() }, saveFeedback())}
          />
        </div>
      </Field>
      <Switch
        label={t("funds.requireRealName")}
        checked={settings.withdraw_requires_real_name}
        disabled={save.isPending}
        onChange={(required) => save.mutate({ withdraw_requires_real_name: required }, saveFeedback())}
      />
      <p className="console-muted">{t("funds.requireRealNameHint")}</p>
    </div>
  );
}

/** The exchange fee rate and whether withdrawals need a verified real name. */
export function FundsSettingsScreen() {
  const { t } = useTranslation("console");
  const settings = useFundsSettings();
  return (
    <>
      <ScreenHeader title={t("nav.funds")} />
      <QueryState query={settings}>
        {(data) => (
          <SettingsForm key={`${data.exchange_fee_rate}-${data.withdraw_requires_real_name}`} settings={data} />
        )}
      </QueryState>
    </>
  );
}
