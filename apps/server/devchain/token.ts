import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Abi, Address, Hex, PublicClient, WalletClient } from "viem";

const require = createRequire(import.meta.url);

export interface CompiledContract {
  abi: Abi;
  bytecode: Hex;
}

let compiled: CompiledContract | undefined;

/** TestUSDT.sol compiled by solc (npm's solc-js, no download): a second or two, once per process. */
export function compileTestToken(): CompiledContract {
  if (compiled) return compiled;
  const solc = require("solc") as { compile(input: string): string };
  const source = readFileSync(new URL("./TestUSDT.sol", import.meta.url), "utf8");
  const input = {
    language: "Solidity",
    sources: { "TestUSDT.sol": { content: source } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { "*": { "*": ["abi", "evm.bytecode.object"] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const errors = output.errors?.filter((e) => e.severity === "error") ?? [];
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join("\n"));
  const contract = output.contracts["TestUSDT.sol"]!.TestUSDT!;
  compiled = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
  return compiled;
}

/** Deploys a TestUSDT with `decimals` from the wallet's account and answers its address once mined. */
export async function deployTestToken(wallet: WalletClient, chain: PublicClient, decimals = 6): Promise<Address> {
  const { abi, bytecode } = compileTestToken();
  const account = wallet.account;
  if (!account) throw new Error("the deploying wallet has no account");
  const hash = await wallet.deployContract({ abi, bytecode, args: [decimals], account, chain: wallet.chain });
  const receipt = await chain.waitForTransactionReceipt({ hash });
  if (!receipt.contractAddress) throw new Error("TestUSDT was not deployed");
  return receipt.contractAddress;
}
