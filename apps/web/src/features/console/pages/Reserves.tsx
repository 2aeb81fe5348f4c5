import { NETWORK_NAMES, type Network } from "@cryptos/contract";
import { useState } from "react";
import { useDecimalsOf } from "@/lib/currency-decimals";
import { formatDateTime } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { confirm } from "@/lib/toast";
import {
  useDeclaredReserves,
  useDeclareReserve,
  useLatestSnapshot,
  useTakeSnapshot,
  useUndeclareReserve,
} from "../api/reserves";
import { ScreenHeader } from "../components/ConsoleLayout";
import { ConsoleTable } from "../components/ConsoleTable";
import { AmountInput, CurrencyField, NetworkField, TextField } from "../components/Form";
import { QueryState } from "../components/QueryState";
import { SaveButton } from "../components/SaveButton";
import { consoleAmountIssue } from "../lib/amounts";
import { isCurrencyCode, saveFeedback } from "../lib/save-feedback";

/** Declares what an address holds on a network checked by hand; published with the next snapshot as not proven. */
function DeclareForm() {
  const { t } = useTranslation("console");
  const declare = useDeclareReserve();
  const [currency, setCurrency] = useState("BTC");
  const [network, setNetwork] = useState<Network>("Bitcoin");
  const [address, setAddress] = useState("");
  const [amount, setAmount] = useState("");
  const decimals = useDecimalsOf()(currency.trim());
  const valid =
    isCurrencyCode(currency) && address.trim().length >= 4 && consoleAmountIssue(amount, { decimals }) === null;
  return (
    <div className="console-section console-form">
      <h2>{t("reserves.declareTitle")}</h2>
      <p className="console-muted">{t("reserves.declareHint")}</p>
      <CurrencyField value={currency} onChange={setCurrency} />
      <NetworkField value={network} onChange={setNetwork} choices={NETWORK_NAMES} />
      <TextField label={t("reserves.address")} className="console-mono" value={address} onChange={setAddress} />
      <AmountInput
        label={t("reserves.amount")}
        currency={currency}
        decimals={decimals}
        value={amount}
        onChange={setAmount}
      />
      <SaveButton
        mutation={declare}
        disabled={!valid}
        onClick={() =>
          declare.mutate(
            { currency: currency.trim(), network, address: address.trim(), amount: amount.trim() },
            saveFeedback(() => {
              setAddress("");
              setAmount("");
            }),
          )
        }
      />
    </div>
  );
}

/** Proof of reserves (issue 44): the latest snapshot, "take one now", and the reserves declared by hand. */
export function Reserves() {
  const { t } = useTranslation("console");
  const latest = useLatestSnapshot();
  const declared = useDeclaredReserves();
  const take = useTakeSnapshot();
  const undeclare = useUndeclareReserve();
  const remove = async (id: number) => {
    const ok = await confirm({
      title: t("reserves.removeTitle"),
      content: t("reserves.declareHint"),
      confirmText: t("common.remove"),
      cancelText: t("common.cancel"),
    });
    if (ok) undeclare.mutate(id, saveFeedback());
  };
  return (
    <>
      <ScreenHeader title={t("nav.reserves")}>
        <SaveButton
          mutation={take}
          label={t("reserves.take")}
          onClick={() => take.mutate(undefined, saveFeedback(undefined, t("reserves.taken")))}
        />
      </ScreenHeader>
      <p className="console-muted">{t("reserves.hint")}</p>
      <QueryState query={latest}>
        {(snapshot) =>
          snapshot ? (
            <dl className="console-dl console-section">
              <dt>{t("reserves.snapshot")}</dt>
              <dd>
                #{snapshot.snapshot_id} · {formatDateTime(snapshot.at)} · {t("reserves.leaves", { n: snapshot.leaves })}
              </dd>
              <dt>{t("reserves.root")}</dt>
              <dd className="console-mono">{snapshot.root.hash}</dd>
              <dt>{t("reserves.liabilities")}</dt>
              <dd className="console-mono">
                {Object.entries(snapshot.root.sums)
                  .map(([code, amount]) => `${code} ${amount}`)
                  .join(" · ")}
              </dd>
              <dt>{t("reserves.signed")}</dt>
              <dd className="console-mono">{snapshot.signatures[0]?.address ?? "—"}</dd>
            </dl>
          ) : (
            <p className="console-muted">{t("reserves.none")}</p>
          )
        }
      </QueryState>
      <h2>{t("reserves.declared")}</h2>
      <ConsoleTable
        query={declared}
        columns={[
          { header: t("fields.currency"), rowHeader: true, cell: (r) => r.currency },
          { header: t("fields.network"), cell: (r) => r.network },
          { header: t("reserves.address"), className: "console-mono", cell: (r) => r.address },
          { header: t("reserves.amount"), numeric: true, cell: (r) => r.amount },
          { header: t("reserves.updated"), cell: (r) => formatDateTime(r.updated_at) },
          {
            header: t("common.remove"),
            hideHeader: true,
            cell: (r) => (
              <button type="button" className="console-button" onClick={() => void remove(r.id)}>
                {t("common.remove")}
              </button>
            ),
          },
        ]}
      />
      <DeclareForm />
    </>
  );
}
