import type { FastifyInstance } from 'fastify';
import { createAuthorizeNetGateway } from './authorize-net-gateway';
import type { PaymentGateway } from './gateway';
import { createSandboxGateway } from './sandbox-gateway';
import { registerSandboxPaymentRoutes } from './sandbox-routes';

/**
 * The card gateway PAYMENT_GATEWAY selects (server/src/config.ts checked its settings at start):
 * `sandbox` (default) also serves the sandbox's script and tokens endpoint; `authorize-net`
 * charges Accept.js tokens through Authorize.net's API of AUTHNET_ENVIRONMENT (decision 012).
 */
export function createPaymentGateway(app: FastifyInstance): PaymentGateway {
  const config = app.config;
  if (config.PAYMENT_GATEWAY === 'authorize-net') {
    return createAuthorizeNetGateway({
      apiLoginId: config.AUTHNET_API_LOGIN_ID!,
      transactionKey: config.AUTHNET_TRANSACTION_KEY!,
      environment: config.AUTHNET_ENVIRONMENT,
      log: app.log,
    });
  }
  if (config.NODE_ENV === 'production') {
    // Still allowed (demos, the bench), but an operator should know no card is charged.
    app.log.warn('PAYMENT_GATEWAY is sandbox with NODE_ENV=production: orders are paid with sandbox test cards and no money is charged');
  }
  const sandbox = createSandboxGateway();
  registerSandboxPaymentRoutes(app, sandbox);
  return sandbox;
}
