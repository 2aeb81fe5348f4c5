import { useCallback, useState } from "react";

const KEY = "funds_hide_balances";

function stored(): boolean {
  try {
    return localStorage.getItem(KEY) === "1";
  } catch {
    return false;
  }
}

/** The Assets "hide balances" eye, remembered on this device. */
export function useHideBalances(): [boolean, () => void] {
  const [hidden, setHidden] = useState(stored);
  const toggle = useCallback(() => {
    setHidden((value) => {
      const next = !value;
      try {
        localStorage.setItem(KEY, next ? "1" : "0");
      } catch {
        // Private mode: the choice lasts for this visit.
      }
      return next;
    });
  }, []);
  return [hidden, toggle];
}
