// The price map the server answers `GET Products` with, from the seed's sku rows: the prices
// the product and collection tests join with the seeded catalogue.
import { finalPrice } from '../../server/seed/pricing';
import { skus as seedSkus } from '../../server/seed/skus';
import type { PriceMap } from '../../src/api/prices';

export const seedPrices: PriceMap = Object.fromEntries(
  seedSkus.map((row) => [
    row.sku,
    {
      price: row.price,
      bestDiscountPercentage: row.bestDiscountPercentage,
      bestDiscountedPrice: row.bestDiscountPercentage ? finalPrice(row.price, row.bestDiscountPercentage) : null,
      qtyOnHand: row.qtyOnHand,
    },
  ]),
);
