import type { Paged } from "@cryptos/contract";

/** The next page number of a `{items, total, page, list}` answer, or undefined when it was the last one. */
export function nextPage<T>(last: Paged<T>): number | undefined {
  return last.page * last.list < last.total && last.items.length > 0 ? last.page + 1 : undefined;
}
