import { NETWORK_NAMES, type Network } from "@cryptos/contract";
import { useState } from "react";
import { useTranslation } from "@/lib/i18n";
import { type AdminChannel, useChannels, useSaveChannel } from "../api/config";
import { ScreenHeader } from "../components/ConsoleLayout";
import { EditButton } from "../components/EditButton";
import { Modal } from "../components/Modal";
import { EmptyRow, QueryState } from "../components/QueryState";
import { SaveButton } from "../components/SaveButton";
import { OnOff } from "../components/StatusBadge";
import { isWhole, saveFeedback } from "../lib/save-feedback";

function ChannelDialog({ channel, onClose }: { channel: AdminChannel | null; onClose: () => void }) {
  const { t } = useTranslation("console");
  const save = useSaveChannel();
  const [currency, setCurrency] = useState(channel?.currency ?? "USDT");
  const [network, setNetwork] = useState<Network>((channel?.network as Network | undefined) ?? NETWORK_NAMES[0]);
  const [address, setAddress] = useState(channel?.address ?? "");
  const [enabled, setEnabled] = useState(channel?.enabled ?? true);
  const [demo, setDemo] = useState(channel?.demo ?? false);
  const [sort, setSort] = useState(String(channel?.sort ?? 0));
  const valid =
    /^[A-Z0-9]{2,10}$/.test(currency.trim()) &&
    address.trim().length >= 10 &&
    address.trim().length <= 128 &&
    isWhole(sort, 0, 10_000);
  const submit = () =>
    save.mutate(
      {
        id: channel?.id,
        currency: currency.trim(),
        network,
        address: address.trim(),
        enabled,
        demo,
        sort: Number(sort),
      },
      saveFeedback(onClose),
    );
  return (
    <Modal
      title={channel ? t("config.editChannel", { id: channel.id }) : t("config.newChannel")}
      onClose={onClose}
      wide
      actions={<SaveButton mutation={save} disabled={!valid} onClick={submit} />}
    >
      <div className="console-grid">
        <label className="console-field">
          <span>{t("fields.currency")}</span>
          <input value={currency} onChange={(event) => setCurrency(event.target.value.toUpperCase())} />
        </label>
        <label className="console-field">
          <span>{t("fields.network")}</span>
          <select value={network} onChange={(event) => setNetwork(event.target.value as Network)}>
            {NETWORK_NAMES.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <label className="console-field">
        <span>{t("fields.address")}</span>
        <input className="console-mono" value={address} onChange={(event) => setAddress(event.target.value)} />
        <small className="console-muted">{t("config.addressHint")}</small>
      </label>
      <div className="console-grid">
        <label className="console-field">
          <span>{t("fields.sort")}</span>
          <input type="number" min={0} max={10000} value={sort} onChange={(event) => setSort(event.target.value)} />
        </label>
        <label className="console-switch">
          <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
          <span>{t("fields.enabled")}</span>
        </label>
      </div>
      <label className="console-switch">
        <input type="checkbox" checked={demo} onChange={(event) => setDemo(event.target.checked)} />
        <span>{t("fields.demo")}</span>
      </label>
      <small className="console-muted">{t("config.demoHint")}</small>
    </Modal>
  );
}

/** Deposit channels: the address users send to, per currency and network. */
export function Channels() {
  const { t } = useTranslation("console");
  const channels = useChannels();
  const [editing, setEditing] = useState<AdminChannel | "new" | null>(null);
  return (
    <>
      <ScreenHeader title={t("nav.channels")}>
        <button type="button" className="console-button console-button--primary" onClick={() => setEditing("new")}>
          {t("config.newChannel")}
        </button>
      </ScreenHeader>
      <QueryState query={channels}>
        {(data) => (
          <table className="console-table">
            <thead>
              <tr>
                <th scope="col">{t("fields.id")}</th>
                <th scope="col">{t("fields.currency")}</th>
                <th scope="col">{t("fields.network")}</th>
                <th scope="col">{t("fields.address")}</th>
                <th scope="col" className="num">
                  {t("fields.sort")}
                </th>
                <th scope="col">{t("fields.enabled")}</th>
                <th scope="col">{t("fields.demo")}</th>
                <th scope="col">{t("fields.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.length === 0 && <EmptyRow columns={8} />}
              {data.items.map((channel) => (
                <tr key={channel.id}>
                  <td>#{channel.id}</td>
                  <td>{channel.currency}</td>
                  <td>{channel.network}</td>
                  <td className="console-mono">{channel.address}</td>
                  <td className="num">{channel.sort}</td>
                  <td>
                    <OnOff on={channel.enabled} />
                  </td>
                  <td>{channel.demo ? t("fields.demo") : ""}</td>
                  <td>
                    <EditButton
                      label={t("config.editChannel", { id: channel.id })}
                      onEdit={() => setEditing(channel)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </QueryState>
      {editing && <ChannelDialog channel={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}
