import { NETWORK_NAMES, type Network } from "@cryptos/contract";
import { useState } from "react";
import { useTranslation } from "@/lib/i18n";
import { type AdminChannel, useChannels, useSaveChannel } from "../api/config";
import { ConfigScreen } from "../components/ConfigScreen";
import { CurrencyField, NetworkField, SortField, Switch, TextField } from "../components/Form";
import { Modal } from "../components/Modal";
import { SaveButton } from "../components/SaveButton";
import { OnOff } from "../components/StatusBadge";
import { isCurrencyCode, isWhole, saveFeedback } from "../lib/save-feedback";

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
    isCurrencyCode(currency) && address.trim().length >= 10 && address.trim().length <= 128 && isWhole(sort, 0, 10_000);
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
        <CurrencyField value={currency} onChange={setCurrency} />
        <NetworkField value={network} onChange={setNetwork} />
      </div>
      <TextField
        label={t("fields.address")}
        hint={t("config.addressHint")}
        className="console-mono"
        value={address}
        onChange={setAddress}
      />
      <div className="console-grid">
        <SortField max={10000} value={sort} onChange={setSort} />
        <Switch label={t("fields.enabled")} checked={enabled} onChange={setEnabled} />
      </div>
      <Switch label={t("fields.demo")} checked={demo} onChange={setDemo} />
      <small className="console-muted">{t("config.demoHint")}</small>
    </Modal>
  );
}

/** Deposit channels: the address users send to, per currency and network. */
export function Channels() {
  const { t } = useTranslation("console");
  return (
    <ConfigScreen
      title={t("nav.channels")}
      newLabel={t("config.newChannel")}
      query={useChannels()}
      editLabel={(channel) => t("config.editChannel", { id: channel.id })}
      dialog={(channel, onClose) => <ChannelDialog channel={channel} onClose={onClose} />}
      columns={[
        { header: t("fields.id"), cell: (channel) => `#${channel.id}` },
        { header: t("fields.currency"), cell: (channel) => channel.currency },
        { header: t("fields.network"), cell: (channel) => channel.network },
        { header: t("fields.address"), className: "console-mono", cell: (channel) => channel.address },
        { header: t("fields.sort"), numeric: true, cell: (channel) => channel.sort },
        { header: t("fields.enabled"), cell: (channel) => <OnOff on={channel.enabled} /> },
        { header: t("fields.demo"), cell: (channel) => (channel.demo ? t("fields.demo") : "") },
      ]}
    />
  );
}
