import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { startTestServer, type TestServer } from '../support/test-server';
import { register, uniqueEmail } from '../support/oidc-login';
import { carts } from '../../server/src/db/schema';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

async function api(path: string, init: RequestInit & { token?: string; json?: unknown } = {}) {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.json);
  }
  const res = await fetch(`${server.api}${path}`, { ...init, headers, body });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

async function newCustomer() {
  return register(server, { firstName: 'Casey', lastName: 'Cart', email: uniqueEmail('cart'), password: 'cart-password' });
}

/** Skus with more than minStock on hand (a cart refuses more than is left: decision 027). */
async function someSkus(n: number, minStock = 5): Promise<string[]> {
  const prices = await api('/Products');
  return Object.entries(prices.body as Record<string, { qtyOnHand: number }>)
    // The 3D builder's skus (RKB-) are sold only inside a build.
    .filter(([sku, p]) => p.qtyOnHand > minStock && !sku.startsWith('RKB-'))
    .slice(0, n)
    .map(([sku]) => sku);
}

async function guestWith(lines: { productId: string; quantity: number }[]) {
  const token = (await api('/Auth/guest', { method: 'POST' })).body.guestToken as string;
  if (lines.length) expect((await api(`/Cart/guest/${token}/items`, { method: 'POST', json: lines })).status).toBe(200);
  return token;
}

const quantities = (cart: { items: { productId: string; quantity: number }[] }) =>
  Object.fromEntries(cart.items.map((i) => [i.productId, i.quantity]));

describe('the signed-in cart', () => {
  it('is created on first call and belongs to the token subject', async () => {
    const tokens = await newCustomer();
    const res = await api('/Cart', { token: tokens.accessToken });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ isGuest: false, guestId: null, userId: decodeJwt(tokens.accessToken).sub, items: [] });
    expect((await api('/Cart', { token: tokens.accessToken })).body.id).toBe(res.body.id);
  });

  it('adds lines; another customer does not see them', async () => {
    const [sku] = await someSkus(1);
    const a = await newCustomer();
    const b = await newCustomer();
    const added = await api('/Cart/items', { method: 'POST', token: a.accessToken, json: [{ productId: sku, quantity: 2 }] });
    expect(added.status).toBe(200);
    expect(quantities(added.body)).toEqual({ [sku]: 2 });
    expect((await api('/Cart', { token: b.accessToken })).body.items).toEqual([]);
    expect((await api('/Cart/items', { method: 'POST', json: [{ productId: sku, quantity: 1 }] })).status).toBe(401);
  });
});

describe('merging the guest cart after sign-in', () => {
  it('moves the lines, adds quantities of the same line, closes the guest cart; a second merge changes nothing', async () => {
    const [s1, s2] = await someSkus(2);
    const tokens = await newCustomer();
    await api('/Cart/items', { method: 'POST', token: tokens.accessToken, json: [{ productId: s1, quantity: 1 }] });
    const guest = await guestWith([
      { productId: s1, quantity: 2 },
      { productId: s2, quantity: 1 },
    ]);

    const merged = await api(`/Cart/merge?guestId=${guest}`, { method: 'POST', token: tokens.accessToken, json: { guestId: guest } });
    expect(merged.status).toBe(200);
    expect(merged.body.isGuest).toBe(false);
    expect(quantities(merged.body)).toEqual({ [s1]: 3, [s2]: 1 });

    const [closed] = await server.database.db
      .select()
      .from(carts)
      .where(and(eq(carts.guestToken, guest), eq(carts.status, 'merged')));
    expect(closed).toBeTruthy();
    // The merged guest token is spent: its cart answers 404 and the browser starts a new guest.
    const spent = await api(`/Cart/guest/${guest}`);
    expect(spent.status).toBe(404);

    const again = await api(`/Cart/merge?guestId=${guest}`, { method: 'POST', token: tokens.accessToken, json: { guestId: guest } });
    expect(again.status).toBe(200);
    expect(quantities(again.body)).toEqual({ [s1]: 3, [s2]: 1 });
    expect((await api('/Cart', { token: tokens.accessToken })).body.items).toHaveLength(2);
  });

  it('caps a merged line at the per-line maximum instead of failing', async () => {
    const [sku] = await someSkus(1, 99);
    const tokens = await newCustomer();
    await api('/Cart/items', { method: 'POST', token: tokens.accessToken, json: [{ productId: sku, quantity: 60 }] });
    const guest = await guestWith([{ productId: sku, quantity: 60 }]);
    const merged = await api(`/Cart/merge?guestId=${guest}`, { method: 'POST', token: tokens.accessToken, json: { guestId: guest } });
    expect(merged.status).toBe(200);
    expect(quantities(merged.body)).toEqual({ [sku]: 99 });
  });

  it('an unknown guest id is 404, differing ids are 400, no token is 401', async () => {
    const tokens = await newCustomer();
    const unknown = 'gid_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    const res = await api(`/Cart/merge?guestId=${unknown}`, { method: 'POST', token: tokens.accessToken, json: { guestId: unknown } });
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/guest/i);

    const guest = await guestWith([]);
    const differ = await api(`/Cart/merge?guestId=${guest}`, { method: 'POST', token: tokens.accessToken, json: { guestId: unknown } });
    expect(differ.status).toBe(400);
    const anonymous = await api(`/Cart/merge?guestId=${guest}`, { method: 'POST', json: { guestId: guest } });
    expect(anonymous.status).toBe(401);
  });
});
