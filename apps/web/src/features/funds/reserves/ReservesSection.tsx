import type { ReserveProof, ReserveSnapshot } from "@cryptos/contract";
import { compare } from "@cryptos/contract/decimal";
import { type PathCheck, verifyPath } from "@cryptos/contract/reserves";
import { Skeleton } from "antd-mobile";
import { useEffect, useState } from "react";
import { RetryView } from "@/components/RetryView";
import { formatAmount, formatDateTime } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { useLatestReserves, useReservesProof } from "./api";
import { coverage } from "./coverage";
import { omittedAfter, rememberSnapshot, seenSnapshots } from "./seen";
import "./reserves.css";

interface Props {
  userId: number;
  /** The user holds something now (available, frozen or staked). */
  holdsBalance: boolean;
}

/** The user's leaf checked against the published root, here on the device (Web Crypto). */
function useCheckedOnDevice(snapshot: ReserveSnapshot | null | undefined, proof: ReserveProof | undefined) {
  const [check, setCheck] = useState<PathCheck | null>(null);
  useEffect(() => {
    setCheck(null);
    if (!snapshot || !proof?.leaf || proof.snapshot_id !== snapshot.snapshot_id) return;
    let live = true;
    void verifyPath(snapshot.snapshot_id, proof.leaf, proof.path, snapshot.root).then((result) => {
      if (live) setCheck(result);
    });
    return () => {
      live = false;
    };
  }, [snapshot, proof]);
  return check;
}

const short = (hash: string) => `${hash.slice(0, 10)}…${hash.slice(-6)}`;

/** Assets' "Proof of reserves", loaded when the user opens it. */
export default function ReservesSection({ userId, holdsBalance }: Props) {
  const { t } = useTranslation("reserves");
  const latest = useLatestReserves();
  const snapshot = latest.data;
  const proof = useReservesProof(snapshot?.snapshot_id);
  const check = useCheckedOnDevice(snapshot, proof.data);
  const [seen, setSeen] = useState(() => seenSnapshots(userId));
  const mine = proof.data;
  const settled = mine !== undefined && (!mine.included || check !== null);
  useEffect(() => {
    if (!mine || !settled || (mine.included && !check?.ok)) return;
    rememberSnapshot(userId, mine.snapshot_id, mine.included);
    setSeen(seenSnapshots(userId));
  }, [userId, mine, settled, check]);

  if (latest.isError || proof.isError) {
    return (
      <RetryView
        onRetry={() => {
          void latest.refetch();
          void proof.refetch();
        }}
      />
    );
  }
  if (latest.isPending || (snapshot && proof.isPending)) return <Skeleton.Paragraph lineCount={5} animated />;
  if (!snapshot) return <p className="reserves__note">{t("none")}</p>;

  const at = formatDateTime(snapshot.at);
  const omitted = mine
    ? omittedAfter(
        seen.filter((s) => s.id !== mine.snapshot_id),
        { id: mine.snapshot_id, included: mine.included },
        holdsBalance,
      )
    : null;
  const rows = coverage(snapshot);

  return (
    <div className="reserves" data-testid="reserves-section">
      <p className="reserves__note">{t("intro")}</p>
      <p className="reserves__meta">
        <strong>{t("snapshot", { id: snapshot.snapshot_id, at })}</strong>
        <span>{t("users", { n: snapshot.leaves })}</span>
        <span className="reserves__hash">
          {t("root")}: <code>{short(snapshot.root.hash)}</code>
        </span>
      </p>

      <h3 className="reserves__title">{t("yourLeaf")}</h3>
      {!mine?.included ? (
        <p className="reserves__status" data-testid="reserves-not-included">
          {t("notIncluded", { at })}
        </p>
      ) : check === null ? (
        <p className="reserves__status">{t("checking")}</p>
      ) : check.ok ? (
        <p className="reserves__status reserves__status--ok" data-testid="reserves-verified">
          <span aria-hidden="true">✓ </span>
          {t("verified", { n: mine.path.length })}
        </p>
      ) : (
        <p className="reserves__status reserves__status--bad" role="alert" data-testid="reserves-failed">
          <span aria-hidden="true">✗ </span>
          {t("failed", { reason: t(`reasons.${check.reason}`) })}
        </p>
      )}
      {mine?.leaf && (
        <ul className="reserves__leaf">
          {Object.entries(mine.leaf.balances).map(([currency, amount]) => (
            <li key={currency}>
              <span>{currency}</span>
              <span>{formatAmount(amount, currency)}</span>
            </li>
          ))}
        </ul>
      )}
      {omitted !== null && (
        <p className="reserves__status reserves__status--bad" role="alert" data-testid="reserves-omitted">
          {t("omitted", { id: omitted, at })}
        </p>
      )}

      <h3 className="reserves__title">{t("coverage")}</h3>
      <table className="reserves__table">
        <thead>
          <tr>
            <th scope="col">{t("currency")}</th>
            <th scope="col">{t("owed")}</th>
            <th scope="col">{t("reserves")}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.currency} data-testid={`reserves-${r.currency}`}>
              <th scope="row">{r.currency}</th>
              <td>{formatAmount(r.owed, r.currency)}</td>
              <td>
                <span className={r.covered ? "reserves__ok" : "reserves__bad"}>
                  {formatAmount(r.proven, r.currency)} {r.covered ? t("covered") : t("short")}
                </span>
                {compare(r.declared, "0") > 0 && (
                  <small className="reserves__declared">
                    {t("declared", { amount: formatAmount(r.declared, r.currency) })}
                  </small>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="reserves__note">{t("provenNote")}</p>
      {seen.length > 0 && (
        <p className="reserves__note" data-testid="reserves-seen">
          {t("seen", { ids: seen.map((s) => `#${s.id}`).join(", ") })}
        </p>
      )}
      <p className="reserves__note">{t("yourself")}</p>
    </div>
  );
}
