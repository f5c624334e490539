import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Handlers } from '../contract/routes';
import {
  addLines,
  applyPromoCode,
  cartView,
  computeCart,
  findGuestCart,
  findUserCart,
  listShippingMethods,
  mergeGuestCart,
  removeLine,
  requireOwnCart,
  setLineQuantity,
  type CartOwner,
  type WrittenCart,
} from '../cart/cart-service';
import { toDollars } from '../catalogue/pricing';
import { HttpError, badRequest } from '../problem';
import { currentUser } from '../identity/bearer';
import { createNamedRateLimit, TOO_MANY_REQUESTS } from '../forms/rate-limit';
import { addressTaxCode } from '../../../src/domain/tax-codes';

/** Promo-code attempts per minute and IP, as a multiple of FORM_RATE_LIMIT: guessing codes is slow. */
const PROMO_ATTEMPTS_FACTOR = 3;
const PROMO_OPERATIONS = new Set(['applyPromoCode', 'applyGuestPromoCode']);

/** User and guest variants of each call share one implementation; only the owner differs. */
const user = (request: FastifyRequest): CartOwner => ({ userId: currentUser(request).id });
const guest = (guestToken: string): CartOwner => ({ guestToken });

export function cartRoutes(app: FastifyInstance): Handlers {
  const db = app.db;
  limitPromoAttempts(app);

  // Each write locks the owner's cart itself and answers what the view needs (issue 21 item 2).
  const write = async (change: Promise<WrittenCart>) => {
    const known = await change;
    return cartView(db, known.current, known);
  };
  /**
   * The compute call. `address.taxCode` is the browser's echo of the cart's codes (spec section
   * 3): the tax comes from each line's catalogue code whatever it says, and a code that does not
   * match the cart is noted in the log and ignored (decision 007, addendum 2026-11-26).
   */
  const compute = async (
    request: FastifyRequest,
    owner: CartOwner,
    body: { cartId: number; shippingMethodId: number; address: { region: string; taxCode?: string }; dealerState?: string },
  ) => {
    const input = { region: body.address.region, shippingMethodId: body.shippingMethodId, dealerState: body.dealerState };
    const computed = await computeCart(db, owner, body.cartId, input);
    const view = await cartView(db, computed.current, computed);
    const sent = body.address.taxCode;
    const expected = addressTaxCode(view.items);
    // An empty code is no code (the field was free text before the codes existed).
    if (sent && sent !== expected) {
      request.log.info({ cartId: computed.current.id, sent, expected: expected ?? null }, 'compute: address.taxCode does not match the cart; ignored');
    }
    return view;
  };
  const promo = async (owner: CartOwner, body: { cartId: number; promoCode: string }) => {
    const cart = await requireOwnCart(db, owner, body.cartId);
    await applyPromoCode(db, cart, body.promoCode);
    return cartView(db, cart);
  };

  return {
    getGuestCart: async ({ params }) => cartView(db, await findGuestCart(db, params.guestToken)),
    addGuestCartItems: async ({ params, body }) => write(addLines(db, guest(params.guestToken), body)),
    updateGuestCartItem: async ({ params, body }) => write(setLineQuantity(db, guest(params.guestToken), params.id, body.quantity)),
    deleteGuestCartItem: async ({ params }) => write(removeLine(db, guest(params.guestToken), params.id)),
    computeGuestCart: async ({ request, params, body }) => compute(request, guest(params.guestToken), body),
    applyGuestPromoCode: async ({ params, body }) => promo(guest(params.guestToken), body),

    getCart: async ({ request }) => cartView(db, await findUserCart(db, currentUser(request).id)),
    addCartItems: async ({ request, body }) => write(addLines(db, user(request), body)),
    updateCartItem: async ({ request, params, body }) => write(setLineQuantity(db, user(request), params.id, body.quantity)),
    deleteCartItem: async ({ request, params }) => write(removeLine(db, user(request), params.id)),
    computeCart: async ({ request, body }) => compute(request, user(request), body),
    applyPromoCode: async ({ request, body }) => promo(user(request), body),
    mergeCart: async ({ request, query, body }) => {
      // Decision 004: the guest id is in the query and in the body, and both must agree.
      if (query.guestId !== body.guestId) throw badRequest('guestId in the query and in the body must be the same');
      const cart = await findUserCart(db, currentUser(request).id);
      await mergeGuestCart(db, cart, body.guestId);
      return cartView(db, cart);
    },

    getShippingMethods: async () =>
      (await listShippingMethods(db)).map((method) => ({ id: method.id, name: method.name, price: toDollars(method.priceCents) })),
  };
}

/** 429 with Retry-After past the promo-code budget (the contract's TooManyRequests). */
function limitPromoAttempts(app: FastifyInstance): void {
  if (!app.hasDecorator('createRateLimit')) return;
  const limit = createNamedRateLimit(app, 'promoCodeAttempts', app.config.FORM_RATE_LIMIT * PROMO_ATTEMPTS_FACTOR);
  app.addHook('onRequest', async (request, reply) => {
    if (!PROMO_OPERATIONS.has(request.routeOptions.config?.operationId ?? '')) return;
    const result = await limit(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', String(result.ttlInSeconds));
    throw new HttpError(429, TOO_MANY_REQUESTS);
  });
}
