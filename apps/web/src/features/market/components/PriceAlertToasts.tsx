import { lazy, Suspense, useEffect, useState } from "react";
import { useToken } from "@/lib/session";

const PriceAlertWatcher = lazy(() => import("./PriceAlertWatcher").then((m) => ({ default: m.PriceAlertWatcher })));

/**
 * The toasts of fired price alerts, for the whole app (renders nothing itself). A visitor has no alerts: the code
 * that follows them (PriceAlertWatcher, with the toasts) loads once someone is signed in, and only after the first
 * render, so that it never suspends inside a prerendered shell React is hydrating.
 */
export function PriceAlertToasts() {
  const token = useToken();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!token || !hydrated) return null;
  return (
    <Suspense fallback={null}>
      <PriceAlertWatcher />
    </Suspense>
  );
}
