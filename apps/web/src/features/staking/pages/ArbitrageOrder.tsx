import { STAKING_STATUSES, type StakingStatus } from "@cryptos/contract";
import { Button, Skeleton, Tabs } from "antd-mobile";
import { useLayoutEffect } from "react";
import { EmptyState } from "@/components/EmptyState";
import { ExportButton } from "@/components/ExportButton";
import { ListFooter } from "@/components/ListFooter";
import { Page } from "@/components/Page";
import { RetryView } from "@/components/RetryView";
import { useReachBottom } from "@/hooks/useReachBottom";
import { ApiError } from "@/lib/api";
import { useTranslation } from "@/lib/i18n";
import { useNavigate, useSearchParams } from "@/lib/router";
import { useToken } from "@/lib/session";
import { useStakingOrders } from "../api/get-orders";
import { OrderCard } from "../components/OrderCard";
import { SignInPrompt } from "../components/SignInPrompt";
import { ARBITRAGE_PATH } from "../paths";
import "../staking.css";

function isStatus(value: string | null): value is StakingStatus {
  return (STAKING_STATUSES as readonly string[]).includes(value ?? "");
}

function OrderList({ status }: { status: StakingStatus }) {
  const { t } = useTranslation("staking");
  const navigate = useNavigate();
  const query = useStakingOrders(status, true);
  const sentinel = useReachBottom(() => void query.fetchNextPage(), query.hasNextPage && !query.isFetchingNextPage);

  if (query.isPending) {
    return (
      <div className="stk-skeleton">
        <Skeleton.Paragraph lineCount={5} animated />
        <Skeleton.Paragraph lineCount={5} animated />
      </div>
    );
  }
  if (query.isError && !query.data) {
    const message = query.error instanceof ApiError ? query.error.msg : undefined;
    return <RetryView onRetry={() => void query.refetch()} message={message} />;
  }
  const orders = query.data?.pages.flatMap((page) => page.items) ?? [];
  if (orders.length === 0) {
    return (
      <EmptyState title={t(status === "in_custody" ? "orders.emptyCustody" : "orders.emptySettled")}>
        <Button color="primary" size="small" onClick={() => void navigate(ARBITRAGE_PATH)}>
          {t("product.browse")}
        </Button>
      </EmptyState>
    );
  }
  return (
    <div className="stk-body">
      <ul className="stk-list" aria-label={t(`status.${status}`)}>
        {orders.map((order) => (
          <li key={order.id}>
            <OrderCard order={order} />
          </li>
        ))}
      </ul>
      <div ref={sentinel} />
      <ListFooter loading={query.isFetchingNextPage} hasMore={query.hasNextPage} />
    </div>
  );
}

export default function ArbitrageOrder() {
  const { t } = useTranslation(["common", "staking"]);
  const signedIn = useToken() !== null;
  const [params, setParams] = useSearchParams();
  const raw = params.get("status");
  const status: StakingStatus = isStatus(raw) ? raw : "in_custody";
  // Arriving from the confirm sheet, the sheet's scroll lock hands back the product page's offset: start at the top.
  useLayoutEffect(() => {
    window.scrollTo(0, 0);
  }, []);
  return (
    <Page title={t("pages.arbitrageOrder")} right={signedIn ? <ExportButton kind="staking" /> : undefined}>
      {signedIn ? (
        <>
          <Tabs
            activeKey={status}
            onChange={(key) => setParams({ status: key }, { replace: true })}
            className="stk-tabs"
          >
            {STAKING_STATUSES.map((s) => (
              <Tabs.Tab key={s} title={t(`staking:status.${s}`)} />
            ))}
          </Tabs>
          <OrderList key={status} status={status} />
        </>
      ) : (
        <SignInPrompt message={t("staking:orders.signIn")} />
      )}
    </Page>
  );
}
