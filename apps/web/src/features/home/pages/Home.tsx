import { APP_NAME, CRYPTO_PRODUCT_TYPE } from "@cryptos/contract";
import { memo, useDeferredValue } from "react";
import { AccountButton } from "@/components/AccountButton";
import { LanguageButton } from "@/components/LanguagePicker";
import { Page } from "@/components/Page";
import { RetryView } from "@/components/RetryView";
import { useLivePrices } from "@/lib/market/live-prices";
import { refreshIntervalOf, usePairs } from "@/lib/market/pairs";
import { useToken } from "@/lib/session";
import { useAnnouncement } from "../api/get-announcement";
import { useMenus } from "../api/get-menus";
import { useSoftMenus } from "../api/get-soft-menus";
import { AnnouncementBar } from "../components/AnnouncementBar";
import { AnnouncementPopup } from "../components/AnnouncementPopup";
import { MenuGrid } from "../components/MenuGrid";
import { MessagesButton } from "../components/MessagesButton";
import { PriceSourceNote } from "../components/PriceSourceNote";
import { SoftShortcuts } from "../components/SoftShortcuts";
import { TopMovers } from "../components/TopMovers";
import { VisitorActions } from "../components/VisitorActions";
import "../home.css";

// Live prices re-render Home every second: only the movers depend on them, so the rest of the
// screen skips those renders.
const Bar = memo(AnnouncementBar);
const Popup = memo(AnnouncementPopup);
const Menu = memo(MenuGrid);
const Shortcuts = memo(SoftShortcuts);
const SourceNote = memo(PriceSourceNote);
const HeaderButtons = memo(function HeaderButtons() {
  return (
    <>
      <MessagesButton />
      <LanguageButton />
    </>
  );
});

export default function Home() {
  const menus = useMenus();
  const soft = useSoftMenus();
  const market = usePairs(CRYPTO_PRODUCT_TYPE);
  const pairs = market.data?.items;
  useLivePrices(pairs?.map((pair) => pair.id) ?? [], { figuresRefreshMs: refreshIntervalOf(market.data) });
  const simulated = pairs?.some((pair) => pair.simulated) ?? false;
  const failed = menus.isError && market.isError;
  const visitor = useToken() === null;
  // The sections appear together once their first answers are in (or failed), not one by one, each pushing the
  // ones below it down the screen (layout shift); until then the menu shows its skeleton and nothing is below it.
  const announcement = useAnnouncement();
  // Deferred (decision 081): the first render draws the skeleton, as the prerendered shell did, and the sections come
  // in a transition React renders in slices; the answers' arrival would otherwise be one synchronous render.
  const settled = useDeferredValue(
    !menus.isPending && !soft.isPending && !market.isPending && !announcement.isPending,
    false,
  );
  return (
    <Page title={APP_NAME} back={false} left={<AccountButton />} right={<HeaderButtons />} className="home">
      {failed ? (
        <RetryView
          onRetry={() => {
            void menus.refetch();
            void soft.refetch();
            void market.refetch();
          }}
        />
      ) : (
        <>
          {settled && <Bar />}
          <Popup />
          {settled && market.data && (
            <SourceNote
              source={market.data.price_source}
              exchangeCount={market.data.exchange_count}
              simulated={simulated}
            />
          )}
          <Menu items={menus.data?.items} loading={!settled} />
          {/* With the other sections (after the prerendered shell, which is the same for a visitor and a user). */}
          {settled && visitor && <VisitorActions />}
          {settled && <Shortcuts items={soft.data?.items} />}
          {settled && <TopMovers pairs={pairs} loading={false} />}
        </>
      )}
    </Page>
  );
}
