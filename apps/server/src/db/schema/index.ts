/** One pg-core schema for PGlite and PostgreSQL; one file per module's tables. */

export * from "./accounts";
export * from "./admin";
export * from "./funds";
export * from "./identity";
export * from "./ledger";
export * from "./market";
export * from "./messages";
export * from "./staking";
export * from "./system";
export * from "./updown";
export * from "./users";
export * from "./workers";
