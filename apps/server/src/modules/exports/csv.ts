import { z } from "zod";

/** A spreadsheet runs a cell that starts with one of these as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A plain decimal number ("-12.5"): left as it is, so amounts stay exact numbers in the sheet. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One CSV cell (RFC 4180): text a spreadsheet would run as a formula gets a leading apostrophe, which makes it
 * text; a cell with a comma, quote or line break is quoted. Null is an empty cell.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (cells: unknown[]) => `${cells.map(csvCell).join(",")}\r\n`;

export interface CsvColumn {
  /** The field's name in the list call's items; a nested one as `parent.child` (an order's `entry.price`). */
  name: string;
  value: (item: Record<string, unknown>) => unknown;
}

const unwrap = (field: z.ZodType): z.ZodType =>
  field instanceof z.ZodNullable ? unwrap(field.unwrap() as z.ZodType) : field;

/**
 * The columns of a list call's item schema, in its order: a nested object becomes one column per field, and a list
 * of objects (a deposit's proof images) one cell of their ids separated by spaces (their URLs are signed for a short
 * while, useless in a statement kept for years).
 */
export function columnsOf(schema: z.ZodObject): CsvColumn[] {
  return Object.entries(schema.shape).flatMap(([name, raw]): CsvColumn[] => {
    const field = unwrap(raw as z.ZodType);
    if (field instanceof z.ZodObject) {
      return Object.keys(field.shape).map((sub) => ({
        name: `${name}.${sub}`,
        value: (item) => (item[name] as Record<string, unknown> | null)?.[sub],
      }));
    }
    if (field instanceof z.ZodArray) {
      return [
        {
          name,
          value: (item) => (item[name] as { id?: unknown }[] | null)?.map((element) => element.id ?? element).join(" "),
        },
      ];
    }
    return [{ name, value: (item) => item[name] }];
  });
}
