// The --reserves part of the verifier: fetches a snapshot (the latest, or --snapshot <id>), checks it and prints
// its tables. Answers the exit code: 0 when every check passed, 1 on any mismatch.

import { compareDecimal } from "./decimal.mjs";
import { balanceAt, checkProof, coverage, recoverSigner } from "./reserves.mjs";

export async function verifyReserves(api, values, table) {
  const snapshot = values.snapshot
    ? (await api.reservesList()).find((s) => String(s.snapshot_id) === values.snapshot)
    : await api.reservesLatest();
  if (!snapshot) throw new Error(values.snapshot ? `no snapshot ${values.snapshot}` : "no snapshot published yet");
  console.log(
    `Snapshot ${snapshot.snapshot_id} taken ${snapshot.at}: ${snapshot.leaves} users, root ${snapshot.root.hash}`,
  );
  const rows = [];

  if (values.token) {
    const proof = await api.reservesProof(snapshot.snapshot_id);
    const issues = checkProof(snapshot, proof);
    const leaf = proof.included
      ? Object.entries(proof.leaf.balances)
          .map(([c, v]) => `${c} ${v}`)
          .join(", ")
      : "not in this snapshot (no balance then)";
    const mine = [{ leaf, steps: proof.path.length, ok: !issues.length, issues }];
    table("Your leaf and its path to the root (every node re-hashed, no sum below zero)", mine, [
      "leaf",
      "steps",
      "ok",
    ]);
    rows.push(...mine);
  }

  const cover = coverage(snapshot).map((r) => {
    const issues = [...r.issues];
    if (!r.covered) issues.push(`reserves ${r.proven} + ${r.declared} declared are less than the ${r.owed} owed`);
    return { ...r, ok: !issues.length, issues };
  });
  table("Liabilities (the root's sums) against reserves", cover, ["currency", "owed", "proven", "declared", "ok"]);
  rows.push(...cover);

  if (values.rpc) {
    const read = [];
    for (const r of snapshot.reserves.filter((x) => x.proven)) {
      const seen = await balanceAt(values.rpc, r);
      const ok = compareDecimal(seen, r.balance) === 0;
      read.push({
        network: r.network,
        currency: r.currency,
        address: r.address,
        block: r.block,
        published: r.balance,
        node: seen,
        ok,
        issues: ok ? [] : [`the node says ${seen} at block ${r.block}`],
      });
    }
    table(`Reserves read again on ${new URL(values.rpc).host} at their blocks`, read, [
      "network",
      "currency",
      "address",
      "block",
      "published",
      "ok",
    ]);
    const sigs = [];
    for (const s of snapshot.signatures) {
      const expected = `Cryptos reserves ${snapshot.snapshot_id} ${snapshot.root.hash}`;
      const signer = await recoverSigner(values.rpc, s.message, s.signature);
      const issues = [];
      if (s.message !== expected) issues.push(`the message is not "${expected}"`);
      if (signer.toLowerCase() !== s.address.toLowerCase()) issues.push(`signed by ${signer}`);
      sigs.push({ network: s.network, address: s.address, ok: !issues.length, issues });
    }
    table("Signatures of the root (EIP-191, recovered on the node)", sigs, ["network", "address", "ok"]);
    rows.push(...read, ...sigs);
  }
  for (const r of snapshot.reserves.filter((x) => !x.proven)) {
    console.log(`  declared by the operator, not proven: ${r.network} ${r.currency} ${r.balance} at ${r.address}`);
  }

  const bad = rows.filter((r) => !r.ok).length;
  console.log(
    `\n${bad ? `${bad} MISMATCH(ES)` : "All checks passed"}: snapshot ${snapshot.snapshot_id}, ${rows.length} checks.`,
  );
  return bad ? 1 : 0;
}
