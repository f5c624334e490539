import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../support/test-server';
import { dealers, orders } from '../../server/src/db/schema';
import { billing, cartState, chargesFor, client } from './checkout-support';

/**
 * Handguns go to a dealer in the buyer's state (issue 39 item 10; 18 U.S.C. 922(b)(3); decision
 * 077), against the real server and database: the cart says which lines are handguns from the
 * shop's catalogue, whatever the browser sends, and a handgun ordered with billing in Colorado
 * is refused at a Wyoming dealer forced straight at the API, before any charge; a Colorado dealer
 * is accepted, and a rifle still goes to Wyoming (the long-gun rules are the dealer's state and
 * zip restrictions only).
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

const PISTOL = 'RP9C-STD-BLK';
const RIFLE = 'RK15C-556-16-BLK';
const COLORADO = { address: '1600 Broadway', city: 'Denver', state: 'CO', zip: '80202' };
const OUT_OF_STATE =
  'Errors in the Dealer Address Form: dealerId: Choose a licensed FFL dealer from the list (Handguns go to a dealer in Colorado, the state of your billing address)';

async function dealerNumber(slug: string): Promise<number> {
  const [row] = await server.database.db.select({ number: dealers.number }).from(dealers).where(eq(dealers.id, slug));
  return row.number;
}

async function order(sku: string, dealerId: number, billed: Record<string, unknown> = COLORADO) {
  const g = await c.guest([{ productId: sku, quantity: 1 }]);
  const res = await c.api('/Checkout/simplified', {
    method: 'POST',
    json: { cartId: g.cartId, customerInfo: billing(billed), dealerId, paymentToken: await c.cardToken() },
    guest: g.token,
  });
  return { g, res };
}

describe('the cart says which lines are handguns, from the catalogue', () => {
  it('a pistol is a handgun and a rifle is not, whatever the browser claims', async () => {
    const g = await c.guest([
      // The line's flags a browser may send are ignored (a claim of isHandgun is no accepted field: 400).
      { productId: PISTOL, quantity: 1, isFflItem: false } as { productId: string; quantity: number },
      { productId: RIFLE, quantity: 1 },
    ]);
    const cart = (await c.api(`/Cart/guest/${g.token}`)).body as { items: { productId: string; isHandgun: boolean; isFflItem: boolean }[] };
    expect(cart.items.map((item) => [item.productId, item.isFflItem, item.isHandgun])).toEqual([
      [PISTOL, true, true],
      [RIFLE, true, false],
    ]);
  });
});

describe('a handgun goes only to a dealer in the billing state', () => {
  it('billing in Colorado, a Wyoming dealer id forced at the API: refused, nothing charged, nothing ordered', async () => {
    const { g, res } = await order(PISTOL, await dealerNumber('high-plains-firearms'));
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body).toMatchObject({ status: 409, message: OUT_OF_STATE });
    expect(await cartState(server, g.cartId)).toEqual({ status: 'open', claimed: false, lines: [`${PISTOL}x1`], orders: 0, captured: 0 });
    expect(chargesFor(server, g.cartId)).toEqual([]);
  });

  it('a handgun beside a rifle is refused too: the whole order goes to one dealer', async () => {
    const g = await c.guest([
      { productId: RIFLE, quantity: 1 },
      { productId: PISTOL, quantity: 1 },
    ]);
    const res = await c.api('/Checkout/simplified', {
      method: 'POST',
      json: { cartId: g.cartId, customerInfo: billing(COLORADO), dealerId: await dealerNumber('high-plains-firearms'), paymentToken: await c.cardToken() },
      guest: g.token,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(OUT_OF_STATE);
  });

  it('a shipping address in Wyoming does not make a Wyoming dealer right: the billing address is the residence', async () => {
    const shippedToWyoming = {
      ...COLORADO,
      shippingSameAsBilling: false,
      shippingName: 'Pat Buyer',
      shippingAddress: '1701 Carey Ave',
      shippingCity: 'Cheyenne',
      shippingState: 'WY',
      shippingZip: '82001',
      shippingCountry: 'United States',
    };
    const { res } = await order(PISTOL, await dealerNumber('high-plains-firearms'), shippedToWyoming);
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.message).toBe(OUT_OF_STATE);
  });

  it('billing in Colorado, a Colorado dealer: accepted, and the order goes to that dealer', async () => {
    const frontRange = await dealerNumber('front-range-gun-works');
    const { res } = await order(PISTOL, frontRange);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [row] = await server.database.db.select().from(orders).where(eq(orders.id, res.body.orderId));
    expect(row.dealerId).toBe(frontRange);
  });

  it('a rifle with billing in Colorado still goes to the Wyoming dealer', async () => {
    const { res } = await order(RIFLE, await dealerNumber('high-plains-firearms'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it('billing in Wyoming, the same Wyoming dealer takes the handgun', async () => {
    const { res } = await order(PISTOL, await dealerNumber('high-plains-firearms'), { address: '1701 Carey Ave', city: 'Cheyenne', state: 'WY', zip: '82001' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});
