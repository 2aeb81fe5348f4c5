import { randomBytes, randomInt } from "node:crypto";
import type { Paged, ReserveProof, ReserveSnapshot } from "@cryptos/contract";
import {
  buildLevels,
  canon,
  type Leaf,
  levelSizes,
  parseCanon,
  reservesMessage,
  type Sums,
  siblingPositions,
  sideOf,
} from "@cryptos/contract/reserves";
import type { Db } from "../../db/client";
import type { StoredHolding, StoredSignature } from "../../db/schema/reserves";
import { withTransaction } from "../../db/transaction";
import type { Clock } from "../../lib/clock";
import { Money, toAmount } from "../../lib/decimal";
import { Refusal } from "../../lib/errors";
import type { AdminService } from "../admin/service";
import type { HotWallet } from "../chain/hot-wallet";
import type { ChainService } from "../chain/service";
import type { LedgerService } from "../ledger/service";
import type { UpDownService } from "../updown/service";
import * as repo from "./repo";

export interface ReservesDeps {
  ledger: Pick<LedgerService, "holdingsAt">;
  updown: Pick<UpDownService, "openStakes">;
  chain: Pick<ChainService, "reserveHoldings">;
  admin: Pick<AdminService, "audit">;
  /** The hot wallet (HOT_WALLET_KEY_FILE): it signs each snapshot's root. Without it, no signature. */
  hotWallet?: HotWallet | undefined;
}

const why = (error: unknown) => (error instanceof Error ? error.message.split("\n")[0] : String(error));

/** Fisher-Yates with the system's randomness: a leaf's place says nothing of whose it is. */
function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}

const view = (s: repo.SnapshotRow): ReserveSnapshot => ({
  snapshot_id: s.id,
  at: s.takenAt.toISOString(),
  leaves: s.leaves,
  root: { hash: s.rootHash, sums: parseCanon(s.rootSums) },
  reserves: s.reserves,
  signatures: s.signatures,
});

/**
 * Proof of reserves (issue 44, decisions 151-153): a Merkle sum tree of what every user is owed, taken in one
 * database snapshot, published beside the reserves read on chain at one block per network and signed by the hot
 * wallet; each user can fetch their leaf and path and check it on their own device.
 */
export class ReservesService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly deps: ReservesDeps,
  ) {}

  /**
   * What each user is owed per currency: available + frozen + staked (custody) + open up/down stakes, read in one
   * REPEATABLE READ snapshot, so an order settling or a deposit confirming meanwhile is wholly in or wholly out.
   * Each amount carries exactly its currency's places; a user owed nothing has no entry.
   */
  async liabilities(): Promise<Map<number, Sums>> {
    const { holdings, stakes, places } = await withTransaction(this.db, async (tx) => {
      await repo.beginSnapshot(tx);
      const { holdings, places } = await this.deps.ledger.holdingsAt(tx);
      const stakes = await this.deps.updown.openStakes(tx);
      return { holdings, stakes, places };
    });
    const owed = new Map<number, Map<string, Money>>();
    for (const row of [...holdings, ...stakes]) {
      const mine = owed.get(row.userId) ?? new Map<string, Money>();
      mine.set(row.currency, (mine.get(row.currency) ?? new Money(0)).plus(row.total));
      owed.set(row.userId, mine);
    }
    const out = new Map<number, Sums>();
    for (const [userId, amounts] of owed) {
      const balances: Sums = {};
      for (const [currency, amount] of amounts) {
        // Amounts enter at their currency's places; rounding up would only ever overstate what is owed.
        if (!amount.isZero()) balances[currency] = amount.toFixed(places.get(currency) ?? 18, Money.ROUND_UP);
      }
      if (Object.keys(balances).length) out.set(userId, balances);
    }
    return out;
  }

  /** The reserves to publish: each chain's addresses at one block, then the operator's declared ones. */
  private async reserves(): Promise<{ holdings: StoredHolding[]; networks: string[] }> {
    const hot = await this.deps.hotWallet?.account();
    const read = await this.deps.chain.reserveHoldings(hot?.address).catch((error) => {
      throw new Refusal("reserves_snapshot_failed", { error: why(error) ?? "" });
    });
    const holdings: StoredHolding[] = read.flatMap((n) =>
      n.holdings.map((h) => ({ ...h, network: n.network, block: Number(n.block), proven: true })),
    );
    for (const d of await repo.listDeclared(this.db)) {
      holdings.push({
        currency: d.currency,
        network: d.network,
        address: d.address,
        balance: toAmount(d.amount),
        block: null,
        proven: false,
        token: null,
        decimals: null,
      });
    }
    return { holdings, networks: read.map((n) => n.network) };
  }

  /** Takes a snapshot now: by the schedule (`operatorId` null) or an operator (audited). */
  async take(operatorId: number | null, ip?: string): Promise<ReserveSnapshot> {
    const owed = await this.liabilities();
    const { holdings, networks } = await this.reserves();
    const id = await repo.nextSnapshotId(this.db);
    const users = shuffle([...owed.keys()]);
    const leaves: Leaf[] = users.map((userId) => ({
      nonce: randomBytes(32).toString("hex"),
      balances: owed.get(userId) as Sums,
    }));
    const levels = await buildLevels(id, leaves);
    const root = levels.at(-1)?.[0] as { hash: string; sums: Sums };
    const wallet = await this.deps.hotWallet?.account();
    const message = reservesMessage(id, root.hash);
    const signatures: StoredSignature[] = [];
    if (wallet) {
      const signature = await wallet.signMessage({ message });
      for (const network of networks) signatures.push({ network, address: wallet.address, message, signature });
    }
    const takenAt = this.clock.now();
    const row = {
      id,
      takenAt,
      takenBy: operatorId,
      rootHash: root.hash,
      rootSums: canon(root.sums),
      leaves: leaves.length,
      reserves: holdings,
      signatures,
    };
    await withTransaction(this.db, async (tx) => {
      await repo.insertSnapshot(
        tx,
        row,
        levels.flatMap((nodes, level) =>
          nodes.map((n, position) => ({ snapshotId: id, level, position, hash: n.hash, sums: canon(n.sums) })),
        ),
        users.map((userId, position) => ({ snapshotId: id, userId, position, nonce: leaves[position]?.nonce ?? "" })),
      );
      if (operatorId !== null) {
        await this.deps.admin.audit(tx, {
          operatorId,
          action: "reserves.snapshot",
          target: { type: "reserve_snapshot", id },
          after: { root: root.hash, sums: root.sums, leaves: leaves.length, reserves: holdings.length },
          ip,
        });
      }
    });
    return view(row);
  }

  /** The schedule's pass: a snapshot when the latest is older than `everyMs` (or there is none). */
  async takeWhenDue(everyMs: number): Promise<ReserveSnapshot | undefined> {
    const latest = await repo.latestSnapshot(this.db);
    if (latest && this.clock.now().getTime() - latest.takenAt.getTime() < everyMs) return undefined;
    return this.take(null);
  }

  async latest(): Promise<ReserveSnapshot | null> {
    const row = await repo.latestSnapshot(this.db);
    return row ? view(row) : null;
  }

  async list(page: number, list: number): Promise<Paged<ReserveSnapshot>> {
    const { items, total } = await repo.listSnapshots(this.db, list, (page - 1) * list);
    return { items: items.map(view), total, page, list };
  }

  /** A user's leaf and path in a snapshot (the latest by default); `included: false` when they had no balance. */
  async proof(userId: number, snapshotId?: number): Promise<ReserveProof> {
    const snapshot = snapshotId ? await repo.findSnapshot(this.db, snapshotId) : await repo.latestSnapshot(this.db);
    if (!snapshot) throw new Refusal("reserves_snapshot_unknown", { id: snapshotId ?? 0 });
    const leaf = await repo.findLeaf(this.db, snapshot.id, userId);
    if (!leaf) return { snapshot_id: snapshot.id, included: false, leaf: null, path: [] };
    const places = siblingPositions(levelSizes(snapshot.leaves), leaf.position);
    const nodes = await repo.nodesAt(this.db, snapshot.id, [{ level: 0, position: leaf.position }, ...places]);
    const at = (level: number, position: number) => {
      const node = nodes.find((n) => n.level === level && n.position === position);
      if (!node) throw new Error(`reserve snapshot ${snapshot.id}: node ${level}/${position} missing`);
      return node;
    };
    const own = at(0, leaf.position);
    return {
      snapshot_id: snapshot.id,
      included: true,
      leaf: { nonce: leaf.nonce, balances: parseCanon(own.sums), hash: own.hash },
      path: places.map(({ level, position }) => {
        const n = at(level, position);
        return { hash: n.hash, sums: parseCanon(n.sums), side: sideOf(position) };
      }),
    };
  }
}
