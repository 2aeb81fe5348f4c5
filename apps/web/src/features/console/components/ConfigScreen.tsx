import type { UseQueryResult } from "@tanstack/react-query";
import { type Key, type ReactNode, useCallback, useState } from "react";
import { useTranslation } from "@/lib/i18n";
import { ScreenHeader } from "./ConsoleLayout";
import { type Column, ConsoleTable } from "./ConsoleTable";
import { EditButton } from "./EditButton";

export interface ConfigScreenProps<R> {
  title: string;
  /** A line under the title on what the settings do. */
  hint?: string;
  /** Controls beside the title before "New …" (filters). */
  filters?: ReactNode;
  /** The "New …" button's label; without it rows can only be edited. */
  newLabel?: string;
  query: UseQueryResult<{ items: R[]; total?: number }>;
  paging?: { page: number; onChange: (page: number) => void };
  rowKey?: (row: R) => Key;
  /** The columns before "Actions", which holds each row's Edit button. */
  columns: readonly Column<R>[];
  /** The Edit button's accessible name for a row (the dialog's title says the same). */
  editLabel: (row: R) => string;
  /** The form dialog for a row, or for a new one (`null`). */
  dialog: (row: R | null, onClose: () => void) => ReactNode;
}

/** A configuration screen: its rows in a table, "New …" above and "Edit" on each row, both opening a form dialog. */
export function ConfigScreen<R>(props: ConfigScreenProps<R>) {
  const { title, hint, filters, newLabel, query, paging, rowKey, columns, editLabel, dialog } = props;
  const { t } = useTranslation("console");
  // `{ row: null }` is a new one being written; `null`, no dialog.
  const [editing, setEditing] = useState<{ row: R | null } | null>(null);
  const close = useCallback(() => setEditing(null), []);
  const actions: Column<R> = {
    header: t("fields.actions"),
    cell: (row) => <EditButton label={editLabel(row)} onEdit={() => setEditing({ row })} />,
  };
  return (
    <>
      <ScreenHeader title={title}>
        {filters}
        {newLabel && (
          <button
            type="button"
            className="console-button console-button--primary"
            onClick={() => setEditing({ row: null })}
          >
            {newLabel}
          </button>
        )}
      </ScreenHeader>
      {hint && <p className="console-muted">{hint}</p>}
      <ConsoleTable query={query} paging={paging} rowKey={rowKey} columns={[...columns, actions]} />
      {editing && dialog(editing.row, close)}
    </>
  );
}
