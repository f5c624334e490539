import { waitFor, type ActorRefFrom } from 'xstate';
import { isProfileSettled, isSettled } from '../../../machines/session/session.connect';
import type { sessionMachine } from '../../../machines/session/session.machine';
import { unwrap, type ApiClient } from '../../api/client';
import type { components } from '../../api/schema';

export type ShippingMethod = components['schemas']['ShippingMethod'];
export type OrderDetail = components['schemas']['OrderDetail'];

/**
 * /checkout: the shipping methods of the billing step (GET /Cart/shipping-methods). It also waits
 * for the session to settle and a signed-in customer's profile to load, so the billing form is
 * prefilled once, before the shopper types (a late profile would otherwise replace typed values).
 */
export function createCheckoutLoader(api: ApiClient | undefined, session?: ActorRefFrom<typeof sessionMachine>) {
  return async (): Promise<{ shippingMethods: ShippingMethod[] }> => {
    const [shippingMethods] = await Promise.all([
      api ? unwrap(api.GET('/Cart/shipping-methods')) : Promise.resolve([]),
      session ? waitFor(session, isProfileSettled) : Promise.resolve(),
    ]);
    return { shippingMethods };
  };
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
