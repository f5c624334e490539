/**
 * The only place that creates HTTP clients (DESIGN.md section 1; ESLint forbids openapi-fetch
 * elsewhere). Types come from the generated src/api/schema.ts and geocoding-schema.ts.
 *
 * Pattern: the middleware throws an ApiError for every status outside 200-299 and for every
 * request that gets no answer, so a call either rejects or resolves with data. Callers write
 *
 *   const cart = await unwrap(api.GET('/Cart/guest/{guestToken}', { params: { path: { guestToken } } }));
 *
 * and handle failures in the machine that asked (catch ApiError: status, message, code).
 * The clients never navigate, show toasts or retry.
 */
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { ApiError, errorMessage, httpError, transportError } from './api-error';
import type { paths } from './schema';
import type { paths as GeocodingPaths } from './geocoding-schema';

type MaybePromise<T> = T | Promise<T>;
type FetchFn = (request: Request) => Promise<Response>;

export interface ApiClientOptions {
  /** API_BASE_URL from the runtime settings, e.g. '/api' (decision 001). */
  baseUrl: string;
  /** The signed-in user's access token, or nothing for a guest. Read on every request. */
  getAccessToken: () => MaybePromise<string | null | undefined>;
  /** The guest token from local storage, or nothing. Read on every request that may need it. */
  getGuestId: () => MaybePromise<string | null | undefined>;
  /** Injected fetch (tests); defaults to the global fetch at call time. */
  fetch?: FetchFn;
}

export type ApiClient = Client<paths>;
export type GeocodingClient = Client<GeocodingPaths>;

const REQUEST_ID = 'X-Request-ID';

/**
 * Calls where a guest proves ownership with the X-Guest-Id header (the contract's `guestId`
 * security scheme): the order look-up (shop-core section 6) and checkout (decision 004).
 */
const GUEST_ID_CALLS = new Set(['GET /Order/{orderId}', 'POST /Checkout/simplified']);

/** crypto.randomUUID needs a secure context; fall back to getRandomValues on plain http. */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

async function readBody(response: Response): Promise<unknown> {
  try {
    const text = await response.clone().text();
    if (text === '') return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  } catch {
    return undefined;
  }
}

/**
 * Every request carries X-Request-ID with a random uuid (shop-core.md section 7,
 * catalogue-and-content.md section 7): one middleware for every client, so the shop API, the
 * geocoder and the media downloads (`fetchWithRequestId`) send it the same way.
 */
export const requestIdMiddleware: Middleware = {
  onRequest: ({ request }) => withRequestId(request),
};

function withRequestId(request: Request): Request {
  if (!request.headers.has(REQUEST_ID)) request.headers.set(REQUEST_ID, newRequestId());
  return request;
}

/**
 * A plain fetch through the same middleware (media downloads, section 7). A request to another
 * origin is sent as it is: a custom header there would need that origin's CORS consent.
 */
export function fetchWithRequestId(fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init)): typeof fetch {
  return (input, init) => {
    const request = new Request(input instanceof Request ? input : new URL(input, globalThis.location?.href), init);
    return fetchImpl(new URL(request.url).origin === globalThis.location?.origin ? withRequestId(request) : request);
  };
}

/** Turns every non-2xx answer and every transport failure into an ApiError. */
const errorMiddleware: Middleware = {
  async onResponse({ request, response }) {
    if (response.ok) return undefined;
    throw httpError(response, await readBody(response), request.headers.get(REQUEST_ID));
  },
  onError({ request, error }) {
    return transportError(error, request.headers.get(REQUEST_ID));
  },
};

export function createApiClient(options: ApiClientOptions): ApiClient {
  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    // Late-bound so a fetch stubbed after creation (tests, devtools) is still used.
    fetch: options.fetch ?? ((request) => globalThis.fetch(request)),
  });
  const auth: Middleware = {
    async onRequest({ request, schemaPath }) {
      const token = await options.getAccessToken();
      if (token) {
        request.headers.set('Authorization', `Bearer ${token}`);
      } else if (GUEST_ID_CALLS.has(`${request.method} ${schemaPath}`)) {
        const guestId = await options.getGuestId();
        if (guestId) request.headers.set('X-Guest-Id', guestId);
      }
      return request;
    },
  };
  // Registered first so its onResponse runs last (openapi-fetch runs onResponse in reverse).
  client.use(errorMiddleware, requestIdMiddleware, auth);
  return client;
}

/** The geocoder sits under the API base (the embedded one, decision 008). */
export function geocodingBaseUrl(apiBaseUrl: string): string {
  return `${apiBaseUrl.replace(/\/+$/, '')}/geo`;
}

export interface GeocodingClientOptions {
  /** '/api/geo' for the embedded geocoder, or the maps service's base URL in production. */
  baseUrl: string;
  /** Maps key, added as `key` to every request when set. */
  apiKey?: string | null;
  fetch?: FetchFn;
}

/**
 * Client of the geocoding service (openapi/geocoding.yaml), always our own server's `/api/geo`
 * (which holds any outside service's key, decision 008): it sends X-Request-ID like every call,
 * and no bearer token. A 200 answer can still report a failure in `status`; that is the caller's
 * to check.
 */
export function createGeocodingClient(options: GeocodingClientOptions): GeocodingClient {
  const client = createClient<GeocodingPaths>({
    baseUrl: options.baseUrl,
    fetch: options.fetch ?? ((request) => globalThis.fetch(request)),
  });
  const key: Middleware = {
    onRequest({ request }) {
      if (!options.apiKey) return undefined;
      const url = new URL(request.url);
      if (url.searchParams.has('key')) return undefined;
      url.searchParams.set('key', options.apiKey);
      return new Request(url, request);
    },
  };
  const errors: Middleware = {
    async onResponse({ request, response }) {
      if (response.ok) return undefined;
      const body = await readBody(response);
      const err = httpError(response, body, request.headers.get(REQUEST_ID));
      // The geocoding service reports its reason in error_message, not message/title.
      const reason = body !== null && typeof body === 'object' ? (body as { error_message?: unknown }).error_message : undefined;
      if (typeof reason === 'string' && reason !== '') {
        throw new ApiError({ code: 'http', status: err.status, title: err.title, message: reason, requestId: err.requestId, body });
      }
      throw err;
    },
    onError({ request, error }) {
      return transportError(error, request.headers.get(REQUEST_ID));
    },
  };
  client.use(errors, requestIdMiddleware, key);
  return client;
}

/**
 * The data of a call. With the middleware above a call that resolves always succeeded, so this
 * only narrows the type (and guards against a client built without the middleware).
 */
export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok || error !== undefined) {
    const statusText = response.statusText || `HTTP ${response.status}`;
    throw new ApiError({
      code: 'http',
      status: response.status,
      title: statusText,
      message: errorMessage(error, statusText),
      requestId: response.headers.get(REQUEST_ID),
      body: error,
    });
  }
  return data as T;
}

/**
 * Body serializer for the multipart calls (registerDealer): files are appended as files, other
 * values as text, and empty values are skipped (catalogue spec section 7).
 *
 *   api.POST('/Registration/dealer', { body, bodySerializer: formDataBody, params: { header: { 'X-Captcha': token } } })
 */
export function formDataBody(values: object): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '') continue;
    if (value instanceof Blob) {
      form.append(name, value, value instanceof File ? value.name : name);
    } else {
      form.append(name, String(value));
    }
  }
  return form;
}
