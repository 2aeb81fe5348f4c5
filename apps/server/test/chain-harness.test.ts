import { createPublicClient, createWalletClient, http, parseAbiItem } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ANVIL_KEYS, type Anvil, startAnvil } from "../devchain/anvil";
import { compileTestToken, deployTestToken } from "../devchain/token";

/** The local chain the chain tests stand on: a real anvil node and a TestUSDT compiled by solc. */
let anvil: Anvil;
beforeAll(async () => {
  anvil = await startAnvil();
});
afterAll(async () => {
  await anvil?.close();
});

describe("the local chain", () => {
  it("runs anvil with the chain id asked for, and TestUSDT moves tokens with Transfer logs", async () => {
    const transport = http(anvil.rpcUrl);
    const chain = createPublicClient({ chain: foundry, transport });
    expect(await chain.getChainId()).toBe(31337);
    const account = privateKeyToAccount(ANVIL_KEYS[0]);
    const wallet = createWalletClient({ account, chain: foundry, transport });
    const token = await deployTestToken(wallet, chain, 6);
    const { abi } = compileTestToken();
    expect(await chain.readContract({ address: token, abi, functionName: "decimals" })).toBe(6);
    const to = privateKeyToAccount(ANVIL_KEYS[1]).address;
    await chain.waitForTransactionReceipt({
      hash: await wallet.writeContract({ address: token, abi, functionName: "mint", args: [to, 5_000_000n] }),
    });
    const logs = await chain.getLogs({
      address: token,
      event: parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 value)"),
      args: { to },
      fromBlock: 0n,
    });
    expect(logs.map((l) => l.args.value)).toEqual([5_000_000n]);
    await wallet.writeContract({ address: token, abi, functionName: "setFrozen", args: [true] });
    await expect(
      wallet.writeContract({ address: token, abi, functionName: "transfer", args: [to, 1n] }),
    ).rejects.toThrow(/frozen/);
  });
});
