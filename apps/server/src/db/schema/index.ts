/**
 * Every table, for the tests and the benches. drizzle-kit reads the folder (drizzle.config.ts). A module's code
 * imports its own files only (apps/server/.dependency-cruiser.cjs, `module-reads-own-tables`), never this one.
 */

export * from "./accounts";
export * from "./addressbook";
export * from "./admin";
export * from "./alerts";
export * from "./chain";
export * from "./chain-anchors";
export * from "./chain-withdrawals";
export * from "./funds";
export * from "./identity";
export * from "./incidents";
export * from "./leases";
export * from "./ledger";
export * from "./ledger-views";
export * from "./market";
export * from "./market-views";
export * from "./messages";
export * from "./reserves";
export * from "./settings";
export * from "./staking";
export * from "./tick-log";
export * from "./updown";
export * from "./users";
