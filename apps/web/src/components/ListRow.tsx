import type { ReactNode } from "react";
import { Link } from "@/lib/router";
import { RightOutline } from "./outline-icons/RightOutline";

export interface ListRowProps {
  prefix?: ReactNode;
  description?: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  /** A row that opens a page: a link with an address (Tab reaches it, a new tab can open it). */
  to?: string;
  /** A row that does something on this page (opens a sheet): a button. */
  onClick?: () => void;
  /** The row is the current choice (a picker's picked pair). */
  current?: boolean;
  /** The arrow at the end (default: shown). */
  arrow?: boolean;
  className?: string;
}

/**
 * A row of an antd-mobile List that leads somewhere, drawn as List.Item (its classes and look) but as a real link
 * (`to`) or button (`onClick`) (decision 117): antd-mobile's clickable List.Item is an `<a>` without href, which
 * Tab skips.
 */
export function ListRow({
  prefix,
  description,
  extra,
  children,
  to,
  onClick,
  current,
  arrow = true,
  className,
}: ListRowProps) {
  const content = (
    <span className="adm-list-item-content">
      {prefix && <span className="adm-list-item-content-prefix">{prefix}</span>}
      <span className="adm-list-item-content-main">
        {children}
        {description && <span className="adm-list-item-description">{description}</span>}
      </span>
      {extra && <span className="adm-list-item-content-extra">{extra}</span>}
      {arrow && (
        <span className="adm-list-item-content-arrow" aria-hidden="true">
          <RightOutline />
        </span>
      )}
    </span>
  );
  const classes = className ? `adm-list-item list-row ${className}` : "adm-list-item list-row";
  if (to !== undefined) {
    return (
      <Link to={to} className={classes}>
        {content}
      </Link>
    );
  }
  return (
    <button type="button" className={classes} aria-current={current ? "true" : undefined} onClick={onClick}>
      {content}
    </button>
  );
}
