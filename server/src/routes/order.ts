import type { FastifyInstance } from 'fastify';
import type { Handlers } from '../contract/routes';
import { currentUser } from '../identity/bearer';
import { listOrderSummaries } from '../accounts/order-summaries';
import { findLinkedOrder, findOwnedOrder, orderDetail, orderItemsOf, orderOwner } from '../checkout/orders';
import { HttpError } from '../problem';

export function orderRoutes(app: FastifyInstance): Handlers {
  const db = app.db;
  return {
    // Newest first; the same summaries the profile lists.
    listOrders: async ({ request }) => listOrderSummaries(db, currentUser(request).id),
    // The owner reads it; anybody else only with the mail link's token for this order (decision 032).
    getOrder: async ({ request, params, query }) => {
      const order = await findOwnedOrder(db, orderOwner(request), params.orderId).catch((error: unknown) => {
        if (query.t && error instanceof HttpError && error.status === 404) return findLinkedOrder(db, params.orderId, query.t);
        throw error;
      });
      return orderDetail(order, await orderItemsOf(db, order.id));
    },
  };
}
