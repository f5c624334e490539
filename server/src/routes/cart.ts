import type { FastifyInstance } from 'fastify';
import type { Handlers } from '../contract/routes';
import { addLines, cartView, findGuestCart, findUserCart, mergeGuestCart } from '../cart/cart-service';
import { badRequest } from '../problem';
import { currentUser } from '../identity/bearer';

export function cartRoutes(app: FastifyInstance): Handlers {
  const db = app.db;
  return {
    getGuestCart: async ({ params }) => cartView(db, await findGuestCart(db, params.guestToken)),
    addGuestCartItems: async ({ params, body }) => {
      const cart = await findGuestCart(db, params.guestToken);
      await addLines(db, cart, body);
      return cartView(db, cart);
    },
    getCart: async ({ request }) => cartView(db, await findUserCart(db, currentUser(request).id)),
    addCartItems: async ({ request, body }) => {
      const cart = await findUserCart(db, currentUser(request).id);
      await addLines(db, cart, body);
      return cartView(db, cart);
    },
    mergeCart: async ({ request, query, body }) => {
      // Decision 004: the guest id is in the query and in the body, and both must agree.
      if (query.guestId !== body.guestId) throw badRequest('guestId in the query and in the body must be the same');
      const cart = await findUserCart(db, currentUser(request).id);
      await mergeGuestCart(db, cart, body.guestId);
      return cartView(db, cart);
    },
  };
}
