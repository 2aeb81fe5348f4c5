import { loadOnce } from "../../lib/load-once";

/**
 * viem, imported when the chain module first needs it (decision 085): a network's node, an xpub, the hot wallet.
 * Importing it with what it brings (ox, abitype, @noble/curves, @scure) cost every start about 15 MB and 190 ms, and a
 * start without a network never uses it. This module's files import viem's types (`import type`, free) and its
 * values through these loaders; the operator's sweep (sweep.ts, the CLI only) imports it as usual.
 */
export const loadViem = loadOnce(() => import("viem"));

/** viem's accounts: keys, and the HD derivation of deposit addresses. */
export const loadViemAccounts = loadOnce(() => import("viem/accounts"));
