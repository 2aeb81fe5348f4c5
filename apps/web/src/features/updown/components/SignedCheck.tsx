import type { ChainedTick, UpDownOrder } from "@cryptos/contract";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "@/lib/i18n";
import { useReceiptKeys } from "../api/get-tick-log";
import { checkSigned, keepSigned, type SignedCheck } from "../lib/receipts";

/**
 * The order's signed receipt and settlement, checked on this device: kept here as first seen, their signatures
 * under the server's published keys, the ticks they name against the log, the result and payout against the order.
 */
export function useSignedCheck(
  order: UpDownOrder,
  items: readonly ChainedTick[],
  picked: { entry?: ChainedTick | undefined; exit?: ChainedTick | undefined },
) {
  useEffect(() => keepSigned(order), [order]);
  const keys = useReceiptKeys(Boolean(order.receipt));
  return useQuery({
    queryKey: ["ticklog", "signed", order.id, items.length, order.settlement?.payload, keys.dataUpdatedAt],
    queryFn: () => checkSigned(order, keys.data?.keys ?? [], items, picked),
    enabled: !order.receipt || keys.isSuccess,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The sentence for a signed check's outcome. */
export function useSignedText(check: SignedCheck | undefined): string {
  const { t } = useTranslation("updown");
  if (!check) return t("verify.signedChecking");
  if (check.state === "none") return t("verify.signedNone");
  if (check.state === "unsupported") return t("verify.signedUnsupported");
  if (check.state === "ok") return t(check.kept ? "verify.signedOkKept" : "verify.signedOk");
  if (check.state !== "bad") return t("verify.signedNone");
  if (check.reason === "tick") return t("verify.signedBadTick", { id: check.tick });
  if (check.reason === "kept") return t("verify.signedBadKept");
  if (check.reason === "result") return t("verify.signedBadResult");
  return t("verify.signedBadSignature");
}

/** What the log, the receipts and the heads prove, and what they do not (issue 43). */
export function WhatItProves() {
  const { t } = useTranslation("updown");
  return (
    <div className="updown-verify__proves" data-testid="updown-verify-proves">
      <p className="updown-note">{t("verify.proves")}</p>
      <p className="updown-note">{t("verify.provesNot")}</p>
    </div>
  );
}
