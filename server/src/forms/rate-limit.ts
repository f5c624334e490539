import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import rateLimit, { type CreateRateLimitOptions } from '@fastify/rate-limit';
import { errorPage } from '../identity/pages';
import { INTERACTION_PREFIX, OIDC_PREFIX } from '../identity/provider';
import { HttpError } from '../problem';
import { postgresRateLimitStore } from './rate-limit-store';

export const TOO_MANY_REQUESTS = 'Too many requests. Please wait a moment and try again.';

/** Contract operations that take a form post, each with its own budget per IP. */
const FORM_OPERATIONS = [
  'registerDealer',
  'requestImages',
  'subscribeNewsletter',
  'verifyNewsletter',
  'subscribeProductNotification',
  'registerProduct',
];
/** A challenge is fetched for every widget shown (footer newsletter on every page), so more. */
const CHALLENGE_FACTOR = 5;
/** The embedded identity provider's sign-in and registration form posts. */
const SIGN_IN_POSTS = new Set([`${INTERACTION_PREFIX}/:uid/login`, `${INTERACTION_PREFIX}/:uid/register`]);
/**
 * The provider's token endpoint (code exchange and refresh): a signed-in tab refreshes every few
 * minutes, so its budget is as generous as the challenges'; it stops code and token guessing.
 */
const TOKEN_ENDPOINT = `${OIDC_PREFIX}/token`;
const TOKEN_FACTOR = 5;
/**
 * Writes anyone may make without a form (issue 17, decision 027): a guest token is two rows, an
 * analytics event one. A browser makes one guest token a visit and an event a page, so these
 * budgets are far above a shopper's (and the e2e suite's, all from 127.0.0.1) and still stop a
 * flood: at the default FORM_RATE_LIMIT, 120 guest tokens and 300 events a minute and IP.
 */
export const GUEST_TOKEN_FACTOR = 6;
export const ANALYTICS_FACTOR = 15;
/**
 * The geocoder (issue 39 item 4, decision 075): with GEOCODING_API_KEY an address the embedded
 * zips do not answer, and the server's cache has not seen, is a paid call to the maps service. A
 * shopper geocodes once per dealer search (locator or checkout): 60 a minute at the default
 * FORM_RATE_LIMIT is far above typing zip after zip, and stops a script that walks addresses.
 */
export const GEOCODE_FACTOR = 3;
/**
 * The identity provider's authorization endpoint (GET and POST /oidc/auth) writes an interaction
 * (and its session) row per call, and /oidc/request (pushed authorization requests, if mounted) a
 * row per call (issue 39 item 4). A sign-in or registration page load is one call: 100 a minute at
 * the default, five times the sign-in posts' budget, so a shopper never meets it.
 */
export const AUTHORIZATION_FACTOR = 5;
const AUTHORIZATION_ENDPOINTS = new Set([`${OIDC_PREFIX}/auth`, `${OIDC_PREFIX}/request`]);
/** The geocoding route's answer when over the limit: its own shape, which the browser reads. */
export const GEOCODE_TOO_MANY = 'Too many requests, please wait a moment and try again';

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * A limiter of `max` requests per window (a minute unless said) and client (the IP unless a
 * `keyGenerator` says), named: with PostgreSQL the name keeps its counters apart from every other
 * limiter's in the shared table (rate-limit-store.ts, which refuses a limiter without one).
 */
export function createNamedRateLimit(
  app: FastifyInstance,
  name: string,
  max: number,
  more: Pick<CreateRateLimitOptions, 'timeWindow' | 'keyGenerator'> = {},
): Limiter {
  const options: CreateRateLimitOptions & { nameSpace: string } = { max, timeWindow: 60_000, ...more, nameSpace: name };
  return app.createRateLimit(options);
}

/**
 * Rate limits on the form endpoints (issue 4, decision 008): FORM_RATE_LIMIT posts per minute
 * and IP for each endpoint. With PostgreSQL the counters live in the database, one budget for
 * every server process on it (issue 21 item 3, decision 053); with PGlite (one process by nature)
 * in memory. Over the limit: 429 with Retry-After and the Problem message, or the identity error
 * page for the sign-in pages.
 */
export async function installFormRateLimits(app: FastifyInstance): Promise<void> {
  if (app.config.DATABASE_URL) {
    const { Store, stop } = postgresRateLimitStore(app.db);
    app.addHook('onClose', async () => stop());
    await app.register(rateLimit, { global: false, store: Store });
  } else {
    await app.register(rateLimit, { global: false });
  }
  const perMinute = app.config.FORM_RATE_LIMIT;
  const limiter = (name: string, max: number) => createNamedRateLimit(app, name, max);
  const limiters = new Map<string, Limiter>(FORM_OPERATIONS.map((id) => [id, limiter(id, perMinute)]));
  limiters.set('getCaptchaChallenge', limiter('getCaptchaChallenge', perMinute * CHALLENGE_FACTOR));
  for (const url of SIGN_IN_POSTS) limiters.set(`POST ${url}`, limiter(`POST ${url}`, perMinute));
  limiters.set(`POST ${TOKEN_ENDPOINT}`, limiter(`POST ${TOKEN_ENDPOINT}`, perMinute * TOKEN_FACTOR));
  limiters.set('createGuestToken', limiter('createGuestToken', perMinute * GUEST_TOKEN_FACTOR));
  limiters.set('recordAnalyticsEvent', limiter('recordAnalyticsEvent', perMinute * ANALYTICS_FACTOR));
  limiters.set('geocode', limiter('geocode', perMinute * GEOCODE_FACTOR));
  // One budget for the endpoints that start an authorization, GET and POST alike.
  limiters.set('authorization', limiter('authorization', perMinute * AUTHORIZATION_FACTOR));

  const limiterFor = (request: FastifyRequest): Limiter | undefined => {
    const operationId = request.routeOptions.config?.operationId;
    if (operationId) return limiters.get(operationId);
    // Only the endpoint itself: /oidc/auth/{uid} resumes an interaction that was counted.
    if (AUTHORIZATION_ENDPOINTS.has(request.url.split('?')[0])) return limiters.get('authorization');
    if (request.method !== 'POST') return undefined;
    // The provider is mounted on a wildcard route: its token endpoint is known by the path.
    if (request.url.split('?')[0] === TOKEN_ENDPOINT) return limiters.get(`POST ${TOKEN_ENDPOINT}`);
    return limiters.get(`POST ${request.routeOptions.url}`);
  };

  app.addHook('onRequest', async (request, reply) => {
    const limit = limiterFor(request);
    if (!limit) return;
    const result = await limit(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', String(result.ttlInSeconds));
    const path = request.url.split('?')[0];
    if (path === TOKEN_ENDPOINT || path === `${OIDC_PREFIX}/request`) return sendTokenError(reply);
    if (path === `${OIDC_PREFIX}/auth`) return sendSignInPage(app, reply);
    if (request.routeOptions.config?.operationId === 'geocode') {
      return reply.code(429).type('application/json').send({ status: 'OVER_QUERY_LIMIT', results: [], error_message: GEOCODE_TOO_MANY });
    }
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

/** OAuth 2.0's error shape (RFC 6749 section 5.2), which token clients such as oidc-client-ts read. */
function sendTokenError(reply: FastifyReply) {
  return reply
    .code(429)
    .header('cache-control', 'no-store')
    .type('application/json')
    .send({ error: 'temporarily_unavailable', error_description: TOO_MANY_REQUESTS });
}
