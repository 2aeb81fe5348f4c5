import type { UseQueryResult } from "@tanstack/react-query";
import type { HTMLAttributes, Key, ReactNode } from "react";
import { useTranslation } from "@/lib/i18n";
import { PAGE_SIZE } from "../api/keys";
import { Pager } from "./Pager";
import { QueryState } from "./QueryState";

export interface Column<R> {
  /** The header's text, also the column's key within its table. */
  header: string;
  /** Read by screen readers only (a column of buttons, a badge). */
  hideHeader?: boolean;
  /** Figures: aligned right. */
  numeric?: boolean;
  /** The cell names its row (`<th scope="row">`). */
  rowHeader?: boolean;
  /** More classes on the column's cells, e.g. "console-mono". */
  className?: string;
  /** The cell's `title` (the full text behind a shortened one). */
  title?: (row: R) => string | undefined;
  cell: (row: R) => ReactNode;
}

type RowAttributes = HTMLAttributes<HTMLTableRowElement> & { [data: `data-${string}`]: string | boolean | undefined };

interface TableLayout<R> {
  columns: readonly Column<R>[];
  /** Each row's React key; without it, the row's `id` (every record of the console's API has one). */
  rowKey?: (row: R) => Key;
  /** A row's class, test id or data attributes (e.g. a red row, `data-action`). */
  rowProps?: (row: R) => RowAttributes;
  /** "top": cells align to their top (tall cells); "narrow": as wide as the content. */
  variant?: "top" | "narrow";
  /** Rows that name themselves (their first cell a row header) need no header row. */
  headless?: boolean;
}

const byId = (row: unknown): Key => (row as { id: Key }).id;

/** A list answer of the console's API; paged ones carry the total. */
interface ListAnswer<R> {
  items: R[];
  total?: number;
}

export type ConsoleTableProps<R> = TableLayout<R> &
  (
    | { rows: readonly R[] }
    | {
        /** Loading and a failure with a retry come from the query; its `items` are the rows. */
        query: UseQueryResult<ListAnswer<R>>;
        /** The pager under the table, over the answer's `total`. */
        paging?: { page: number; onChange: (page: number) => void };
      }
  );

/**
 * The console's table: one row a record, the columns' headers and cells, "nothing to show" when empty; given a
 * query, its loading and error states and, given paging, previous / next under it.
 */
export function ConsoleTable<R>(props: ConsoleTableProps<R>) {
  if ("rows" in props) return <Table {...props} rows={props.rows} />;
  const { query, paging } = props;
  return (
    <QueryState query={query}>
      {(data) => (
        <>
          <Table {...props} rows={data.items} />
          {paging && (
            <Pager
              page={paging.page}
              total={data.total ?? data.items.length}
              size={PAGE_SIZE}
              onChange={paging.onChange}
            />
          )}
        </>
      )}
    </QueryState>
  );
}

function Table<R>(props: TableLayout<R> & { rows: readonly R[] }) {
  const { columns, rows, rowProps, variant, headless } = props;
  const rowKey = props.rowKey ?? byId;
  const { t } = useTranslation("console");
  const numeric = (column: Column<R>) => (column.numeric ? "num" : undefined);
  return (
    <table className={variant ? `console-table console-table--${variant}` : "console-table"}>
      {!headless && (
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} scope="col" className={numeric(column)}>
                {column.hideHeader ? <span className="console-visually-hidden">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
      )}
      <tbody>
        {rows.length === 0 && (
          <tr>
            <td colSpan={columns.length} className="console-table__empty">
              {t("common.empty")}
            </td>
          </tr>
        )}
        {rows.map((row) => (
          <tr key={rowKey(row)} {...rowProps?.(row)}>
            {columns.map((column) => {
              const className = [numeric(column), column.className].filter(Boolean).join(" ") || undefined;
              const cell = { className, title: column.title?.(row) };
              return column.rowHeader ? (
                <th key={column.header} scope="row" {...cell}>
                  {column.cell(row)}
                </th>
              ) : (
                <td key={column.header} {...cell}>
                  {column.cell(row)}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
