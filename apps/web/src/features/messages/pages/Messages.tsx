import { Skeleton, Tabs } from "antd-mobile";
import { EmptyState } from "@/components/EmptyState";
import { ListFooter } from "@/components/ListFooter";
import { Page } from "@/components/Page";
import { RetryView } from "@/components/RetryView";
import { useReachBottom } from "@/hooks/useReachBottom";
import { ApiError } from "@/lib/api";
import { formatDateTime } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { Link, useSearchParams } from "@/lib/router";
import { useToken } from "@/lib/session";
import { type MessageRow, useMessages } from "../api/get-messages";
import { CATEGORY_NAMES, cidOf, messagePath, TAB_KEYS, type TabKey, tabOf } from "../components/categories";
import "../messages.css";

function MessageItem({ message, signedIn }: { message: MessageRow; signedIn: boolean }) {
  const { t } = useTranslation("messages");
  const unread = signedIn && !message.read;
  const category = CATEGORY_NAMES[message.cid];
  return (
    <Link to={messagePath(message.id)} className={unread ? "msg-item msg-item--unread" : "msg-item"}>
      <div className="msg-item__head">
        {unread && <span className="msg-item__dot" role="img" aria-label={t("unread")} />}
        <span className="msg-item__title">{message.title}</span>
      </div>
      {message.summary && <p className="msg-item__summary">{message.summary}</p>}
      <div className="msg-item__meta">
        {category && <span>{t(`category.${category}`)}</span>}
        <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
      </div>
    </Link>
  );
}

function MessageList({ tab }: { tab: TabKey }) {
  const { t } = useTranslation("messages");
  const signedIn = useToken() !== null;
  const query = useMessages(cidOf(tab));
  const sentinel = useReachBottom(() => void query.fetchNextPage(), query.hasNextPage && !query.isFetchingNextPage);

  if (query.isPending) {
    return (
      <div className="msg-list msg-list--loading">
        <Skeleton.Paragraph lineCount={3} animated />
        <Skeleton.Paragraph lineCount={3} animated />
        <Skeleton.Paragraph lineCount={3} animated />
      </div>
    );
  }
  if (query.isError && !query.data) {
    const message = query.error instanceof ApiError ? query.error.msg : undefined;
    return <RetryView onRetry={() => void query.refetch()} message={message} />;
  }
  const messages = query.data?.pages.flatMap((page) => page.items) ?? [];
  if (messages.length === 0) {
    return (
      <EmptyState
        title={t("empty")}
        description={!signedIn && (tab === "3" || tab === "2") ? t("signInForPersonal") : undefined}
      />
    );
  }
  return (
    <>
      <ul className="msg-list">
        {messages.map((message) => (
          <li key={message.id}>
            <MessageItem message={message} signedIn={signedIn} />
          </li>
        ))}
      </ul>
      <div ref={sentinel} />
      <ListFooter loading={query.isFetchingNextPage} hasMore={query.hasNextPage} />
    </>
  );
}

export default function Messages() {
  const { t } = useTranslation(["common", "messages"]);
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params.get("cid"));
  return (
    <Page title={t("pages.messages")}>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === "all" ? {} : { cid: key }, { replace: true })}
        className="msg-tabs"
      >
        {TAB_KEYS.map((key) => (
          <Tabs.Tab
            key={key}
            title={key === "all" ? t("messages:category.all") : t(`messages:category.${CATEGORY_NAMES[Number(key)]}`)}
          />
        ))}
      </Tabs>
      <MessageList key={tab} tab={tab} />
    </Page>
  );
}
