import type { FastifyInstance } from 'fastify';
import type { Handlers } from '../contract/routes';
import { cachedPriceMap, readPriceMap, type PriceMap } from '../catalogue/prices';
import { preparedCache } from '../contract/prepared-json';

export function productsRoutes(app: FastifyInstance): Handlers {
  const prices = cachedPriceMap(app.db);
  // A sale or a price change, here or in another process, is served from the next read.
  app.onCatalogueChange(() => prices.invalidate());
  // Serialized once per read of the price map, sent with an ETag.
  const prepared = preparedCache<PriceMap>();
  return {
    getPrices: async () => prepared(await prices.read()),
    getPricesNocache: async ({ reply }) => {
      reply.header('cache-control', 'no-store');
      return readPriceMap(app.db);
    },
  };
}
