/** One pg-core schema for PGlite and PostgreSQL; one file per module's tables. */

export * from "./accounts";
export * from "./addressbook";
export * from "./admin";
export * from "./alerts";
export * from "./chain";
export * from "./chain-withdrawals";
export * from "./funds";
export * from "./identity";
export * from "./ledger";
export * from "./market";
export * from "./messages";
export * from "./staking";
export * from "./system";
export * from "./tick-log";
export * from "./updown";
export * from "./users";
export * from "./workers";
