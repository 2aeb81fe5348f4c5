import { CODE_COUNTDOWN_S } from "@cryptos/contract";
import type { ManualClock } from "../../src/lib/clock";
import { fundUser } from "../fixtures";
import type { TestApp } from "../helper";
import { type SignedUpUser, signUp } from "../sign-up";
import type { SmtpSink } from "../smtp-sink";

/** A signed-up user holding `amount` of `currency`, credited through the ledger as a completed deposit is. */
export async function fundedUser(t: TestApp, amount = "1000", currency = "USDT"): Promise<SignedUpUser> {
  const user = await signUp(t);
  await fundUser(t.app.services.ledger, user.userId, amount, currency);
  return user;
}

/**
 * A signed-up user (its code read from `sink` when the app mails through SMTP), with the app's manual `clock` moved
 * past the sign-up code's resend wait, so that the next emailed code for the address goes out at once.
 */
export async function userPastCodeWait(t: TestApp, clock: ManualClock, sink?: SmtpSink): Promise<SignedUpUser> {
  const user = await signUp(t, undefined, sink);
  clock.advance(CODE_COUNTDOWN_S * 1000);
  return user;
}
