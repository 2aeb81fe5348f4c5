import { NETWORK_NAMES, type Network } from "@cryptos/contract";
import { useState } from "react";
import { formatMoney } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { type AdminNetwork, useNetworks, useSaveNetwork } from "../api/config";
import { ScreenHeader } from "../components/ConsoleLayout";
import { EditButton } from "../components/EditButton";
import { Modal } from "../components/Modal";
import { EmptyRow, QueryState } from "../components/QueryState";
import { SaveButton } from "../components/SaveButton";
import { OnOff } from "../components/StatusBadge";
import { isAmount, isWhole, saveFeedback } from "../lib/save-feedback";

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
  const feeValid = fee.trim() === "0" || isAmount(fee);
  const valid =
    /^[A-Z0-9]{2,10}$/.test(currency.trim()) && feeValid && isAmount(min) && isAmount(max) && isWhole(sort, 0, 10_000);
  const submit = () =>
    save.mutate(
      {
        currency: currency.trim(),
        network,
        fee: fee.trim(),
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
        <label className="console-field">
          <span>{t("fields.currency")}</span>
          <input
            value={currency}
            disabled={row !== null}
            onChange={(event) => setCurrency(event.target.value.toUpperCase())}
          />
        </label>
        <label className="console-field">
          <span>{t("fields.network")}</span>
          <select
            value={network}
            disabled={row !== null}
            onChange={(event) => setNetwork(event.target.value as Network)}
          >
            {NETWORK_NAMES.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label className="console-field">
          <span>{t("fields.fee")}</span>
          <input inputMode="decimal" value={fee} onChange={(event) => setFee(event.target.value)} />
        </label>
        <label className="console-field">
          <span>{t("fields.minAmount", { currency })}</span>
          <input inputMode="decimal" value={min} onChange={(event) => setMin(event.target.value)} />
        </label>
        <label className="console-field">
          <span>{t("fields.maxAmount", { currency })}</span>
          <input inputMode="decimal" value={max} onChange={(event) => setMax(event.target.value)} />
        </label>
        <label className="console-field">
          <span>{t("fields.sort")}</span>
          <input type="number" min={0} max={10000} value={sort} onChange={(event) => setSort(event.target.value)} />
        </label>
      </div>
      <label className="console-switch">
        <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
        <span>{t("fields.enabled")}</span>
      </label>
    </Modal>
  );
}

/** Withdrawal networks per currency: the fee charged and the limits, shown to users before they confirm. */
export function Networks() {
  const { t } = useTranslation("console");
  const networks = useNetworks();
  const [editing, setEditing] = useState<AdminNetwork | "new" | null>(null);
  return (
    <>
      <ScreenHeader title={t("nav.networks")}>
        <button type="button" className="console-button console-button--primary" onClick={() => setEditing("new")}>
          {t("config.newNetwork")}
        </button>
      </ScreenHeader>
      <QueryState query={networks}>
        {(data) => (
          <table className="console-table">
            <thead>
              <tr>
                <th scope="col">{t("fields.currency")}</th>
                <th scope="col">{t("fields.network")}</th>
                <th scope="col" className="num">
                  {t("fields.fee")}
                </th>
                <th scope="col" className="num">
                  {t("fields.limits")}
                </th>
                <th scope="col" className="num">
                  {t("fields.sort")}
                </th>
                <th scope="col">{t("fields.enabled")}</th>
                <th scope="col">{t("fields.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.length === 0 && <EmptyRow columns={7} />}
              {data.items.map((row) => (
                <tr key={row.id}>
                  <td>{row.currency}</td>
                  <td>{row.network}</td>
                  <td className="num">{formatMoney(row.fee, row.currency)}</td>
                  <td className="num">
                    {formatMoney(row.min_amount, row.currency)} – {formatMoney(row.max_amount, row.currency)}
                  </td>
                  <td className="num">{row.sort}</td>
                  <td>
                    <OnOff on={row.enabled} />
                  </td>
                  <td>
                    <EditButton
                      label={t("config.editNetwork", { name: `${row.currency} · ${row.network}` })}
                      onEdit={() => setEditing(row)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </QueryState>
      {editing && <NetworkDialog row={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}
