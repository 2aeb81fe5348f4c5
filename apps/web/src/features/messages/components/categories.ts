import { MESSAGE_CATEGORIES } from "@cryptos/contract";
import type { MessageCid } from "../api/get-messages";

/** The tabs: every message, then each category of the contract. */
export const TAB_KEYS = ["all", "1", "2", "3"] as const;
export type TabKey = (typeof TAB_KEYS)[number];

export const CATEGORY_NAMES: Record<number, "announcement" | "system" | "personal"> = {
  [MESSAGE_CATEGORIES.announcement]: "announcement",
  [MESSAGE_CATEGORIES.system]: "system",
  [MESSAGE_CATEGORIES.personal]: "personal",
};

export function tabOf(raw: string | null): TabKey {
  return (TAB_KEYS as readonly string[]).includes(raw ?? "") ? (raw as TabKey) : "all";
}

export function cidOf(tab: TabKey): MessageCid {
  return tab === "all" ? undefined : (Number(tab) as 1 | 2 | 3);
}

export const messagePath = (id: number) => `/pages/user/message-id?id=${id}`;
