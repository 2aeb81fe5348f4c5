import { type BodyOf, type DataOf, fundsCalls } from "@cryptos/contract";
import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api";

export type ExchangeQuote = DataOf<typeof fundsCalls.duihuanquote>;
export type QuoteInput = BodyOf<typeof fundsCalls.duihuanquote>;

/** A quote holds for a few seconds: it is a mutation, never cached. */
export const quoteExchange = (body: QuoteInput) => api(fundsCalls.duihuanquote, { body });

export const useQuoteExchange = () => useMutation({ mutationFn: quoteExchange });
