import { Skeleton } from "antd-mobile";
import { EmptyState } from "@/components/EmptyState";
import { Page } from "@/components/Page";
import { QueryView } from "@/components/QueryView";
import { RichText } from "@/components/RichText";
import { formatDateTime } from "@/lib/format";
import { useTranslation } from "@/lib/i18n";
import { Link, useSearchParams } from "@/lib/router";
import { useMessage } from "../api/get-message";
import { CATEGORY_NAMES } from "../components/categories";
import "../messages.css";

function parseId(raw: string | null): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

export default function MessageDetail() {
  const { t } = useTranslation(["common", "messages"]);
  const [params] = useSearchParams();
  const id = parseId(params.get("id"));
  const query = useMessage(id);
  return (
    <Page title={t("pages.messageDetail")}>
      {id === null ? (
        <EmptyState title={t("messages:notFound")}>
          <Link to="/pages/user/message" className="msg-link">
            {t("messages:backToList")}
          </Link>
        </EmptyState>
      ) : query.isPending ? (
        <div className="msg-article">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={6} animated />
        </div>
      ) : (
        <QueryView query={query}>
          {(message) => {
            const category = CATEGORY_NAMES[message.cid];
            return (
              <article className="msg-article" aria-labelledby="msg-title">
                <h2 id="msg-title" className="msg-article__title">
                  {message.title}
                </h2>
                <div className="msg-item__meta">
                  {category && <span>{t(`messages:category.${category}`)}</span>}
                  <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
                </div>
                <RichText html={message.body} className="msg-article__body" />
              </article>
            );
          }}
        </QueryView>
      )}
    </Page>
  );
}
