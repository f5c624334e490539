import { waitFor, type ActorRefFrom } from 'xstate';
import { isSettled } from '../../../machines/session/session.connect';
import type { sessionMachine } from '../../../machines/session/session.machine';
import { unwrap, type ApiClient } from '../../api/client';
import type { components } from '../../api/schema';

export type ShippingMethod = components['schemas']['ShippingMethod'];
export type OrderDetail = components['schemas']['OrderDetail'];

/** /checkout: the shipping methods of the billing step (GET /Cart/shipping-methods). */
export function createCheckoutLoader(api: ApiClient | undefined) {
  return async (): Promise<{ shippingMethods: ShippingMethod[] }> => ({
    shippingMethods: api ? await unwrap(api.GET('/Cart/shipping-methods')) : [],
  });
}

/**
 * /confirm/:orderId: the order (GET /Order/{orderId}); the client sends the bearer token or the
 * guest id, so the page works after a reload. An unknown or foreign order is the API's 404,
 * shown by the route's error screen. It waits for the session to settle (signed in or not).
 */
export function createConfirmationLoader(api: ApiClient | undefined, session: ActorRefFrom<typeof sessionMachine>) {
  return async ({ params }: { params: { orderId?: string } }): Promise<{ order: OrderDetail }> => {
    const orderId = Number(params.orderId);
    if (!api || !Number.isInteger(orderId) || orderId < 1) {
      throw new Response('Order not found', { status: 404, statusText: 'Not Found' });
    }
    // After a reload the signed-in user is restored first, so the call carries the bearer token.
    await waitFor(session, isSettled);
    return { order: await unwrap(api.GET('/Order/{orderId}', { params: { path: { orderId } } })) };
  };
}
