import type { Locale } from "@cryptos/contract";
import { LOCALES } from "@cryptos/contract";
import { httpMessages } from "../http/messages";
import { accountsMessages } from "../modules/accounts/messages";
import { securityMailMessages } from "../modules/accounts/security-mail-messages";
import { addressBookMessages } from "../modules/addressbook/messages";
import { adminMessages } from "../modules/admin/messages";
import { priceAlertMessages } from "../modules/alerts/messages";
import { consoleMessages } from "../modules/console/messages";
import { fundsMessages } from "../modules/funds/messages";
import { identityMessages } from "../modules/identity/messages";
import { ledgerMessages } from "../modules/ledger/messages";
import { marketMessages } from "../modules/market/messages";
import { messagesMessages } from "../modules/messages/messages";
import { stakingMessages } from "../modules/staking/messages";
import { upDownMessages } from "../modules/updown/messages";
import { catalogs as core } from "./locales";

/**
 * Every server message: the core catalogue (locales/) plus each module's `messages.ts`. Add a module's messages
 * to `modules` below; its keys then type-check wherever a MessageKey is expected.
 */
const modules = [
  httpMessages,
  ledgerMessages,
  adminMessages,
  stakingMessages,
  accountsMessages,
  securityMailMessages,
  messagesMessages,
  fundsMessages,
  marketMessages,
  upDownMessages,
  identityMessages,
  consoleMessages,
  addressBookMessages,
  priceAlertMessages,
] as const;

/** Distributes over the modules, so that the keys of every module count (not only the keys they share). */
type KeysOf<T> = T extends Record<Locale, infer M> ? keyof M : never;
type ModuleKeys = KeysOf<(typeof modules)[number]>;
export type MessageKey = keyof (typeof core)["en"] | ModuleKeys;

export const catalogs = Object.fromEntries(
  LOCALES.map((locale) => [locale, Object.assign({}, core[locale], ...modules.map((m) => m[locale]))]),
) as Record<Locale, Record<MessageKey, string>>;
