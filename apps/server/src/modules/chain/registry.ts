import type { PublicClient } from "viem";
import type { Db, Tx } from "../../db/client";
import type { ChainNetworkConfig } from "./networks-file";
import * as repo from "./networks-repo";
import { rpcClient } from "./rpc";

/** A stored network as this instance follows it, with its node's client. */
export interface LiveNetwork extends repo.StoredNetwork {
  client: PublicClient;
}

const fingerprintOf = (rows: { network: string; version: bigint }[]) =>
  rows.map((r) => `${r.network}:${r.version}`).join(",");

/**
 * This instance's copy of the stored networks (decision 109). `refresh()` asks the database for each network's
 * version (one small read) and reloads when any changed, was added or removed: a console save on one instance is
 * seen by every other at its next address, terms or watcher call, with no restart. A node's client is kept while
 * its URL and chain id stay the same.
 */
export class ChainRegistry {
  private live: LiveNetwork[] = [];
  private fingerprint: string | undefined;
  private refreshing: Promise<void> | undefined;

  constructor(private readonly db: Db) {}

  /** The networks as last loaded (call refresh() first where a change on another instance matters). */
  entries(): readonly LiveNetwork[] {
    return this.live;
  }

  configs(): ChainNetworkConfig[] {
    return this.live.map((l) => l.config);
  }

  get(network: string): LiveNetwork | undefined {
    return this.live.find((l) => l.network === network);
  }

  /**
   * Reloads when the stored versions changed; callers at the same moment share one read. Inside a transaction pass
   * it (`conn`): on PGlite's one connection a read beside an open transaction would wait for it forever.
   */
  refresh(conn?: Db | Tx): Promise<void> {
    if (conn) return this.load(conn);
    this.refreshing ??= this.load(this.db).finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async load(conn: Db | Tx) {
    const print = fingerprintOf(await repo.versions(conn));
    if (print === this.fingerprint) return;
    const stored = await repo.listNetworks(conn);
    const before = new Map(this.live.map((l) => [l.network, l]));
    this.live = await Promise.all(
      stored.map(async (s) => {
        const old = before.get(s.network);
        const same = old && old.config.rpc_url === s.config.rpc_url && old.config.chain_id === s.config.chain_id;
        return { ...s, client: same ? old.client : await rpcClient(s.config) };
      }),
    );
    this.fingerprint = fingerprintOf(stored);
  }
}
