import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../support/test-server';
import { register, signIn, uniqueEmail } from '../support/oidc-login';
import { DEMO_CUSTOMER } from '../../server/src/identity/demo-customer';
import { seedDatabase } from '../../server/src/db/seed';
import { carts, orders } from '../../server/src/db/schema';
import { addDealerLike, billing, client } from './checkout-support';

let server: TestServer;
let c: ReturnType<typeof client>;
beforeAll(async () => {
  server = await startTestServer();
  c = client(server);
});
afterAll(async () => {
  await server?.close();
});

const cents = (dollars: number) => Math.round(dollars * 100);

interface Detail {
  id: number;
  createdAt: string;
  items: { quantity: number; unitPrice: number; price: number; productId: string; productUrl: string; options: unknown[] }[];
  subTotal: number;
  discountAmount: number;
  shippingCost: number;
  taxAmount: number;
  totalAmount: number;
  [key: string]: unknown;
}

function expectConsistent(order: Detail) {
  for (const item of order.items) expect(cents(item.price)).toBe(cents(item.unitPrice) * item.quantity);
  expect(order.items.reduce((sum, item) => sum + cents(item.price), 0)).toBe(cents(order.subTotal));
  expect(cents(order.subTotal) - cents(order.discountAmount) + cents(order.shippingCost) + cents(order.taxAmount)).toBe(cents(order.totalAmount));
}

describe('an order is readable by its owner only', () => {
  it('the guest who placed it (X-Guest-Id); anybody else gets the same 404 as an unknown id', async () => {
    const g = await c.guest([
      { productId: 'SUMMIT-308-22-BLK', quantity: 1 },
      { productId: 'CASE42-BLK', quantity: 1 },
    ]);
    const placed = await c.api('/Checkout/simplified', {
      method: 'POST',
      guest: g.token,
      json: { cartId: g.cartId, customerInfo: billing({ company: 'Buyer Co' }), dealerId: await addDealerLike(server), paymentToken: await c.cardToken() },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const id = placed.body.orderId as number;

    const mine = await c.api(`/Order/${id}`, { guest: g.token });
    expect(mine.status).toBe(200);
    expectConsistent(mine.body);
    expect(mine.body.items.map((i: { productId: string; isFflItem: boolean }) => [i.productId, i.isFflItem])).toEqual([
      ['SUMMIT-308-22-BLK', true],
      ['CASE42-BLK', false],
    ]);

    const otherGuest = await c.guest();
    const tokens = await register(server, { firstName: 'Nosy', lastName: 'Neighbour', email: uniqueEmail('nosy'), password: 'nosy-password' });
    const refused = [
      await c.api(`/Order/${id}`, { guest: otherGuest.token }),
      await c.api(`/Order/${id}`, { token: tokens.accessToken }),
      await c.api(`/Order/${id}`, { token: tokens.accessToken, guest: g.token }), // the bearer decides
      await c.api(`/Order/${id}`),
      await c.api(`/Order/999999`, { guest: g.token }),
    ];
    expect(refused.map((r) => r.status)).toEqual([404, 404, 404, 404, 404]);
    for (const r of refused) expect(r.body).toEqual(refused[0].body);
    expect((await c.api('/Order/abc', { guest: g.token })).status).toBe(400);
    expect((await c.api('/Order', { token: tokens.accessToken })).body).toEqual([]);
    expect((await c.api('/Order')).status).toBe(401);
  });

  it("a customer reads the own orders, not another customer's", async () => {
    const a = await register(server, { firstName: 'Ann', lastName: 'A', email: uniqueEmail('ann'), password: 'ann-password' });
    const b = await register(server, { firstName: 'Ben', lastName: 'B', email: uniqueEmail('ben'), password: 'ben-password' });
    const cart = (await c.api('/Cart/items', { method: 'POST', token: a.accessToken, json: [{ productId: 'SLING2P-ODG', quantity: 1 }] })).body;
    const placed = await c.api('/Checkout/simplified', {
      method: 'POST',
      token: a.accessToken,
      json: { cartId: cart.id, customerInfo: billing(), paymentToken: await c.cardToken() },
    });
    expect(placed.status).toBe(200);
    expect((await c.api(`/Order/${placed.body.orderId}`, { token: a.accessToken })).status).toBe(200);
    const foreign = await c.api(`/Order/${placed.body.orderId}`, { token: b.accessToken });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Order not found');
    expect((await c.api('/Order', { token: b.accessToken })).body).toEqual([]);
    expect((await c.api('/Order', { token: a.accessToken })).body.map((o: { id: number }) => o.id)).toEqual([placed.body.orderId]);
  });
});

describe("the demo customer's order history", () => {
  it('has three past orders, newest first, with consistent totals, real skus and ordered carts', async () => {
    const tokens = await signIn(server, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const list = await c.api('/Order', { token: tokens.accessToken });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(3);
    const dates = list.body.map((o: { createdAt: string }) => Date.parse(o.createdAt));
    expect([...dates].sort((x, y) => y - x)).toEqual(dates);
    for (const date of dates) expect(date).toBeLessThan(Date.now());

    const prices = (await c.api('/Products')).body as Record<string, unknown>;
    const details: Detail[] = [];
    for (const summary of list.body) {
      const detail = await c.api(`/Order/${summary.id}`, { token: tokens.accessToken });
      expect(detail.status).toBe(200);
      expectConsistent(detail.body);
      expect(detail.body.totalAmount).toBe(summary.totalAmount);
      for (const item of detail.body.items) {
        expect(prices[item.productId], item.productId).toBeDefined();
        expect(item.productUrl).toMatch(/^\/product\//);
        expect(item.options.length).toBeGreaterThan(0);
      }
      const [row] = await server.database.db.select().from(orders).where(eq(orders.id, summary.id));
      const [cart] = await server.database.db.select().from(carts).where(eq(carts.id, row.cartId));
      expect(cart.status).toBe('ordered');
      details.push(detail.body);
    }
    // Oldest: a gift shipped to Idaho (6% tax); middle: a rifle to a dealer with RIDGE10; newest: free shipping.
    const [newest, middle, oldest] = details;
    expect(oldest).toMatchObject({ shippingState: 'ID', shippingFirstName: 'Sam', shippingMethodName: 'Ground', status: 'shipped', dealerName: null });
    expect(oldest.taxAmount).toBeGreaterThan(0);
    expect(middle).toMatchObject({ dealerName: 'Gallatin Range Supply', dealerState: 'MT', shippingMethodName: 'Two-Day' });
    expect(middle.discountAmount).toBeGreaterThan(0);
    expect(newest).toMatchObject({ shippingMethodName: 'Free Standard Shipping', shippingCost: 0, status: 'paid' });
  });

  it('is seeded once: seeding again adds nothing', async () => {
    await seedDatabase(server.database.db);
    await seedDatabase(server.database.db);
    const rows = await server.database.db.select().from(orders).where(eq(orders.userId, DEMO_CUSTOMER.id));
    expect(rows).toHaveLength(3);
  });
});
