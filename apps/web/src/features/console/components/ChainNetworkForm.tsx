import { NETWORK_NAMES, NETWORKS } from "@cryptos/contract";
import { useEffect, useRef, useState } from "react";
import { useDecimalsOf } from "@/lib/currency-decimals";
import { useTranslation } from "@/lib/i18n";
import { type ChainNetworkInput, type ChainNetworkStatus, useSaveChainNetwork } from "../api/chain";
import { amountToSend, type ConsoleAmountRule, consoleAmountIssue } from "../lib/amounts";
import { isCurrencyCode, isWhole } from "../lib/save-feedback";
import { AmountInput, CurrencyField, FormError, NetworkField, TextAreaField, TextField } from "./Form";
import { Modal } from "./Modal";
import { SaveButton } from "./SaveButton";

/** The network names that can have a node: the app's EVM networks. */
const EVM_NETWORKS = NETWORK_NAMES.filter((name) => NETWORKS[name] === "evm");
type NetworkName = ChainNetworkInput["network"];

interface CurrencyDraft {
  currency: string;
  token: string;
  decimals: string;
  min_deposit: string;
  withdraw_fee: string;
  hot_wallet_daily_limit: string;
}

interface Draft {
  network: NetworkName;
  chain_id: string;
  rpc_url: string;
  confirmations: string;
  xpub: string;
  explorer_tx_url: string;
  currencies: CurrencyDraft[];
}

const NEW_CURRENCY: CurrencyDraft = {
  currency: "",
  token: "",
  decimals: "18",
  min_deposit: "",
  withdraw_fee: "",
  hot_wallet_daily_limit: "",
};

function toDraft(network: ChainNetworkStatus | null, taken: string[]): Draft {
  if (!network) {
    return {
      network: EVM_NETWORKS.find((name) => !taken.includes(name)) ?? "ERC20",
      chain_id: "",
      rpc_url: "",
      confirmations: "12",
      xpub: "",
      explorer_tx_url: "",
      currencies: [{ ...NEW_CURRENCY }],
    };
  }
  return {
    network: network.network as NetworkName,
    chain_id: String(network.chain_id),
    rpc_url: "",
    confirmations: String(network.confirmations),
    xpub: network.xpub,
    explorer_tx_url: network.explorer_tx_url ?? "",
    currencies: network.currencies.map((c) => ({
      currency: c.currency,
      token: c.token ?? "",
      decimals: String(c.decimals),
      min_deposit: c.min_deposit,
      withdraw_fee: c.withdraw_fee,
      hot_wallet_daily_limit: c.hot_wallet_daily_limit ?? "",
    })),
  };
}

/**
 * The rule of a currency's amounts on the network (in the app currency's places, `decimals`; up to the file's 18):
 * a minimum deposit and a fee may be zero, the daily limit left out.
 */
const amountRule = (key: AmountKey, decimals: number | undefined): ConsoleAmountRule => ({
  decimals,
  requestDecimals: 18,
  zero: true,
  optional: key === "hot_wallet_daily_limit",
});
const AMOUNT_KEYS = ["min_deposit", "withdraw_fee", "hot_wallet_daily_limit"] as const;
type AmountKey = (typeof AMOUNT_KEYS)[number];

/** The body the server checks: the networks file's shape; an empty RPC URL when editing keeps the stored one. */
function toInput(draft: Draft, decimalsOf: (currency: string) => number | undefined): ChainNetworkInput {
  const explorer = draft.explorer_tx_url.trim();
  const rpc = draft.rpc_url.trim();
  return {
    network: draft.network,
    chain_id: Number(draft.chain_id),
    ...(rpc ? { rpc_url: rpc } : {}),
    confirmations: Number(draft.confirmations),
    xpub: draft.xpub.trim(),
    ...(explorer ? { explorer_tx_url: explorer } : {}),
    currencies: draft.currencies.map((c) => {
      const send = (key: AmountKey) => amountToSend(c[key], amountRule(key, decimalsOf(c.currency.trim())));
      return {
        currency: c.currency.trim(),
        token: c.token.trim() || null,
        decimals: Number(c.decimals),
        min_deposit: send("min_deposit"),
        withdraw_fee: send("withdraw_fee"),
        ...(c.hot_wallet_daily_limit.trim() ? { hot_wallet_daily_limit: send("hot_wallet_daily_limit") } : {}),
      };
    }),
  };
}

function CurrencyRow({
  row,
  onChange,
  onRemove,
}: {
  row: CurrencyDraft;
  onChange: (patch: Partial<CurrencyDraft>) => void;
  onRemove?: (() => void) | undefined;
}) {
  const { t } = useTranslation("console");
  const decimals = useDecimalsOf()(row.currency.trim());
  const field = (key: keyof CurrencyDraft, label: string, inputMode?: "decimal" | "numeric") => (
    <TextField label={label} inputMode={inputMode} value={row[key]} onChange={(text) => onChange({ [key]: text })} />
  );
  const amount = (key: AmountKey, label: string) => (
    <AmountInput
      label={label}
      currency={row.currency}
      {...amountRule(key, decimals)}
      value={row[key]}
      onChange={(text) => onChange({ [key]: text })}
    />
  );
  return (
    <fieldset className="console-fieldset">
      <legend>{row.currency || t("chains.form.newCurrency")}</legend>
      <div className="console-grid">
        <CurrencyField value={row.currency} onChange={(currency) => onChange({ currency })} />
        {field("token", t("chains.form.token"))}
        {field("decimals", t("chains.decimals"), "numeric")}
        {amount("min_deposit", t("chains.minDeposit"))}
        {amount("withdraw_fee", t("chains.form.withdrawFee"))}
        {amount("hot_wallet_daily_limit", t("chains.form.dailyLimit"))}
      </div>
      {onRemove && (
        <button type="button" className="console-button" onClick={onRemove}>
          {t("chains.form.removeCurrency", { currency: row.currency || "—" })}
        </button>
      )}
    </fieldset>
  );
}

/**
 * Add or edit a network with a node (decision 109). The server checks the node (chain ID, each token's
 * decimals()) and refuses changes that would strand money; its message shows here, next to the form.
 */
export function ChainNetworkDialog({
  network,
  taken,
  onClose,
}: {
  network: ChainNetworkStatus | null;
  /** Networks that already have settings (not offered when adding). */
  taken: string[];
  onClose: () => void;
}) {
  const { t } = useTranslation("console");
  const save = useSaveChainNetwork();
  const [draft, setDraft] = useState<Draft>(() => toDraft(network, taken));
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const setCurrency = (index: number, patch: Partial<CurrencyDraft>) =>
    set({ currencies: draft.currencies.map((c, i) => (i === index ? { ...c, ...patch } : c)) });
  const decimalsOf = useDecimalsOf();
  const choices = network ? [network.network as NetworkName] : EVM_NETWORKS.filter((name) => !taken.includes(name));
  const valid =
    isWhole(draft.chain_id, 1, Number.MAX_SAFE_INTEGER) &&
    isWhole(draft.confirmations, 1, 1000) &&
    (network !== null || draft.rpc_url.trim() !== "") &&
    draft.xpub.trim().startsWith("xpub") &&
    draft.currencies.length > 0 &&
    draft.currencies.every(
      (c) =>
        isCurrencyCode(c.currency) &&
        isWhole(c.decimals, 0, 36) &&
        AMOUNT_KEYS.every((key) => consoleAmountIssue(c[key], amountRule(key, decimalsOf(c.currency.trim()))) === null),
    );
  const submit = () => save.mutate(toInput(draft, decimalsOf), { onSuccess: onClose });
  // The form scrolls; the server's reason shows at its top, brought into view when it comes.
  const refusal = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (save.error) refusal.current?.scrollIntoView({ block: "nearest" });
  }, [save.error]);
  return (
    <Modal
      title={network ? t("chains.form.editTitle", { network: network.network }) : t("chains.form.addTitle")}
      onClose={onClose}
      wide
      actions={<SaveButton mutation={save} disabled={!valid} onClick={submit} />}
    >
      <p className="console-muted">{t("chains.form.hint")}</p>
      {save.isError && <FormError ref={refusal} error={save.error} />}
      <div className="console-grid">
        <NetworkField
          value={draft.network}
          choices={choices}
          disabled={network !== null}
          onChange={(name) => set({ network: name })}
        />
        <TextField
          label={t("chains.form.chainId")}
          inputMode="numeric"
          value={draft.chain_id}
          onChange={(chain_id) => set({ chain_id })}
        />
        <TextField
          label={t("chains.confirmations")}
          inputMode="numeric"
          value={draft.confirmations}
          onChange={(confirmations) => set({ confirmations })}
        />
      </div>
      <TextField
        label={t("chains.form.rpcUrl")}
        hint={network && t("chains.form.rpcUrlKept", { node: network.node })}
        type="url"
        autoComplete="off"
        value={draft.rpc_url}
        placeholder={network ? "" : "https://"}
        onChange={(rpc_url) => set({ rpc_url })}
      />
      <TextAreaField
        label={t("chains.form.xpub")}
        rows={2}
        className="console-mono"
        value={draft.xpub}
        onChange={(xpub) => set({ xpub })}
      />
      <TextField
        label={t("chains.form.explorer")}
        value={draft.explorer_tx_url}
        placeholder="https://explorer.example/tx/{hash}"
        onChange={(explorer_tx_url) => set({ explorer_tx_url })}
      />
      <h3>{t("chains.form.currencies")}</h3>
      {draft.currencies.map((row, index) => (
        <CurrencyRow
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id until saved; order is the identity
          key={index}
          row={row}
          onChange={(patch) => setCurrency(index, patch)}
          onRemove={
            draft.currencies.length > 1
              ? () => set({ currencies: draft.currencies.filter((_, i) => i !== index) })
              : undefined
          }
        />
      ))}
      <button
        type="button"
        className="console-button"
        onClick={() => set({ currencies: [...draft.currencies, { ...NEW_CURRENCY }] })}
      >
        {t("chains.form.addCurrency")}
      </button>
    </Modal>
  );
}
