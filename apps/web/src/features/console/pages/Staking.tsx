import type { Locale } from "@cryptos/contract";
import { useState } from "react";
import { useDecimalsOf } from "@/lib/currency-decimals";
import { formatDecimal, formatMoney } from "@/lib/format";
import { currentLocale, useTranslation } from "@/lib/i18n";
import { type AdminStaking, type StakingInput, useSaveStaking, useStakingProducts } from "../api/config";
import { ConfigScreen } from "../components/ConfigScreen";
import { AmountInput, CurrencyField, SortField, Switch, TextField } from "../components/Form";
import { compactText, LocalizedFields, type LocalizedText, pickText } from "../components/LocalizedFields";
import { Modal } from "../components/Modal";
import { SaveButton } from "../components/SaveButton";
import { OnOff } from "../components/StatusBadge";
import { consoleAmountIssue } from "../lib/amounts";
import { isCurrencyCode, isRate, isWhole, saveFeedback } from "../lib/save-feedback";

type Draft = {
  name: LocalizedText;
  currency: string;
  daily_rate: string;
  days: string;
  min_amount: string;
  max_amount: string;
  quota: string;
  per_user_limit: string;
  enabled: boolean;
  sort: string;
};

const EMPTY: Draft = {
  name: {},
  currency: "USDT",
  daily_rate: "0.001",
  days: "30",
  min_amount: "10",
  max_amount: "10000",
  quota: "1000000",
  per_user_limit: "10000",
  enabled: true,
  sort: "0",
};

/** The product's amounts, in its currency. */
const AMOUNTS = ["min_amount", "max_amount", "quota", "per_user_limit"] as const;

function toDraft(product: AdminStaking): Draft {
  return {
    name: { ...product.name },
    currency: product.currency,
    daily_rate: product.daily_rate,
    days: String(product.days),
    min_amount: product.min_amount,
    max_amount: product.max_amount,
    quota: product.quota,
    per_user_limit: product.per_user_limit,
    enabled: product.enabled,
    sort: String(product.sort),
  };
}

function StakingDialog({ product, onClose }: { product: AdminStaking | null; onClose: () => void }) {
  const { t } = useTranslation("console");
  const save = useSaveStaking();
  const [draft, setDraft] = useState<Draft>(product ? toDraft(product) : EMPTY);
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const name = compactText(draft.name);
  // The request takes 8 places; the server holds each amount to the currency's.
  const decimals = useDecimalsOf()(draft.currency.trim());
  const valid =
    name.en !== undefined &&
    isCurrencyCode(draft.currency) &&
    isRate(draft.daily_rate) &&
    isWhole(draft.days, 1, 3650) &&
    AMOUNTS.every((key) => consoleAmountIssue(draft[key], { decimals }) === null) &&
    isWhole(draft.sort, 0, 100_000);
  const submit = () => {
    const body: StakingInput = {
      id: product?.id,
      name,
      currency: draft.currency.trim(),
      daily_rate: draft.daily_rate.trim(),
      days: Number(draft.days),
      min_amount: draft.min_amount.trim(),
      max_amount: draft.max_amount.trim(),
      quota: draft.quota.trim(),
      per_user_limit: draft.per_user_limit.trim(),
      enabled: draft.enabled,
      sort: Number(draft.sort),
    };
    save.mutate(body, saveFeedback(onClose));
  };
  const amountField = (key: (typeof AMOUNTS)[number], label: string) => (
    <AmountInput
      label={label}
      currency={draft.currency}
      decimals={decimals}
      value={draft[key]}
      onChange={(text) => set({ [key]: text })}
    />
  );
  return (
    <Modal
      title={product ? t("config.editStaking", { id: product.id }) : t("config.newStaking")}
      onClose={onClose}
      wide
      actions={<SaveButton mutation={save} disabled={!valid} onClick={submit} />}
    >
      <p className="console-muted">{t("config.stakingHint")}</p>
      <LocalizedFields
        fields={[{ key: "name", label: t("fields.productName"), value: draft.name }]}
        onChange={(_key, language: Locale, text) => set({ name: { ...draft.name, [language]: text } })}
      />
      <div className="console-grid">
        <CurrencyField value={draft.currency} disabled={product !== null} onChange={(currency) => set({ currency })} />
        <TextField
          label={t("fields.dailyRate")}
          inputMode="decimal"
          value={draft.daily_rate}
          onChange={(daily_rate) => set({ daily_rate })}
        />
        <TextField
          label={t("fields.days")}
          type="number"
          min={1}
          max={3650}
          value={draft.days}
          onChange={(days) => set({ days })}
        />
        {amountField("min_amount", t("fields.minAmount", { currency: draft.currency }))}
        {amountField("max_amount", t("fields.maxAmount", { currency: draft.currency }))}
        {amountField("quota", t("fields.quota"))}
        {amountField("per_user_limit", t("fields.perUserLimit"))}
        <SortField value={draft.sort} onChange={(sort) => set({ sort })} />
      </div>
      <Switch label={t("fields.enabled")} checked={draft.enabled} onChange={(enabled) => set({ enabled })} />
    </Modal>
  );
}

/** Staking products: create or change them for future subscriptions (running orders keep their terms). */
export function Staking() {
  const { t } = useTranslation("console");
  const language = currentLocale();
  return (
    <ConfigScreen
      title={t("nav.staking")}
      newLabel={t("config.newStaking")}
      query={useStakingProducts()}
      editLabel={(product) => t("config.editStaking", { id: product.id })}
      dialog={(product, onClose) => <StakingDialog product={product} onClose={onClose} />}
      columns={[
        { header: t("fields.id"), cell: (product) => `#${product.id}` },
        {
          header: t("fields.productName"),
          cell: (product) => (
            <>
              {pickText(product.name, language)}
              <div className="console-muted">{t("config.languages", { count: Object.keys(product.name).length })}</div>
            </>
          ),
        },
        {
          header: t("fields.dailyRate"),
          numeric: true,
          cell: (product) => formatDecimal(product.daily_rate, { minFraction: 0 }),
        },
        { header: t("fields.days"), numeric: true, cell: (product) => product.days },
        {
          header: t("fields.limits"),
          numeric: true,
          cell: (product) =>
            `${formatMoney(product.min_amount, product.currency)} – ${formatMoney(product.max_amount, product.currency)}`,
        },
        { header: t("fields.quota"), numeric: true, cell: (product) => formatMoney(product.quota, product.currency) },
        { header: t("fields.enabled"), cell: (product) => <OnOff on={product.enabled} /> },
      ]}
    />
  );
}
