import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../support/test-server';
import { register, uniqueEmail } from '../support/oidc-login';
import { orders } from '../../server/src/db/schema';
import { billing, client } from './checkout-support';
import { GUEST_TOKEN_FACTOR } from '../../server/src/forms/rate-limit';

/**
 * Two shop servers on one PostgreSQL database, as behind a load balancer (issue 21 item 3):
 * requests alternate between them and every answer agrees, limits included. Two instances of
 * the server in this process, each with its own in-memory state (caches, limiters, provider
 * objects), which is what two processes would not share. PostgreSQL only (TEST_DATABASE_URL);
 * PGlite is one process by nature.
 */
const FORM_RATE_LIMIT = 4;
let a: TestServer;
let b: TestServer;

describe.skipIf(!process.env.TEST_DATABASE_URL)('two servers on one PostgreSQL database', () => {
  beforeAll(async () => {
    a = await startTestServer({ FORM_RATE_LIMIT });
    // The same public address (one issuer), as two instances behind one load balancer have.
    b = await startTestServer({ FORM_RATE_LIMIT }, { databaseUrl: a.config.DATABASE_URL, env: { PUBLIC_URL: a.baseUrl } });
  }, 120_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('a guest cart built on both holds every line', async () => {
    const [onA, onB] = [client(a), client(b)];
    const guest = await onA.guest([{ productId: 'CASE42-BLK', quantity: 1 }]);
    expect((await onB.api(`/Cart/guest/${guest.token}/items`, { method: 'POST', json: [{ productId: 'SLING2P-BLK', quantity: 2 }] })).status).toBe(200);
    expect((await onA.api(`/Cart/guest/${guest.token}/items`, { method: 'POST', json: [{ productId: 'CASE42-BLK', quantity: 1 }] })).status).toBe(200);
    const cart = (await onB.api(`/Cart/guest/${guest.token}`)).body as { id: number; items: { productId: string; quantity: number }[] };
    expect(cart.id).toBe(guest.cartId);
    expect(Object.fromEntries(cart.items.map((item) => [item.productId, item.quantity]))).toEqual({ 'CASE42-BLK': 2, 'SLING2P-BLK': 2 });
  });

  it('a customer registered and signed in on one reads the account on the other', async () => {
    const email = uniqueEmail('two-servers');
    const tokens = await register(a, { firstName: 'Dana', lastName: 'Two', email, password: 'two-servers-password' });
    const profile = await client(b).api('/User/profile', { token: tokens.accessToken });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ email, firstName: 'Dana', lastName: 'Two' });
  });

  it('a checkout retried on the other server with the same Idempotency-Key makes one order', async () => {
    const [onA, onB] = [client(a), client(b)];
    const guest = await onA.guest([{ productId: 'SLING2P-BLK', quantity: 1 }]);
    const body = { cartId: guest.cartId, customerInfo: billing(), paymentToken: await onA.cardToken() };
    const key = crypto.randomUUID();
    const headers = { 'idempotency-key': key };
    const first = await onA.api('/Checkout/simplified', { method: 'POST', json: body, guest: guest.token, headers });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const retry = await onB.api('/Checkout/simplified', { method: 'POST', json: body, guest: guest.token, headers });
    expect(retry).toEqual(first);
    const rows = await a.database.db.select({ id: orders.id }).from(orders).where(eq(orders.idempotencyKey, key));
    expect(rows).toHaveLength(1);
  });

  it('a rate limit is one budget for both servers', async () => {
    const budget = FORM_RATE_LIMIT * GUEST_TOKEN_FACTOR;
    const statuses: number[] = [];
    for (let i = 0; i < budget + 2; i += 1) {
      const server = i % 2 === 0 ? a : b;
      const res = await fetch(`${server.api}/Auth/guest`, { method: 'POST' });
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    // The earlier tests made guest tokens on A too: the budget may already be partly used.
    const allowed = statuses.filter((status) => status === 200).length;
    expect(allowed).toBeLessThanOrEqual(budget);
    expect(statuses.slice(-2)).toEqual([429, 429]);
    expect(statuses.slice(statuses.indexOf(429)).every((status) => status === 429)).toBe(true);
  });
});
