import type { FastifyInstance } from 'fastify';
import type { Handlers } from '../contract/routes';
import { currentUser } from '../identity/bearer';
import { listOrderSummaries } from '../accounts/order-summaries';
import { findOwnedOrder, orderDetail, orderItemsOf, orderOwner } from '../checkout/orders';

export function orderRoutes(app: FastifyInstance): Handlers {
  const db = app.db;
  return {
    // Newest first; the same summaries the profile lists.
    listOrders: async ({ request }) => listOrderSummaries(db, currentUser(request).id),
    getOrder: async ({ request, params }) => {
      const order = await findOwnedOrder(db, orderOwner(request), params.orderId);
      return orderDetail(order, await orderItemsOf(db, order.id));
    },
  };
}
