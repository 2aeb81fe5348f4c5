import { useState } from "react";
import { formatMoney } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { type AdminUpDown, useSaveUpDown, useUpDownSettings } from "../api/config";
import { ScreenHeader } from "../components/ConsoleLayout";
import { EditButton } from "../components/EditButton";
import { Modal } from "../components/Modal";
import { EmptyRow, QueryState } from "../components/QueryState";
import { SaveButton } from "../components/SaveButton";
import { OnOff } from "../components/StatusBadge";
import { isAmount, isRate, isWhole, saveFeedback } from "../lib/save-feedback";

type TermDraft = { seconds: string; payout_rate: string };

function UpDownDialog({ setting, onClose }: { setting: AdminUpDown; onClose: () => void }) {
  const { t } = useTranslation("console");
  const save = useSaveUpDown();
  const [min, setMin] = useState(setting.min_amount);
  const [max, setMax] = useState(setting.max_amount);
  const [enabled, setEnabled] = useState(setting.enabled);
  const [terms, setTerms] = useState<TermDraft[]>(
    setting.terms.map((term) => ({ seconds: String(term.seconds), payout_rate: term.payout_rate })),
  );
  const valid =
    isAmount(min) &&
    isAmount(max) &&
    terms.length > 0 &&
    terms.length <= 12 &&
    terms.every((term) => isWhole(term.seconds, 5, 86_400) && isRate(term.payout_rate));
  const change = (index: number, patch: Partial<TermDraft>) =>
    setTerms((all) => all.map((term, i) => (i === index ? { ...term, ...patch } : term)));
  const submit = () =>
    save.mutate(
      {
        productid: setting.productid,
        min_amount: min.trim(),
        max_amount: max.trim(),
        enabled,
        terms: terms.map((term) => ({ seconds: Number(term.seconds), payout_rate: term.payout_rate.trim() })),
      },
      saveFeedback(onClose),
    );
  return (
    <Modal
      title={t("config.editUpDown", { symbol: setting.symbol })}
      onClose={onClose}
      wide
      actions={<SaveButton mutation={save} disabled={!valid} onClick={submit} />}
    >
      <p className="console-muted">{t("config.updownHint")}</p>
      <div className="console-grid">
        <label className="console-field">
          <span>{t("fields.minAmount", { currency: setting.currency })}</span>
          <input inputMode="decimal" value={min} onChange={(event) => setMin(event.target.value)} />
        </label>
        <label className="console-field">
          <span>{t("fields.maxAmount", { currency: setting.currency })}</span>
          <input inputMode="decimal" value={max} onChange={(event) => setMax(event.target.value)} />
        </label>
      </div>
      <label className="console-switch">
        <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
        <span>{t("fields.enabled")}</span>
      </label>
      <fieldset className="console-fieldset">
        <legend>{t("config.terms")}</legend>
        {terms.map((term, index) => (
          // Terms have no id of their own; their position is their identity while editing.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <div key={index} className="console-inline">
            <label className="console-field console-field--inline">
              <span>{t("fields.seconds")}</span>
              <input
                type="number"
                min={5}
                max={86400}
                value={term.seconds}
                onChange={(event) => change(index, { seconds: event.target.value })}
              />
            </label>
            <label className="console-field console-field--inline">
              <span>{t("fields.payoutRate")}</span>
              <input
                inputMode="decimal"
                value={term.payout_rate}
                onChange={(event) => change(index, { payout_rate: event.target.value })}
              />
            </label>
            <button
              type="button"
              className="console-button console-button--danger"
              aria-label={t("config.removeTerm", { n: index + 1 })}
              disabled={terms.length <= 1}
              onClick={() => setTerms((all) => all.filter((_, i) => i !== index))}
            >
              {t("common.remove")}
            </button>
          </div>
        ))}
        <button
          type="button"
          className="console-button"
          disabled={terms.length >= 12}
          onClick={() => setTerms((all) => [...all, { seconds: "", payout_rate: "" }])}
        >
          {t("config.addTerm")}
        </button>
      </fieldset>
    </Modal>
  );
}

/** Up/down terms per pair: amount limits and the (seconds, payout rate) pairs offered to future orders. */
export function UpDown() {
  const { t } = useTranslation("console");
  const settings = useUpDownSettings();
  const [editing, setEditing] = useState<AdminUpDown | null>(null);
  return (
    <>
      <ScreenHeader title={t("nav.updown")} />
      <QueryState query={settings}>
        {(data) => (
          <table className="console-table">
            <thead>
              <tr>
                <th scope="col">{t("fields.symbol")}</th>
                <th scope="col" className="num">
                  {t("fields.limits")}
                </th>
                <th scope="col">{t("config.terms")}</th>
                <th scope="col">{t("fields.enabled")}</th>
                <th scope="col">{t("fields.actions")}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.length === 0 && <EmptyRow columns={5} />}
              {data.items.map((setting) => (
                <tr key={setting.productid}>
                  <th scope="row">{setting.symbol}</th>
                  <td className="num">
                    {formatMoney(setting.min_amount, setting.currency)} –{" "}
                    {formatMoney(setting.max_amount, setting.currency)}
                  </td>
                  <td>
                    {setting.terms
                      .map((term) => t("updown.term", { seconds: term.seconds, rate: term.payout_rate }))
                      .join(" · ")}
                  </td>
                  <td>
                    <OnOff on={setting.enabled} />
                  </td>
                  <td>
                    <EditButton
                      label={t("config.editUpDown", { symbol: setting.symbol })}
                      onEdit={() => setEditing(setting)}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </QueryState>
      {editing && <UpDownDialog setting={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
