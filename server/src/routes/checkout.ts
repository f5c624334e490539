import type { FastifyInstance } from 'fastify';
import type { Handlers } from '../contract/routes';
import { CART_NOT_FOUND } from '../cart/cart-service';
import { HttpError, notFound } from '../problem';
import { checkoutFormErrors } from '../checkout/checkout-forms';
import { placeOrder } from '../checkout/checkout-service';
import { orderOwner } from '../checkout/orders';
import { createPaymentGateway } from '../payments/select-gateway';

export function checkoutRoutes(app: FastifyInstance): Handlers {
  // The card gateway by PAYMENT_GATEWAY: the embedded sandbox and its tokenizer routes (decision
  // 007), or Authorize.net's API (decision 012). Tests may decorate their own first.
  if (!app.hasDecorator('paymentGateway')) app.decorate('paymentGateway', createPaymentGateway(app));

  // The billing and dealer forms' rules with the spec's messages (shop-core section 5), before
  // the contract's schema check would describe the same mistakes in its own words.
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config?.operationId !== 'checkoutSimplified') return;
    const found = checkoutFormErrors(request.body);
    if (found) throw new HttpError(400, found.message, { errors: found.errors });
  });

  return {
    checkoutSimplified: async ({ request, body }) => {
      const owner = orderOwner(request);
      if (!owner) throw notFound(CART_NOT_FOUND);
      const key = request.headers['idempotency-key'];
      return placeOrder(
        { db: app.db, gateway: app.paymentGateway, mailer: app.mailer, log: request.log, publicUrl: app.config.PUBLIC_URL },
        {
          owner,
          verifiedEmail: request.user?.emailVerified ? request.user.email : undefined,
          idempotencyKey: Array.isArray(key) ? key[0] : key,
        },
        body,
      );
    },
  };
}
