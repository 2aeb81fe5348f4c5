import type { Db } from "../../db/client";
import { withTransaction } from "../../db/transaction";
import type { Clock } from "../../lib/clock";
import { toAmount } from "../../lib/decimal";
import { Refusal } from "../../lib/errors";
import type { AdminService } from "../admin/service";
import type { ChainService } from "../chain/service";
import * as repo from "./repo";

const view = (d: NonNullable<Awaited<ReturnType<typeof repo.findDeclared>>>) => ({
  id: d.id,
  currency: d.currency,
  network: d.network,
  address: d.address,
  amount: toAmount(d.amount),
  updated_at: d.updatedAt.toISOString(),
});

/**
 * Reserves on networks checked by hand (no node to read): the operator declares an address and what it holds; each
 * snapshot publishes them as declared (`proven: false`). A network with a node is read from the chain instead.
 */
export class DeclaredReserves {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly deps: { chain: Pick<ChainService, "terms">; admin: Pick<AdminService, "audit"> },
  ) {}

  async list() {
    return { items: (await repo.listDeclared(this.db)).map(view) };
  }

  async declare(
    operatorId: number,
    ip: string,
    input: { currency: string; network: string; address: string; amount: string },
  ) {
    if (await this.deps.chain.terms(input.currency, input.network)) {
      throw new Refusal("reserves_network_on_chain", { network: input.network, currency: input.currency });
    }
    return withTransaction(this.db, async (tx) => {
      const saved = await repo.upsertDeclared(tx, {
        ...input,
        updatedAt: this.clock.now(),
        updatedBy: operatorId,
      });
      if (!saved) throw new Error("declared reserve not saved");
      await this.deps.admin.audit(tx, {
        operatorId,
        action: "reserves.declare",
        target: { type: "reserve_declared", id: saved.id },
        after: input,
        ip,
      });
      return view(saved);
    });
  }

  async undeclare(operatorId: number, ip: string, id: number) {
    return withTransaction(this.db, async (tx) => {
      const gone = await repo.deleteDeclared(tx, id);
      if (!gone) throw new Refusal("reserves_declared_unknown", { id });
      await this.deps.admin.audit(tx, {
        operatorId,
        action: "reserves.undeclare",
        target: { type: "reserve_declared", id },
        before: view(gone),
        ip,
      });
      return { id };
    });
  }
}
