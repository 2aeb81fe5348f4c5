// A verifier that remembers (issue 43 item 2): the heads file keeps every pair's head each run saw (and the user's
// orders' signed receipts, the anchors seen); a later run fails, naming the tick, when a kept head is no longer in
// the log with the same hash. A rewrite of the log before a kept head cannot keep that head's hash: every hash
// covers the one before it.
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { checkRun, fileSha256 } from "./chain.mjs";

/** Heads kept per pair: the first ever and the newest ones (each run adds one per pair). */
const KEPT_PER_PAIR = 100;

/** Map.groupBy, which Node 20 lacks. */
function groupBy(list, key) {
  const groups = new Map();
  for (const x of list) groups.set(key(x), [...(groups.get(key(x)) ?? []), x]);
  return groups;
}

const short = (hash) => `${String(hash).slice(0, 16)}…`;

/** The file as a previous run wrote it, or undefined on a first run. */
export function readHeadsFile(path) {
  if (!existsSync(path)) return undefined;
  const file = JSON.parse(readFileSync(path, "utf8"));
  if (file?.version !== 1 || !Array.isArray(file.heads))
    throw new Error(`${path} is not a heads file of this verifier`);
  return { anchors: [], orders: {}, ...file };
}

/** Writes the file whole, through a temporary file, so an interrupted run never leaves half of it. */
export function writeHeadsFile(path, file) {
  writeFileSync(`${path}.tmp`, `${JSON.stringify(file, null, 2)}\n`);
  renameSync(`${path}.tmp`, path);
}

/**
 * Whether the log still holds `head` (productid, id, hash, at) as it was: the tick with that id, its hash the kept
 * one and recomputing from its content, and the tick after it (if any yet) linking to it. Answers the problems.
 */
export async function checkHeadInLog(api, head) {
  const { items } = await api.call("GET", "/api/index/ticks", {
    productid: head.productid,
    from: head.at,
    page: 1,
    list: 5,
  });
  const tick = items.find((t) => t.id === head.id);
  if (!tick) return archivedHead(api, head);
  const problems = [];
  if (tick.hash !== head.hash) {
    problems.push(`tick ${head.id}: the log now has hash ${short(tick.hash)}, kept ${short(head.hash)}: rewritten`);
  }
  const next = items.find((t) => t.id > head.id);
  problems.push(...checkRun(head.productid, next ? [tick, next] : [tick]));
  return problems;
}

/** A head whose tick retention pruned: in its day's archive (the file's SHA-256 as listed), with the same hash. */
async function archivedHead(api, head) {
  const missing = [`tick ${head.id}: no longer in the log at ${head.at} (kept hash ${short(head.hash)})`];
  const archive = (await api.archives(head.productid)).find((a) => a.first_id <= head.id && head.id <= a.last_id);
  if (!archive) return missing;
  const { bytes, ticks } = await api.archiveFile(archive.url);
  const tick = ticks.find((t) => t.id === head.id);
  if (!tick) return missing;
  const problems = [];
  if (fileSha256(bytes) !== archive.sha256) problems.push(`archive ${archive.day}: file SHA-256 does not match`);
  if (tick.hash !== head.hash) {
    problems.push(`tick ${head.id}: archived with hash ${short(tick.hash)}, kept ${short(head.hash)}: rewritten`);
  }
  return [...problems, ...checkRun(head.productid, [tick])];
}

/** One row per kept head, checked against the log as it is now. */
export async function checkKeptHeads(api, file) {
  const rows = [];
  for (const head of file.heads) {
    const issues = await checkHeadInLog(api, head);
    rows.push({
      pair: head.symbol ?? head.productid,
      tick: head.id,
      hash: short(head.hash),
      kept: head.seen_at ?? "",
      ok: !issues.length,
      issues,
    });
  }
  // Where a rewrite lies: after the newest head still as kept, before the oldest one that is not.
  for (const [productid, heads] of groupBy(
    rows.map((r, i) => ({ r, h: file.heads[i] })),
    (x) => x.h.productid,
  )) {
    const firstBad = heads.find((x) => !x.r.ok);
    if (!firstBad) continue;
    const lastGood = heads.filter((x) => x.r.ok && x.h.id < firstBad.h.id).at(-1);
    firstBad.r.issues.push(
      `pair ${productid}: the log was changed ${lastGood ? `after tick ${lastGood.h.id} (still as kept) and ` : ""}at or before tick ${firstBad.h.id}`,
    );
  }
  return rows;
}

/** Kept anchors still listed by the server with the same root (an anchor a server stops listing is a finding too). */
export function checkKeptAnchors(file, anchors) {
  const listed = new Map(anchors.map((a) => [a.tx_hash, a]));
  return file.anchors.map((kept) => {
    const now = listed.get(kept.tx_hash);
    const issues = !now
      ? [`anchor ${kept.tx_hash}: no longer listed by the server`]
      : now.root !== kept.root
        ? [`anchor ${kept.tx_hash}: listed with root ${short(now.root)}, kept ${short(kept.root)}`]
        : [];
    return { anchor: short(kept.tx_hash), block: kept.block, root: short(kept.root), ok: !issues.length, issues };
  });
}

/**
 * The file after this run: the heads seen now added (the first and the newest KEPT_PER_PAIR of each pair kept),
 * the anchors seen added, and each order's receipt and settlement kept as first seen (never replaced).
 */
export function nextHeadsFile(file, { url, heads, anchors, orders, now }) {
  const kept = [...(file?.heads ?? [])];
  for (const h of heads) {
    if (kept.some((k) => k.productid === h.productid && k.id === h.id)) continue;
    kept.push({ productid: h.productid, symbol: h.symbol, id: h.id, hash: h.hash, at: h.at, seen_at: now });
  }
  const byPair = groupBy(kept, (h) => h.productid);
  const bounded = [...byPair.values()].flatMap((list) => {
    const sorted = list.sort((a, b) => a.id - b.id);
    return sorted.length <= KEPT_PER_PAIR ? sorted : [sorted[0], ...sorted.slice(-(KEPT_PER_PAIR - 1))];
  });
  const keptAnchors = [...(file?.anchors ?? [])];
  for (const a of anchors) {
    if (!keptAnchors.some((k) => k.tx_hash === a.tx_hash)) {
      keptAnchors.push({
        tx_hash: a.tx_hash,
        root: a.root,
        block: a.block,
        at: a.at,
        network: a.network,
        from: a.from,
      });
    }
  }
  const keptOrders = { ...(file?.orders ?? {}) };
  for (const o of orders) {
    const before = keptOrders[o.id] ?? {};
    const receipt = before.receipt ?? o.receipt;
    const settlement = before.settlement ?? o.settlement;
    if (receipt || settlement)
      keptOrders[o.id] = { ...(receipt ? { receipt } : {}), ...(settlement ? { settlement } : {}) };
  }
  return {
    version: 1,
    server: file?.server ?? url,
    updated_at: now,
    heads: bounded.sort((a, b) => a.productid - b.productid || a.id - b.id),
    anchors: keptAnchors,
    orders: keptOrders,
  };
}
