/** Live prices over `/ws`, shared by every feature: one socket, reference-counted pairs, reconnect with backoff. */
export { type LiveTicksOptions, liveSocket, type TicksHandler, useLatestTick, useLiveTicks } from "./hooks";
export { type LiveStatus, liveUrl } from "./live-socket";
export {
  mergeTickIntoPair,
  mergeTicksIntoLists,
  type PricedDetail,
  type PricedItem,
  withTick,
  withTickedItems,
} from "./merge";
export { useRefetchEvery } from "./refetch";
