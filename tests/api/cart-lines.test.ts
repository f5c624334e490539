import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { register, uniqueEmail } from '../support/oidc-login';
import { client } from './checkout-support';
import { readContract } from '../../server/src/contract/contract';
import { STATE_TAX_RATES } from '../../server/src/checkout/sales-tax';

let server: TestServer;
let c: ReturnType<typeof client>;
beforeAll(async () => {
  server = await startTestServer();
  c = client(server);
});
afterAll(async () => {
  await server?.close();
});

const customer = () => register(server, { firstName: 'Lee', lastName: 'Lines', email: uniqueEmail('lines'), password: 'lines-password' });
const address = (region: string, postalCode = '78701') => ({ line1: '1 Main St', city: 'Somewhere', region, postalCode, country: 'US', taxCode: '' });

describe('cart lines', () => {
  it('prices come from the catalogue, never from the add payload', async () => {
    const { token } = await c.guest();
    const res = await c.api(`/Cart/guest/${token}/items`, {
      method: 'POST',
      json: [{ productId: 'TEE-LOGO-SAND-S', quantity: 1, productPrice: 0.01, price: 0.01, isFflItem: true, restrictedStates: [], productName: 'Free shirt' }],
    });
    expect(res.status).toBe(200);
    expect(res.body.items[0]).toMatchObject({ productName: 'Ridgeline Logo Tee', productPrice: 27.99, price: 20.99, isFflItem: false });
    // subTotal is list prices; discount the sale savings; the total what is charged.
    expect(res.body).toMatchObject({ subTotal: 27.99, discount: 7, discountAmount: 0, shipping: 0, taxAmount: 0, totalAmount: 20.99 });
  });

  it('updates a quantity (guest and user alike); 0 removes the line', async () => {
    const { token } = await c.guest([
      { productId: 'CASE42-BLK', quantity: 1 },
      { productId: 'SLING2P-FDE', quantity: 1 },
    ]);
    const cart = (await c.api(`/Cart/guest/${token}`)).body;
    const [caseLine, slingLine] = cart.items;
    const updated = await c.api(`/Cart/guest/${token}/items/${caseLine.id}`, { method: 'PUT', json: { quantity: 3 } });
    expect(updated.status).toBe(200);
    expect(updated.body.items.find((i: { id: number }) => i.id === caseLine.id).quantity).toBe(3);
    expect(updated.body.subTotal).toBe(Math.round((3 * 128.99 + 44.99) * 100) / 100);

    const removed = await c.api(`/Cart/guest/${token}/items/${slingLine.id}`, { method: 'PUT', json: { quantity: 0 } });
    expect(removed.status).toBe(200);
    expect(removed.body.items.map((i: { productId: string }) => i.productId)).toEqual(['CASE42-BLK']);

    const tokens = await customer();
    await c.api('/Cart/items', { method: 'POST', token: tokens.accessToken, json: [{ productId: 'CASE42-BLK', quantity: 1 }] });
    const userCart = (await c.api('/Cart', { token: tokens.accessToken })).body;
    const put = await c.api(`/Cart/items/${userCart.items[0].id}`, { method: 'PUT', token: tokens.accessToken, json: { quantity: 5 } });
    expect(put.status).toBe(200);
    expect(put.body.items[0].quantity).toBe(5);
    const del = await c.api(`/Cart/items/${userCart.items[0].id}`, { method: 'DELETE', token: tokens.accessToken });
    expect(del.status).toBe(200);
    expect(del.body.items).toEqual([]);
  });

  it('refuses bad quantities and changes nothing', async () => {
    const { token, cart } = await c.guest([{ productId: 'CASE42-BLK', quantity: 2 }]);
    const id = cart.items[0].id;
    for (const quantity of [-1, 100, 1.5, '2']) {
      const res = await c.api(`/Cart/guest/${token}/items/${id}`, { method: 'PUT', json: { quantity } });
      expect(res.status, String(quantity)).toBe(400);
      expect(res.body.message).toMatch(/quantity/);
    }
    expect((await c.api(`/Cart/guest/${token}`)).body.items[0].quantity).toBe(2);
  });

  it("another cart's line ids are 404 and that line is left alone", async () => {
    const a = await c.guest([{ productId: 'CASE42-BLK', quantity: 2 }]);
    const b = await c.guest([{ productId: 'SLING2P-FDE', quantity: 1 }]);
    const aLine = a.cart.items[0].id;
    const put = await c.api(`/Cart/guest/${b.token}/items/${aLine}`, { method: 'PUT', json: { quantity: 9 } });
    const del = await c.api(`/Cart/guest/${b.token}/items/${aLine}`, { method: 'DELETE' });
    expect([put.status, del.status]).toEqual([404, 404]);
    expect(put.body.message).toBe(del.body.message);

    const tokens = await customer();
    const userPut = await c.api(`/Cart/items/${aLine}`, { method: 'PUT', token: tokens.accessToken, json: { quantity: 9 } });
    const userDel = await c.api(`/Cart/items/${aLine}`, { method: 'DELETE', token: tokens.accessToken });
    expect([userPut.status, userDel.status]).toEqual([404, 404]);
    expect((await c.api(`/Cart/guest/${a.token}`)).body.items[0].quantity).toBe(2);
    expect((await c.api(`/Cart/items/${aLine}`, { method: 'DELETE' })).status).toBe(401);
  });
});

describe('shipping methods', () => {
  it('lists the seeded methods cheapest first; the free one has price 0', async () => {
    const res = await c.api('/Cart/shipping-methods');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      { id: 4, name: 'Free Standard Shipping', price: 0 },
      { id: 1, name: 'Ground', price: 9.95 },
      { id: 2, name: 'Two-Day', price: 19.95 },
      { id: 3, name: 'Overnight', price: 39.95 },
    ]);
  });
});

describe('compute', () => {
  it('has a documented rate for every state the contract accepts, and no other', () => {
    const contract = readContract() as { components: { schemas: { UsState: { enum: string[] } } } };
    const states = contract.components.schemas.UsState.enum;
    expect(Object.keys(STATE_TAX_RATES).sort()).toEqual([...states].sort());
    for (const rate of Object.values(STATE_TAX_RATES)) expect(rate >= 0 && rate < 10_000).toBe(true);
  });

  it('taxes by the state base rate, adds shipping, and keeps both on the cart', async () => {
    const { token, cartId } = await c.guest([{ productId: 'CASE42-BLK', quantity: 2 }]);
    // 2 x 128.99 = 257.98; state rates of decision 007.
    const cases: [string, number][] = [
      ['CA', 18.7], // 7.25%
      ['TX', 16.12], // 6.25%
      ['MN', 17.74], // 6.875%
      ['MT', 0], // no sales tax
      ['NY', 10.32], // 4% state rate; local rates not included
    ];
    for (const [region, tax] of cases) {
      const res = await c.api(`/Cart/guest/${token}/compute`, {
        method: 'POST',
        json: { address: address(region), cartId, shippingMethodId: 1 },
      });
      expect(res.status, region).toBe(200);
      expect(res.body, region).toMatchObject({ subTotal: 257.98, discount: 0, shipping: 9.95, taxAmount: tax, shippingMethodId: 1 });
      expect(res.body.totalAmount, region).toBe(Math.round((257.98 + 9.95 + tax) * 100) / 100);
    }
    // Kept: the next view of the cart, and a change of its lines, price it the same way.
    const later = (await c.api(`/Cart/guest/${token}`)).body;
    expect(later).toMatchObject({ shipping: 9.95, taxAmount: 10.32, totalAmount: 278.25 });
    const more = await c.api(`/Cart/guest/${token}/items`, { method: 'POST', json: [{ productId: 'CASE42-BLK', quantity: 1 }] });
    expect(more.body).toMatchObject({ subTotal: 386.97, taxAmount: 15.48, shipping: 9.95 });

    const free = await c.api(`/Cart/guest/${token}/compute`, { method: 'POST', json: { address: address('TX'), cartId, shippingMethodId: 4 } });
    expect(free.body).toMatchObject({ shipping: 0, shippingMethodId: 4 });
  });

  it('the user variant works the same way', async () => {
    const tokens = await customer();
    const cart = (await c.api('/Cart/items', { method: 'POST', token: tokens.accessToken, json: [{ productId: 'CASE42-BLK', quantity: 1 }] })).body;
    const res = await c.api('/Cart/compute', {
      method: 'POST',
      token: tokens.accessToken,
      json: { address: address('WA'), cartId: cart.id, shippingMethodId: 3 },
    });
    expect(res.status).toBe(200);
    // 128.99 x 6.5% = 8.38
    expect(res.body).toMatchObject({ shipping: 39.95, taxAmount: 8.38, totalAmount: 177.32 });
  });

  it("another owner's cart id is 404, a bad address or method is 400; nothing is kept", async () => {
    const a = await c.guest([{ productId: 'CASE42-BLK', quantity: 1 }]);
    const b = await c.guest([{ productId: 'CASE42-BLK', quantity: 1 }]);
    const body = { address: address('TX'), cartId: a.cartId, shippingMethodId: 1 };
    expect((await c.api(`/Cart/guest/${b.token}/compute`, { method: 'POST', json: body })).status).toBe(404);
    const tokens = await customer();
    expect((await c.api('/Cart/compute', { method: 'POST', token: tokens.accessToken, json: body })).status).toBe(404);

    const unknownMethod = await c.api(`/Cart/guest/${a.token}/compute`, { method: 'POST', json: { ...body, shippingMethodId: 99 } });
    expect(unknownMethod.status).toBe(400);
    expect(unknownMethod.body.message).toMatch(/shippingMethodId/);
    const badState = await c.api(`/Cart/guest/${a.token}/compute`, { method: 'POST', json: { ...body, address: address('XX') } });
    expect(badState.status).toBe(400);
    expect(badState.body.message).toMatch(/region/);
    const shortZip = await c.api(`/Cart/guest/${a.token}/compute`, { method: 'POST', json: { ...body, address: address('TX', '787') } });
    expect(shortZip.status).toBe(400);
    expect((await c.api(`/Cart/guest/${a.token}`)).body).toMatchObject({ shipping: 0, taxAmount: 0, shippingMethodId: null });
  });
});
