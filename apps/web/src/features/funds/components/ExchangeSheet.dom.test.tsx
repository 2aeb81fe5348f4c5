import { screen, waitFor } from "@testing-library/react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi } from "@/test/api-server";
import { userWith } from "@/test/fixtures";
import { openPageAt, renderWithApp } from "@/test/render";
import type { UsdtPrices } from "../api/get-prices";
import { ExchangeSheet } from "./ExchangeSheet";

const user = userWith([
  { currency: "USDT", available: "100" },
  { currency: "BTC", available: "0" },
]);
const prices: UsdtPrices = {
  byCurrency: new Map([
    ["USDT", "1"],
    ["BTC", "50000"],
  ]),
  simulated: false,
};

let api: Awaited<ReturnType<typeof startApi>>;
beforeAll(async () => {
  api = await startApi({
    "/api/index/currencies": () => ({
      items: [
        { code: "USDT", name: "Tether", decimals: 2 },
        { code: "BTC", name: "Bitcoin", decimals: 8 },
      ],
    }),
    "/api/index/duihuanquote": (body: { amount: string }) => ({
      quote_id: "q-1",
      from: "USDT",
      to: "BTC",
      amount: body.amount,
      price: "0.00002",
      fee: "0.000001",
      fee_rate: "0.002",
      receive: "0.000999",
      expires_at: "2026-11-28T16:00:30.000Z",
    }),
    "/api/index/duihuan": () => ({ id: 3, from: "USDT", to: "BTC", amount: "50", receive: "0.000999" }),
  });
  openPageAt(api.origin);
});
afterAll(() => api.close());

const open = () => renderWithApp(<ExchangeSheet visible onClose={() => {}} user={user} prices={prices} />, ["funds"]);

describe("the exchange sheet", () => {
  it("cuts the amount to the currency's places from the currencies list, and refuses more than the balance", async () => {
    const { user: person } = await open();
    const amount = await screen.findByLabelText<HTMLInputElement>("Amount (USDT)");
    await waitFor(() => expect(api.paths()).toContain("/api/index/currencies"));
    await person.type(amount, "12.345");
    expect(amount.value).toBe("12.34");

    await person.clear(amount);
    await person.type(amount, "150");
    expect(screen.getByRole("alert").textContent).toBe(
      "More than your available balance. The fee is taken from what you receive, not added to this amount.",
    );
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Get a quote" }).disabled).toBe(true);
    // The decimals come from the currencies the app holds: no withdrawal-network call to learn them.
    expect(api.paths()).not.toContain("/api/index/withdrawinfo");
  });

  it("asks a quote for the amount typed and exchanges the quote the user confirmed", async () => {
    const { user: person } = await open();
    await person.type(await screen.findByLabelText("Amount (USDT)"), "50");
    await person.click(screen.getByRole("button", { name: "Get a quote" }));
    await screen.findByTestId("exchange-quote");
    expect(api.bodiesTo("/api/index/duihuanquote")).toEqual([{ from: "USDT", to: "BTC", amount: "50" }]);

    await person.click(screen.getByRole("button", { name: "Confirm exchange" }));
    await waitFor(() => expect(api.bodiesTo("/api/index/duihuan")).toEqual([{ quote_id: "q-1" }]));
  });
});
