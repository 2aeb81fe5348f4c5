import { useQueryClient } from "@tanstack/react-query";
import { useRef } from "react";
import { useLiveEvent } from "@/lib/live";
import { useToken } from "@/lib/session";
import type { MoneyTopic } from "./live/money-events";

/**
 * Mounted in the layout, wherever the user is (decision 119): the server's `balances`, `deposits` and `withdrawals`
 * events read the balances and the deposit and withdrawal lists again, so every open screen follows the money
 * without a reload, and credits and payouts are toasted. What an event does loads with the first one
 * (`live/money-events.ts`): the first screen's scripts stay as they were.
 */
export function MoneyLive(): null {
  const token = useToken();
  const client = useQueryClient();
  const openedAt = useRef(Date.now());
  const on = (topic: MoneyTopic) => () =>
    void import("./live/money-events").then((m) => m.moneyChanged(topic, client, openedAt.current));
  const signedIn = token !== null;
  useLiveEvent("balances", on("balances"), signedIn);
  useLiveEvent("deposits", on("deposits"), signedIn);
  useLiveEvent("withdrawals", on("withdrawals"), signedIn);
  return null;
}
