import type { SeedTexts } from "./types";

export const en: SeedTexts = {
  homeMenus: {
    recharge: "Deposit",
    withdraw: "Withdraw",
    exchange: "Exchange",
    arbitrage: "Staking",
    trade: "Up/Down",
    bills: "Bills",
    realname: "Verify identity",
    help: "Help",
  },
  softMenus: {
    messages: "Messages",
    announcements: "Announcements",
    help: "Help center",
    ammhelp: "How staking works",
    language: "Language",
  },
  help: {
    title: "Help center",
    body: [
      "<h3>What Cryptos is</h3>",
      "<p>Cryptos shows market prices and lets you place short up/down orders, subscribe to staking products, and deposit, withdraw and exchange funds. When the server runs its simulated market, every trading screen says so: prices are generated, not from an exchange.</p>",
      "<h3>Up/down orders</h3>",
      "<p>You choose a pair, an amount, a direction and a settlement time. The amount is taken from your available balance when the order is accepted. The entry price is the first price recorded after acceptance; the exit price is the last price recorded at or before the settlement time.</p>",
      "<ul><li>Up wins when the exit price is higher than the entry price; down wins when it is lower.</li><li>A win pays the amount times (1 + the payout rate shown before you confirm).</li><li>A tie returns your amount. A loss keeps it.</li></ul>",
      "<p>The order detail shows both recorded prices, so you can check every result.</p>",
      "<h3>Deposits and withdrawals</h3>",
      "<p>Deposits are credited when an operator has checked the transfer. Withdrawals need the code we email you; the fee is shown before you confirm, and the amount stays frozen until the withdrawal is completed or rejected.</p>",
      "<p>Withdrawal addresses: without two-step verification, you can withdraw only to an address saved in your address book, and only 24 hours after you saved it. This hold gives you time to notice if someone else added an address to your account. With two-step verification on, you can withdraw to any address at once, confirming with your authenticator code.</p>",
      "<h3>Bills</h3>",
      "<p>Every change to your balance is a line in your bills, with the balance after it.</p>",
    ],
  },
  ammhelp: {
    title: "How staking works",
    body: [
      "<h3>Staking products</h3>",
      "<p>Each product states its currency, daily return rate, number of days, minimum and maximum per order, and how much quota is left. These terms are fixed for your order when you subscribe.</p>",
      "<h3>While in custody</h3>",
      "<p>Your principal moves from your available balance into custody. Once a full day has passed since you subscribed, interest of principal × daily rate is credited to your available balance, once per day.</p>",
      "<h3>At maturity</h3>",
      "<p>After the last day's interest, the principal returns to your available balance and the order shows as settled. If the service was down, every missed day is credited exactly once when it is back.</p>",
    ],
  },
  welcome: {
    title: "Welcome to Cryptos",
    body: "<p>This server runs a simulated market with demo funds: prices are generated, not from an exchange. Try an up/down order or a staking product; every result can be checked against the recorded prices.</p>",
  },
};
