import { screen, waitFor, within } from "@testing-library/react";
import { PointerEventsCheckLevel, userEvent } from "@testing-library/user-event";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi } from "@/test/api-server";
import { userWith } from "@/test/fixtures";
import { openPageAt, renderWithApp } from "@/test/render";
import { WithdrawSheet } from "./WithdrawSheet";

const SAVED = "TUSQzWDnJfWTmvXrQAx4Vk13LLdp1BJMgC";

const user = userWith([{ currency: "USDT", available: "100" }]);

let api: Awaited<ReturnType<typeof startApi>>;
beforeAll(async () => {
  api = await startApi({
    "/api/index/withdrawinfo": () => ({
      items: [{ currency: "USDT", network: "TRC20", fee: "1", min_amount: "10", max_amount: "1000", decimals: 6 }],
      requires_real_name: false,
      real_name_status: "none",
    }),
    "/api/user/addresses": () => ({
      items: [
        {
          id: 1,
          currency: "USDT",
          network: "TRC20",
          address: SAVED,
          label: "Cold wallet",
          created_at: "2026-11-01T00:00:00.000Z",
          usable_from: "2026-11-02T00:00:00.000Z",
          usable: true,
        },
      ],
      total: 1,
      page: 1,
      list: 50,
    }),
    "/api/ems/send": () => ({ resend_after: 60 }),
    "/api/index/dowithdraw": () => ({ id: 5 }),
  });
  openPageAt(api.origin);
});
afterAll(() => api.close());

const open = () => renderWithApp(<WithdrawSheet visible onClose={() => {}} user={user} />, ["funds"]);
const refusal = () => screen.queryByRole("alert")?.textContent ?? null;

describe("the withdraw sheet", () => {
  it("cuts an amount to the currency's places and refuses one below the minimum or past the balance with the fee", async () => {
    const { user: person } = await open();
    const amount = await screen.findByLabelText("Amount");
    await person.type(amount, "12.3456789");
    expect((amount as HTMLInputElement).value).toBe("12.345678");
    expect(refusal()).toBeNull();

    await person.clear(amount);
    await person.type(amount, "5");
    expect(refusal()).toBe("The minimum is 10.00 USDT");

    // 100 available, 1 fee: 100 cannot go, 99 can.
    await person.clear(amount);
    await person.type(amount, "100");
    expect(refusal()).toBe("Not enough available balance (the fee is added to the amount)");
    await person.click(screen.getByRole("button", { name: "Max" }));
    expect((amount as HTMLInputElement).value).toBe("99");
    expect(refusal()).toBeNull();
    expect(screen.getByTestId("withdraw-total").textContent).toBe("100.00 USDT");
  });

  it("sends the withdrawal the user confirmed: saved address, amount and emailed code", async () => {
    const { user: person } = await open();
    // An address is pasted, not typed.
    await person.click(await screen.findByLabelText("Address"));
    await person.paste(SAVED);
    await person.type(screen.getByLabelText("Amount"), "25.5");
    await person.click(screen.getByRole("button", { name: "Send code" }));
    await waitFor(() =>
      expect(api.bodiesTo("/api/ems/send")).toEqual([{ email: "ana@example.com", event: "withdraw" }]),
    );
    await person.type(screen.getByLabelText("Email code"), "123456");

    await person.click(screen.getByRole("button", { name: "Confirm withdrawal" }));
    // The dialog comes with its own chunk (lib/overlays), loaded on the first dialog.
    const dialog = await screen.findByRole("dialog", { name: "Confirm this withdrawal" }, { timeout: 5000 });
    // antd-mobile's dialog takes taps once its slide-in ends, and happy-dom draws no animation frames: tap it as it is.
    const tap = userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never });
    await tap.click(within(dialog).getByRole("button", { name: "OK" }));
    await waitFor(() =>
      expect(api.bodiesTo("/api/index/dowithdraw")).toEqual([
        { currency: "USDT", network: "TRC20", address: SAVED, amount: "25.5", code: "123456" },
      ]),
    );
  });
});
