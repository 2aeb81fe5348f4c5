import { describe, expect, it } from "vitest";
import { explorerTxUrl, txHashIssue } from "./tx-hash";

const HEX64 = "4f5e6d7c".repeat(8);

describe("transaction hashes per network (decision 121)", () => {
  it("takes 0x and 64 hex digits on EVM networks, 64 hex digits on TRON and Bitcoin", () => {
    for (const network of ["ERC20", "BEP20", "Polygon", "Arbitrum"]) {
      expect(txHashIssue(network, `0x${HEX64}`)).toBeNull();
      expect(txHashIssue(network, HEX64)).toBe("format");
      expect(txHashIssue(network, `0x${HEX64.slice(1)}`)).toBe("format");
    }
    for (const network of ["TRC20", "Bitcoin"]) {
      expect(txHashIssue(network, HEX64.toUpperCase())).toBeNull();
      expect(txHashIssue(network, `0x${HEX64}`)).toBe("format");
      expect(txHashIssue(network, `${HEX64.slice(1)}g`)).toBe("format");
    }
  });

  it("takes printable text within bounds on a network whose format is not known", () => {
    expect(
      txHashIssue("Solana", "5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW"),
    ).toBeNull();
    expect(txHashIssue("Solana", "short")).toBe("format");
    expect(txHashIssue("Solana", "has a space in it")).toBe("format");
    expect(txHashIssue("Solana", "x".repeat(129))).toBe("format");
  });

  it("links to the network's explorer", () => {
    expect(explorerTxUrl("ERC20", `0x${HEX64}`)).toBe(`https://etherscan.io/tx/0x${HEX64}`);
    expect(explorerTxUrl("TRC20", HEX64)).toBe(`https://tronscan.org/#/transaction/${HEX64}`);
    expect(explorerTxUrl("Solana", "abc")).toBeNull();
  });
});
