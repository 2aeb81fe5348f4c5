/**
 * Worker leases: which instance runs a singleton loop (price feed, settlement). A lease is one atomic statement
 * with the database's clock, so there is no rule here beyond the repo's statements; workers reach them through
 * this file, never the repo.
 */
export { acquireLease, leaseHolder, releaseLease } from "./repo";
