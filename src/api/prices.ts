import { unwrap, type ApiClient } from './client';
import type { components } from './schema';

export type PriceEntry = components['schemas']['PriceEntry'];
export type PriceMap = components['schemas']['PriceMap'];

/** A sku's price as the views use it (catalogue-and-content.md section 3, "Sku"). */
export interface SkuPrice {
  price: number;
  /** The discounted price, else the price. */
  finalPrice: number;
  discountPercentage: number;
  qtyOnHand: number;
}

/** Final price is the discounted price, else the price (section 3). */
export function toSkuPrice(entry: PriceEntry | undefined): SkuPrice | null {
  if (!entry) return null;
  const discounted = entry.bestDiscountedPrice;
  const finalPrice = typeof discounted === 'number' && discounted >= 0 ? discounted : entry.price;
  return { price: entry.price, finalPrice, discountPercentage: entry.bestDiscountPercentage ?? 0, qtyOnHand: entry.qtyOnHand };
}

/** A product is sold out when it has priced skus and none of them has stock on hand. */
export function isSoldOut(skus: readonly string[], prices: PriceMap): boolean {
  const priced = skus.map((sku) => prices?.[sku]).filter((entry) => entry !== undefined);
  return priced.length > 0 && priced.every((entry) => !(entry.qtyOnHand > 0));
}

export interface PriceLoadOptions {
  /**
   * The network for this load, when it must not count as page loading (the header's search
   * suggestions: typing raises no full-page spinner). A load already under way is shared.
   */
  fetch?: (request: Request) => Promise<Response>;
}

export interface Prices {
  /** The price map by sku: `GET Products`, or `GET Products/nocache` when that is empty. */
  load(options?: PriceLoadOptions): Promise<PriceMap>;
}

/** Prices and stock change while a shopper browses, so they are kept only briefly. */
export const PRICE_CACHE_MS = 60_000;

/**
 * Prices and stock for collections, product pages and search (section 7): one request at a time
 * is shared by every caller, the answer is kept for PRICE_CACHE_MS, and an empty map from the
 * cached call falls back to the uncached one. A failure yields an empty map (items then show no
 * price and no add-to-cart) and is retried by the next load.
 */
export function createPrices(api: ApiClient | undefined, now: () => number = Date.now): Prices {
  let cached: { at: number; map: PriceMap } | null = null;
  let inFlight: Promise<PriceMap> | null = null;

  async function fetchMap({ fetch }: PriceLoadOptions): Promise<PriceMap> {
    if (!api) return {};
    const init = fetch ? { fetch } : {};
    const map = await unwrap(api.GET('/Products', init));
    if (Object.keys(map).length > 0) return map;
    return unwrap(api.GET('/Products/nocache', init));
  }

  return {
    load(options = {}) {
      if (cached && now() - cached.at < PRICE_CACHE_MS) return Promise.resolve(cached.map);
      if (inFlight) return inFlight;
      inFlight = fetchMap(options)
        .then(
          (map) => {
            cached = { at: now(), map };
            return map;
          },
          (error: unknown) => {
            console.warn('Prices could not be loaded.', error);
            return {} as PriceMap;
          },
        )
        .finally(() => {
          inFlight = null;
        });
      return inFlight;
    },
  };
}
