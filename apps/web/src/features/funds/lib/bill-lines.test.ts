import { describe, expect, it } from "vitest";
import { billLines } from "./bill-lines";

const at = "2026-11-25T10:00:00.000Z";
const bill = (id: number, entry: number, type: string, account: string, amount: string, balance = "0") => ({
  id,
  entry_id: entry,
  type,
  currency: "USDT",
  account,
  amount,
  balance_after: balance,
  ref: null,
  created_at: at,
});

describe("billLines", () => {
  it("shows a withdrawal's freeze as one transfer, available to frozen, unsigned", () => {
    const lines = billLines([
      bill(12, 7, "withdraw_request", "frozen", "51", "51"),
      bill(11, 7, "withdraw_request", "available", "-51", "949"),
      bill(10, 6, "deposit", "available", "1000", "1000"),
    ]);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      kind: "transfer",
      amount: "51",
      fromAccount: "available",
      toAccount: "frozen",
      from: { balance_after: "949" },
      to: { balance_after: "51" },
    });
    expect(lines[1]).toMatchObject({ kind: "movement", bill: { id: 10 } });
  });

  it("shows staking principal both ways as transfers, and keeps interest as income", () => {
    const lines = billLines([
      bill(5, 3, "staking_interest", "available", "1.5"),
      bill(4, 2, "staking_principal", "available", "100"),
      bill(3, 2, "staking_principal", "custody", "-100"),
      bill(2, 1, "staking_subscribe", "custody", "100"),
      bill(1, 1, "staking_subscribe", "available", "-100"),
    ]);
    expect(lines.map((l) => l.kind)).toEqual(["movement", "transfer", "transfer"]);
    expect(lines[1]).toMatchObject({ fromAccount: "custody", toAccount: "available" });
    expect(lines[2]).toMatchObject({ fromAccount: "available", toAccount: "custody" });
  });

  it("names a transfer whose other half is on the next page from its type", () => {
    const lines = billLines([bill(9, 4, "withdraw_reject", "available", "51")]);
    expect(lines[0]).toMatchObject({ kind: "transfer", fromAccount: "frozen", toAccount: "available" });
  });

  it("leaves a completed withdrawal (money leaving the frozen account) a movement out", () => {
    const lines = billLines([bill(9, 4, "withdraw_complete", "frozen", "-51")]);
    expect(lines[0]).toMatchObject({ kind: "movement" });
  });
});
