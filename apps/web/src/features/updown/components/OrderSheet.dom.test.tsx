import { screen, waitFor } from "@testing-library/react";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startApi } from "@/test/api-server";
import { openPageAt, renderWithApp } from "@/test/render";
import { acceptRisk } from "../lib/risk";
import type { TradablePair } from "../lib/types";
import { OrderSheet } from "./OrderSheet";

const USER_ID = 7;
const tradable: TradablePair = {
  setting: {
    productid: 3,
    symbol: "BTC/USDT",
    currency: "USDT",
    decimals: 2,
    min_amount: "10",
    max_amount: "500",
    terms: [
      { seconds: 60, payout_rate: "0.8" },
      { seconds: 120, payout_rate: "0.85" },
    ],
  },
  pair: undefined,
};

let api: Awaited<ReturnType<typeof startApi>>;
beforeAll(async () => {
  api = await startApi({ "/api/index/domiao": (body: { amount: string }) => ({ id: 41, amount: body.amount }) });
  openPageAt(api.origin);
  acceptRisk(USER_ID);
});
afterAll(() => api.close());

async function renderSheet(onPlaced = vi.fn()) {
  const view = await renderWithApp(
    <OrderSheet
      visible
      onClose={() => {}}
      tradable={tradable}
      direction="down"
      onDirectionChange={() => {}}
      seconds={120}
      onSecondsChange={() => {}}
      userId={USER_ID}
      available="300"
      onPlaced={onPlaced}
    />,
    ["updown"],
  );
  return { ...view, onPlaced };
}

describe("the order sheet", () => {
  it("refuses an amount the server would refuse, saying why, and keeps Place off", async () => {
    const { user } = await renderSheet();
    const amount = await screen.findByLabelText("Purchase amount (USDT)");
    const place = screen.getByRole<HTMLButtonElement>("button", { name: /Place Order/ });
    const refusal = () => screen.getByTestId("updown-amount-error").textContent;

    await user.type(amount, "12.345");
    expect(refusal()).toBe("At most 2 decimal places");
    expect(place.disabled).toBe(true);

    await user.clear(amount);
    await user.type(amount, "5");
    expect(refusal()).toBe("The minimum is 10.00 USDT");

    await user.clear(amount);
    await user.type(amount, "400");
    expect(refusal()).toBe("Not enough available balance");
    expect(place.disabled).toBe(true);
    // Said where the field is: the input is marked and points at the refusal.
    expect(amount.getAttribute("aria-invalid")).toBe("true");
    expect(amount.getAttribute("aria-describedby")).toBe("updown-amount-error");
  });

  it("places the order with the amount, direction and term chosen, and shows what it pays first", async () => {
    const { user, onPlaced } = await renderSheet();
    const amount = await screen.findByLabelText("Purchase amount (USDT)");
    await user.type(amount, "20");
    expect(screen.queryByTestId("updown-amount-error")).toBeNull();
    expect(screen.getByTestId("updown-expected-earnings").textContent).toBe("+17.00 USDT");

    await user.click(screen.getByRole("button", { name: /Place Order/ }));
    await waitFor(() => expect(onPlaced).toHaveBeenCalledTimes(1));
    expect(api.bodiesTo("/api/index/domiao")).toEqual([
      { productid: 3, direction: "down", amount: "20", seconds: 120 },
    ]);
    expect(onPlaced).toHaveBeenCalledWith(expect.objectContaining({ id: 41 }));
  });
});
