import type { QueryClient } from "@tanstack/react-query";
import { formatMoney } from "@/lib/format";
import { i18n } from "@/lib/i18n";
import { readAgainNow } from "@/lib/live";
import { userInfoKey } from "@/lib/session";
import { toast } from "@/lib/toast";
import { getDeposits } from "../api/get-deposits";
import { getWithdrawals } from "../api/get-withdrawals";
import { fundsKeys } from "../api/keys";

export type MoneyTopic = "balances" | "deposits" | "withdrawals";

/** A change older than this before the tab opened is not news (slack for a client clock running ahead). */
const SLACK_MS = 60_000;
/** `<id>:<status>` of what was toasted, so a second event does not repeat it. */
const told = new Set<string>();

function tell(key: string, at: string | null | undefined, openedAt: number, text: () => string) {
  if (told.has(key) || !at || Date.parse(at) < openedAt - SLACK_MS) return;
  told.add(key);
  toast.success(text());
}

async function toastDeposits(openedAt: number) {
  const [page] = await Promise.all([getDeposits(1), i18n.loadNamespaces(["funds"])]);
  for (const d of page.items) {
    if (d.status !== "completed") continue;
    const amount = formatMoney(d.amount, d.currency);
    tell(`d${d.id}:completed`, d.reviewed_at, openedAt, () => i18n.t("funds:toast.depositCredited", { amount }));
  }
}

async function toastWithdrawals(openedAt: number) {
  const [page] = await Promise.all([getWithdrawals(1), i18n.loadNamespaces(["funds"])]);
  for (const w of page.items) {
    const amount = formatMoney(w.amount, w.currency);
    if (w.status === "completed") {
      const at = w.completed_at ?? w.reviewed_at;
      tell(`w${w.id}:completed`, at, openedAt, () => i18n.t("funds:toast.withdrawalCompleted", { amount }));
    } else if (w.status === "sending" && w.tx_hash) {
      tell(`w${w.id}:sending`, w.reviewed_at, openedAt, () => i18n.t("funds:toast.withdrawalSent", { amount }));
    }
  }
}

/**
 * What a money event does (decision 119): the balances, or the deposit or withdrawal lists, are read again on
 * whatever screen is open, and a deposit credited or a withdrawal sent or completed since the tab opened
 * (`openedAt`) is toasted once. Events carry no data (decision 024): what changed is read over HTTP.
 */
export function moneyChanged(topic: MoneyTopic, client: QueryClient, openedAt: number): void {
  if (topic === "balances") {
    void readAgainNow(client, userInfoKey);
    return;
  }
  void readAgainNow(client, topic === "deposits" ? fundsKeys.deposits() : fundsKeys.withdrawals());
  // Missed this time (offline, refused): the lists and the message say it, and the next event reads again.
  (topic === "deposits" ? toastDeposits(openedAt) : toastWithdrawals(openedAt)).catch(() => {});
}
