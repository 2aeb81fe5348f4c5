import { type chainNetworkInput, chainNetworkSchema } from "@cryptos/contract";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { withTransaction } from "../../db/transaction";
import type { Clock } from "../../lib/clock";
import { Refusal } from "../../lib/errors";
import type { AdminService } from "../admin/service";
import type { OnChainFunds } from "../funds/on-chain";
import { removeProblem, shownSettings, strandProblem } from "./checks";
import * as networksRepo from "./networks-repo";
import type { ChainService } from "./service";

/** Who did it, from where (the console's audit). */
interface OperatorAct {
  operatorId: number;
  ip: string | undefined;
}

/**
 * The console's side of decision 109: an operator adds, edits or removes a network with a node. A save is held to
 * the file's schema, checked against the node as the start checks the file, refused when it would strand money,
 * and written with its audit record and the channels it claims in one transaction; every instance follows it from
 * its next call. The networks of CHAIN_NETWORKS_FILE are read-only here.
 */
export class ChainNetworkSettings {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly deps: {
      chain: ChainService;
      admin: Pick<AdminService, "audit">;
      funds: Pick<OnChainFunds, "releaseChannel" | "unfinishedWithdrawals">;
    },
  ) {}

  async save(act: OperatorAct, input: z.infer<typeof chainNetworkInput>): Promise<{ network: string }> {
    const name = input.network;
    const stored = await networksRepo.findNetwork(this.db, name);
    if (stored?.source === "file") throw new Refusal("chain_network_from_file", { network: name });
    // Left out when editing: the stored URL is kept (the console never sees it whole).
    const rpcUrl = input.rpc_url ?? stored?.config.rpc_url;
    if (!rpcUrl) throw new Refusal("chain_rpc_url_required", { network: name });
    const parsed = chainNetworkSchema.safeParse({ ...input, rpc_url: rpcUrl });
    if (!parsed.success) {
      throw new Refusal("field_invalid", { field: parsed.error.issues[0]?.path.join(".") || "network" });
    }
    const config = parsed.data;
    const checked = await this.deps.chain.check(config);
    if ("key" in checked) throw new Refusal(checked.key, checked.params);
    const version = await withTransaction(this.db, async (tx) => {
      await networksRepo.lockNetworkSettings(tx, name);
      const before = await networksRepo.findNetwork(tx, name);
      if (before?.source === "file") throw new Refusal("chain_network_from_file", { network: name });
      const strand = await strandProblem(tx, this.deps.funds, before?.config, config);
      if (strand) throw new Refusal(strand.key, strand.params);
      const written = await networksRepo.writeNetwork(tx, {
        config,
        source: "console",
        updatedAt: this.clock.now(),
        updatedBy: act.operatorId,
      });
      for (const c of before?.config.currencies ?? []) {
        if (!config.currencies.some((n) => n.currency === c.currency)) {
          await this.deps.funds.releaseChannel(tx, c.currency, name);
        }
      }
      await this.deps.chain.activate(tx, config, checked.head);
      await this.deps.admin.audit(tx, {
        operatorId: act.operatorId,
        action: "chain.network_save",
        target: { type: "chain_network", id: name },
        before: before ? shownSettings(before.config) : null,
        after: shownSettings(config),
        ip: act.ip,
      });
      return written;
    });
    await this.deps.chain.saved(name, version);
    return { network: name };
  }

  /** Removes a console network with no deposit address and no open withdrawal: its channels go off, its watcher stops. */
  async remove(act: OperatorAct, name: string): Promise<{ network: string }> {
    await withTransaction(this.db, async (tx) => {
      await networksRepo.lockNetworkSettings(tx, name);
      const before = await networksRepo.findNetwork(tx, name);
      if (!before) throw new Refusal("chain_network_not_found", { network: name });
      if (before.source === "file") throw new Refusal("chain_network_from_file", { network: name });
      const problem = await removeProblem(tx, this.deps.funds, name);
      if (problem) throw new Refusal(problem.key, problem.params);
      await networksRepo.deleteNetwork(tx, name);
      await networksRepo.forgetWatcher(tx, name);
      for (const c of before.config.currencies) await this.deps.funds.releaseChannel(tx, c.currency, name);
      await this.deps.admin.audit(tx, {
        operatorId: act.operatorId,
        action: "chain.network_remove",
        target: { type: "chain_network", id: name },
        before: shownSettings(before.config),
        after: null,
        ip: act.ip,
      });
    });
    await this.deps.chain.saved(name, undefined);
    return { network: name };
  }
}
