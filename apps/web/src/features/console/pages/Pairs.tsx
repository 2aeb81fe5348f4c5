import { useState } from "react";
import { useTranslation } from "@/lib/i18n";
import { type AdminPair, usePairs, useSavePair } from "../api/config";
import { ScreenHeader } from "../components/ConsoleLayout";
import { EmptyRow, QueryState } from "../components/QueryState";
import { isWhole, saveFeedback } from "../lib/save-feedback";

function PairRow({ pair }: { pair: AdminPair }) {
  const { t } = useTranslation("console");
  const save = useSavePair();
  const [sort, setSort] = useState(String(pair.sort));
  const sortValid = isWhole(sort, 0, 100_000);
  return (
    <tr>
      <th scope="row">{pair.symbol}</th>
      <td>
        {pair.base}/{pair.quote}
      </td>
      <td>{pair.product_type}</td>
      <td>
        <label className="console-switch">
          <input
            type="checkbox"
            checked={pair.enabled}
            aria-label={`${pair.symbol}: ${t("fields.enabled")}`}
            disabled={save.isPending}
            onChange={(event) => save.mutate({ id: pair.id, enabled: event.target.checked }, saveFeedback())}
          />
          <span>{pair.enabled ? t("common.enabled") : t("common.disabled")}</span>
        </label>
      </td>
      <td>
        <div className="console-inline">
          <input
            className="console-input--short"
            type="number"
            min={0}
            max={100000}
            value={sort}
            aria-label={t("config.sortOf", { name: pair.symbol })}
            onChange={(event) => setSort(event.target.value)}
          />
          <button
            type="button"
            className="console-button"
            disabled={!sortValid || sort === String(pair.sort) || save.isPending}
            onClick={() => save.mutate({ id: pair.id, sort: Number(sort) }, saveFeedback())}
          >
            {t("common.save")}
          </button>
        </div>
      </td>
    </tr>
  );
}

/** Trading pairs: enable or disable and order them (prices come only from the feed). */
export function Pairs() {
  const { t } = useTranslation("console");
  const pairs = usePairs();
  return (
    <>
      <ScreenHeader title={t("nav.pairs")} />
      <p className="console-muted">{t("config.pairsHint")}</p>
      <QueryState query={pairs}>
        {(data) => (
          <table className="console-table">
            <thead>
              <tr>
                <th scope="col">{t("fields.symbol")}</th>
                <th scope="col">{t("fields.pair")}</th>
                <th scope="col">{t("fields.productType")}</th>
                <th scope="col">{t("fields.enabled")}</th>
                <th scope="col">{t("fields.sort")}</th>
              </tr>
            </thead>
            <tbody>
              {data.items.length === 0 && <EmptyRow columns={5} />}
              {data.items.map((pair) => (
                <PairRow key={pair.id} pair={pair} />
              ))}
            </tbody>
          </table>
        )}
      </QueryState>
    </>
  );
}
