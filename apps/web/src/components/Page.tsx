import { APP_NAME } from "@cryptos/contract";
import { type ReactNode, Suspense, useEffect } from "react";
import { DelayedLoader } from "./Loader";
import { PageHeader, type PageHeaderProps } from "./PageHeader";
import { PAGE_BODY_ID } from "./SkipLink";

/** The document title follows the page title: "<title> - Cryptos" (just "Cryptos" on Home). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title && title !== APP_NAME ? `${title} - ${APP_NAME}` : APP_NAME;
  }, [title]);
}

export interface PageProps extends Omit<PageHeaderProps, "title"> {
  title: string;
  children?: ReactNode;
  className?: string;
}

/**
 * Every screen renders inside a Page: one header, one document title, one content area. The content is a Suspense
 * boundary of its own: when a prerendered shell (app/shell) hydrates and the page's data has come in the meantime, only
 * the content is drawn anew and the header stays the shell's.
 */
export function Page({ title, children, className, ...header }: PageProps) {
  usePageTitle(title);
  return (
    <div className="page">
      <PageHeader title={title} {...header} />
      {/* The skip link's target (components/SkipLink): focusable by script, not by Tab. */}
      <main id={PAGE_BODY_ID} tabIndex={-1} className={className ? `page__body ${className}` : "page__body"}>
        <Suspense fallback={<DelayedLoader />}>{children}</Suspense>
      </main>
    </div>
  );
}
