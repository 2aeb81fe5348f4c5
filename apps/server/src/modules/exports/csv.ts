import { z } from "zod";

/**
 * Where a cell may begin in some spreadsheet: each locale splits on its own separator (`,`; `;` where the decimal
 * mark is a comma, as in de, es, fi, fr, it, pt, ru and vi; a tab when pasted), and some readers end a row at a line
 * break even inside quotes. A piece of the cell after any of these is a cell of its own to one of them.
 */
const SEPARATORS = new Set([",", ";", "\t", "\r", "\n"]);
/** A spreadsheet runs a cell that starts with one of these as a formula (OWASP "CSV injection"). */
const FORMULA_STARTS = new Set(["=", "+", "-", "@", "\t", "\r"]);
/** A plain decimal number ("-12.5"): left as it is, so amounts stay exact numbers in the sheet. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
/** Any character that needs the cell quoted (RFC 4180, with every locale's separator). */
const NEEDS_QUOTES = /[",;\t\r\n]/;

/** The piece of `text` from `start` to the next separator (or its end). */
function pieceAt(text: string, start: number): string {
  let end = start;
  while (end < text.length && !SEPARATORS.has(text[end]!)) end++;
  return text.slice(start, end);
}

/**
 * An apostrophe (which makes the rest text) before every formula start that begins the cell or follows one of the
 * separators inside it, after any spaces (import dialogs may trim them); a piece that is a plain number is left.
 */
function neutralised(text: string): string {
  let out = "";
  let pieceStart = true;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (pieceStart && FORMULA_STARTS.has(ch) && !PLAIN_NUMBER.test(pieceAt(text, i))) out += "'";
    out += ch;
    pieceStart = SEPARATORS.has(ch) || (pieceStart && ch === " ");
  }
  return out;
}

/**
 * One CSV cell (RFC 4180), safe whichever separator a spreadsheet splits it on: formulas neutralised at its start
 * and after each separator inside it, and quoted when it holds any locale's separator, a quote or a line break.
 * Null is an empty cell.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = neutralised(String(value));
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
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
