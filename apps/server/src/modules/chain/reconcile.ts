import type { Address, PublicClient } from "viem";
import { Money, toAmount } from "../../lib/decimal";
import type { ChainNetworkConfig } from "./networks-file";
import { loadViem } from "./viem";

/** What one network holds of one currency at one block: the hot wallet, and every deposit address together. */
export interface Holding {
  currency: string;
  hot_wallet: string;
  deposit_addresses: string;
}

/** Reads in batches of this many calls: a node refuses or times out on thousands of requests at once. */
const BATCH = 50;

async function inBatches<T, R>(items: T[], read: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += BATCH) out.push(...(await Promise.all(items.slice(i, i + BATCH).map(read))));
  return out;
}

/**
 * Every currency of `network` held by the hot wallet and by the deposit addresses, all read at the same block so
 * that a sweep moving coins between them mid-read is not counted twice or missed. Exact: the chain's units, not
 * the app's places.
 */
export async function chainHoldings(
  client: PublicClient,
  network: ChainNetworkConfig,
  hotWallet: Address | undefined,
  addresses: string[],
): Promise<{ block: bigint; holdings: Holding[] }> {
  const { block, holdings: each } = await addressHoldings(client, network, hotWallet, addresses);
  const { getAddress } = await loadViem();
  const hot = hotWallet ? getAddress(hotWallet) : undefined;
  const holdings = network.currencies.map((c) => {
    const mine = each.filter((h) => h.currency === c.currency);
    const sum = (rows: AddressHolding[]) => toAmount(rows.reduce((total, h) => total.plus(h.balance), new Money(0)));
    return {
      currency: c.currency,
      hot_wallet: sum(mine.filter((h) => h.address === hot)),
      deposit_addresses: sum(mine.filter((h) => h.address !== hot)),
    };
  });
  return { block, holdings };
}

/** The chain holds less than users are owed: flagged. */
export const shortOf = (users: string, chain: string) => new Money(chain).lt(users);

/** One network's reading: its holdings at one block, or why the node could not be read. */
export type NetworkReading =
  | { network: ChainNetworkConfig; block: bigint; holdings: Holding[] }
  | { network: ChainNetworkConfig; error: string };

/**
 * The reconciliation's rows: per currency and network, users' holdings beside the chain's. A currency on several
 * networks is owed once: its rows carry the sum over its networks, all flagged when that sum is short, and all
 * without a total when one of its nodes did not answer.
 */
export function reconciliationRows(read: NetworkReading[], owed: Map<string, string>) {
  const totals = new Map<string, Money>();
  for (const r of read) {
    for (const h of "holdings" in r ? r.holdings : []) {
      totals.set(h.currency, (totals.get(h.currency) ?? new Money(0)).plus(h.hot_wallet).plus(h.deposit_addresses));
    }
  }
  const failed = new Set(read.filter((r) => "error" in r).flatMap((r) => r.network.currencies.map((c) => c.currency)));
  return read.flatMap((r) =>
    r.network.currencies.map((c) => {
      const users = owed.get(c.currency) ?? "0";
      const holding = "holdings" in r ? r.holdings.find((h) => h.currency === c.currency) : undefined;
      const chainTotal = toAmount(totals.get(c.currency) ?? 0);
      return {
        network: r.network.network,
        currency: c.currency,
        block: "block" in r ? Number(r.block) : null,
        users,
        hot_wallet: holding?.hot_wallet ?? null,
        deposit_addresses: holding?.deposit_addresses ?? null,
        chain: holding ? toAmount(new Money(holding.hot_wallet).plus(holding.deposit_addresses)) : null,
        chain_total: failed.has(c.currency) ? null : chainTotal,
        difference: failed.has(c.currency) ? null : toAmount(new Money(chainTotal).minus(users)),
        flagged: failed.has(c.currency) || shortOf(users, chainTotal),
        error: "error" in r ? (r.error ?? null) : null,
      };
    }),
  );
}

/** One address's balance of one currency, as proof of reserves publishes it. */
export interface AddressHolding {
  currency: string;
  address: string;
  balance: string;
  /** The ERC-20 contract the balance is read from, null for the chain's own coin; and its decimals. */
  token: string | null;
  decimals: number;
}

/**
 * What each address holds of each currency of `network`, all read at one block (the head when asked): the hot wallet
 * always, a deposit address when it holds anything. Exact: the chain's units, not the app's places.
 */
export async function addressHoldings(
  client: PublicClient,
  network: ChainNetworkConfig,
  hotWallet: Address | undefined,
  addresses: string[],
): Promise<{ block: bigint; holdings: AddressHolding[] }> {
  const { erc20Abi, formatUnits, getAddress } = await loadViem();
  const blockNumber = await client.getBlockNumber();
  const hot = hotWallet ? getAddress(hotWallet) : undefined;
  const all = [...(hot ? [hot] : []), ...addresses.map((a) => getAddress(a)).filter((a) => a !== hot)];
  const holdings: AddressHolding[] = [];
  for (const c of network.currencies) {
    const balances = await inBatches(all, (address) =>
      c.token
        ? client.readContract({
            address: c.token as Address,
            abi: erc20Abi,
            functionName: "balanceOf",
            args: [address],
            blockNumber,
          })
        : client.getBalance({ address, blockNumber }),
    );
    all.forEach((address, i) => {
      const units = balances[i] ?? 0n;
      if (units === 0n && address !== hot) return;
      const balance = toAmount(formatUnits(units, c.decimals));
      holdings.push({ currency: c.currency, address, balance, token: c.token, decimals: c.decimals });
    });
  }
  return { block: blockNumber, holdings };
}

/** Every network's address holdings, each at its own block; a node that does not answer fails the whole reading. */
export function networkHoldings(
  networks: ChainNetworkConfig[],
  clientOf: (n: ChainNetworkConfig) => Promise<PublicClient>,
  hotWallet: Address | undefined,
  addresses: { network: string; address: string }[],
): Promise<{ network: string; block: bigint; holdings: AddressHolding[] }[]> {
  const read = async (n: ChainNetworkConfig) => {
    const own = addresses.filter((a) => a.network === n.network).map((a) => a.address);
    return { network: n.network, ...(await addressHoldings(await clientOf(n), n, hotWallet, own)) };
  };
  const named = (n: ChainNetworkConfig) => (error: unknown) => {
    throw new Error(`${n.network}: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
  };
  return Promise.all(networks.map((n) => read(n).catch(named(n))));
}
