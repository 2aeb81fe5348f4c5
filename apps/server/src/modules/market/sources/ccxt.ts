import Decimal from "decimal.js";
import type { PriceSource, Quote, SourcePair } from "./types";

/** The parts of a ccxt exchange this source uses. */
interface CcxtTicker {
  symbol: string;
  last?: number | undefined;
  close?: number | undefined;
}
interface CcxtExchange {
  id: string;
  has: Record<string, boolean | string | undefined>;
  urls: { api: unknown };
  markets: Record<string, unknown> | undefined;
  loadMarkets(): Promise<Record<string, unknown>>;
  fetchTickers(symbols?: string[]): Promise<Record<string, CcxtTicker>>;
  fetchTicker(symbol: string): Promise<CcxtTicker>;
  close?: () => Promise<unknown>;
}
type CcxtModule = { exchanges: string[] } & Record<string, unknown>;

export interface CcxtSourceOptions {
  /**
   * Replaces the scheme and host of every API URL of the exchange (tests point it at a stand-in on 127.0.0.1);
   * paths are kept, so the stand-in answers the exchange's own endpoints.
   */
  apiOrigin?: string;
  timeoutMs?: number;
}

/** ccxt is large (about 90 MB in memory): it is loaded only when a live source is chosen. */
export async function loadCcxt(): Promise<CcxtModule> {
  const module = (await import("ccxt")) as unknown as { default?: CcxtModule } & CcxtModule;
  return module.default ?? module;
}

function rewriteOrigin(value: unknown, origin: string): unknown {
  if (typeof value === "string") return value.replace(/^[a-z]+:\/\/[^/]+/i, origin);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rewriteOrigin(v, origin)]));
  }
  return value;
}

/**
 * Live prices from one exchange through ccxt: the last traded price of each pair, once per poll (ccxt's own rate
 * limiter spaces the requests). Pairs the exchange does not list are left out and logged at start.
 */
export class CcxtSource implements PriceSource {
  readonly simulated = false;
  readonly name: string;
  private exchange: CcxtExchange | undefined;
  private bySymbol = new Map<string, SourcePair>();
  /** Pairs the exchange does not list; the feed logs them. */
  missing: string[] = [];

  constructor(
    readonly exchangeId: string,
    private readonly options: CcxtSourceOptions = {},
  ) {
    this.name = `ccxt:${exchangeId}`;
  }

  async start(pairs: SourcePair[]): Promise<void> {
    const ccxt = await loadCcxt();
    if (!ccxt.exchanges.includes(this.exchangeId)) {
      throw new Error(`PRICE_SOURCE ccxt:${this.exchangeId}: ccxt has no such exchange (see ccxt.exchanges)`);
    }
    const Exchange = ccxt[this.exchangeId] as new (config: object) => CcxtExchange;
    const exchange = new Exchange({ enableRateLimit: true, timeout: this.options.timeoutMs ?? 10_000 });
    if (this.options.apiOrigin) exchange.urls.api = rewriteOrigin(exchange.urls.api, this.options.apiOrigin);
    await exchange.loadMarkets();
    this.exchange = exchange;
    this.bySymbol.clear();
    this.missing = [];
    for (const pair of pairs) {
      const symbol = pair.sourceSymbol ?? pair.symbol;
      if (exchange.markets?.[symbol]) this.bySymbol.set(symbol, pair);
      else this.missing.push(symbol);
    }
  }

  async poll(): Promise<Quote[]> {
    const exchange = this.exchange;
    if (!exchange) throw new Error("The ccxt source was polled before it started");
    const symbols = [...this.bySymbol.keys()];
    if (symbols.length === 0) return [];
    const tickers = exchange.has.fetchTickers
      ? Object.values(await exchange.fetchTickers(symbols))
      : await Promise.all(symbols.map((s) => exchange.fetchTicker(s)));
    const quotes: Quote[] = [];
    for (const ticker of tickers) {
      const pair = this.bySymbol.get(ticker.symbol);
      const last = ticker.last ?? ticker.close;
      if (!pair || last === undefined || last === null || !(last > 0)) continue;
      // ccxt hands prices over as doubles; String() gives back the shortest decimal, i.e. the exchange's figure.
      quotes.push({
        pairId: pair.id,
        price: new Decimal(String(last)).toFixed(pair.priceDecimals, Decimal.ROUND_HALF_UP),
      });
    }
    return quotes;
  }

  async close(): Promise<void> {
    await this.exchange?.close?.();
  }
}
