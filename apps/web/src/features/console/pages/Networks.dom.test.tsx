import { screen, waitFor, within } from "@testing-library/react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startApi } from "@/test/api-server";
import { openPageAt, renderWithApp } from "@/test/render";
import { operatorSession } from "../lib/operator-session";
import { Networks } from "./Networks";

const SAVE = "/api/admin/withdraw/networks/save";
const usdtOnTron = {
  id: 1,
  currency: "USDT",
  network: "TRC20",
  fee: "1",
  min_amount: "10",
  max_amount: "100000",
  enabled: true,
  sort: 0,
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
    "/api/admin/withdraw/networks/list": () => ({ items: [usdtOnTron] }),
    [SAVE]: (body: Record<string, unknown>) => ({ ...usdtOnTron, ...body }),
  });
  openPageAt(api.origin);
  operatorSession.signIn("operator-token", "operator@example.com");
});
afterAll(async () => {
  operatorSession.clear();
  await api.close();
});

/** The withdrawal networks screen with the dialog `button` opens, once the currencies' decimals have come. */
async function openDialog(button: string) {
  const view = await renderWithApp(<Networks />, ["console"]);
  // The list comes from the test's server first (a busy machine takes a while: a condition, not a time).
  await view.user.click(await screen.findByRole("button", { name: button }, { timeout: 10_000 }));
  const dialog = await screen.findByRole("dialog");
  // The dialog reads the decimals from the currencies list the app holds; the field cuts with them once it has them.
  await waitFor(() => expect(view.client.getQueryData(["currencies"])).toBeDefined(), { timeout: 10_000 });
  return { ...view, dialog: within(dialog) };
}

describe("the console's withdrawal network form", () => {
  it("takes amounts as the app's amount field does: the currency's places, no sign, no letters", async () => {
    const { user, dialog } = await openDialog("Edit USDT · TRC20");
    const min = dialog.getByLabelText<HTMLInputElement>("Minimum (USDT)");
    await waitFor(() => expect(min.value).toBe("10"));
    await user.clear(min);
    await user.type(min, "12.345");
    expect(min.value).toBe("12.34");
    await user.clear(min);
    await user.type(min, "-5x");
    expect(min.value).toBe("5");
    expect(dialog.queryByRole("alert")).toBeNull();
  });

  it("says why an amount cannot be sent, keeps Save off meanwhile, and sends what the server takes", async () => {
    const { user, dialog } = await openDialog("Edit USDT · TRC20");
    const save = dialog.getByRole<HTMLButtonElement>("button", { name: "Save" });
    const min = dialog.getByLabelText<HTMLInputElement>("Minimum (USDT)");
    await user.clear(min);
    await user.type(min, "0.00");
    expect(dialog.getByRole("alert").textContent).toBe("Must be more than 0.");
    expect(min.getAttribute("aria-invalid")).toBe("true");
    expect(save.disabled).toBe(true);

    await user.clear(min);
    await user.type(min, "5");
    // A fee may be zero: sent as the server's "0".
    const fee = dialog.getByLabelText<HTMLInputElement>("Fee");
    await user.clear(fee);
    await user.type(fee, "0.0");
    expect(dialog.queryByRole("alert")).toBeNull();
    expect(save.disabled).toBe(false);
    await user.click(save);
    await waitFor(() =>
      expect(api.bodiesTo(SAVE)).toEqual([
        {
          currency: "USDT",
          network: "TRC20",
          fee: "0",
          min_amount: "5",
          max_amount: "100000",
          enabled: true,
          sort: 0,
        },
      ]),
    );
  });

  it("refuses places the currency does not have when the currency changes under a typed amount", async () => {
    const { user, dialog } = await openDialog("New network");
    const saves = api.bodiesTo(SAVE).length;
    const currency = dialog.getByLabelText<HTMLInputElement>("Currency");
    await user.clear(currency);
    await user.type(currency, "BTC");
    const max = dialog.getByLabelText<HTMLInputElement>("Maximum (BTC)");
    await user.clear(max);
    await user.type(max, "0.123456789");
    expect(max.value).toBe("0.12345678");
    expect(dialog.queryByRole("alert")).toBeNull();

    await user.clear(currency);
    await user.type(currency, "USDT");
    expect(dialog.getByRole("alert").textContent).toBe("Too many decimal places: USDT takes at most 2.");
    expect(dialog.getByRole<HTMLButtonElement>("button", { name: "Save" }).disabled).toBe(true);
    expect(api.bodiesTo(SAVE)).toHaveLength(saves);
  });
});
