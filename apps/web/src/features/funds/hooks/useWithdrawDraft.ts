import { useMemo, useReducer } from "react";
import type { WithdrawAddress } from "../api/address-book";

/** The address-book sheet on top of the withdraw sheet: the picker, adding from the picker, or saving the typed address. */
export type BookSheet = "pick" | "add" | "save" | null;

/** What the user has filled in on the withdraw sheet, and its refusal. */
export interface WithdrawDraft {
  currency: string;
  /** The network picked by name; "" until one is, and then the currency's first is used. */
  networkName: string;
  address: string;
  amount: string;
  code: string;
  totp: string;
  /** The server's (or the pre-check's) refusal shown above Confirm; cleared by any edit. */
  error: string | null;
  book: BookSheet;
  /** The saved address picked, while the address field still holds it. */
  picked: WithdrawAddress | null;
}

type Edit =
  | { type: "currency"; currency: string }
  | { type: "network"; networkName: string }
  | { type: "field"; field: "address" | "amount" | "code" | "totp"; value: string }
  | { type: "pick"; saved: WithdrawAddress }
  | { type: "book"; book: BookSheet }
  | { type: "error"; error: string | null }
  | { type: "reset" };

const EMPTY: WithdrawDraft = {
  currency: "",
  networkName: "",
  address: "",
  amount: "",
  code: "",
  totp: "",
  error: null,
  book: null,
  picked: null,
};

function edit(draft: WithdrawDraft, change: Edit): WithdrawDraft {
  switch (change.type) {
    // Another currency: its own networks, decimals and limits, so the network and the amount start again.
    case "currency":
      return { ...draft, currency: change.currency, networkName: "", amount: "" };
    case "network":
      return { ...draft, networkName: change.networkName };
    case "field":
      return { ...draft, [change.field]: change.value, error: null };
    case "pick":
      return { ...draft, address: change.saved.address, picked: change.saved, book: null, error: null };
    case "book":
      return { ...draft, book: change.book };
    case "error":
      return { ...draft, error: change.error };
    // After a withdrawal: the currency and network stay, what was typed goes.
    case "reset":
      return { ...EMPTY, currency: draft.currency, networkName: draft.networkName };
  }
}

/** The withdraw sheet's fields as one reducer: each edit says what else it clears. */
export function useWithdrawDraft() {
  const [draft, dispatch] = useReducer(edit, EMPTY);
  const actions = useMemo(() => editsOf(dispatch), []);
  return { draft, ...actions };
}

function editsOf(dispatch: (change: Edit) => void) {
  return {
    setCurrency: (currency: string) => dispatch({ type: "currency", currency }),
    setNetwork: (networkName: string) => dispatch({ type: "network", networkName }),
    setField: (field: "address" | "amount" | "code" | "totp", value: string) =>
      dispatch({ type: "field", field, value }),
    pick: (saved: WithdrawAddress) => dispatch({ type: "pick", saved }),
    setBook: (book: BookSheet) => dispatch({ type: "book", book }),
    setError: (error: string | null) => dispatch({ type: "error", error }),
    reset: () => dispatch({ type: "reset" }),
  };
}
