// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/api-error';
import { createApiClient, createGeocodingClient, fetchWithRequestId, formDataBody, newRequestId, unwrap } from '../../../src/api/client';
import type { components } from '../../../src/api/schema';
import { emptyGuestCart } from '../../support/carts';

type Cart = components['schemas']['Cart'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const GUEST = 'gid_abcdefghijklmnopqrstuv';

const emptyCart: Cart = emptyGuestCart({ id: 7, guestId: GUEST });

function json(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    ...init,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });
}

function setup(opts: { token?: string | null; guestId?: string | null; respond?: (req: Request) => Response | Promise<Response> } = {}) {
  const requests: Request[] = [];
  const fetch = vi.fn(async (request: Request) => {
    requests.push(request);
    return opts.respond ? opts.respond(request) : json(emptyCart);
  });
  const api = createApiClient({
    baseUrl: 'https://shop.test/api',
    getAccessToken: () => opts.token ?? null,
    getGuestId: () => opts.guestId ?? null,
    fetch,
  });
  return { api, fetch, requests };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('createApiClient', () => {
  it('prefixes the base URL and returns the data', async () => {
    const { api, requests } = setup();
    const cart = await unwrap(api.GET('/Cart/guest/{guestToken}', { params: { path: { guestToken: GUEST } } }));
    expect(cart).toEqual(emptyCart);
    expect(requests[0].method).toBe('GET');
    expect(requests[0].url).toBe(`https://shop.test/api/Cart/guest/${GUEST}`);
  });

  it('sends a fresh uuid X-Request-ID on every request', async () => {
    const { api, requests } = setup();
    await api.GET('/Cart/shipping-methods');
    await api.GET('/Cart/shipping-methods');
    const [a, b] = requests.map((r) => r.headers.get('X-Request-ID'));
    expect(a).toMatch(UUID);
    expect(b).toMatch(UUID);
    expect(a).not.toBe(b);
  });

  it('sends the bearer token when there is one, and no guest id then', async () => {
    const { api, requests } = setup({ token: 'tok.en', guestId: GUEST });
    await api.GET('/Cart');
    await api.GET('/Order/{orderId}', { params: { path: { orderId: 12 } } });
    for (const request of requests) {
      expect(request.headers.get('Authorization')).toBe('Bearer tok.en');
      expect(request.headers.get('X-Guest-Id')).toBeNull();
    }
  });

  it('sends X-Guest-Id on the order look-up and checkout of a guest only', async () => {
    const { api, requests } = setup({ guestId: GUEST });
    await api.GET('/Order/{orderId}', { params: { path: { orderId: 12 } } });
    await api.POST('/Checkout/simplified', {
      body: {
        cartId: 7,
        paymentToken: 'tok_1',
        customerInfo: {
          email: 'a@b.co',
          name: 'Ann Lee',
          address: '1 Main St',
          city: 'Austin',
          state: 'TX',
          zip: '78701',
          country: 'United States',
          shippingSameAsBilling: true,
          shippingMethodId: 1,
        },
      },
    });
    await api.GET('/Cart/guest/{guestToken}', { params: { path: { guestToken: GUEST } } });
    expect(requests.map((r) => r.headers.get('X-Guest-Id'))).toEqual([GUEST, GUEST, null]);
    expect(requests.every((r) => r.headers.get('Authorization') === null)).toBe(true);
    expect(requests[1].headers.get('Content-Type')).toBe('application/json');
  });

  it('serializes query parameters and JSON bodies', async () => {
    const { api, requests } = setup({ token: 't' });
    await api.POST('/Cart/merge', { params: { query: { guestId: GUEST } }, body: { guestId: GUEST } });
    expect(requests[0].url).toBe(`https://shop.test/api/Cart/merge?guestId=${GUEST}`);
    expect(await requests[0].json()).toEqual({ guestId: GUEST });
  });

  it('throws ApiError with the body message for a status outside 200-299', async () => {
    const { api, requests } = setup({
      respond: () => json({ status: 400, title: 'Bad Request', message: 'Discount code is invalid' }, { status: 400, statusText: 'Bad Request' }),
    });
    const error = await rejection(api.POST('/Cart/guest/{guestToken}/promo-code', {
      params: { path: { guestToken: GUEST } },
      body: { promoCode: 'NOPE', cartId: 7 },
    }));
    expect(error).toMatchObject({ code: 'http', status: 400, title: 'Bad Request', message: 'Discount code is invalid' });
    expect(error.body).toEqual({ status: 400, title: 'Bad Request', message: 'Discount code is invalid' });
    expect(error.requestId).toBe(requests[0].headers.get('X-Request-ID'));
  });

  it('falls back to the body title, then the status text', async () => {
    const titled = setup({ respond: () => json({ title: 'Not Found' }, { status: 404, statusText: 'Nope' }) });
    expect((await rejection(titled.api.GET('/Order/{orderId}', { params: { path: { orderId: 1 } } }))).message).toBe('Not Found');

    const bare = setup({ respond: () => new Response('<html>oops</html>', { status: 502, statusText: 'Bad Gateway' }) });
    const error = await rejection(bare.api.GET('/Cart/shipping-methods'));
    expect(error).toMatchObject({ status: 502, title: 'Bad Gateway', message: 'Bad Gateway', body: '<html>oops</html>' });

    const empty = setup({ respond: () => new Response(null, { status: 500 }) });
    expect((await rejection(empty.api.GET('/Cart/shipping-methods'))).message).toBe('HTTP 500');
  });

  it('treats 3xx answers as errors too', async () => {
    const { api } = setup({ respond: () => new Response(null, { status: 304, statusText: 'Not Modified' }) });
    expect(await rejection(api.GET('/Products'))).toMatchObject({ status: 304, code: 'http' });
  });

  it('turns a network failure into ApiError status 0, code network', async () => {
    const { api } = setup({
      respond: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const error = await rejection(api.GET('/Cart/shipping-methods'));
    expect(error).toMatchObject({ code: 'network', status: 0, message: 'Failed to fetch' });
    expect(error.requestId).toMatch(UUID);
  });

  it('turns an abort into code cancelled and a timeout into code timeout', async () => {
    const aborted = setup({
      respond: () => {
        throw new DOMException('This operation was aborted', 'AbortError');
      },
    });
    expect(await rejection(aborted.api.GET('/Products'))).toMatchObject({ code: 'cancelled', status: 0 });
    const timedOut = setup({
      respond: () => {
        throw new DOMException('The operation timed out', 'TimeoutError');
      },
    });
    expect(await rejection(timedOut.api.GET('/Products'))).toMatchObject({ code: 'timeout', status: 0 });
  });

  it('reads the token on every request, so sign-in and sign-out take effect at once', async () => {
    let token: string | null = null;
    const fetch = vi.fn(async (_request: Request) => json(emptyCart));
    const api = createApiClient({ baseUrl: 'https://shop.test/api/', getAccessToken: async () => token, getGuestId: () => null, fetch });
    await api.GET('/Cart/shipping-methods');
    token = 'later';
    await api.GET('/Cart');
    const [first, second] = fetch.mock.calls.map(([request]) => request);
    expect(first.headers.get('Authorization')).toBeNull();
    expect(second.headers.get('Authorization')).toBe('Bearer later');
    expect(second.url).toBe('https://shop.test/api/Cart');
  });
});

describe('unwrap', () => {
  it('throws ApiError when a result carries an error', async () => {
    const response = new Response(null, { status: 404, statusText: 'Not Found' });
    const error = await rejection(unwrap(Promise.resolve({ error: { message: 'No such order' }, response })));
    expect(error).toMatchObject({ status: 404, message: 'No such order' });
  });
});

describe('formDataBody', () => {
  it('appends files as files, other values as text, and skips empty values', () => {
    const file = new File(['%PDF-1.7'], 'ffl.pdf', { type: 'application/pdf' });
    const form = formDataBody({ company: 'Acme', website: '', hasFflSot: 'true', sotEin: undefined, fflDocument: file });
    expect([...form.keys()]).toEqual(['company', 'hasFflSot', 'fflDocument']);
    expect(form.get('company')).toBe('Acme');
    const sent = form.get('fflDocument');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('ffl.pdf');
  });
});

describe('registerDealer (multipart)', () => {
  it('sends a FormData body and the captcha header', async () => {
    const { api, requests } = setup({ respond: () => json({ message: 'Thank you for registering' }) });
    const { message } = await unwrap(api.POST('/Registration/dealer', {
      params: { header: { 'X-Captcha': 'altcha-payload' } },
      body: {
        company: 'Acme Arms', website: 'acme.test', phone: '555-123-4567', email: 'd@acme.test',
        password: 'secret123', confirmPassword: 'secret123', firstName: 'Ann', lastName: 'Lee',
        streetAddress: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701', country: 'United States',
        billingStreetAddress: '1 Main St', billingCity: 'Austin', billingState: 'TX', billingPostalCode: '78701',
        billingCountry: 'United States', hasFflSot: 'true', fflNumber: '1-23-456-78-9A-12345',
        fflDocument: new File(['%PDF-1.7'], 'ffl.pdf', { type: 'application/pdf' }),
      },
      bodySerializer: formDataBody,
    }));
    expect(message).toBe('Thank you for registering');
    expect(requests[0].headers.get('X-Captcha')).toBe('altcha-payload');
    expect(requests[0].headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    const form = await requests[0].formData();
    expect(form.get('company')).toBe('Acme Arms');
    expect((form.get('fflDocument') as File).name).toBe('ffl.pdf');
  });
});

describe('newRequestId', () => {
  it('is a v4 uuid', () => {
    expect(newRequestId()).toMatch(UUID);
  });
});

describe('createGeocodingClient', () => {
  it('adds the key, sends a uuid X-Request-ID and no bearer token, and reads error_message on failure', async () => {
    const requests: Request[] = [];
    const fetch = async (request: Request) => {
      requests.push(request);
      return requests.length === 1
        ? json({ status: 'OK', results: [{ formatted_address: 'Austin, TX 78701, USA', geometry: { location: { lat: 30.27, lng: -97.74 } } }] })
        : json({ status: 'INVALID_REQUEST', results: [], error_message: 'Invalid request. Missing the address parameter.' }, { status: 400, statusText: 'Bad Request' });
    };
    const geo = createGeocodingClient({ baseUrl: 'https://shop.test/api/geo', apiKey: 'k1', fetch });
    const ok = await unwrap(geo.GET('/geocode/json', { params: { query: { address: '78701' } } }));
    expect(ok.results[0].geometry.location).toEqual({ lat: 30.27, lng: -97.74 });
    expect(requests[0].url).toBe('https://shop.test/api/geo/geocode/json?address=78701&key=k1');
    expect(requests[0].headers.get('X-Request-ID')).toMatch(UUID);
    expect(requests[0].headers.get('Authorization')).toBeNull();

    const error = await rejection(geo.GET('/geocode/json', { params: { query: { address: ' ' } } }));
    expect(error).toMatchObject({ status: 400, message: 'Invalid request. Missing the address parameter.' });
    expect(error.requestId).toBe(requests[1].headers.get('X-Request-ID'));
    expect(requests[1].headers.get('X-Request-ID')).not.toBe(requests[0].headers.get('X-Request-ID'));
  });
});

describe('fetchWithRequestId (media downloads)', () => {
  it('adds a uuid X-Request-ID to a request of our own origin, and nothing to another origin', async () => {
    vi.stubGlobal('location', new URL('https://shop.test/media-library'));
    try {
      const requests: Request[] = [];
      const send = fetchWithRequestId(async (input) => {
        requests.push(input as Request);
        return new Response('%PDF-1.4');
      });
      await send('https://shop.test/media/downloads/catalog.pdf', { credentials: 'same-origin' });
      await send('https://cdn.example/catalog.pdf');
      expect(requests[0].headers.get('X-Request-ID')).toMatch(UUID);
      expect(requests[0].credentials).toBe('same-origin');
      expect(requests[1].headers.get('X-Request-ID')).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
