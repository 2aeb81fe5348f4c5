/**
 * Whether two spellings name the same withdrawal address, as the server compares them: EVM (0x…) and bech32
 * (bc1…, tb1…) addresses regardless of letter case, TRON and base58 Bitcoin addresses exactly. Only for what the
 * sheet shows; the server decides.
 */
export function sameAddress(a: string, b: string): boolean {
  const x = a.trim();
  const y = b.trim();
  if (x === y) return true;
  const caseFree = /^(0x|bc1|tb1)/i;
  return caseFree.test(x) && caseFree.test(y) && x.toLowerCase() === y.toLowerCase();
}
