import { describe, expect, it } from "vitest";
import { isValidAddress, isValidAddressOn, normalizeAddress } from "./addresses";
import { NETWORK_NAMES, NETWORKS, type Network } from "./calls/funds";

const EVM_VALID = [
  "0x000000000000000000000000000000000000dEaD",
  "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
  "0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359",
];
const EVM_INVALID = [
  "not-an-address",
  // EIP-55 checksum broken (one letter's case flipped)
  "0x5aaeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
  "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe",
  "5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed00",
  "0xZZAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
  "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb",
];

/** Valid and invalid examples for every network the contract knows (and so every network the seed uses). */
const EXAMPLES: Record<"evm" | "tron" | "bitcoin", { valid: string[]; invalid: string[] }> = {
  evm: { valid: EVM_VALID, invalid: EVM_INVALID },
  tron: {
    valid: ["T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb", "TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7"],
    invalid: [
      "not-an-address",
      // checksum broken (last character changed)
      "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwc",
      "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWw",
      "0x000000000000000000000000000000000000dEaD",
      "1BitcoinEaterAddressDontSendf59kuE",
    ],
  },
  bitcoin: {
    valid: [
      "1BitcoinEaterAddressDontSendf59kuE",
      "3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy",
      "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
      "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4",
      "bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0",
    ],
    invalid: [
      "not-an-address",
      "1BitcoinEaterAddressDontSendf59kuF",
      // bech32 checksum broken, mixed case, testnet prefix
      "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5",
      "bc1Qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
      "tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx",
      "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb",
    ],
  },
};

describe("address formats per network", () => {
  it.each(NETWORK_NAMES.map((n) => [n]))("%s: accepts its valid examples and refuses the invalid ones", (name) => {
    const network = name as Network;
    const { valid, invalid } = EXAMPLES[NETWORKS[network]];
    for (const address of valid) expect(isValidAddress(network, address), address).toBe(true);
    for (const address of invalid) expect(isValidAddress(network, address), address).toBe(false);
  });

  it("covers the networks the seed uses", () => {
    for (const network of ["TRC20", "ERC20", "BEP20", "Bitcoin"]) expect(NETWORK_NAMES).toContain(network);
  });

  it("refuses any address on a network it does not know", () => {
    expect(isValidAddressOn("Solana", "0x000000000000000000000000000000000000dEaD")).toBe(false);
    expect(isValidAddressOn("ERC20", "0x000000000000000000000000000000000000dEaD")).toBe(true);
    expect(isValidAddressOn("toString", "anything")).toBe(false);
  });

  it("spells an address one way", () => {
    expect(normalizeAddress("ERC20", "0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed")).toBe(
      "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
    );
    expect(normalizeAddress("Bitcoin", "BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4")).toBe(
      "bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
    );
    expect(normalizeAddress("TRC20", "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb")).toBe("T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb");
  });
});
