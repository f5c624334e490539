import type { ActorRefFrom } from 'xstate';
import { whenSnapshot } from '../../components/when-snapshot';
import { isProfileSettled, isSettled } from '../../../machines/session/session.connect';
import type { sessionMachine } from '../../../machines/session/session.machine';
import { unwrap, type ApiClient } from '../../api/client';
import type { components } from '../../api/schema';
import { errorStatus } from '../../domain/error-text';

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
      session ? whenSnapshot(session, isProfileSettled) : Promise.resolve(),
    ]);
    return { shippingMethods };
  };
}

/**
 * /confirm/:orderId: the order (GET /Order/{orderId}); the client sends the bearer token or the
 * guest id, so the page works after a reload, and the `t` of the address (the confirmation mail's
 * signed link, decision 032), so the mailed link opens in any browser. An unknown or foreign order
 * (or a bad or expired link) is a 404 Response, shown by the route's error screen with its status
 * line. It waits for the session to settle (signed in or not).
 */
export function createConfirmationLoader(api: ApiClient | undefined, session: ActorRefFrom<typeof sessionMachine>) {
  return async ({ params, request }: { params: { orderId?: string }; request: Request }): Promise<{ order: OrderDetail }> => {
    const orderId = Number(params.orderId);
    if (!api || !Number.isInteger(orderId) || orderId < 1) throw orderNotFound();
    const t = new URL(request.url).searchParams.get('t') || undefined;
    // After a reload the signed-in user is restored first, so the call carries the bearer token.
    await whenSnapshot(session, isSettled);
    try {
      return { order: await unwrap(api.GET('/Order/{orderId}', { params: { path: { orderId }, query: t ? { t } : {} } })) };
    } catch (error) {
      // 400 is an order id or link the contract refuses: for the shopper, no such order either.
      const status = errorStatus(error);
      if (status === 404 || status === 400) throw orderNotFound();
      throw error;
    }
  };
}

function orderNotFound(): Response {
  return new Response('Order not found', { status: 404, statusText: 'Not Found' });
}
