import { APP_NAME } from "@cryptos/contract";
import { type ReactNode, useEffect } from "react";
import { PageHeader, type PageHeaderProps } from "./PageHeader";

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

/** Every screen renders inside a Page: one header, one document title, one content area. */
export function Page({ title, children, className, ...header }: PageProps) {
  usePageTitle(title);
  return (
    <div className="page">
      <PageHeader title={title} {...header} />
      <main className={className ? `page__body ${className}` : "page__body"}>{children}</main>
    </div>
  );
}
