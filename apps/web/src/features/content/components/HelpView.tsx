import { Skeleton } from "antd-mobile";
import { Page } from "@/components/Page";
import { QueryView } from "@/components/QueryView";
import { RichText } from "@/components/RichText";
import { useTranslation } from "@/lib/i18n";
import { type HelpKey, useHelpPage } from "../api/get-help";
import "../content.css";

/** A help page: the title from the route table, the body from the server in the current language. */
export function HelpView({ helpKey, title }: { helpKey: HelpKey; title: string }) {
  // Subscribing to i18n re-renders on a language switch, so the query key (and the server's text) follows it.
  useTranslation();
  const query = useHelpPage(helpKey);
  return (
    <Page title={title}>
      {query.isPending && query.fetchStatus !== "idle" ? (
        <div className="cnt-article">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={8} animated />
        </div>
      ) : (
        <QueryView query={query}>
          {(page) => (
            <article className="cnt-article" aria-labelledby="cnt-help-title">
              <h2 id="cnt-help-title" className="cnt-article__title">
                {page.title}
              </h2>
              <RichText html={page.body} />
            </article>
          )}
        </QueryView>
      )}
    </Page>
  );
}
