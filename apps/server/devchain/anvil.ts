import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/** anvil's default mnemonic: its first accounts are funded with 10,000 ETH each. Test and dev use only. */
export const ANVIL_MNEMONIC = "test test test test test test test test test test test junk";
/** The private keys of anvil's first accounts (m/44'/60'/0'/0/0 and /1 of ANVIL_MNEMONIC). */
export const ANVIL_KEYS = [
  "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
  "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
] as const;

/**
 * The extended public key of ANVIL_MNEMONIC's account m/44'/60'/0': its child 0/0 is anvil's first account
 * (0xf39F…2266), 0/1 the second. A networks file for the local chain names it; the server never sees the mnemonic.
 */
export const ANVIL_ACCOUNT_XPUB =
  "xpub6Ce9NcJvTk36xtLSrJLZqE7wtgA5deCeYs7rSQtreh4cj6ByPtrg9sD7V2FNFLPnf8heNP3FGkeV9qwfzvZNSd54JoNXVsXFYSYwHsnJxqP";

export interface AnvilOptions {
  /** 0: a free port, read from what anvil prints. */
  port?: number;
  chainId?: number;
  /** Seconds between blocks; without it a block is mined per transaction (and by `anvil_mine`). */
  blockTime?: number;
  mnemonic?: string;
}

export interface Anvil {
  rpcUrl: string;
  port: number;
  chainId: number;
  /** Stops the node (the chain's state is lost). */
  close(): Promise<void>;
}

/** The platform's anvil binary, from @foundry-rs/anvil's optional dependency (no install script needed). */
function anvilBinary(): string {
  const pkg = `@foundry-rs/anvil-${process.platform}-${process.arch === "x64" ? "amd64" : process.arch}`;
  return require.resolve(`${pkg}/bin/anvil`);
}

/** Starts a real anvil node on 127.0.0.1 and answers once it takes requests. */
export async function startAnvil(options: AnvilOptions = {}): Promise<Anvil> {
  const chainId = options.chainId ?? 31337;
  const args = ["--host", "127.0.0.1", "--port", String(options.port ?? 0), "--chain-id", String(chainId)];
  args.push("--mnemonic", options.mnemonic ?? ANVIL_MNEMONIC);
  if (options.blockTime) args.push("--block-time", String(options.blockTime));
  // The port it took (with --port 0) is read from the "Listening on" line of its banner.
  const child = spawn(anvilBinary(), args, { stdio: ["ignore", "pipe", "pipe"] });
  const port = await listeningPort(child);
  const rpcUrl = `http://127.0.0.1:${port}`;
  return {
    rpcUrl,
    port,
    chainId,
    close: () => stop(child),
  };
}

function listeningPort(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(() => reject(new Error(`anvil did not start: ${seen.slice(-500)}`)), 20_000);
    child.stdout!.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /Listening on 127\.0\.0\.1:(\d+)/.exec(seen);
      if (match) {
        clearTimeout(timer);
        child.stdout!.removeAllListeners("data");
        child.stdout!.resume();
        resolve(Number(match[1]));
      }
    });
    child.stderr!.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`anvil exited (${code}): ${seen.slice(-500)}`));
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}
