import type { Config } from "../config";
import type { Database } from "../db/client";
import type { RouteDeps } from "../http/contract-route";
import type { Clock } from "../lib/clock";
import type { Services } from "./services";

/** What every module's routes get: the database, the configuration and the route dependencies. */
export interface ModuleContext {
  config: Config;
  database: Database;
  routes: RouteDeps;
  clock: Clock;
  services: Services;
}
