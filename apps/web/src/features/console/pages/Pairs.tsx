import { useState } from "react";
import { useTranslation } from "@/lib/i18n";
import { type AdminPair, usePairs, useSavePair } from "../api/config";
import { ScreenHeader } from "../components/ConsoleLayout";
import { ConsoleTable } from "../components/ConsoleTable";
import { Switch } from "../components/Form";
import { isWhole, saveFeedback } from "../lib/save-feedback";

/** Turns a pair on or off at once (a saved change, with its toast). */
function EnabledSwitch({ pair }: { pair: AdminPair }) {
  const { t } = useTranslation("console");
  const save = useSavePair();
  return (
    <Switch
      label={pair.enabled ? t("common.enabled") : t("common.disabled")}
      aria-label={`${pair.symbol}: ${t("fields.enabled")}`}
      checked={pair.enabled}
      disabled={save.isPending}
      onChange={(enabled) => save.mutate({ id: pair.id, enabled }, saveFeedback())}
    />
  );
}

/** The pair's place in the lists, saved by its own button. */
function SortEditor({ pair }: { pair: AdminPair }) {
  const { t } = useTranslation("console");
  const save = useSavePair();
  const [sort, setSort] = useState(String(pair.sort));
  const sortValid = isWhole(sort, 0, 100_000);
  return (
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
      <ConsoleTable
        query={pairs}
        columns={[
          { header: t("fields.symbol"), rowHeader: true, cell: (pair) => pair.symbol },
          { header: t("fields.pair"), cell: (pair) => `${pair.base}/${pair.quote}` },
          { header: t("fields.productType"), cell: (pair) => pair.product_type },
          { header: t("fields.enabled"), cell: (pair) => <EnabledSwitch pair={pair} /> },
          { header: t("fields.sort"), cell: (pair) => <SortEditor pair={pair} /> },
        ]}
      />
    </>
  );
}
