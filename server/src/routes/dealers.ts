import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Handlers } from '../contract/routes';
import { dealers } from '../db/schema';
import { dealerView, today } from '../checkout/ffl-dealers';

export function dealersRoutes(app: FastifyInstance): Handlers {
  return {
    // Every active dealer with coordinates; the browser filters by distance (decision 004). Each
    // says whether its licence is current today (decision 029): checkout offers only those.
    listDealers: async ({ reply }) => {
      const rows = await app.db.select().from(dealers).where(eq(dealers.active, true)).orderBy(asc(dealers.name));
      reply.header('cache-control', 'public, max-age=300');
      const day = today();
      return rows.map((row) => dealerView(row, day));
    },
  };
}
