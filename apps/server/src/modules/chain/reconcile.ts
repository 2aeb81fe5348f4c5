import { type Address, erc20Abi, formatUnits, getAddress, type PublicClient } from "viem";
import { Money, toAmount } from "../../lib/decimal";
import type { ChainNetworkConfig } from "./networks-file";

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
  const blockNumber = await client.getBlockNumber();
  const deposit = addresses.map((a) => getAddress(a));
  const holdings: Holding[] = [];
  for (const c of network.currencies) {
    const balanceOf = (address: Address) =>
      c.token
        ? client.readContract({
            address: c.token as Address,
            abi: erc20Abi,
            functionName: "balanceOf",
            args: [address],
            blockNumber,
          })
        : client.getBalance({ address, blockNumber });
    const hot = hotWallet ? await balanceOf(hotWallet) : 0n;
    const each = await inBatches(deposit, balanceOf);
    holdings.push({
      currency: c.currency,
      hot_wallet: toAmount(formatUnits(hot, c.decimals)),
      deposit_addresses: toAmount(
        formatUnits(
          each.reduce((sum, b) => sum + b, 0n),
          c.decimals,
        ),
      ),
    });
  }
  return { block: blockNumber, holdings };
}

/** The chain holds less than users are owed: flagged. */
export const shortOf = (users: string, chain: string) => new Money(chain).lt(users);
