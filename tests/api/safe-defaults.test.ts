import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { register, uniqueEmail } from '../support/oidc-login';
import { billing, cartState, chargesFor, client } from './checkout-support';
import { loadConfig } from '../../server/src/config';
import { isLoopback } from '../../server/src/dev/mailbox';
import { RETIRED_TEST_TOKENS, RETIRED_TOKEN } from '../../server/src/payments/sandbox-gateway';
import { CARD_TOKEN_FACTOR, tooManyCardTokens } from '../../server/src/payments/sandbox-routes';

/**
 * Safe by default on a network (issue 17 item 8, decision 028): the dev mailbox only for this
 * machine and never in production, no fixed sandbox token pays, card tokenization is rate
 * limited, personal answers are kept by no cache, and sourcemaps are never served.
 */

const OUTSIDE = '203.0.113.7';

async function withServer<T>(server: Promise<TestServer>, use: (server: TestServer) => Promise<T>): Promise<T> {
  const started = await server;
  try {
    return await use(started);
  } finally {
    await started.close();
  }
}

describe('loopback addresses', () => {
  it.each(['127.0.0.1', '127.255.3.9', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', '::FFFF:127.1.2.3', '::ffff:7f00:1'])('%s is this machine', (address) => {
    expect(isLoopback(address)).toBe(true);
  });

  it.each(['', undefined, '203.0.113.7', '10.0.0.1', '128.0.0.1', '0.0.0.0', '::', '::2', '::ffff:10.0.0.1', '2001:db8::1', 'fe80::1%lo', 'localhost', '127.0.0.1.example', 'unknown'])(
    '%s is not',
    (address) => {
      expect(isLoopback(address)).toBe(false);
    },
  );
});

describe('the dev mailbox', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await server.app.mailer.send({ to: 'home@example.com', subject: 'Your order', text: '1 Home St, Austin TX' });
  });
  afterAll(async () => {
    await server?.close();
  });

  const mailbox = (remoteAddress: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress, headers: { accept: 'application/json', ...headers } });

  it('answers this machine (the e2e tests read it from 127.0.0.1)', async () => {
    const res = await fetch(`${server.baseUrl}/dev/mailbox`, { headers: { accept: 'application/json' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(JSON.stringify(await res.json())).toContain('1 Home St');
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) expect((await mailbox(address)).statusCode, address).toBe(200);
  });

  it('is a 404 for another machine, the same answer as a path that does not exist', async () => {
    const unknown = await server.app.inject({ method: 'GET', url: '/dev/nothing-here', remoteAddress: OUTSIDE });
    for (const address of [OUTSIDE, '10.0.0.8', '::ffff:192.168.1.20', '2001:db8::5']) {
      const res = await mailbox(address);
      expect(res.statusCode, address).toBe(404);
      expect(res.body).not.toContain('Home St');
      expect(res.json()).toEqual({ ...unknown.json(), message: unknown.json().message.replace('/dev/nothing-here', '/dev/mailbox') });
    }
    const head = await server.app.inject({ method: 'HEAD', url: '/dev/mailbox', remoteAddress: OUTSIDE });
    expect(head.statusCode).toBe(404);
  });

  it('through a proxy on this machine, goes by the client the proxy names', async () => {
    const refused: Record<string, string>[] = [
      { 'x-forwarded-for': OUTSIDE },
      // A client may write its own X-Forwarded-For; the proxy appends the address it saw.
      { 'x-forwarded-for': `127.0.0.1, ${OUTSIDE}` },
      { forwarded: 'for=198.51.100.17;proto=https' },
      { forwarded: 'for="[2001:db8:cafe::17]:4711"' },
      { forwarded: 'for=unknown' },
      { 'x-real-ip': OUTSIDE },
      { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': OUTSIDE },
      { 'x-forwarded-for': 'garbage' },
    ];
    for (const headers of refused) expect((await mailbox('127.0.0.1', headers)).statusCode, JSON.stringify(headers)).toBe(404);
    const allowed: Record<string, string>[] = [
      { 'x-forwarded-for': '127.0.0.1' },
      { 'x-forwarded-for': '::1' },
      { forwarded: 'for="[::1]:52100"' },
      { forwarded: 'for=127.0.0.1:52100' },
      { 'x-real-ip': '127.0.0.1' },
    ];
    for (const headers of allowed) expect((await mailbox('127.0.0.1', headers)).statusCode, JSON.stringify(headers)).toBe(200);
    // A forwarding header from another machine changes nothing: its peer is not this machine.
    expect((await mailbox(OUTSIDE, { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(404);
  });

  it('DEV_MAILBOX=off is not mounted at all (DEV_MAILBOX=open and production: below)', async () => {
    await withServer(startTestServer({}, { env: { DEV_MAILBOX: 'off' } }), async (off) => {
      expect(off.app.hasRoute({ method: 'GET', url: '/dev/mailbox' })).toBe(false);
      expect((await fetch(`${off.baseUrl}/dev/mailbox`)).status).toBe(404);
    });
  });

  it('DEV_MAILBOX is loopback unless set; a bad value stops start-up naming it', () => {
    expect(loadConfig({}).DEV_MAILBOX).toBe('loopback');
    expect(() => loadConfig({ DEV_MAILBOX: 'public' })).toThrow(/DEV_MAILBOX: Invalid option/);
  });
});

describe('sandbox card tokens', () => {
  let server: TestServer;
  let c: ReturnType<typeof client>;
  beforeAll(async () => {
    server = await startTestServer();
    c = client(server);
  });
  afterAll(async () => {
    await server?.close();
  });
  const checkout = (g: { token: string; cartId: number }, paymentToken: string) =>
    c.api('/Checkout/simplified', { method: 'POST', guest: g.token, json: { cartId: g.cartId, customerInfo: billing(), paymentToken } });

  it.each(RETIRED_TEST_TOKENS)('the public token %s pays for nothing: 402 saying why, no order, the cart as it was', async (token) => {
    const g = await c.guest([{ productId: 'CASE42-BLK', quantity: 1 }]);
    const res = await checkout(g, token);
    expect(res.status).toBe(402);
    expect(res.body.message).toBe(RETIRED_TOKEN);
    expect(await cartState(server, g.cartId)).toEqual({ status: 'open', claimed: false, lines: ['CASE42-BLKx1'], orders: 0, captured: 0 });
    expect(chargesFor(server, g.cartId).filter((ch) => ch.status === 'captured')).toEqual([]);
  });

  it('a token made up to look like one is not valid either', async () => {
    const g = await c.guest([{ productId: 'CASE42-BLK', quantity: 1 }]);
    const res = await checkout(g, 'tok_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(res.status).toBe(402);
    expect(res.body.message).toMatch(/payment token is not valid/);
    expect(await cartState(server, g.cartId)).toMatchObject({ orders: 0, captured: 0 });
  });

  it('a token the sandbox issued pays once; used again for another cart it is refused', async () => {
    const token = await c.cardToken();
    const first = await c.guest([{ productId: 'CASE42-BLK', quantity: 1 }]);
    const second = await c.guest([{ productId: 'CASE42-BLK', quantity: 1 }]);
    expect((await checkout(first, token)).status).toBe(200);
    const reused = await checkout(second, token);
    expect(reused.status).toBe(402);
    expect(reused.body.message).toBe('This payment token has already been used. Please enter your card again.');
    expect(await cartState(server, second.cartId)).toMatchObject({ status: 'open', orders: 0, captured: 0 });
  });

  it('a declined test card is declined once, its token then spent too', async () => {
    const token = await c.cardToken('declined');
    const g = await c.guest([{ productId: 'CASE42-BLK', quantity: 1 }]);
    expect((await checkout(g, token)).body.message).toBe('Your card was declined');
    const other = await c.guest([{ productId: 'CASE42-BLK', quantity: 1 }]);
    expect((await checkout(other, token)).body.message).toMatch(/already been used/);
  });

  it('a token answer is kept by no cache', async () => {
    const res = await fetch(`${server.baseUrl}/payments-sandbox/v1/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ number: '4242424242424242', month: '12', year: String(new Date().getUTCFullYear() + 2), cvc: '123' }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('card token rate limit', () => {
  it('answers 429 with a message and Retry-After past FORM_RATE_LIMIT x 6 a minute per address; tokens already made still pay', async () => {
    await withServer(startTestServer({ FORM_RATE_LIMIT: 1 }), async (server) => {
      const c = client(server);
      const made: string[] = [];
      for (let i = 0; i < CARD_TOKEN_FACTOR - 1; i++) made.push(await c.cardToken());
      // Refused cards count too: the budget is for attempts.
      expect((await c.tokenize({ number: '4242424242424241', month: '12', year: '2099', cvc: '123' })).status).toBe(400);
      const flood = await Promise.all(
        Array.from({ length: 5 }, () =>
          fetch(`${server.baseUrl}/payments-sandbox/v1/tokens`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ number: '4242424242424242', month: '12', year: String(new Date().getUTCFullYear() + 2), cvc: '123' }),
          }),
        ),
      );
      expect(flood.map((r) => r.status)).toEqual([429, 429, 429, 429, 429]);
      const limited = flood[0];
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await limited.json()).toEqual({ status: 429, title: 'Too Many Requests', message: tooManyCardTokens(6), code: 'rate_limited' });
      expect(tooManyCardTokens(6)).toBe('Too many card tokens from your address (at most 6 a minute). Please wait a moment and try again.');

      // Another address has its own budget; checkout itself is not limited by it.
      const outside = await server.app.inject({
        method: 'POST',
        url: '/payments-sandbox/v1/tokens',
        remoteAddress: OUTSIDE,
        payload: { number: '4242424242424242', month: '12', year: String(new Date().getUTCFullYear() + 2), cvc: '123' },
      });
      expect(outside.statusCode).toBe(200);
      const g = await c.guest([{ productId: 'CASE42-BLK', quantity: 1 }]);
      const paid = await c.api('/Checkout/simplified', { method: 'POST', guest: g.token, json: { cartId: g.cartId, customerInfo: billing(), paymentToken: made[0] } });
      expect(paid.status).toBe(200);
    });
  });

  it('is generous by default: 120 a minute', () => {
    expect(loadConfig({}).FORM_RATE_LIMIT * CARD_TOKEN_FACTOR).toBe(120);
  });
});

describe('Cache-Control on API answers', () => {
  let server: TestServer;
  let c: ReturnType<typeof client>;
  beforeAll(async () => {
    server = await startTestServer();
    c = client(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  const cacheControl = async (pathname: string, init: { method?: string; json?: unknown; token?: string; guest?: string } = {}) => {
    const headers = new Headers();
    if (init.token) headers.set('authorization', `Bearer ${init.token}`);
    if (init.guest) headers.set('x-guest-id', init.guest);
    if (init.json !== undefined) headers.set('content-type', 'application/json');
    const res = await fetch(`${server.api}${pathname}`, { method: init.method ?? 'GET', headers, body: init.json === undefined ? undefined : JSON.stringify(init.json) });
    await res.arrayBuffer();
    return { status: res.status, cacheControl: res.headers.get('cache-control') };
  };

  it('personal answers (guest and user carts, orders, profile, newsletter status, checkout, guest tokens) are no-store, refusals included', async () => {
    const g = await c.guest([{ productId: 'CASE42-BLK', quantity: 1 }]);
    const email = uniqueEmail('nostore');
    const { accessToken } = await register(server, { firstName: 'Nora', lastName: 'Store', email, password: 'no-store-password' });
    const computeBody = { cartId: g.cartId, shippingMethodId: 1, address: { line1: '100 Congress Ave', city: 'Austin', region: 'TX', postalCode: '78701', country: 'US' } };
    const personal: [string, Awaited<ReturnType<typeof cacheControl>>][] = [
      ['POST /Auth/guest', await cacheControl('/Auth/guest', { method: 'POST' })],
      ['GET /Cart/guest/{token}', await cacheControl(`/Cart/guest/${g.token}`)],
      ['GET /Cart/guest/{unknown}', await cacheControl('/Cart/guest/gid_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')],
      ['POST /Cart/guest/{token}/compute', await cacheControl(`/Cart/guest/${g.token}/compute`, { method: 'POST', json: computeBody })],
      ['GET /Cart', await cacheControl('/Cart', { token: accessToken })],
      ['GET /Cart without a token (401)', await cacheControl('/Cart')],
      ['GET /User/profile', await cacheControl('/User/profile', { token: accessToken })],
      ['GET /Order', await cacheControl('/Order', { token: accessToken })],
      ['GET /Order/{id} (404)', await cacheControl('/Order/1', { guest: g.token })],
      ['GET /Newsletter/status/{email}', await cacheControl(`/Newsletter/status/${encodeURIComponent(email)}`, { token: accessToken })],
      ['GET /Reviews/mine', await cacheControl('/Reviews/mine', { token: accessToken })],
    ];
    const placed = await fetch(`${server.api}/Checkout/simplified`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-guest-id': g.token },
      body: JSON.stringify({ cartId: g.cartId, customerInfo: billing(), paymentToken: await c.cardToken() }),
    });
    expect(placed.status).toBe(200);
    personal.push(['POST /Checkout/simplified', { status: placed.status, cacheControl: placed.headers.get('cache-control') }]);
    const orderId = ((await placed.json()) as { orderId: number }).orderId;
    personal.push(['GET /Order/{id}', await cacheControl(`/Order/${orderId}`, { guest: g.token })]);

    for (const [call, answer] of personal) expect(answer.cacheControl, `${call} (${answer.status})`).toBe('no-store');
  });

  it('public catalogue reads keep their caching, signed in or not', async () => {
    const { accessToken } = await register(server, { firstName: 'Pat', lastName: 'Public', email: uniqueEmail('public'), password: 'public-password' });
    const product = 'rk-15-carbine';
    for (const token of [undefined, accessToken]) {
      for (const pathname of ['/Products', `/cms/products/${product}`, '/cms/page/faq', '/Cart/shipping-methods', '/Registration/product-models']) {
        const answer = await cacheControl(pathname, { token });
        expect(answer.status, pathname).toBe(200);
        expect(answer.cacheControl ?? '', pathname).not.toContain('no-store');
      }
      expect((await cacheControl('/Dealers', { token })).cacheControl).toBe('public, max-age=300');
    }
  });

  it('the contract decides: writes and reads that name a caller are personal, catalogue reads are not', () => {
    const personal = (id: string) => server.contract.operations.get(id)?.personal;
    for (const id of ['createGuestToken', 'getCart', 'getGuestCart', 'computeGuestCart', 'checkoutSimplified', 'getProfile', 'listOrders', 'getOrder', 'getNewsletterStatus', 'verifyNewsletter', 'listMyReviews', 'registerProduct', 'recordAnalyticsEvent']) {
      expect(personal(id), id).toBe(true);
    }
    for (const id of ['getPrices', 'getCmsPage', 'getCmsProduct', 'getCmsProductGroup', 'searchCmsProducts', 'listDealers', 'listReviews', 'getShippingMethods', 'listProductModels']) {
      expect(personal(id), id).toBe(false);
    }
  });
});

describe('a built shop, in production and not', () => {
  let dist: string;
  beforeAll(() => {
    // A build as `npm run build` leaves it: scripts with their hidden sourcemaps beside them.
    dist = mkdtempSync(path.join(tmpdir(), 'shop-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><!--runtime-settings--></head><body><div id="root"></div></body></html>');
    writeFileSync(path.join(dist, 'assets', 'index-AbC123.js'), 'console.log("shop");\n'.repeat(100));
    writeFileSync(path.join(dist, 'assets', 'index-AbC123.js.map'), JSON.stringify({ version: 3, sources: ['../src/secret-source.tsx'], mappings: '' }));
    writeFileSync(path.join(dist, 'assets', 'index-AbC123.js.map.gz'), 'not really gzip');
    writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{}');
  });
  afterAll(() => {
    rmSync(dist, { recursive: true, force: true });
  });

  it.each(['production', 'development'])('NODE_ENV=%s: sourcemaps are never served, the scripts are; DEV_MAILBOX=open opens the mailbox only outside production', async (nodeEnv) => {
    await withServer(startTestServer({ staticDir: dist }, { env: { NODE_ENV: nodeEnv, DEV_MAILBOX: 'open' } }), async (server) => {
      const production = nodeEnv === 'production';
      expect(server.app.hasRoute({ method: 'GET', url: '/dev/mailbox' })).toBe(!production);
      const mailbox = await server.app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: OUTSIDE });
      expect(mailbox.body.includes('<h1>Mailbox</h1>')).toBe(!production);
      const fromHere = await fetch(`${server.baseUrl}/dev/mailbox`);
      expect((await fromHere.text()).includes('<h1>Mailbox</h1>')).toBe(!production);

      const script = await fetch(`${server.baseUrl}/assets/index-AbC123.js`);
      expect(script.status).toBe(200);
      expect(script.headers.get('sourcemap')).toBeNull();
      for (const pathname of ['/assets/index-AbC123.js.map', '/assets/index-AbC123.js.map?v=1', '/assets/index-AbC123.js%2Emap', '/assets/index-AbC123.js.map.gz']) {
        for (const method of ['GET', 'HEAD']) {
          const res = await fetch(`${server.baseUrl}${pathname}`, { method, headers: { 'accept-encoding': 'br, gzip' } });
          const body = await res.text();
          expect(res.status, `${method} ${pathname}`).toBe(404);
          expect(body).not.toContain('secret-source');
        }
      }
      // Nor the build's manifest (a dotfile folder): a path outside /assets/ answers as a page.
      const manifest = await fetch(`${server.baseUrl}/.vite/manifest.json`);
      expect(manifest.headers.get('content-type')).toContain('text/html');
    });
  });
});
