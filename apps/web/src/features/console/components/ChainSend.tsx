import { formatMoney } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { confirm, toast } from "@/lib/toast";
import { type AdminWithdrawal, type ChainAction, useChainAction, useHotWallet } from "../api/reviews";
import { errorMessage } from "../lib/operator-api";

const LABELS: Record<ChainAction, { title: string; button: string; done: string }> = {
  approve: { title: "chain.approveTitle", button: "chain.approve", done: "chain.approved" },
  speedup: { title: "chain.speedUpTitle", button: "chain.speedUp", done: "chain.spedUp" },
  cancel: { title: "chain.cancelTitle", button: "chain.cancel", done: "chain.cancelled" },
};

/**
 * A withdrawal's send on chain: its state (held over the daily limit, queued, sent with its confirmations, done),
 * its nonce and every transaction hash, with "Approve send" for a held one and "Speed up" / "Cancel send" for a
 * sent, unmined one.
 */
export function ChainSendCell({ row }: { row: AdminWithdrawal }) {
  const { t } = useTranslation("console");
  const approve = useChainAction("approve");
  const speedUp = useChainAction("speedup");
  const cancel = useChainAction("cancel");
  const chain = row.chain;
  if (!chain) {
    // Checked and paid by hand: the transaction the operator gave on completing it, if any (decision 121).
    if (!row.tx_hash) return <span className="console-muted">{t("chain.byHand")}</span>;
    return (
      <div className="console-mono console-muted" data-testid={`withdrawal-${row.id}-hash`}>
        {row.explorer_url ? (
          <a href={row.explorer_url} target="_blank" rel="noopener noreferrer">
            {row.tx_hash}
          </a>
        ) : (
          row.tx_hash
        )}
      </div>
    );
  }
  const act = async (action: ChainAction) => {
    const labels = LABELS[action];
    const ok = await confirm({
      title: t(labels.title),
      content: t("review.withdrawal.subject", {
        id: row.id,
        amount: formatMoney(row.amount, row.currency),
        uid: row.user_id,
      }),
      confirmText: t(labels.button),
      cancelText: t("common.cancel"),
    });
    if (!ok) return;
    ({ approve, speedup: speedUp, cancel })[action].mutate(row.id, {
      onSuccess: () => toast.success(t(labels.done)),
      onError: (error) => toast.error(errorMessage(error, t("common.saveFailed"))),
    });
  };
  const mined = row.confirmations !== undefined && row.confirmations > 0;
  return (
    <div data-testid={`withdrawal-${row.id}-chain`}>
      <div>
        {t(`chain.${chain.state}`)}
        {chain.state === "sent" && ` · ${row.confirmations ?? 0} / ${row.confirmations_required ?? 0}`}
        {chain.nonce !== null && <span className="console-muted"> · nonce {chain.nonce}</span>}
      </div>
      {chain.hashes.map((h) => (
        <div key={h.hash} className="console-mono console-muted">
          {h.hash === row.tx_hash && row.explorer_url ? (
            <a href={row.explorer_url} target="_blank" rel="noopener noreferrer">
              {h.hash}
            </a>
          ) : (
            h.hash
          )}
        </div>
      ))}
      {chain.state === "held" && (
        <button
          type="button"
          className="console-button console-button--primary"
          disabled={approve.isPending}
          onClick={() => void act("approve")}
        >
          {t("chain.approve")}
        </button>
      )}
      {chain.state === "sent" && !mined && (
        <div className="console-row-actions">
          <button
            type="button"
            className="console-button"
            disabled={speedUp.isPending}
            onClick={() => void act("speedup")}
          >
            {t("chain.speedUp")}
          </button>
          <button
            type="button"
            className="console-button console-button--danger"
            disabled={cancel.isPending}
            onClick={() => void act("cancel")}
          >
            {t("chain.cancel")}
          </button>
        </div>
      )}
    </div>
  );
}

/** Warns when the hot wallet's balance of a currency cannot cover what waits to be sent (or its node is silent). */
export function HotWalletBanner() {
  const { t } = useTranslation("console");
  const wallet = useHotWallet();
  const short = wallet.data?.items.filter((i) => i.short) ?? [];
  if (!short.length) return null;
  return (
    <div className="console-banner console-banner--bad" role="alert" data-testid="hot-wallet-short">
      <div>
        {short.map((i) => (
          <div key={`${i.network}-${i.currency}`}>
            {i.balance === null
              ? t("chain.noNode", { network: i.network, currency: i.currency })
              : t("chain.short", {
                  network: i.network,
                  balance: formatMoney(i.balance, i.currency),
                  waiting: formatMoney(i.waiting, i.currency),
                })}
          </div>
        ))}
      </div>
    </div>
  );
}
