// Re-adds every balance from the user's bills (getmoneylog) and compares with userinfo's balances.
import { addDecimal, sameDecimal } from "./decimal.mjs";

const ACCOUNTS = ["available", "frozen", "custody"];

export function verifyBalances(bills, balances) {
  const sums = new Map();
  // Oldest first, so each bill's balance_after can be checked against the running sum too.
  const ordered = [...bills].sort((a, b) => a.id - b.id);
  const issues = new Map();
  for (const bill of ordered) {
    const key = `${bill.currency}:${bill.account}`;
    const sum = addDecimal(sums.get(key) ?? "0", bill.amount);
    sums.set(key, sum);
    if (!sameDecimal(sum, bill.balance_after)) {
      if (!issues.has(key)) issues.set(key, []);
      issues.get(key).push(`bill ${bill.id}: balance_after ${bill.balance_after}, the bills add up to ${sum}`);
    }
  }
  const rows = [];
  const seen = new Set();
  for (const balance of balances) {
    for (const account of ACCOUNTS) {
      if (balance[account] === undefined) continue;
      const key = `${balance.currency}:${account}`;
      seen.add(key);
      // An account with no bill and a zero balance has nothing to check: left out of the table.
      if (!sums.has(key) && sameDecimal(balance[account], "0")) continue;
      const sum = sums.get(key) ?? "0";
      const problems = [...(issues.get(key) ?? [])];
      if (!sameDecimal(sum, balance[account])) problems.push(`balance ${balance[account]}, the bills add up to ${sum}`);
      rows.push({
        currency: balance.currency,
        account,
        balance: balance[account],
        bills: sum,
        ok: !problems.length,
        issues: problems,
      });
    }
  }
  // A bill on an account the balances do not list must add up to nothing.
  for (const [key, sum] of sums) {
    if (seen.has(key) || sameDecimal(sum, "0")) continue;
    const [currency, account] = key.split(":");
    rows.push({
      currency,
      account,
      balance: "-",
      bills: sum,
      ok: false,
      issues: ["bills on an account userinfo does not show"],
    });
  }
  return rows;
}
