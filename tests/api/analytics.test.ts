import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import { analyticsEvents } from '../../server/src/db/schema';
import { startTestServer, type TestServer } from '../support/test-server';
import { client } from './checkout-support';

/** First-party analytics (POST /Analytics/events) and the sandbox payment script. */

let server: TestServer;
let c: ReturnType<typeof client>;
beforeAll(async () => {
  server = await startTestServer();
  c = client(server);
});
afterAll(async () => {
  await server?.close();
});

const at = '2026-05-01T10:00:00.000Z';

describe('POST /Analytics/events', () => {
  it('records a page view and an inactivity event with no visitor identity: 204', async () => {
    for (const type of ['page_view', 'inactivity'] as const) {
      const res = await fetch(`${server.api}/Analytics/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type, path: '/product/product-long/rp-9?x=1', at }),
      });
      expect(res.status).toBe(204);
      expect(await res.text()).toBe('');
    }
    const rows = await server.database.db.select().from(analyticsEvents).orderBy(desc(analyticsEvents.id)).limit(2);
    expect(rows.map((row) => row.type)).toEqual(['inactivity', 'page_view']);
    expect(rows[0]).toMatchObject({ path: '/product/product-long/rp-9?x=1', occurredAt: new Date(at) });
    expect(Object.keys(rows[0]).sort()).toEqual(['id', 'occurredAt', 'path', 'receivedAt', 'type']);
  });

  it.each([
    ['an unknown type', { type: 'click', path: '/', at }],
    ['a path that is not a path', { type: 'page_view', path: 'https://evil.example/', at }],
    ['no time', { type: 'page_view', path: '/' }],
    ['a time that is not a date-time', { type: 'page_view', path: '/', at: 'yesterday' }],
    ['an extra field', { type: 'page_view', path: '/', at, email: 'pat@example.com' }],
  ])('refuses %s with a 400 that says what was wrong', async (_name, json) => {
    const before = (await server.database.db.select().from(analyticsEvents)).length;
    const res = await c.api('/Analytics/events', { method: 'POST', json });
    expect(res.status).toBe(400);
    expect(res.body.message).toBeTruthy();
    expect((await server.database.db.select().from(analyticsEvents)).length).toBe(before);
  });
});

describe('the sandbox payment script', () => {
  it("is served as JavaScript next to the tokens endpoint, under the shop CSP, with Accept.js's interface", async () => {
    const res = await fetch(`${server.baseUrl}/payments-sandbox/v1/sandbox.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const source = await res.text();
    expect(source).toContain('window.Accept');
    expect(source).toContain('dispatchData');
    expect(source).toContain('COMMON.ACCEPT.INAPP.PAYMENT');
    expect(source).toContain("new URL('tokens', base)");
  });

  it('an outside PAYMENT_SCRIPT_URL is allowed by the CSP (script, connect and frame sources)', async () => {
    const outside = await startTestServer({}, { env: { PAYMENT_SCRIPT_URL: 'https://js.pay.example.com/v3/pay.js' } });
    try {
      const res = await fetch(`${outside.baseUrl}/payments-sandbox/v1/sandbox.js`);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/script-src 'self' https:\/\/js\.pay\.example\.com/);
      expect(csp).toMatch(/connect-src [^;]*https:\/\/js\.pay\.example\.com/);
      expect(csp).toMatch(/frame-src 'self' https:\/\/js\.pay\.example\.com/);
    } finally {
      await outside.close();
    }
  });

  it("with PAYMENT_GATEWAY=authorize-net: Accept.js and Authorize.net's API are allowed, the sandbox is not served", async () => {
    const authnet = await startTestServer(
      {},
      {
        env: {
          PAYMENT_GATEWAY: 'authorize-net',
          AUTHNET_API_LOGIN_ID: 'login-id',
          AUTHNET_TRANSACTION_KEY: 'transaction-key',
          AUTHNET_CLIENT_KEY: 'client-key',
        },
      },
    );
    try {
      expect(authnet.app.paymentGateway.name).toBe('authorize-net');
      const res = await fetch(`${authnet.baseUrl}/payments-sandbox/v1/sandbox.js`);
      expect(res.status).toBe(404);
      const tokens = await fetch(`${authnet.baseUrl}/payments-sandbox/v1/tokens`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ number: '4242424242424242', month: '12', year: '2040', cvc: '123' }),
      });
      expect(tokens.status).toBe(404);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toMatch(/script-src 'self' https:\/\/jstest\.authorize\.net/);
      expect(csp).toMatch(/connect-src [^;]*https:\/\/jstest\.authorize\.net https:\/\/apitest\.authorize\.net/);
      expect(csp).toMatch(/frame-src 'self' https:\/\/jstest\.authorize\.net/);
    } finally {
      await authnet.close();
    }
  });
});
