import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { billing, chargesFor, client } from './checkout-support';

/**
 * Tax where the goods go (issue 17 item 6, decision 007): FFL lines at the dealer's state, the
 * other lines at the shipping address's state; the compute call does the same when it is given
 * the dealer's state, and keeps it for later views of the cart.
 */

let server: TestServer;
let c: ReturnType<typeof client>;
/** A listed Texas dealer (6.25%) with a current licence: the FFL lines go there (decision 029). */
let texasDealer: { id: number; state: string };
beforeAll(async () => {
  server = await startTestServer();
  c = client(server);
  const listed = (await c.api('/Dealers')).body as { id: number; state: string; city: string; licenceCurrent?: boolean }[];
  texasDealer = listed.find((d) => d.state === 'TX' && d.city === 'Austin' && d.licenceCurrent !== false)!;
});
afterAll(async () => {
  await server?.close();
});

const RIFLE = 'SUMMIT-308-22-BLK'; // FFL, $1,399.00, no restrictions
const CASE = 'CASE42-BLK'; // not FFL, $128.99
const oregon = { address: '1120 SW 5th Ave', city: 'Portland', state: 'OR', zip: '97204' };
const california = { address: '1 Market St', city: 'San Francisco', state: 'CA', zip: '94105' };

const checkout = (g: { token: string; cartId: number }, info: Record<string, unknown>, paymentToken: string) =>
  c.api('/Checkout/simplified', {
    method: 'POST',
    guest: g.token,
    json: { cartId: g.cartId, customerInfo: billing({ ...info, shippingMethodId: 2 }), dealerId: texasDealer.id, paymentToken },
  });

const compute = (g: { token: string; cartId: number }, region: string, dealerState?: string) =>
  c.api(`/Cart/guest/${g.token}/compute`, {
    method: 'POST',
    json: {
      cartId: g.cartId,
      shippingMethodId: 2,
      address: { line1: '1 Main St', city: 'Somewhere', region, postalCode: '97204', country: 'US' },
      ...(dealerState ? { dealerState } : {}),
    },
  });

describe('tax where the goods go', () => {
  it("a rifle shipped to a Texas dealer for an Oregon buyer is taxed at Texas's rate", async () => {
    expect(texasDealer).toMatchObject({ state: 'TX' });
    const g = await c.guest([{ productId: RIFLE, quantity: 1 }]);
    // The cart computed for the dealer shows what checkout charges: 6.25% of 1,399.00 = 87.44.
    const computed = await compute(g, 'OR', 'TX');
    expect(computed.status, JSON.stringify(computed.body)).toBe(200);
    expect(computed.body).toMatchObject({ subTotal: 1399, shipping: 19.95, taxAmount: 87.44, totalAmount: 1506.39 });
    // Kept on the cart: the next view prices it the same way.
    expect((await c.api(`/Cart/guest/${g.token}`)).body).toMatchObject({ taxAmount: 87.44, totalAmount: 1506.39 });

    const res = await checkout(g, oregon, await c.cardToken());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const order = (await c.api(`/Order/${res.body.orderId}`, { guest: g.token })).body;
    expect(order).toMatchObject({ taxAmount: 87.44, totalAmount: 1506.39, shippingState: 'OR', dealerState: 'TX' });
    expect(chargesFor(server, g.cartId).map((ch) => ch.amountCents)).toEqual([150_639]);
  });

  it('a mixed cart adds the dealer state on the rifle and the shipping state on the rest', async () => {
    // Oregon has no sales tax: only the rifle is taxed, at Texas's rate.
    const toOregon = await c.guest([{ productId: RIFLE, quantity: 1 }, { productId: CASE, quantity: 1 }]);
    expect((await compute(toOregon, 'OR', 'TX')).body).toMatchObject({ taxAmount: 87.44 });
    const placed = await checkout(toOregon, oregon, await c.cardToken());
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect((await c.api(`/Order/${placed.body.orderId}`, { guest: toOregon.token })).body).toMatchObject({ taxAmount: 87.44 });

    // California: 87.44 on the rifle (Texas) + 7.25% of 128.99 = 9.35 on the case.
    const toCalifornia = await c.guest([{ productId: RIFLE, quantity: 1 }, { productId: CASE, quantity: 1 }]);
    expect((await compute(toCalifornia, 'CA', 'TX')).body).toMatchObject({ taxAmount: 96.79 });
    const order = await checkout(toCalifornia, california, await c.cardToken());
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    expect((await c.api(`/Order/${order.body.orderId}`, { guest: toCalifornia.token })).body).toMatchObject({ taxAmount: 96.79 });
  });

  it('without the dealer state the compute call taxes every line at the address, and a later compute may add it', async () => {
    const g = await c.guest([{ productId: RIFLE, quantity: 1 }]);
    expect((await compute(g, 'OR')).body).toMatchObject({ taxAmount: 0 });
    expect((await compute(g, 'OR', 'TX')).body).toMatchObject({ taxAmount: 87.44 });
    expect((await compute(g, 'OR')).body).toMatchObject({ taxAmount: 0 });
    const bad = await c.api(`/Cart/guest/${g.token}/compute`, {
      method: 'POST',
      json: { cartId: g.cartId, shippingMethodId: 2, dealerState: 'XX', address: { line1: '1 Main St', city: 'Portland', region: 'OR', postalCode: '97204', country: 'US' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/dealerState/);
  });

  it('a promo code applied after the computation keeps the dealer state', async () => {
    const g = await c.guest([{ productId: RIFLE, quantity: 1 }]);
    await compute(g, 'OR', 'TX');
    const promo = await c.api(`/Cart/guest/${g.token}/promo-code`, { method: 'POST', json: { cartId: g.cartId, promoCode: 'RIDGE10' } });
    expect(promo.status, JSON.stringify(promo.body)).toBe(200);
    // 1,399.00 - 139.90 = 1,259.10; 6.25% = 78.69.
    expect(promo.body).toMatchObject({ discountAmount: 139.9, taxAmount: 78.69 });
    const res = await checkout(g, oregon, await c.cardToken());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await c.api(`/Order/${res.body.orderId}`, { guest: g.token })).body).toMatchObject({ discountAmount: 139.9, taxAmount: 78.69 });
  });
});
