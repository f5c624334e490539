import type { FastifyInstance } from 'fastify';
import type { Handlers } from '../contract/routes';
import { addLines, cartView, findGuestCart } from '../cart/cart-service';

export function cartRoutes(app: FastifyInstance): Handlers {
  const db = app.db;
  return {
    getGuestCart: async ({ params }) => cartView(db, await findGuestCart(db, params.guestToken)),
    addGuestCartItems: async ({ params, body }) => {
      const cart = await findGuestCart(db, params.guestToken);
      await addLines(db, cart, body);
      return cartView(db, cart);
    },
  };
}
