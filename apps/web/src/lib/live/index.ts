/**
 * Live prices and the signed-in user's events over `/ws`, shared by every feature: one socket, reference-counted
 * pairs and event listeners, reconnect with backoff.
 */
export {
  type LiveTicksOptions,
  liveSocket,
  type TicksHandler,
  useLatestTick,
  useLiveEvent,
  useLiveStatus,
  useLiveTicks,
} from "./hooks";
export { type LiveStatus, liveUrl } from "./live-socket";
export {
  mergeTicksIntoLists,
  mergeTicksIntoPairs,
  type PricedDetail,
  type PricedItem,
  withTick,
  withTickedItems,
} from "./merge";
export { readAgainNow, useRefetchEvery } from "./refetch";
export { rememberHeads, type TickWitness, witnessesOf } from "./witnesses";
