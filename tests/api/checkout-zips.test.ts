import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../support/test-server';
import { skus } from '../../server/src/db/schema';
import { billing, cartState, chargesFor, client, dealer, stockOf } from './checkout-support';

/**
 * Real zips and the right restriction rule (issue 17 item 3, decision 026): a zip is 5 digits or
 * ZIP+4, exists in the packaged zip list and belongs to the chosen state, or the order is a 400
 * naming the field; a restricted zip entry matches the destination zips it starts.
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

const checkout = (body: Record<string, unknown>, guest: string) => c.api('/Checkout/simplified', { method: 'POST', json: body, guest });

/** The 30-round magazine: restricted in the magazine-limit states and at zips 100xx and 606xx. */
const MAGAZINE = 'RM30-30-BLK';

describe('zips that are not real zips of the chosen state are refused, naming the field', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['a hyphen inside the zip', { state: 'NY', city: 'New York', zip: '10-001' }, 'customerInfo.zip', 'Enter a 5-digit zip code, or ZIP+4'],
    ['a letter O for a zero', { state: 'NY', city: 'New York', zip: '1O001' }, 'customerInfo.zip', 'Enter a 5-digit zip code, or ZIP+4'],
    ['letters', { state: 'NY', city: 'New York', zip: 'ABCDE' }, 'customerInfo.zip', 'Enter a 5-digit zip code, or ZIP+4'],
    ['a zip that does not exist', { state: 'NY', city: 'New York', zip: '00000' }, 'customerInfo.zip', 'This zip code does not exist'],
    ['Los Angeles, NV 90001', { state: 'NV', city: 'Los Angeles', zip: '90001' }, 'customerInfo.zip', 'This zip code is not in Nevada'],
    ['a Puerto Rico zip for New York', { state: 'NY', city: 'San Juan', zip: '00901' }, 'customerInfo.zip', 'This zip code is not in New York'],
    [
      'a separate shipping address in the wrong state',
      { shippingSameAsBilling: false, shippingName: 'Kim Gift', shippingAddress: '1 Main St', shippingCity: 'Los Angeles', shippingState: 'NV', shippingZip: '90001', shippingCountry: 'United States' },
      'customerInfo.shippingZip',
      'This zip code is not in Nevada',
    ],
    [
      'a malformed shipping zip',
      { shippingSameAsBilling: false, shippingName: 'Kim Gift', shippingAddress: '1 Main St', shippingCity: 'New York', shippingState: 'NY', shippingZip: '1O001', shippingCountry: 'United States' },
      'customerInfo.shippingZip',
      'Enter a 5-digit zip code, or ZIP+4',
    ],
  ];

  it.each(cases)('%s: 400, and no order', async (_label, change, field, message) => {
    const g = await c.guest([{ productId: MAGAZINE, quantity: 1 }]);
    const stock = await stockOf(server, MAGAZINE);
    // A real, unused card token: had the zip been accepted, this would have paid.
    const res = await checkout({ cartId: g.cartId, customerInfo: billing(change), paymentToken: await c.cardToken() }, g.token);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.message).toContain(`Errors in the Billing Form: ${field.split('.').pop()}: ${message}`);
    expect(res.body.errors).toContainEqual({ field, message });
    expect(await cartState(server, g.cartId)).toEqual({ status: 'open', claimed: false, lines: [`${MAGAZINE}x1`], orders: 0, captured: 0 });
    expect(await stockOf(server, MAGAZINE)).toBe(stock);
    expect(chargesFor(server, g.cartId)).toEqual([]);
  });

  it.each([
    [{ dealerZip: '78-701' }, 'Enter a 5-digit zip code, or ZIP+4'],
    [{ dealerZip: '00000' }, 'This zip code does not exist'],
    [{ dealerZip: '90001' }, 'This zip code is not in Texas'],
  ])("the dealer's zip %o: 400 %s", async (change, message) => {
    const g = await c.guest([{ productId: 'SUMMIT-308-22-BLK', quantity: 1 }]);
    const res = await checkout({ cartId: g.cartId, customerInfo: billing(), dealerInfo: dealer(change), paymentToken: await c.cardToken() }, g.token);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.message).toContain(`Errors in the Dealer Address Form: dealerZip: ${message}`);
    expect(res.body.errors).toContainEqual({ field: 'dealerInfo.dealerZip', message });
    expect(await cartState(server, g.cartId)).toMatchObject({ status: 'open', orders: 0, captured: 0 });
  });

  it('a short zip keeps the spec message', async () => {
    const g = await c.guest([{ productId: 'CASE42-BLK', quantity: 1 }]);
    const res = await checkout({ cartId: g.cartId, customerInfo: billing({ zip: '7870' }), paymentToken: await c.cardToken() }, g.token);
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ field: 'customerInfo.zip', message: 'Zip code must be at least 5 digits' });
  });
});

describe('restricted zips are prefixes of the destination zip', () => {
  it('a Georgia shopper at 31006 buys the 30-round magazine ("100" is inside 31006, not its start)', async () => {
    const g = await c.guest([{ productId: MAGAZINE, quantity: 1 }]);
    const stock = await stockOf(server, MAGAZINE);
    const georgia = billing({ email: 'butler.ga@example.com', address: '12 Main St', city: 'Butler', state: 'GA', zip: '31006' });
    const res = await checkout({ cartId: g.cartId, customerInfo: georgia, paymentToken: await c.cardToken() }, g.token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await stockOf(server, MAGAZINE)).toBe(stock - 1);
    const order = (await c.api(`/Order/${res.body.orderId}`, { guest: g.token })).body;
    expect(order).toMatchObject({ shippingState: 'GA', shippingZipCode: '31006' });
  });

  it('ZIP+4 is accepted and read by its five digits', async () => {
    const g = await c.guest([{ productId: MAGAZINE, quantity: 1 }]);
    const georgia = billing({ address: '12 Main St', city: 'Butler', state: 'GA', zip: '31006-1234' });
    expect((await checkout({ cartId: g.cartId, customerInfo: georgia, paymentToken: await c.cardToken() }, g.token)).status).toBe(200);
  });

  it('a shopper inside a restricted prefix is still refused', async () => {
    const g = await c.guest([{ productId: MAGAZINE, quantity: 1 }]);
    const chicago = billing({ address: '1 W Madison St', city: 'Chicago', state: 'IL', zip: '60612' });
    const res = await checkout({ cartId: g.cartId, customerInfo: chicago, paymentToken: await c.cardToken() }, g.token);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^Restricted Items in Cart: The following items are restricted in your state or zip code: RM-30 Rifle Magazine$/);
    expect(await cartState(server, g.cartId)).toMatchObject({ status: 'open', orders: 0, captured: 0 });
  });

  it('by zip alone: a 3-digit entry blocks its prefix, a 5-digit entry one zip, ZIP+4 included', async () => {
    // A test-only rule on an item without a state restriction, so only the zip can block it.
    const SKU = 'CASE42-ODG';
    await server.database.db.update(skus).set({ restrictedStates: [], restrictedZips: ['100', '20001'] }).where(eq(skus.sku, SKU));
    const attempt = async (info: Record<string, unknown>) => {
      const g = await c.guest([{ productId: SKU, quantity: 1 }]);
      return checkout({ cartId: g.cartId, customerInfo: billing(info), paymentToken: await c.cardToken() }, g.token);
    };
    const refused = [
      { state: 'NY', city: 'New York', zip: '10001' },
      { state: 'NY', city: 'New York', zip: '10027-1234' },
      { state: 'DC', city: 'Washington', zip: '20001' },
      { state: 'DC', city: 'Washington', zip: '20001-4321' },
    ];
    for (const info of refused) {
      const res = await attempt(info);
      expect(res.status, info.zip).toBe(409);
      expect(res.body.message, info.zip).toContain('Restricted Items in Cart');
    }
    const allowed = [
      { state: 'NY', city: 'Staten Island', zip: '10301' }, // New York, but prefix 103
      { state: 'GA', city: 'Butler', zip: '31006' }, // "100" inside, not at the start
      { state: 'DC', city: 'Washington', zip: '20002' },
      { state: 'NY', city: 'Troy', zip: '12180' },
    ];
    for (const info of allowed) expect((await attempt(info)).status, info.zip).toBe(200);
  });
});
