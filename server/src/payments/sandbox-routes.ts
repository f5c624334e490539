import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { SANDBOX_PAYMENT_SCRIPT_PATH } from '../config';
import { problem } from '../problem';
import { createNamedRateLimit } from '../forms/rate-limit';
import { CardInputError, type CardInput, type SandboxGateway } from './sandbox-gateway';

/** Where the sandbox provider's API lives: outside /api, since it stands in for another company. */
export const SANDBOX_TOKENS_PATH = '/payments-sandbox/v1/tokens';

/** The sandbox provider's browser script (PAYMENT_SCRIPT_URL's default). */
export const SANDBOX_SCRIPT_PATH = SANDBOX_PAYMENT_SCRIPT_PATH;

const sandboxScript = readFileSync(new URL('./sandbox-script.js', import.meta.url), 'utf8');

/**
 * Card tokens a minute and IP: FORM_RATE_LIMIT times this, like the other budgets of writes
 * anyone may make (server/src/forms/rate-limit.ts): 120 at the default, far above a shopper
 * retyping a card and still a stop to a flood (decision 028).
 */
export const CARD_TOKEN_FACTOR = 6;

/** The 429 of the tokens endpoint (decision 028). */
export const tooManyCardTokens = (perMinute: number) =>
  `Too many card tokens from your address (at most ${perMinute} a minute). Please wait a moment and try again.`;

/**
 * POST /payments-sandbox/v1/tokens { number, month, year, cvc } -> 200 { id: 'tok_...', card }
 * or 400 Problem with `code` (invalid_number, invalid_expiry, expired_card, invalid_cvc). The card
 * number never reaches the shop API: the browser sends only the token to checkout. At most
 * FORM_RATE_LIMIT x CARD_TOKEN_FACTOR tokenizations a minute per IP (decision 028): then 429
 * with `code` rate_limited and Retry-After, which the sandbox script shows as the card form's
 * error.
 */
export function registerSandboxPaymentRoutes(app: FastifyInstance, gateway: SandboxGateway): void {
  const perMinute = app.config.FORM_RATE_LIMIT * CARD_TOKEN_FACTOR;
  // Keyed like the form limits (server/src/forms/rate-limit.ts): request.ip, the socket's peer.
  const limit = createNamedRateLimit(app, 'cardTokens', perMinute);
  // The browser interface `window.Accept.dispatchData` (Accept.js's, decision 012), loaded by the storefront only
  // on the checkout's payment step (src/features/checkout/tokenizer.ts).
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
      // Counted before the body is read or checked: every attempt counts, good card or not.
      onRequest: async (request, reply) => {
        const result = await limit(request);
        if (result.isAllowed || !result.isExceeded) return;
        return reply
          .code(429)
          .header('retry-after', String(result.ttlInSeconds))
          .header('cache-control', 'no-store')
          .send({ ...problem(429, tooManyCardTokens(perMinute)), code: 'rate_limited' });
      },
    },
    async (request, reply) => {
      // A token is a one-time secret: no cache keeps it.
      reply.header('cache-control', 'no-store');
      try {
        return gateway.tokenize(request.body);
      } catch (error) {
        if (!(error instanceof CardInputError)) throw error;
        return reply.code(400).send({ ...problem(400, error.message), code: error.code });
      }
    },
  );
}
