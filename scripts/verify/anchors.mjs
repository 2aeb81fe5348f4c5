// Heads anchored on chain (issue 43 item 3): each anchor the server lists is a zero-value transaction of its hot
// wallet to itself whose 32 bytes of data are root = sha256(every pair's head as productid:id:hash, sorted by
// productid, joined by "\n"). Read from the node given with --rpc (JSON-RPC over Node's fetch), never from the
// server: the sender, recipient, data and block must match, and the log must still hold every anchored head.
import { createHash } from "node:crypto";
import { checkHeadInLog } from "./heads.mjs";

export const anchorLines = (heads) =>
  [...heads]
    .sort((a, b) => a.productid - b.productid)
    .map((h) => `${h.productid}:${h.id}:${h.hash}`)
    .join("\n");

export const anchorRoot = (heads) => createHash("sha256").update(anchorLines(heads)).digest("hex");

async function rpc(url, method, params) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const answer = await response.json().catch(() => null);
  if (!answer || answer.error) {
    throw new Error(`${url} ${method}: ${answer?.error?.message ?? `HTTP ${response.status}`}`);
  }
  return answer.result;
}

const lower = (x) => String(x ?? "").toLowerCase();

/** The problems of one anchor, as its transaction on the node and the log now say. */
async function checkAnchor(api, rpcUrl, anchor, sender) {
  const name = `anchor ${anchor.tx_hash} (block ${anchor.block})`;
  const issues = [];
  if (anchorRoot(anchor.heads) !== anchor.root) issues.push(`${name}: its heads do not hash to its root`);
  if (sender && lower(anchor.from) !== lower(sender)) {
    issues.push(`${name}: sent by ${anchor.from}, the anchors' sender is ${sender}`);
  }
  const tx = await rpc(rpcUrl, "eth_getTransactionByHash", [anchor.tx_hash]);
  if (!tx) {
    issues.push(`${name}: no such transaction on this node`);
  } else {
    if (lower(tx.from) !== lower(anchor.from)) issues.push(`${name}: the transaction is from ${tx.from}`);
    if (lower(tx.to) !== lower(anchor.from)) issues.push(`${name}: the transaction goes to ${tx.to}, not its sender`);
    if (lower(tx.input) !== `0x${lower(anchor.root)}`) {
      issues.push(`${name}: the transaction's data ${tx.input} is not the root ${anchor.root}`);
    }
    if (BigInt(tx.value) !== 0n) issues.push(`${name}: the transaction moves value`);
    if (tx.blockNumber === null) issues.push(`${name}: not mined`);
    else if (Number(BigInt(tx.blockNumber)) !== anchor.block) {
      issues.push(`${name}: mined in block ${Number(BigInt(tx.blockNumber))}`);
    }
    const receipt = await rpc(rpcUrl, "eth_getTransactionReceipt", [anchor.tx_hash]);
    if (receipt && receipt.status !== "0x1") issues.push(`${name}: the transaction failed`);
  }
  for (const head of anchor.heads) {
    const problems = await checkHeadInLog(api, head);
    for (const p of problems) issues.push(`${name}: pair ${head.productid}, ${p}`);
  }
  return issues;
}

/** One row per anchor the server lists on the node's chain (others are left out, and counted). */
export async function verifyAnchors(api, rpcUrl, expectedSender) {
  const chainId = Number(BigInt(await rpc(rpcUrl, "eth_chainId", [])));
  const anchors = (await api.all("GET", "/api/index/anchors")).sort((a, b) => a.block - b.block);
  const here = anchors.filter((a) => a.chain_id === chainId);
  const sender = expectedSender ?? here[0]?.from;
  const rows = [];
  for (const anchor of here) {
    const issues = await checkAnchor(api, rpcUrl, anchor, sender);
    rows.push({
      anchor: `${anchor.tx_hash.slice(0, 18)}…`,
      block: anchor.block,
      at: anchor.at,
      heads: anchor.heads.length,
      root: `${anchor.root.slice(0, 16)}…`,
      ok: !issues.length,
      issues,
    });
  }
  return { rows, chainId, elsewhere: anchors.length - here.length, sender };
}
