import type { FastifyInstance } from 'fastify';
import type { Handlers } from '../contract/routes';
import { createGuest } from '../cart/cart-service';

export function authRoutes(app: FastifyInstance): Handlers {
  return {
    createGuestToken: async () => ({ guestToken: await createGuest(app.db) }),
  };
}
