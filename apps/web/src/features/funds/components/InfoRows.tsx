import type { ReactNode } from "react";

export interface InfoRow {
  label: ReactNode;
  value: ReactNode;
  strong?: boolean;
  testId?: string;
}

/** Label / value lines: what a form will do, shown before the user confirms. */
export function InfoRows({ rows }: { rows: InfoRow[] }) {
  return (
    <dl className="funds-info">
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the rows are a fixed layout, never reordered
        <div key={index} className={row.strong ? "funds-info__row funds-info__row--strong" : "funds-info__row"}>
          <dt>{row.label}</dt>
          <dd data-testid={row.testId}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
