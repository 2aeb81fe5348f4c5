import type { Locale } from "@cryptos/contract";
import { useState } from "react";
import { formatDecimal, formatMoney } from "@/lib/format";
import { currentLocale, useTranslation } from "@/lib/i18n";
import { type AdminStaking, type StakingInput, useSaveStaking, useStakingProducts } from "../api/config";
import { ScreenHeader } from "../components/ConsoleLayout";
import { EditButton } from "../components/EditButton";
import { compactText, LocalizedFields, type LocalizedText, pickText } from "../components/LocalizedFields";
import { Modal } from "../components/Modal";
import { EmptyRow, QueryState } from "../components/QueryState";
import { SaveButton } from "../components/SaveButton";
import { OnOff } from "../components/StatusBadge";
import { isAmount, isRate, isWhole, saveFeedback } from "../lib/save-feedback";

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
  const valid =
    name.en !== undefined &&
    /^[A-Z0-9]{2,10}$/.test(draft.currency.trim()) &&
    isRate(draft.daily_rate) &&
    isWhole(draft.days, 1, 3650) &&
    [draft.min_amount, draft.max_amount, draft.quota, draft.per_user_limit].every(isAmount) &&
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
  const amountField = (key: "min_amount" | "max_amount" | "quota" | "per_user_limit", label: string) => (
    <label className="console-field">
      <span>{label}</span>
      <input inputMode="decimal" value={draft[key]} onChange={(event) => set({ [key]: event.target.value })} />
    </label>
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
        <label className="console-field">
          <span>{t("fields.currency")}</span>
          <input
            value={draft.currency}
            onChange={(event) => set({ currency: event.target.value.toUpperCase() })}
            disabled={product !== null}
          />
        </label>
        <label className="console-field">
          <span>{t("fields.dailyRate")}</span>
          <input
            inputMode="decimal"
            value={draft.daily_rate}
            onChange={(event) => set({ daily_rate: event.target.value })}
          />
        </label>
        <label className="console-field">
          <span>{t("fields.days")}</span>
          <input
            type="number"
            min={1}
            max={3650}
            value={draft.days}
            onChange={(event) => set({ days: event.target.value })}
          />
        </label>
        {amountField("min_amount", t("fields.minAmount", { currency: draft.currency }))}
        {amountField("max_amount", t("fields.maxAmount", { currency: draft.currency }))}
        {amountField("quota", t("fields.quota"))}
        {amountField("per_user_limit", t("fields.perUserLimit"))}
        <label className="console-field">
          <span>{t("fields.sort")}</span>
          <input type="number" min={0} value={draft.sort} onChange={(event) => set({ sort: event.target.value })} />
        </label>
      </div>
      <label className="console-switch">
        <input type="checkbox" checked={draft.enabled} onChange={(event) => set({ enabled: event.target.checked })} />
        <span>{t("fields.enabled")}</span>
      </label>
    </Modal>
  );
}

/** Staking products: create or change them for future subscriptions (running orders keep their terms). */
export function Staking() {
  const { t } = useTranslation("console");
  const products = useStakingProducts();
  const [editing, setEditing] = useState<AdminStaking | "new" | null>(null);
  const language = currentLocale();
  return (
    <>
      <ScreenHeader title={t("nav.staking")}>
        <button type="button" className="console-button console-button--primary" onClick={() => setEditing("new")}>
          {t("config.newStaking")}
        </button>
      </ScreenHeader>
      <QueryState query={products}>
        {(data) => (
          <table className="console-table">
            <thead>
              <tr>
                <th scope="col">{t("fields.id")}</th>
                <th scope="col">{t("fields.productName")}</th>
                <th scope="col" className="num">
                  {t("fields.dailyRate")}
                </th>
                <th scope="col" className="num">
                  {t("fields.days")}
                </th>
                <th scope="col" className="num">
                  {t("fields.limits")}
                </th>
                <th scope="col" className="num">
                  {t("fields.quota")}
                </th>
                <th scope="col">{t("fields.enabled")}</th>
                <th scope="col">{t("fields.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.length === 0 && <EmptyRow columns={8} />}
              {data.items.map((product) => (
                <tr key={product.id}>
                  <td>#{product.id}</td>
                  <td>
                    {pickText(product.name, language)}
                    <div className="console-muted">
                      {t("config.languages", { count: Object.keys(product.name).length })}
                    </div>
                  </td>
                  <td className="num">{formatDecimal(product.daily_rate, { minFraction: 0 })}</td>
                  <td className="num">{product.days}</td>
                  <td className="num">
                    {formatMoney(product.min_amount, product.currency)} –{" "}
                    {formatMoney(product.max_amount, product.currency)}
                  </td>
                  <td className="num">{formatMoney(product.quota, product.currency)}</td>
                  <td>
                    <OnOff on={product.enabled} />
                  </td>
                  <td>
                    <EditButton
                      label={t("config.editStaking", { id: product.id })}
                      onEdit={() => setEditing(product)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </QueryState>
      {editing && <StakingDialog product={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
    </>
  );
}
