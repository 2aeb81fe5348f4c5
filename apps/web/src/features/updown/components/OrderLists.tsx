import type { UpDownOrder } from "@cryptos/contract";
import { Skeleton } from "antd-mobile";
import { EmptyState } from "@/components/EmptyState";
import { ListFooter } from "@/components/ListFooter";
import { RetryView } from "@/components/RetryView";
import { TabStrip } from "@/components/TabStrip";
import { useReachBottom } from "@/hooks/useReachBottom";
import { ApiError } from "@/lib/api";
import { useTranslation } from "@/lib/i18n";
import { type OrderTab, useUpDownOrders } from "../api/get-orders";
import { useNow } from "../hooks/useNow";
import { OrderCard } from "./OrderCard";

function OrderList({ tab }: { tab: OrderTab }) {
  const { t } = useTranslation("updown");
  const query = useUpDownOrders(tab, true);
  const seen = new Set<number>();
  const orders: UpDownOrder[] = [];
  for (const page of query.data?.pages ?? []) {
    for (const order of page.items) {
      if (seen.has(order.id)) continue;
      seen.add(order.id);
      orders.push(order);
    }
  }
  const now = useNow(tab === "open" && orders.length > 0, 1000);
  const sentinel = useReachBottom(() => void query.fetchNextPage(), query.hasNextPage && !query.isFetchingNextPage);

  if (query.isPending) {
    return (
      <div className="updown-list">
        <Skeleton.Paragraph lineCount={4} animated />
      </div>
    );
  }
  if (query.isError && orders.length === 0) {
    const message = query.error instanceof ApiError ? query.error.msg : undefined;
    return <RetryView onRetry={() => void query.refetch()} message={message} />;
  }
  if (orders.length === 0) return <EmptyState title={t("list.empty")} />;
  return (
    <div className="updown-list">
      {orders.map((order) => (
        <OrderCard key={order.id} order={order} now={now} />
      ))}
      <div ref={sentinel} />
      <ListFooter loading={query.isFetchingNextPage} hasMore={query.hasNextPage} />
    </div>
  );
}

/** "In progress" and "Settled" orders of the signed-in user. */
export function OrderLists({ tab, onTabChange }: { tab: OrderTab; onTabChange: (tab: OrderTab) => void }) {
  const { t } = useTranslation("updown");
  return (
    <section className="updown-orders">
      <TabStrip
        label={t("tabs.label")}
        activeKey={tab}
        onChange={onTabChange}
        items={[
          { key: "open", title: t("tabs.open") },
          { key: "settled", title: t("tabs.settled") },
        ]}
      />
      <OrderList key={tab} tab={tab} />
    </section>
  );
}
