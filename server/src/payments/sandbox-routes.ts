import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { SANDBOX_PAYMENT_SCRIPT_PATH } from '../config';
import { problem } from '../problem';
import { CardInputError, type CardInput, type SandboxGateway } from './sandbox-gateway';

/** Where the sandbox provider's API lives: outside /api, since it stands in for another company. */
export const SANDBOX_TOKENS_PATH = '/payments-sandbox/v1/tokens';

/** The sandbox provider's browser script (PAYMENT_SCRIPT_URL's default). */
export const SANDBOX_SCRIPT_PATH = SANDBOX_PAYMENT_SCRIPT_PATH;

const sandboxScript = readFileSync(new URL('./sandbox-script.js', import.meta.url), 'utf8');

/**
 * POST /payments-sandbox/v1/tokens { number, month, year, cvc } -> 200 { id: 'tok_...', card }
 * or 400 Problem with `code` (invalid_number, invalid_expiry, expired_card, invalid_cvc). The card
 * number never reaches the shop API: the browser sends only the token to checkout.
 */
export function registerSandboxPaymentRoutes(app: FastifyInstance, gateway: SandboxGateway): void {
  // The browser interface `window.Accept.dispatchData` (Accept.js's, decision 012), loaded by the storefront only
  // on the checkout's payment step (src/features/payments/tokenizer.ts).
  app.get(SANDBOX_SCRIPT_PATH, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=300').send(sandboxScript),
  );
  app.post<{ Body: CardInput }>(
    SANDBOX_TOKENS_PATH,
    {
      schema: {
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['number', 'month', 'year', 'cvc'],
          properties: {
            number: { type: 'string', minLength: 1, maxLength: 30 },
            month: { type: ['string', 'integer'], maxLength: 2 },
            year: { type: ['string', 'integer'], maxLength: 4 },
            cvc: { type: 'string', minLength: 1, maxLength: 4 },
          },
        },
      },
    },
    async (request, reply) => {
      try {
        return gateway.tokenize(request.body);
      } catch (error) {
        if (!(error instanceof CardInputError)) throw error;
        return reply.code(400).send({ ...problem(400, error.message), code: error.code });
      }
    },
  );
}
