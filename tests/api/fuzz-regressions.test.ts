import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { signIn } from '../support/oidc-login';
import { client } from './checkout-support';

/**
 * What the contract fuzzer (fuzz.test.ts) found, one focused test each (decision 021). Each was
 * a 500, or an error body that was not a Problem.
 */

let server: TestServer;
let c: ReturnType<typeof client>;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  c = client(server);
  token = (await signIn(server, 'demo@ridgeline.example', 'Ridgeline-demo-1')).accessToken;
});
afterAll(async () => {
  await server?.close();
});

const isProblem = (status: number, body: { status: number; title: string; message: string }) => {
  expect(body.status).toBe(status);
  expect(body.title).toBeTruthy();
  expect(body.message.length).toBeGreaterThan(8);
};

describe('integer ids beyond PostgreSQL integer', () => {
  it('are a 400 naming the field, not a database error (500)', async () => {
    const g = await c.guest([{ productId: 'CASE42-BLK', quantity: 1 }]);
    for (const [path, init] of [
      ['/User/addresses/2147483648', { method: 'DELETE', token }],
      ['/Order/1e+308', { guest: g.token }],
      [`/Cart/guest/${g.token}/items/9007199254740991`, { method: 'DELETE' }],
      ['/Cart/items/4294967296', { method: 'PUT', token, json: { quantity: 1 } }],
      [`/Cart/guest/${g.token}/compute`, { method: 'POST', json: { cartId: 2147483648, shippingMethodId: 1, address: { line1: 'a', city: 'b', region: 'TX', postalCode: '78701', country: 'US' } } }],
    ] as const) {
      const res = await c.api(path, init);
      expect(res.status, path).toBe(400);
      isProblem(400, res.body);
      expect(res.body.message).toMatch(/at most 2147483647/);
    }
    // The largest integer is a valid id: simply not found.
    expect((await c.api('/Order/2147483647', { guest: g.token })).status).toBe(404);
  });
});

describe('the NUL character', () => {
  it('is refused with a 400 naming the field, in a body, a path or a query', async () => {
    const address = {
      addressName: 'Home', firstName: 'Sam\u0000', lastName: 'Lee', mainContact: '(512) 555-0199', addressLine1: '1 Main St',
      city: 'Austin', state: 'TX', postalCode: '78701', country: 'United States', addressType: 10,
    };
    const created = await c.api('/User/addresses', { method: 'POST', token, json: address });
    expect(created.status).toBe(400);
    expect(created.body.message).toBe('firstName contains a NUL character (\\u0000), which is not accepted');
    const search = await c.api('/cms/products/search/ri%00fle');
    expect(search.status).toBe(400);
    expect(search.body.message).toContain('query contains a NUL character');
    const reviews = await c.api('/Reviews?productId=a%00b');
    expect(reviews.status).toBe(400);
    isProblem(400, reviews.body);
  });
});

describe('long addresses and headers', () => {
  it('accepts path values as long as the contract allows (a 254-character email)', async () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;
    expect(email.length).toBeLessThanOrEqual(254);
    const res = await c.api(`/Newsletter/status/${encodeURIComponent(email)}`, { token });
    expect(res.status).toBe(404);
    isProblem(404, res.body);
  });

  it('answers a path value over the limit with a 414 Problem', async () => {
    const res = await fetch(`${server.api}/cms/products/${'x'.repeat(3000)}`);
    expect(res.status).toBe(414);
    isProblem(414, await res.json());
  });

  it('answers an address or headers over 16 KB with a 431 Problem', async () => {
    const res = await fetch(`${server.api}/cms/products/search/${'y'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect(res.headers.get('content-type')).toContain('application/json');
    isProblem(431, await res.json());
  });
});

describe('a refused read on a server that has not signed anything yet', () => {
  it('writes nothing: the order-link and captcha keys are made at start, not by the first request', async () => {
    // Found by the fuzzer on PostgreSQL (FUZZ_SEED=-648766139): GET /Order/{id}?t=forged on a fresh
    // database made the order-link key, so a 404 changed app_meta.
    const { appMeta } = await import('../../server/src/db/schema');
    const fresh = await startTestServer();
    try {
      const keysBefore = (await fresh.app.db.select().from(appMeta)).map((row) => row.key).sort();
      expect(keysBefore).toEqual(expect.arrayContaining(['altcha_hmac_key', 'order_link_hmac_key']));
      const forged = await client(fresh).api('/Order/1?t=1.4102444800.AAAA');
      expect(forged.status).toBe(404);
      expect((await fresh.app.db.select().from(appMeta)).map((row) => row.key).sort()).toEqual(keysBefore);
    } finally {
      await fresh.close();
    }
  });
});
