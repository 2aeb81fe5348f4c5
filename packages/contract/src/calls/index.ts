import { accountCalls } from "./accounts";
import { addressBookCalls } from "./address-book";
import { adminCalls } from "./admin";
import { anchorCalls } from "./anchors";
import { chainNetworkCalls } from "./chain-networks";
import { consoleCalls } from "./console";
import { contentCalls } from "./content";
import { fundsCalls } from "./funds";
import { identityCalls } from "./identity";
import { marketCalls } from "./market";
import { priceAlertCalls } from "./price-alerts";
import { reservesCalls } from "./reserves";
import { stakingCalls } from "./staking";
import { systemCalls } from "./system";
import { tickLogCalls } from "./tick-log";
import { upDownCalls } from "./updown";

export * from "./accounts";
export * from "./address-book";
export * from "./admin";
export * from "./anchors";
export * from "./chain-networks";
export * from "./console";
export * from "./content";
export * from "./define";
export * from "./funds";
export * from "./identity";
export * from "./market";
export * from "./operators";
export * from "./price-alerts";
export * from "./reserves";
export * from "./staking";
export * from "./system";
export * from "./tick-log";
export * from "./updown";

/** Every call of the spec and of docs/design/api.md, by name. The spec's path names live only in these path strings. */
export const calls = {
  ...systemCalls,
  ...accountCalls,
  ...marketCalls,
  ...upDownCalls,
  ...tickLogCalls,
  ...anchorCalls,
  ...stakingCalls,
  ...fundsCalls,
  ...addressBookCalls,
  ...priceAlertCalls,
  ...contentCalls,
  ...identityCalls,
  ...adminCalls,
  ...consoleCalls,
  ...chainNetworkCalls,
  ...reservesCalls,
};
export type Calls = typeof calls;
export type CallName = keyof Calls;
