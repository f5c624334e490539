import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Handlers } from '../contract/routes';
import { dealers } from '../db/schema';

export function dealersRoutes(app: FastifyInstance): Handlers {
  return {
    // Every active dealer with coordinates; the browser filters by distance (decision 004).
    listDealers: async ({ reply }) => {
      const rows = await app.db.select().from(dealers).where(eq(dealers.active, true)).orderBy(asc(dealers.name));
      reply.header('cache-control', 'public, max-age=300');
      return rows.map((d) => ({
        id: d.number,
        name: d.name,
        phoneNumber: d.phoneNumber,
        address1: d.address1,
        address2: d.address2,
        city: d.city,
        state: d.state,
        postalCode: d.postalCode,
        latitude: d.latitude,
        longitude: d.longitude,
      }));
    },
  };
}
