import { useState } from "react";
import { useDecimalsOf } from "@/lib/currency-decimals";
import { formatMoney } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { type AdminUpDown, useSaveUpDown, useUpDownSettings } from "../api/config";
import { ConfigScreen } from "../components/ConfigScreen";
import { AmountInput, Switch, TextField } from "../components/Form";
import { Modal } from "../components/Modal";
import { SaveButton } from "../components/SaveButton";
import { OnOff } from "../components/StatusBadge";
import { consoleAmountIssue } from "../lib/amounts";
import { isRate, isWhole, saveFeedback } from "../lib/save-feedback";

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
  const decimals = useDecimalsOf()(setting.currency);
  const valid =
    [min, max].every((amount) => consoleAmountIssue(amount, { decimals }) === null) &&
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
        <AmountInput
          label={t("fields.minAmount", { currency: setting.currency })}
          currency={setting.currency}
          decimals={decimals}
          value={min}
          onChange={setMin}
        />
        <AmountInput
          label={t("fields.maxAmount", { currency: setting.currency })}
          currency={setting.currency}
          decimals={decimals}
          value={max}
          onChange={setMax}
        />
      </div>
      <Switch label={t("fields.enabled")} checked={enabled} onChange={setEnabled} />
      <fieldset className="console-fieldset">
        <legend>{t("config.terms")}</legend>
        {terms.map((term, index) => (
          // Terms have no id of their own; their position is their identity while editing.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <div key={index} className="console-inline">
            <TextField
              inline
              label={t("fields.seconds")}
              type="number"
              min={5}
              max={86400}
              value={term.seconds}
              onChange={(seconds) => change(index, { seconds })}
            />
            <TextField
              inline
              label={t("fields.payoutRate")}
              inputMode="decimal"
              value={term.payout_rate}
              onChange={(payout_rate) => change(index, { payout_rate })}
            />
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
  return (
    <ConfigScreen
      title={t("nav.updown")}
      query={useUpDownSettings()}
      rowKey={(setting) => setting.productid}
      editLabel={(setting) => t("config.editUpDown", { symbol: setting.symbol })}
      dialog={(setting, onClose) => setting && <UpDownDialog setting={setting} onClose={onClose} />}
      columns={[
        { header: t("fields.symbol"), rowHeader: true, cell: (setting) => setting.symbol },
        {
          header: t("fields.limits"),
          numeric: true,
          cell: (setting) =>
            `${formatMoney(setting.min_amount, setting.currency)} – ${formatMoney(setting.max_amount, setting.currency)}`,
        },
        {
          header: t("config.terms"),
          cell: (setting) =>
            setting.terms
              .map((term) => t("updown.term", { seconds: term.seconds, rate: term.payout_rate }))
              .join(" · "),
        },
        { header: t("fields.enabled"), cell: (setting) => <OnOff on={setting.enabled} /> },
      ]}
    />
  );
}
