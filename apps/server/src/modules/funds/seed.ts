import type { Db } from "../../db/client";
import { insertMissingChannels, insertMissingWithdrawNetworks } from "./repo";

/**
 * Demo deposit channels. The addresses are well-known burn addresses that nobody holds a key for, so a demo
 * install can never lead anyone to send real funds to a stranger; they are marked demo, so users see them labelled
 * (decision 008); operators replace them (and clear the mark) in the console.
 */
export const SEED_DEPOSIT_CHANNELS = [
  { currency: "USDT", network: "TRC20", address: "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb", demo: true, sort: 0 },
  { currency: "USDT", network: "ERC20", address: "0x000000000000000000000000000000000000dEaD", demo: true, sort: 1 },
  { currency: "BTC", network: "Bitcoin", address: "1BitcoinEaterAddressDontSendf59kuE", demo: true, sort: 2 },
  { currency: "ETH", network: "ERC20", address: "0x000000000000000000000000000000000000dEaD", demo: true, sort: 3 },
];

/** Withdrawal fees and limits in the range large exchanges charge; operators change them in the console. */
export const SEED_WITHDRAW_NETWORKS = [
  { currency: "USDT", network: "TRC20", fee: "1", minAmount: "10", maxAmount: "100000", sort: 0 },
  { currency: "USDT", network: "ERC20", fee: "5", minAmount: "20", maxAmount: "100000", sort: 1 },
  { currency: "USDT", network: "BEP20", fee: "0.8", minAmount: "10", maxAmount: "100000", sort: 2 },
  { currency: "BTC", network: "Bitcoin", fee: "0.0002", minAmount: "0.001", maxAmount: "10", sort: 3 },
  { currency: "ETH", network: "ERC20", fee: "0.002", minAmount: "0.01", maxAmount: "200", sort: 4 },
];

/** Idempotent: adds the channels and networks that are missing, changes none that exist. */
export async function seedFunds(db: Db) {
  await insertMissingChannels(db, SEED_DEPOSIT_CHANNELS);
  await insertMissingWithdrawNetworks(db, SEED_WITHDRAW_NETWORKS);
}
