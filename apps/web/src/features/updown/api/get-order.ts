import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { ORDER_POLL_MS, upDownOrderOptions } from "@/lib/positions";

// The order's query lives in lib/positions (the pair screens follow open positions with the same cache entry).
export { ORDER_POLL_MS, upDownOrderOptions };

export const getUpDownOrder = (id: number, signal?: AbortSignal) => api("getUpDownOrder", { body: { id }, signal });

export const useUpDownOrder = (id: number, enabled = true) => useQuery({ ...upDownOrderOptions(id), enabled });
