import { NETWORK_NAMES, type Network } from "@cryptos/contract";
import { useState } from "react";
import { useDecimalsOf } from "@/lib/currency-decimals";
import { formatMoney } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { type AdminNetwork, useNetworks, useSaveNetwork } from "../api/config";
import { ConfigScreen } from "../components/ConfigScreen";
import { AmountInput, CurrencyField, NetworkField, SortField, Switch } from "../components/Form";
import { Modal } from "../components/Modal";
import { SaveButton } from "../components/SaveButton";
import { OnOff } from "../components/StatusBadge";
import { amountToSend, consoleAmountIssue } from "../lib/amounts";
import { isCurrencyCode, isWhole, saveFeedback } from "../lib/save-feedback";

function NetworkDialog({ row, onClose }: { row: AdminNetwork | null; onClose: () => void }) {
  const { t } = useTranslation("console");
  const save = useSaveNetwork();
  const [currency, setCurrency] = useState(row?.currency ?? "USDT");
  const [network, setNetwork] = useState<Network>((row?.network as Network | undefined) ?? NETWORK_NAMES[0]);
  const [fee, setFee] = useState(row?.fee ?? "0");
  const [min, setMin] = useState(row?.min_amount ?? "10");
  const [max, setMax] = useState(row?.max_amount ?? "100000");
  const [enabled, setEnabled] = useState(row?.enabled ?? true);
  const [sort, setSort] = useState(String(row?.sort ?? 0));
  // The request takes 18 places and a fee of "0"; the server holds each amount to the currency's places.
  const decimals = useDecimalsOf()(currency.trim());
  const limit = { decimals, requestDecimals: 18 };
  const feeRule = { ...limit, zero: true };
  const valid =
    isCurrencyCode(currency) &&
    consoleAmountIssue(fee, feeRule) === null &&
    [min, max].every((amount) => consoleAmountIssue(amount, limit) === null) &&
    isWhole(sort, 0, 10_000);
  const submit = () =>
    save.mutate(
      {
        currency: currency.trim(),
        network,
        fee: amountToSend(fee, feeRule),
        min_amount: min.trim(),
        max_amount: max.trim(),
        enabled,
        sort: Number(sort),
      },
      saveFeedback(onClose),
    );
  return (
    <Modal
      title={row ? t("config.editNetwork", { name: `${row.currency} · ${row.network}` }) : t("config.newNetwork")}
      onClose={onClose}
      wide
      actions={<SaveButton mutation={save} disabled={!valid} onClick={submit} />}
    >
      <div className="console-grid">
        <CurrencyField value={currency} disabled={row !== null} onChange={setCurrency} />
        <NetworkField value={network} disabled={row !== null} onChange={setNetwork} />
        <AmountInput label={t("fields.fee")} currency={currency} {...feeRule} value={fee} onChange={setFee} />
        <AmountInput
          label={t("fields.minAmount", { currency })}
          currency={currency}
          {...limit}
          value={min}
          onChange={setMin}
        />
        <AmountInput
          label={t("fields.maxAmount", { currency })}
          currency={currency}
          {...limit}
          value={max}
          onChange={setMax}
        />
        <SortField max={10000} value={sort} onChange={setSort} />
      </div>
      <Switch label={t("fields.enabled")} checked={enabled} onChange={setEnabled} />
    </Modal>
  );
}

/** Withdrawal networks per currency: the fee charged and the limits, shown to users before they confirm. */
export function Networks() {
  const { t } = useTranslation("console");
  return (
    <ConfigScreen
      title={t("nav.networks")}
      newLabel={t("config.newNetwork")}
      query={useNetworks()}
      editLabel={(row) => t("config.editNetwork", { name: `${row.currency} · ${row.network}` })}
      dialog={(row, onClose) => <NetworkDialog row={row} onClose={onClose} />}
      columns={[
        { header: t("fields.currency"), cell: (row) => row.currency },
        { header: t("fields.network"), cell: (row) => row.network },
        { header: t("fields.fee"), numeric: true, cell: (row) => formatMoney(row.fee, row.currency) },
        {
          header: t("fields.limits"),
          numeric: true,
          cell: (row) => `${formatMoney(row.min_amount, row.currency)} – ${formatMoney(row.max_amount, row.currency)}`,
        },
        { header: t("fields.sort"), numeric: true, cell: (row) => row.sort },
        { header: t("fields.enabled"), cell: (row) => <OnOff on={row.enabled} /> },
      ]}
    />
  );
}
