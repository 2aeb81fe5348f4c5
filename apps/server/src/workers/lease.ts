export { acquireLease, leaseHolder, releaseLease } from "../modules/leases/service";
