/** One pg-core schema for PGlite and PostgreSQL; one file per module's tables. */
export * from "./system";
export * from "./users";
export * from "./ledger";
export * from "./admin";
export * from "./messages";
export * from "./accounts";
export * from "./staking";
export * from "./market";
export * from "./workers";
export * from "./funds";
