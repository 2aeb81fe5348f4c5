import type { ChainedTick, UpDownOrder } from "@cryptos/contract";
import { useQuery } from "@tanstack/react-query";
import { Button, Skeleton } from "antd-mobile";
import { type ReactNode, useState } from "react";
import { RetryView } from "@/components/RetryView";
import { ApiError } from "@/lib/api";
import { API_BASE } from "@/lib/config";
import { formatDecimal, formatTime } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { useTickWindow, useWitnessCheck } from "../api/get-tick-log";
import { afterTickOf } from "../lib/receipts";
import { checkChain, entryAndExit } from "../lib/tick-chain";
import { useSignedCheck, useSignedText, WhatItProves } from "./SignedCheck";

const PAGE = 50;
/** How far before acceptance the log is read for an order with a receipt: far enough to hold the head it names. */
const HEAD_SLACK_MS = 60_000;

function Check({ ok, testId, children }: { ok: boolean | null; testId: string; children: ReactNode }) {
  const mark = ok === null ? "…" : ok ? "✓" : "✗";
  const tone = ok === null ? "" : ok ? " updown-up" : " updown-down";
  return (
    <p className="updown-verify__check" data-testid={testId} data-ok={ok === null ? undefined : String(ok)}>
      <span className={`updown-verify__mark${tone}`} aria-hidden="true">
        {mark}
      </span>
      <span>{children}</span>
    </p>
  );
}

function HashRow({ label, tick, testId }: { label: string; tick: ChainedTick | undefined; testId: string }) {
  const { t } = useTranslation("updown");
  return (
    <div className="updown-verify__hash" data-testid={testId}>
      <span className="updown-row__label">{label}</span>
      {tick ? (
        <>
          <span className="updown-tick__meta">{t("detail.tickId", { id: tick.id })}</span>
          <code className="updown-verify__code">{tick.hash}</code>
        </>
      ) : (
        <span className="updown-tick__meta">—</span>
      )}
    </div>
  );
}

/** The chain, the order re-derived from it, and the heads this device saw: all worked out on this device. */
function Checks({ order, items, complete }: { order: UpDownOrder; items: ChainedTick[]; complete: boolean }) {
  const { t } = useTranslation("updown");
  const chain = useQuery({
    queryKey: ["ticklog", "chain", order.id, items.length],
    queryFn: () => checkChain(order.productid, items),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const witnesses = useWitnessCheck(order.productid, true);
  const derived = entryAndExit(items, order.accepted_at, order.settle_at, afterTickOf(order)?.id ?? null);
  const signed = useSignedCheck(order, items, derived);
  const signedText = useSignedText(signed.data);
  const sameTicks = derived.entry?.id === order.entry?.id && derived.exit?.id === order.exit?.id;

  let chainText: string;
  if (!chain.data) chainText = t("verify.chainChecking");
  else if (!chain.data.ok) chainText = t("verify.chainBroken", { id: chain.data.brokenAt });
  else chainText = t(complete ? "verify.chainOk" : "verify.chainPartial", { count: chain.data.checked });

  const seen = witnesses.data ?? [];
  const disagree = seen.filter((w) => w.state === "disagrees").length;
  const agree = seen.filter((w) => w.state === "agrees").length;
  const gone = seen.length - agree - disagree;
  let witnessText: string;
  if (!witnesses.data) witnessText = t(witnesses.isError ? "verify.witnessError" : "verify.witnessChecking");
  else if (disagree) witnessText = t("verify.witnessDisagree", { count: disagree });
  else if (agree) witnessText = t("verify.witnessAgree", { count: agree });
  else if (gone) witnessText = t("verify.witnessArchived", { count: gone });
  else witnessText = t("verify.witnessNone");

  return (
    <>
      <Check ok={chain.data ? chain.data.ok && complete : null} testId="updown-verify-chain">
        {chainText}
      </Check>
      <Check ok={sameTicks} testId="updown-verify-derived">
        {sameTicks ? t("verify.sameTicks") : t("verify.otherTicks")}
      </Check>
      <Check
        ok={signed.data && signed.data.state !== "none" ? signed.data.state === "ok" : null}
        testId="updown-verify-signed"
      >
        {signedText}
      </Check>
      <Check ok={witnesses.data ? disagree === 0 : null} testId="updown-verify-witness">
        {witnessText}
      </Check>
      <HashRow label={t("detail.entry")} tick={derived.entry} testId="updown-verify-entry" />
      <HashRow label={t("detail.exit")} tick={derived.exit} testId="updown-verify-exit" />
    </>
  );
}

function TickTable({ order, ticks, decimals }: { order: UpDownOrder; ticks: ChainedTick[]; decimals: number }) {
  const { t } = useTranslation("updown");
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(ticks.length / PAGE));
  const shown = ticks.slice(page * PAGE, (page + 1) * PAGE);
  return (
    <>
      <table className="updown-ticks" data-testid="updown-ticks">
        <thead>
          <tr>
            <th scope="col">{t("detail.tick")}</th>
            <th scope="col">{t("detail.time")}</th>
            <th scope="col">{t("detail.price")}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((tick) => {
            const tag =
              tick.id === order.entry?.id
                ? t("detail.entryTag")
                : tick.id === order.exit?.id
                  ? t("detail.exitTag")
                  : null;
            return (
              <tr key={tick.id} className={tag ? "is-marked" : undefined}>
                <td>
                  #{tick.id}
                  {tag && <span className="updown-ticks__tag">{tag}</span>}
                  <code className="updown-ticks__hash">{tick.hash.slice(0, 10)}…</code>
                </td>
                <td>{formatTime(tick.at)}</td>
                <td>{formatDecimal(tick.price, { minFraction: decimals })}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {pages > 1 && (
        <div className="updown-verify__pager" data-testid="updown-ticks-pager">
          <Button size="mini" disabled={page === 0} onClick={() => setPage(page - 1)}>
            {t("verify.previous")}
          </Button>
          <span>{t("verify.page", { page: page + 1, pages })}</span>
          <Button size="mini" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
            {t("verify.next")}
          </Button>
        </div>
      )}
    </>
  );
}

function HowToVerify() {
  const { t } = useTranslation("updown");
  const origin = API_BASE || window.location.origin;
  return (
    <div className="updown-verify__howto" data-testid="updown-verify-howto">
      <p className="updown-note">{t("verify.howTo")}</p>
      <code className="updown-verify__code">{`npm run verify -- --url ${origin} --token <${t("verify.tokenPlaceholder")}>`}</code>
      <p className="updown-note">{t("verify.howToNote")}</p>
    </div>
  );
}

/**
 * The "Verify" section of a settled order: the public tick log from acceptance to settle time, its hash chain
 * checked here, the entry and exit it gives, whether it still holds the heads this device saw, and the verifier.
 */
export function VerifySection({ order, decimals }: { order: UpDownOrder; decimals: number }) {
  const { t } = useTranslation("updown");
  const settled = order.status === "settled";
  const after = afterTickOf(order);
  const from = after ? new Date(Date.parse(order.accepted_at) - HEAD_SLACK_MS).toISOString() : order.accepted_at;
  const log = useTickWindow(order.productid, from, order.settle_at, settled);
  let content: ReactNode;
  if (!settled) content = <p className="updown-note">{t("detail.verifyLater")}</p>;
  else if (log.isPending) content = <Skeleton.Paragraph lineCount={3} animated />;
  else if (log.isError) {
    const message = log.error instanceof ApiError ? log.error.msg : undefined;
    content = <RetryView onRetry={() => void log.refetch()} message={message} />;
  } else {
    const inside = entryAndExit(log.data.items, order.accepted_at, order.settle_at, after?.id ?? null).inside;
    content = (
      <>
        <p className="updown-note">{t("verify.intro", { symbol: order.symbol })}</p>
        <Checks order={order} items={log.data.items} complete={log.data.complete} />
        {inside.length ? (
          <TickTable order={order} ticks={inside} decimals={decimals} />
        ) : (
          <p className="updown-note">{t("detail.verifyEmpty")}</p>
        )}
        <WhatItProves />
        <HowToVerify />
      </>
    );
  }
  return (
    <section className="updown-section updown-verify" aria-labelledby="updown-verify-title" data-testid="updown-verify">
      <h2 className="updown-section__title" id="updown-verify-title">
        {t("detail.verify")}
      </h2>
      {content}
    </section>
  );
}
