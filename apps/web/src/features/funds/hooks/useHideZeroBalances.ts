import { useCallback, useState } from "react";

const KEY = "funds_hide_zero_balances";

/** On unless the user turned it off: a new account has a dozen currencies at zero, which say nothing. */
function stored(): boolean {
  try {
    return localStorage.getItem(KEY) !== "0";
  } catch {
    return true;
  }
}

/** The Assets "hide zero balances" switch, remembered on this device. */
export function useHideZeroBalances(): [boolean, (next: boolean) => void] {
  const [hide, setHide] = useState(stored);
  const set = useCallback((next: boolean) => {
    setHide(next);
    try {
      localStorage.setItem(KEY, next ? "1" : "0");
    } catch {
      // Private mode: the choice lasts for this visit.
    }
  }, []);
  return [hide, set];
}
