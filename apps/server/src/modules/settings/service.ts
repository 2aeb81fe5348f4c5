import type { Db, Tx } from "../../db/client";
import type { Clock } from "../../lib/clock";
import * as repo from "./repo";

/**
 * Operator-editable values that are data, not code: menus, help texts, fees, switches. Values are JSON; each
 * reader passes the default that applies while no operator has set one.
 */
export class SettingsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async get<T>(key: string, fallback: T, conn: Db | Tx = this.db): Promise<T> {
    const value = await repo.readSetting(conn, key);
    return value === undefined ? fallback : (value as T);
  }

  /** Writes a value; operator changes go through the admin module, which audits them in the same `conn`. */
  set(key: string, value: unknown, conn: Db | Tx = this.db) {
    return repo.writeSetting(conn, key, value, this.clock.now());
  }

  /** For seeding: sets the value only when no one has. */
  setDefault(key: string, value: unknown, conn: Db | Tx = this.db) {
    return repo.insertSettingIfMissing(conn, key, value, this.clock.now());
  }
}
