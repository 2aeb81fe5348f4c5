import { MoneyLive } from "@/features/funds";
import { PriceAlertToasts } from "@/features/market";

/**
 * What only a signed-in user needs wherever they are: money that moves (decision 119) and fired price alerts, both
 * followed over the live socket. AppLayout loads it once a user is signed in, after the first render, so a visitor's
 * first screen carries none of its code (issue 23's budget on Home's scripts).
 */
export function SignedInLive() {
  return (
    <>
      <PriceAlertToasts />
      <MoneyLive />
    </>
  );
}
