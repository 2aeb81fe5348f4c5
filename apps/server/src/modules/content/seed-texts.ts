import type { StoredHelpPage, StoredMenuEntry } from "./service";

/**
 * First-start content. Operators edit it afterwards in the console; these are only the defaults. Each text is
 * written in every language; "en" is the source.
 */
export const HOME_MENUS: StoredMenuEntry[] = [
  { key: "recharge", icon: "deposit", route: "/pages/user/recharge", label: { en: "Deposit" } },
  { key: "withdraw", icon: "withdraw", route: "/pages/assets/assets?sheet=withdraw", label: { en: "Withdraw" } },
  { key: "exchange", icon: "exchange", route: "/pages/assets/assets?sheet=exchange", label: { en: "Exchange" } },
  { key: "arbitrage", icon: "staking", route: "/pages/index/arbitrage", label: { en: "Staking" } },
  { key: "trade", icon: "trade", route: "/pages/transaction/transaction", label: { en: "Up/Down" } },
  { key: "bills", icon: "bills", route: "/pages/user/account-bill", label: { en: "Bills" } },
  { key: "realname", icon: "verify", route: "/pages/user/realname", label: { en: "Verify identity" } },
  { key: "help", icon: "help", route: "/pages/common/help", label: { en: "Help" } },
];

export const SOFT_MENUS: StoredMenuEntry[] = [
  { key: "messages", icon: "messages", route: "/pages/user/message", label: { en: "Messages" } },
  { key: "announcements", icon: "announcement", route: "/pages/user/message?cid=1", label: { en: "Announcements" } },
  { key: "help", icon: "help", route: "/pages/common/help", label: { en: "Help center" } },
  { key: "ammhelp", icon: "staking", route: "/pages/common/ammhelp", label: { en: "How staking works" } },
  { key: "language", icon: "language", route: "/pages/user/account?sheet=language", label: { en: "Language" } },
];

export const HELP_PAGES: Record<"help" | "ammhelp", StoredHelpPage> = {
  help: {
    title: { en: "Help center" },
    body: {
      en: [
        "<h3>What Cryptos is</h3>",
        "<p>Cryptos shows market prices and lets you place short up/down orders, subscribe to staking products, and deposit, withdraw and exchange funds. When the server runs its simulated market, every trading screen says so: prices are generated, not from an exchange.</p>",
        "<h3>Up/down orders</h3>",
        "<p>You choose a pair, an amount, a direction and a settlement time. The amount is taken from your available balance when the order is accepted. The entry price is the first price recorded after acceptance; the exit price is the last price recorded at or before the settlement time.</p>",
        "<ul><li>Up wins when the exit price is higher than the entry price; down wins when it is lower.</li><li>A win pays the amount times (1 + the payout rate shown before you confirm).</li><li>A tie returns your amount. A loss keeps it.</li></ul>",
        "<p>The order detail shows both recorded prices, so you can check every result.</p>",
        "<h3>Deposits and withdrawals</h3>",
        "<p>Deposits are credited when an operator has checked the transfer. Withdrawals need the code we email you; the fee is shown before you confirm, and the amount stays frozen until the withdrawal is completed or rejected.</p>",
        "<h3>Bills</h3>",
        "<p>Every change to your balance is a line in your bills, with the balance after it.</p>",
      ].join(""),
    },
  },
  ammhelp: {
    title: { en: "How staking works" },
    body: {
      en: [
        "<h3>Staking products</h3>",
        "<p>Each product states its currency, daily return rate, number of days, minimum and maximum per order, and how much quota is left. These terms are fixed for your order when you subscribe.</p>",
        "<h3>While in custody</h3>",
        "<p>Your principal moves from your available balance into custody. Once a full day has passed since you subscribed, interest of principal × daily rate is credited to your available balance, once per day.</p>",
        "<h3>At maturity</h3>",
        "<p>After the last day's interest, the principal returns to your available balance and the order shows as settled. If the service was down, every missed day is credited exactly once when it is back.</p>",
      ].join(""),
    },
  },
};

export const WELCOME_ANNOUNCEMENT = {
  title: { en: "Welcome to Cryptos" },
  body: {
    en: "<p>This server runs a simulated market with demo funds: prices are generated, not from an exchange. Try an up/down order or a staking product; every result can be checked against the recorded prices.</p>",
  },
};
