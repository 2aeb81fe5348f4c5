import { CODE_COUNTDOWN_S } from "@cryptos/contract";
import { useCallback, useEffect, useState } from "react";

/**
 * The "send code again in N s" countdown: `start()` begins at the server's `resend_after` when given, else 60 s;
 * `running` until it reaches 0.
 */
export function useCountdown(seconds = CODE_COUNTDOWN_S) {
  const [endsAt, setEndsAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (endsAt === null) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= endsAt) {
        setEndsAt(null);
        clearInterval(timer);
      }
    }, 250);
    return () => clearInterval(timer);
  }, [endsAt]);

  const start = useCallback(
    (from = seconds) => {
      const current = Date.now();
      setNow(current);
      setEndsAt(current + from * 1000);
    },
    [seconds],
  );

  const remaining = endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - now) / 1000));
  return { remaining, running: remaining > 0, start, reset: () => setEndsAt(null) };
}
