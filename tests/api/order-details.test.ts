import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../support/test-server';
import { register, signIn, uniqueEmail } from '../support/oidc-login';
import { DEMO_CUSTOMER } from '../../server/src/identity/demo-customer';
import { seedDatabase } from '../../server/src/db/seed';
import { orders, payments } from '../../server/src/db/schema';
import { addDealer, billing, cartState, client } from './checkout-support';

/**
 * Order details (decision 037): the dealer with its licence ending, the shipping method and its
 * price, the billing and shipping addresses, and the card as the payment provider's charge answer
 * named it: brand and last four digits, kept on the order at charge time, never the number, and
 * never anything the checkout body says.
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

const orderRow = async (id: number) => (await server.database.db.select().from(orders).where(eq(orders.id, id)))[0];

describe('an order keeps the card the provider charged and where it went', () => {
  it('a guest FFL order: the dealer with its licence ending, Two-Day and its price, Visa ending in 4242, shipped to billing', async () => {
    const dealerId = await addDealer(server, { name: 'Hill Country Transfers', licenceNumber: '5-74-453-01-9L-24680' });
    const g = await c.guest([
      { productId: 'SUMMIT-308-22-BLK', quantity: 1 },
      { productId: 'CASE42-BLK', quantity: 1 },
    ]);
    const placed = await c.api('/Checkout/simplified', {
      method: 'POST',
      guest: g.token,
      json: { cartId: g.cartId, customerInfo: billing({ shippingMethodId: 2, company: 'Buyer Co' }), dealerId, paymentToken: await c.cardToken('approved') },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const id = placed.body.orderId as number;

    const detail = await c.api(`/Order/${id}`, { guest: g.token });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      billingFirstName: 'Pat',
      billingLastName: 'Buyer',
      billingCompany: 'Buyer Co',
      billingAddress: '100 Congress Ave',
      billingCity: 'Austin',
      billingState: 'TX',
      billingZipCode: '78701',
      billingCountry: 'United States',
      shippingSameAsBilling: true,
      shippingAddress: '100 Congress Ave',
      shippingMethodName: 'Two-Day',
      shippingCost: 19.95,
      dealerName: 'Hill Country Transfers',
      dealerAddress: '200 E 6th St',
      dealerCity: 'Austin',
      dealerState: 'TX',
      dealerZipCode: '78701',
      dealerLicenceEnding: '24680',
      paymentCardBrand: 'Visa',
      paymentCardLast4: '4242',
    });
    // The licence's whole number stays private.
    expect(JSON.stringify(detail.body)).not.toContain('5-74-453');

    // The stored order: brand and last four, no card number, no payment token.
    const row = await orderRow(id);
    expect(row).toMatchObject({ cardBrand: 'Visa', cardLast4: '4242' });
    const stored = JSON.stringify(row);
    expect(stored).not.toMatch(/4242\s?4242/);
    expect(stored).not.toMatch(/\d{12,}/);
    expect(stored).not.toContain('tok_');
    const [payment] = await server.database.db.select().from(payments).where(eq(payments.orderId, id));
    expect(JSON.stringify(payment)).not.toMatch(/\d{12,}/);
  });

  it('a signed-in customer: another shipping address, Ground, Mastercard ending in 4444', async () => {
    const tokens = await register(server, { firstName: 'Casey', lastName: 'Card', email: uniqueEmail('casey'), password: 'casey-password-1' });
    const cart = (await c.api('/Cart/items', { method: 'POST', token: tokens.accessToken, json: [{ productId: 'SLING2P-ODG', quantity: 1 }] })).body;
    const placed = await c.api('/Checkout/simplified', {
      method: 'POST',
      token: tokens.accessToken,
      json: {
        cartId: cart.id,
        customerInfo: billing({
          shippingSameAsBilling: false,
          shippingName: 'Sam Gift',
          shippingCompany: 'Gift Co',
          addressContact: 'Suite 210',
          shippingAddress: '800 W Main Street',
          shippingCity: 'Boise',
          shippingState: 'ID',
          shippingZip: '83702',
          shippingCountry: 'United States',
        }),
        paymentToken: await c.cardToken('5555 5555 5555 4444'),
      },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const detail = await c.api(`/Order/${placed.body.orderId}`, { token: tokens.accessToken });
    expect(detail.body).toMatchObject({
      shippingSameAsBilling: false,
      shippingFirstName: 'Sam',
      shippingLastName: 'Gift',
      shippingCompany: 'Gift Co',
      shippingAddress: '800 W Main Street, Suite 210',
      shippingCity: 'Boise',
      shippingState: 'ID',
      billingCity: 'Austin',
      billingCompany: null,
      shippingMethodName: 'Ground',
      shippingCost: 9.95,
      dealerName: null,
      dealerLicenceEnding: null,
      paymentCardBrand: 'Mastercard',
      paymentCardLast4: '4444',
    });
  });

  it('a forged card field in the checkout body is refused and sets nothing', async () => {
    const g = await c.guest([{ productId: 'CAP-RANGE-BLK', quantity: 1 }]);
    const forgeries = [
      { cartId: g.cartId, customerInfo: billing(), paymentToken: await c.cardToken(), paymentCardBrand: 'Amex', paymentCardLast4: '9999' },
      { cartId: g.cartId, customerInfo: billing(), paymentToken: await c.cardToken(), cardBrand: 'Amex', cardLast4: '9999' },
      { cartId: g.cartId, customerInfo: billing({ cardBrand: 'Amex', cardLast4: '9999' }), paymentToken: await c.cardToken() },
    ];
    for (const json of forgeries) {
      const res = await c.api('/Checkout/simplified', { method: 'POST', guest: g.token, json });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
    }
    expect(await cartState(server, g.cartId)).toMatchObject({ status: 'open', orders: 0, captured: 0 });

    // The honest body: the card is the one the sandbox tokenized, whatever the body said before.
    const placed = await c.api('/Checkout/simplified', {
      method: 'POST',
      guest: g.token,
      json: { cartId: g.cartId, customerInfo: billing(), paymentToken: await c.cardToken('6011 1111 1111 1117') },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const detail = await c.api(`/Order/${placed.body.orderId}`, { guest: g.token });
    expect(detail.body).toMatchObject({ paymentCardBrand: 'Discover', paymentCardLast4: '1117' });
    expect(await orderRow(placed.body.orderId)).toMatchObject({ cardBrand: 'Discover', cardLast4: '1117' });
  });

  it('an order that kept no card answers null; the column cannot hold more than four digits', async () => {
    const g = await c.guest([{ productId: 'CAP-RANGE-BLK', quantity: 1 }]);
    const placed = await c.api('/Checkout/simplified', {
      method: 'POST',
      guest: g.token,
      json: { cartId: g.cartId, customerInfo: billing(), paymentToken: await c.cardToken() },
    });
    const id = placed.body.orderId as number;
    const db = server.database.db;
    // As an order placed before decision 037 reads.
    await db.update(orders).set({ cardBrand: null, cardLast4: null }).where(eq(orders.id, id));
    const detail = await c.api(`/Order/${id}`, { guest: g.token });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ paymentCardBrand: null, paymentCardLast4: null });

    await expect(db.update(orders).set({ cardLast4: '4242424242424242' }).where(eq(orders.id, id))).rejects.toThrow();
    await expect(db.update(orders).set({ cardLast4: '42a2' }).where(eq(orders.id, id))).rejects.toThrow();
    expect((await orderRow(id)).cardLast4).toBeNull();
  });
});

describe("the demo customer's orders", () => {
  it('name their card and the dealer licence ending, also after an older seed (backfilled)', async () => {
    const tokens = await signIn(server, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const read = async () => {
      const list = (await c.api('/Order', { token: tokens.accessToken })).body as { id: number }[];
      return Promise.all(list.map(async (o) => (await c.api(`/Order/${o.id}`, { token: tokens.accessToken })).body));
    };
    const details = await read();
    expect(details).toHaveLength(3);
    for (const detail of details) {
      expect(detail.paymentCardBrand).toEqual(expect.any(String));
      expect(detail.paymentCardLast4).toMatch(/^\d{4}$/);
    }
    const [newest, middle, oldest] = details;
    expect(oldest).toMatchObject({ shippingSameAsBilling: false, shippingFirstName: 'Sam', paymentCardBrand: 'Mastercard', paymentCardLast4: '4444' });
    expect(middle).toMatchObject({ dealerName: 'Gallatin Range Supply', dealerLicenceEnding: expect.stringMatching(/^[0-9A-Z]{5}$/), paymentCardBrand: 'Visa' });
    expect(newest).toMatchObject({ shippingSameAsBilling: true, shippingMethodName: 'Free Standard Shipping', shippingCost: 0 });

    // Seeded before decision 037: no card, no licence ending. Seeding again fills them in.
    const db = server.database.db;
    await db
      .update(orders)
      .set({ cardBrand: null, cardLast4: null, dealer: sql`${orders.dealer} - 'licenceEnding'` })
      .where(eq(orders.userId, DEMO_CUSTOMER.id));
    expect((await read())[1]).toMatchObject({ dealerLicenceEnding: null, paymentCardLast4: null });
    await seedDatabase(db);
    expect(await read()).toEqual(details);
  });
});
