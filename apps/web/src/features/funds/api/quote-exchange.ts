import type { BodyOf, Calls, DataOf } from "@cryptos/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";

export type ExchangeQuote = DataOf<Calls["quoteExchange"]>;
export type QuoteInput = BodyOf<Calls["quoteExchange"]>;

/** A quote holds for a few seconds: it is a mutation, never cached. */
export const quoteExchange = (body: QuoteInput) => api("quoteExchange", { body });

export const useQuoteExchange = () => useMutation({ mutationFn: quoteExchange });
