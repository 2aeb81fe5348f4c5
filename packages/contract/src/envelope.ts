import { z } from "zod";
import { MAX_PAGE_SIZE } from "./constants";

/** Success: `{code: 1, msg, data}`. A refusal is `{code: 0, msg}`, and a dead session `{code: 401, msg}`. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ code: z.literal(1), msg: z.string(), data });

export const refusal = z.object({ code: z.number().int(), msg: z.string(), data: z.unknown().optional() });
export type Refusal = z.infer<typeof refusal>;

export type Envelope<T> = { code: 1; msg: string; data: T } | { code: number; msg: string; data?: unknown };

/**
 * A whole number sent as a JSON number or as a digit string (the spec's client passes ids from the query
 * string). Unlike `z.coerce`, arrays, booleans and blanks are refused.
 */
export const intLike = (min: number, max: number) =>
  z
    .union([
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d{1,15}$/)
        .transform(Number),
    ])
    .pipe(z.number().int().min(min).max(max));

/** `page` from 1, `list` the page size (at most 100); they travel in the query string. */
export const pageQuery = z.object({
  page: intLike(1, 1_000_000).default(1),
  list: intLike(1, MAX_PAGE_SIZE).default(20),
});
export type PageQuery = z.infer<typeof pageQuery>;

export const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    list: z.number().int(),
  });
export type Paged<T> = { items: T[]; total: number; page: number; list: number };

/** Decimal amounts travel as strings, never as JSON numbers. */
export const decimal = z.string();
/** Timestamps travel as ISO-8601 strings. */
export const timestamp = z.string();
export const id = intLike(1, 2_147_483_647);
