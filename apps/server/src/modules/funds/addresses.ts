/**
 * Address formats per network live in the contract (packages/contract/src/addresses.ts), so that the withdraw and
 * address-book forms refuse exactly what the server refuses; the server calls the same functions.
 */
export { isBitcoinAddress, isTronAddress, isValidAddress, normalizeAddress } from "@cryptos/contract";
