import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { errorPage } from '../identity/pages';
import { INTERACTION_PREFIX } from '../identity/provider';
import { HttpError } from '../problem';

export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a moment and try again.';

/** Contract operations that take a form post, each with its own budget per IP. */
const FORM_OPERATIONS = [
  'registerDealer',
  'requestImages',
  'subscribeNewsletter',
  'verifyNewsletter',
  'subscribeProductNotification',
];
/** A challenge is fetched for every widget shown (footer newsletter on every page), so more. */
const CHALLENGE_FACTOR = 5;
/** The embedded identity provider's sign-in and registration form posts. */
const SIGN_IN_POSTS = new Set([`${INTERACTION_PREFIX}/:uid/login`, `${INTERACTION_PREFIX}/:uid/register`]);

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * Rate limits on the form endpoints (issue 4, decision 008): FORM_RATE_LIMIT posts per minute
 * and IP for each endpoint, in memory (one budget per server process). Over the limit: 429 with
 * Retry-After and the Problem message, or the identity error page for the sign-in pages.
 */
export async function installFormRateLimits(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, { global: false });
  const perMinute = app.config.FORM_RATE_LIMIT;
  const limiter = (max: number) => app.createRateLimit({ max, timeWindow: 60_000 });
  const limiters = new Map<string, Limiter>(FORM_OPERATIONS.map((id) => [id, limiter(perMinute)]));
  limiters.set('getCaptchaChallenge', limiter(perMinute * CHALLENGE_FACTOR));
  for (const url of SIGN_IN_POSTS) limiters.set(`POST ${url}`, limiter(perMinute));

  const limiterFor = (request: FastifyRequest): Limiter | undefined => {
    const operationId = request.routeOptions.config?.operationId;
    if (operationId) return limiters.get(operationId);
    return request.method === 'POST' ? limiters.get(`POST ${request.routeOptions.url}`) : undefined;
  };

  app.addHook('onRequest', async (request, reply) => {
    const limit = limiterFor(request);
    if (!limit) return;
    const result = await limit(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', String(result.ttlInSeconds));
    if (!request.routeOptions.config?.operationId) return sendSignInPage(app, reply);
    throw new HttpError(429, TOO_MANY_REQUESTS);
  });
}

function sendSignInPage(app: FastifyInstance, reply: FastifyReply) {
  return reply
    .code(429)
    .type('text/html; charset=utf-8')
    .send(errorPage({ title: 'Too many requests', message: TOO_MANY_REQUESTS, shopUrl: app.config.PUBLIC_URL }));
}
