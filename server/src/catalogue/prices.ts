import type { Db } from '../db/client';
import { skus } from '../db/schema';
import { finalPriceCents, toDollars } from './pricing';
import type { ResultOf } from '../contract/routes';

export type PriceMap = ResultOf<'getPrices'>;

export async function readPriceMap(db: Db): Promise<PriceMap> {
  const rows = await db.select().from(skus);
  const map: PriceMap = {};
  for (const row of rows) {
    map[row.sku] = {
      price: toDollars(row.priceCents),
      bestDiscountPercentage: row.discountPercent,
      bestDiscountedPrice: toDollars(finalPriceCents(row.priceCents, row.discountPercent)),
      qtyOnHand: Math.max(0, row.qtyOnHand),
    };
  }
  return map;
}

/**
 * GET Products is read on every product and collection page; a copy spares the database. It is
 * dropped when the skus change (invalidate(), on migration 0014's notices, in every process) and
 * lives at most `ttlMs` besides. Products/nocache always reads through (the spec's fallback when
 * the map is empty).
 */
export function cachedPriceMap(db: Db, ttlMs = 5_000) {
  let cached: { at: number; value: Promise<PriceMap> } | undefined;
  return {
    read(): Promise<PriceMap> {
      const now = Date.now();
      if (!cached || now - cached.at > ttlMs) {
        const value = readPriceMap(db);
        cached = { at: now, value };
        value.catch(() => {
          cached = undefined;
        });
      }
      return cached.value;
    },
    invalidate() {
      cached = undefined;
    },
  };
}
