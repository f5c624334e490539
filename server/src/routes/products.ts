import type { FastifyInstance } from 'fastify';
import type { Handlers } from '../contract/routes';
import { cachedPriceMap, readPriceMap } from '../catalogue/prices';

export function productsRoutes(app: FastifyInstance): Handlers {
  const prices = cachedPriceMap(app.db);
  return {
    getPrices: async () => prices.read(),
    getPricesNocache: async ({ reply }) => {
      reply.header('cache-control', 'no-store');
      return readPriceMap(app.db);
    },
  };
}
