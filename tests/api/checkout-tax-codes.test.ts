import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { billing, chargesFor, client } from './checkout-support';

/**
 * Tax codes (issue 22 item 4, decision 007 addendum 2026-11-26): every cart line carries its
 * catalogue's tax code; the compute call and checkout tax each line by that code (clothing is
 * exempt in NJ, under $110 an item in NY); the compute payload's `address.taxCode` is an echo the
 * server checks and never lets lower the tax.
 */

let server: TestServer;
let c: ReturnType<typeof client>;
beforeAll(async () => {
  server = await startTestServer();
  c = client(server);
});
afterAll(async () => {
  await server?.close();
});

const TEE = 'TEE-LOGO-BLK-M'; // clothing, $27.99
const SOFTSHELL = 'FIELD-SS-BLK-XL'; // clothing, $138.99 (no sale)
const SLING = 'SLING2P-BLK'; // general merchandise, $44.99
const RIFLE = 'SUMMIT-308-22-BLK'; // firearms (FFL), $1,399.00

const newJersey = { address: '1 Gateway Center', city: 'Newark', state: 'NJ', zip: '07102' };
const newYork = { address: '421 8th Ave', city: 'New York', state: 'NY', zip: '10001' };

type Guest = { token: string; cartId: number };

const compute = (g: Guest, address: Record<string, unknown>) =>
  c.api(`/Cart/guest/${g.token}/compute`, {
    method: 'POST',
    json: { cartId: g.cartId, shippingMethodId: 1, address: { line1: '1 Main St', city: 'Somewhere', country: 'US', ...address } },
  });

const checkout = async (g: Guest, info: Record<string, unknown>) =>
  c.api('/Checkout/simplified', {
    method: 'POST',
    guest: g.token,
    json: { cartId: g.cartId, customerInfo: billing({ ...info, shippingMethodId: 1 }), paymentToken: await c.cardToken() },
  });

describe('tax codes from the catalogue', () => {
  it('every cart line carries its tax code (a contract field the server always sends)', async () => {
    const g = await c.guest([
      { productId: TEE, quantity: 1 },
      { productId: SLING, quantity: 1 },
      { productId: RIFLE, quantity: 1 },
    ]);
    const codes = Object.fromEntries((g.cart.items as { productId: string; taxCode: string }[]).map((i) => [i.productId, i.taxCode]));
    expect(codes).toEqual({ [TEE]: 'clothing', [SLING]: 'general-merchandise', [RIFLE]: 'firearms' });
  });

  it('New Jersey exempts clothing: only the sling is taxed, in compute, the cart and the order', async () => {
    const g = await c.guest([
      { productId: TEE, quantity: 2 },
      { productId: SLING, quantity: 1 },
    ]);
    // 6.625% of 44.99 = 2.98; the tees (55.98) are exempt. Shipping 9.95.
    const computed = await compute(g, { region: 'NJ', postalCode: '07102' });
    expect(computed.status, JSON.stringify(computed.body)).toBe(200);
    expect(computed.body).toMatchObject({ subTotal: 100.97, taxAmount: 2.98, totalAmount: 113.9 });
    expect((await c.api(`/Cart/guest/${g.token}`)).body).toMatchObject({ taxAmount: 2.98 });
    const placed = await checkout(g, newJersey);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect((await c.api(`/Order/${placed.body.orderId}`, { guest: g.token })).body).toMatchObject({ taxAmount: 2.98, totalAmount: 113.9 });
    expect(chargesFor(server, g.cartId).map((ch) => ch.amountCents)).toEqual([11_390]);
  });

  it('a clothing-only cart to New Jersey pays no tax; the same cart to Texas pays the full rate', async () => {
    const g = await c.guest([{ productId: TEE, quantity: 1 }]);
    expect((await compute(g, { region: 'NJ', postalCode: '07102', taxCode: 'clothing' })).body).toMatchObject({ taxAmount: 0 });
    // 6.25% of 27.99 = 1.749 -> 1.75
    expect((await compute(g, { region: 'TX', postalCode: '78701', taxCode: 'clothing' })).body).toMatchObject({ taxAmount: 1.75 });
  });

  it('New York: a shirt under $110 is exempt, a $138.99 jacket is taxed at 4%', async () => {
    const g = await c.guest([
      { productId: TEE, quantity: 1 },
      { productId: SOFTSHELL, quantity: 1 },
    ]);
    // 4% of 138.99 = 5.5596 -> 5.56
    expect((await compute(g, { region: 'NY', postalCode: '10001', taxCode: 'clothing' })).body).toMatchObject({ taxAmount: 5.56 });
    const placed = await checkout(g, newYork);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect((await c.api(`/Order/${placed.body.orderId}`, { guest: g.token })).body).toMatchObject({ taxAmount: 5.56 });
  });
});

describe("the compute payload's taxCode", () => {
  it('a forged code does not lower the tax: a sling sent as clothing to New Jersey is taxed as what it is', async () => {
    const g = await c.guest([{ productId: SLING, quantity: 1 }]);
    const honest = await compute(g, { region: 'NJ', postalCode: '07102', taxCode: 'general-merchandise' });
    const without = await compute(g, { region: 'NJ', postalCode: '07102' });
    const forged = await compute(g, { region: 'NJ', postalCode: '07102', taxCode: 'clothing' });
    // An empty code (what clients without codes sent when the field was free text) is no code.
    const empty = await compute(g, { region: 'NJ', postalCode: '07102', taxCode: '' });
    for (const res of [honest, without, forged, empty]) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ taxAmount: 2.98 });
    }
    // Checkout takes nothing from the compute payload: the order is taxed the same.
    const placed = await checkout(g, newJersey);
    expect((await c.api(`/Order/${placed.body.orderId}`, { guest: g.token })).body).toMatchObject({ taxAmount: 2.98 });
  });

  it('a forged code cannot untax a firearm at the dealer either', async () => {
    const g = await c.guest([{ productId: RIFLE, quantity: 1 }]);
    const res = await c.api(`/Cart/guest/${g.token}/compute`, {
      method: 'POST',
      json: {
        cartId: g.cartId,
        shippingMethodId: 1,
        dealerState: 'NJ',
        address: { line1: '1 Main St', city: 'Newark', region: 'NJ', postalCode: '07102', country: 'US', taxCode: 'clothing' },
      },
    });
    // 6.625% of 1,399.00 = 92.68
    expect(res.body).toMatchObject({ taxAmount: 92.68 });
  });

  it('a code that is not one of the tax codes is a 400 naming the field, and changes nothing', async () => {
    const g = await c.guest([{ productId: SLING, quantity: 1 }]);
    const res = await compute(g, { region: 'NJ', postalCode: '07102', taxCode: 'exempt' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/taxCode/);
    expect((await c.api(`/Cart/guest/${g.token}`)).body).toMatchObject({ taxAmount: 0, shippingMethodId: null });
  });
});
