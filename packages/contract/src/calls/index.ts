import { accountCalls } from "./accounts";
import { adminCalls } from "./admin";
import { consoleCalls } from "./console";
import { contentCalls } from "./content";
import { fundsCalls } from "./funds";
import { marketCalls } from "./market";
import { stakingCalls } from "./staking";
import { systemCalls } from "./system";

export * from "./accounts";
export * from "./admin";
export * from "./console";
export * from "./content";
export * from "./define";
export * from "./funds";
export * from "./market";
export * from "./staking";
export * from "./system";

/** Every call of the spec and of DESIGN.md §3, by name. The spec's path names live only in these path strings. */
export const calls = {
  ...systemCalls,
  ...accountCalls,
  ...marketCalls,
  ...stakingCalls,
  ...fundsCalls,
  ...contentCalls,
  ...adminCalls,
  ...consoleCalls,
};
export type Calls = typeof calls;
export type CallName = keyof Calls;
