import { Selector } from "@/components/Selector";
import { useTranslation } from "@/lib/i18n";

export interface CurrencyNetworkFieldsProps {
  currencies: string[];
  currency: string | undefined;
  /** Called with the newly picked currency; the caller resets what depended on the old one. */
  onCurrency: (currency: string) => void;
  /** The networks of the picked currency. */
  networks: string[];
  network: string | undefined;
  onNetwork: (network: string) => void;
}

/** One labelled row of choices, one of them picked. */
function ChoiceField(props: {
  legend: string;
  columns: number;
  options: string[];
  value: string | undefined;
  onPick: (value: string) => void;
}) {
  return (
    <fieldset className="funds-field">
      <legend>{props.legend}</legend>
      <Selector
        columns={props.columns}
        options={props.options.map((o) => ({ label: o, value: o }))}
        value={props.value ? [props.value] : []}
        onChange={(values) => values[0] && props.onPick(values[0])}
      />
    </fieldset>
  );
}

/** The currency and network pickers that a withdrawal and a saved address both start with. */
export function CurrencyNetworkFields(props: CurrencyNetworkFieldsProps) {
  const { t } = useTranslation("funds");
  return (
    <>
      <ChoiceField
        legend={t("withdraw.currency")}
        columns={4}
        options={props.currencies}
        value={props.currency}
        onPick={props.onCurrency}
      />
      <ChoiceField
        legend={t("withdraw.network")}
        columns={3}
        options={props.networks}
        value={props.network}
        onPick={props.onNetwork}
      />
    </>
  );
}
