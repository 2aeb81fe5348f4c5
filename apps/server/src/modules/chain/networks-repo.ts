import { asc, count, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { chainBlocks, chainCursors, chainNetworks, depositAddresses } from "../../db/schema/chain";
import type { ChainNetworkConfig } from "./networks-file";

type Conn = Db | Tx;
export type NetworkSource = "file" | "console";
export interface StoredNetwork {
  network: ChainNetworkConfig["network"];
  config: ChainNetworkConfig;
  source: NetworkSource;
  version: bigint;
}

/** Each stored network's name and version: what an instance compares to know it must reload. */
export const versions = (db: Conn) =>
  db
    .select({ network: chainNetworks.network, version: chainNetworks.version })
    .from(chainNetworks)
    .orderBy(asc(chainNetworks.network));

export const listNetworks = async (db: Conn): Promise<StoredNetwork[]> =>
  (await db.select().from(chainNetworks).orderBy(asc(chainNetworks.network))).map((r) => ({
    network: r.network as ChainNetworkConfig["network"],
    config: r.config as ChainNetworkConfig,
    source: r.source as NetworkSource,
    version: r.version,
  }));

export const findNetwork = async (db: Conn, network: string): Promise<StoredNetwork | undefined> =>
  (await listNetworks(db)).find((n) => n.network === network);

/** All writes of one network take turns (console saves on two instances, a start writing the file). */
export const lockNetworkSettings = (tx: Tx, network: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`chain-settings:${network}`}))`);

export async function writeNetwork(
  db: Conn,
  row: { config: ChainNetworkConfig; source: NetworkSource; updatedAt: Date; updatedBy: number | null },
): Promise<bigint> {
  const version = sql`nextval('chain_network_version')`;
  const [written] = await db
    .insert(chainNetworks)
    .values({ network: row.config.network, ...row, version })
    .onConflictDoUpdate({ target: chainNetworks.network, set: { ...row, version } })
    .returning({ version: chainNetworks.version });
  if (!written) throw new Error(`network ${row.config.network} was not written`);
  return written.version;
}

export const deleteNetwork = (db: Conn, network: string) =>
  db.delete(chainNetworks).where(eq(chainNetworks.network, network));

/** A removed network's watcher state: its cursor and block window (its recorded deposits stay). */
export async function forgetWatcher(db: Conn, network: string) {
  await db.delete(chainBlocks).where(eq(chainBlocks.network, network));
  await db.delete(chainCursors).where(eq(chainCursors.network, network));
}

export async function addressCount(db: Conn, network: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(depositAddresses).where(eq(depositAddresses.network, network));
  return row?.n ?? 0;
}
