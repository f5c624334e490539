import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../support/test-server';
import { register, signIn, uniqueEmail } from '../support/oidc-login';
import { DEMO_CUSTOMER } from '../../server/src/identity/demo-customer';
import { dealers, mailOutbox, orders } from '../../server/src/db/schema';
import { dealers as seedDealers, EXPIRED_LICENCE } from '../../server/seed/dealers';
import { addDealer, billing, cartState, chargesFor, client, dealer } from './checkout-support';

/**
 * FFL dealers in checkout (issue 17 item 1, decision 029), against the real server and database:
 * firearms go only to a listed dealer with a current licence, chosen by id; the order's dealer is
 * the server's record, whatever dealer address the body carries; a signed-in customer's last
 * dealer is offered through GET /User/last-dealer.
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

const RIFLE = 'RK15C-556-16-BLK';
const CHOOSE = 'Errors in the Dealer Address Form: dealerId: Choose a licensed FFL dealer from the list';

const checkout = (body: Record<string, unknown>, who: { guest?: string; token?: string }) =>
  c.api('/Checkout/simplified', { method: 'POST', json: body, guest: who.guest, token: who.token });

async function dealerNumber(slug: string): Promise<number> {
  const [row] = await server.database.db.select({ number: dealers.number }).from(dealers).where(eq(dealers.id, slug));
  return row.number;
}

/** A rifle in a new guest cart, ordered with this body's dealer part; nothing must change on refusal. */
async function orderRifle(dealerPart: Record<string, unknown>) {
  const g = await c.guest([{ productId: RIFLE, quantity: 1 }]);
  const res = await checkout({ cartId: g.cartId, customerInfo: billing(), ...dealerPart, paymentToken: await c.cardToken() }, { guest: g.token });
  return { g, res };
}

async function expectRefused(dealerPart: Record<string, unknown>, reason: RegExp) {
  const { g, res } = await orderRifle(dealerPart);
  expect(res.status, JSON.stringify(res.body)).toBe(409);
  expect(res.body.message).toContain(CHOOSE);
  expect(res.body.message).toMatch(reason);
  expect(await cartState(server, g.cartId)).toEqual({ status: 'open', claimed: false, lines: [`${RIFLE}x1`], orders: 0, captured: 0 });
  expect(chargesFor(server, g.cartId)).toEqual([]);
}

describe('the dealer list says whose licence is current', () => {
  it('each dealer has its email, the last five characters of its licence, the expiry and whether it is current', async () => {
    const res = await fetch(`${server.api}/Dealers`);
    const body = await res.text();
    const list = JSON.parse(body) as { id: number; name: string; email: string; licenceEnding: string; licenceExpires: string; licenceCurrent: boolean }[];
    expect(list).toHaveLength(seedDealers.length);
    const pikes = list.find((d) => d.name === 'Pikes Peak Shooting Supply')!;
    expect(pikes).toMatchObject({ licenceCurrent: false, licenceExpires: EXPIRED_LICENCE.expires });
    expect(list.filter((d) => !d.licenceCurrent).map((d) => d.name)).toEqual(['Pikes Peak Shooting Supply']);
    const boise = list.find((d) => d.name === 'Foothill Sporting Arms')!;
    const seeded = seedDealers.find((d) => d.id === 'foothill-sporting-arms')!;
    expect(boise).toMatchObject({ email: seeded.email, licenceCurrent: true, licenceExpires: seeded.licenceExpires });
    expect(boise.licenceEnding).toBe(seeded.licenceNumber.replace(/-/g, '').slice(-5));
    // The whole licence number is never public.
    for (const d of seedDealers) expect(body).not.toContain(d.licenceNumber);
  });
});

describe('an FFL order goes only to a listed dealer with a current licence', () => {
  it('a dealer address typed in, without a dealer id, is refused and no order is made', async () => {
    await expectRefused({ dealerInfo: dealer({ dealerName: 'My House', dealerAddress: '1 Home St' }) }, /firearms in the cart ship to a licensed FFL dealer/);
  });

  it('no dealer at all is refused', async () => {
    await expectRefused({}, /firearms in the cart ship to a licensed FFL dealer/);
  });

  it('an unknown dealer id is refused', async () => {
    await expectRefused({ dealerId: 987654 }, /not on our list/);
  });

  it('an inactive dealer is refused', async () => {
    await expectRefused({ dealerId: await addDealer(server, { active: false }) }, /not on our list/);
  });

  it("a dealer whose licence has expired is refused: the seeded one near Denver, and one that ran out yesterday", async () => {
    await expectRefused({ dealerId: await dealerNumber(EXPIRED_LICENCE.dealerId) }, /license has expired/);
    const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    await expectRefused({ dealerId: await addDealer(server, { licenceExpires: yesterday }) }, /license has expired/);
    await expectRefused({ dealerId: await addDealer(server, { licenceNumber: null, licenceExpires: null }) }, /license has expired/);
  });

  it("stores the dealer's id and the server's record, whatever dealer address the body sends", async () => {
    const id = await dealerNumber('hill-country-arms');
    const typed = dealer({ dealerName: 'Not The Dealer', dealerAddress: '1 Home St', dealerCity: 'Portland', dealerState: 'OR', dealerZip: '97201', dealerPhone: '(503) 555-0100' });
    const { g, res } = await orderRifle({ dealerId: id, dealerInfo: typed });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const orderId = res.body.orderId as number;

    const [row] = await server.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row.dealerId).toBe(id);
    expect(row.dealer).toEqual({
      dealerName: 'Hill Country Arms',
      dealerAddress: '800 W 5th St',
      dealerEmail: 'transfers@hillcountryarms.example',
      dealerPhone: '(512) 555-0137',
      dealerCity: 'Austin',
      dealerState: 'TX',
      dealerZip: '78701',
      dealerCountry: 'United States',
      // The licence's ending as it read when the order was placed (decision 037).
      licenceEnding: expect.stringMatching(/^[0-9A-Z]{5}$/),
    });
    const detail = (await c.api(`/Order/${orderId}`, { guest: g.token })).body;
    expect(detail).toMatchObject({
      dealerName: 'Hill Country Arms',
      dealerAddress: '800 W 5th St',
      dealerCity: 'Austin',
      dealerState: 'TX',
      dealerZipCode: '78701',
      dealerCountry: 'United States',
      dealerPhone: '(512) 555-0137',
    });
    const [mail] = await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, billing().email)).orderBy(desc(mailOutbox.id));
    expect(mail.text).toContain('Hill Country Arms');
    expect(mail.text).not.toContain('Not The Dealer');
  });

  it("checks restrictions and taxes the firearm at the dealer record's address, not the body's", async () => {
    // The rifle may not go to California: a Californian record is refused even if the body says Texas.
    const california = await addDealer(server, { name: 'Bay Arms', city: 'San Francisco', state: 'CA', postalCode: '94105', address2: 'San Francisco, CA 94105' });
    const { res: toCa } = await orderRifle({ dealerId: california, dealerInfo: dealer() });
    expect(toCa.status).toBe(409);
    expect(toCa.body.message).toContain('RK-15 Carbine');

    // A Texas record taxes alike whether the body names an Oregon dealer or none.
    const texas = await dealerNumber('hill-country-arms');
    const { res: plain } = await orderRifle({ dealerId: texas });
    const { g, res: claimed } = await orderRifle({ dealerId: texas, dealerInfo: dealer({ dealerCity: 'Portland', dealerState: 'OR', dealerZip: '97201' }) });
    expect(plain.status).toBe(200);
    expect(claimed.status).toBe(200);
    const tax = async (orderId: number, guest: string) => (await c.api(`/Order/${orderId}`, { guest })).body.taxAmount as number;
    const [plainRow] = await server.database.db.select().from(orders).where(eq(orders.id, plain.body.orderId));
    expect(await tax(claimed.body.orderId, g.token)).toBe(plainRow.taxCents / 100);
  });

  it('a cart without FFL items needs no dealer and keeps none', async () => {
    const g = await c.guest([{ productId: 'CASE42-BLK', quantity: 1 }]);
    const res = await checkout(
      { cartId: g.cartId, customerInfo: billing(), dealerId: await dealerNumber('hill-country-arms'), paymentToken: await c.cardToken() },
      { guest: g.token },
    );
    expect(res.status).toBe(200);
    const [row] = await server.database.db.select().from(orders).where(eq(orders.id, res.body.orderId));
    expect(row.dealerId).toBeNull();
    expect(row.dealer).toBeNull();
  });
});

describe("a signed-in customer's last dealer", () => {
  it('needs a bearer token', async () => {
    const res = await c.api('/User/last-dealer');
    expect(res.status).toBe(401);
  });

  it('is none at first, then the dealer of the latest order that went to one, while it is listed', async () => {
    const tokens = await register(server, { firstName: 'Lee', lastName: 'Rifle', email: uniqueEmail('ffl'), password: 'ffl-password-1' });
    const token = tokens.accessToken;
    const first = await fetch(`${server.api}/User/last-dealer`, { headers: { authorization: `Bearer ${token}` } });
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(await first.json()).toEqual({ dealer: null });

    const buyRifle = async (dealerId: number) => {
      const cart = (await c.api('/Cart/items', { method: 'POST', token, json: [{ productId: RIFLE, quantity: 1 }] })).body;
      const res = await checkout({ cartId: cart.id, customerInfo: billing(), dealerId, paymentToken: await c.cardToken() }, { token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    const gallatin = await dealerNumber('gallatin-range-supply');
    const austin = await addDealer(server, { name: 'Capital City Transfers' });
    await buyRifle(gallatin);
    await buyRifle(austin);
    // A later order without firearms leaves the last dealer as it was.
    const cap = (await c.api('/Cart/items', { method: 'POST', token, json: [{ productId: 'CAP-RANGE-BLK', quantity: 1 }] })).body;
    expect((await checkout({ cartId: cap.id, customerInfo: billing(), paymentToken: await c.cardToken() }, { token })).status).toBe(200);

    const last = await c.api('/User/last-dealer', { token });
    expect(last.body.dealer).toMatchObject({ id: austin, name: 'Capital City Transfers', city: 'Austin', licenceCurrent: true });

    // Another customer's dealer is not theirs.
    const other = await register(server, { firstName: 'Kim', lastName: 'Other', email: uniqueEmail('ffl-other'), password: 'ffl-password-2' });
    expect((await c.api('/User/last-dealer', { token: other.accessToken })).body).toEqual({ dealer: null });

    // A dealer taken off the list is offered no more.
    await server.database.db.update(dealers).set({ active: false }).where(eq(dealers.number, austin));
    expect((await c.api('/User/last-dealer', { token })).body).toEqual({ dealer: null });
  });

  it("is Gallatin Range Supply for the demo customer (the seeded rifle order's dealer)", async () => {
    const tokens = await signIn(server, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const last = await c.api('/User/last-dealer', { token: tokens.accessToken });
    expect(last.status).toBe(200);
    expect(last.body.dealer).toMatchObject({ id: await dealerNumber('gallatin-range-supply'), name: 'Gallatin Range Supply', licenceCurrent: true });
  });
});
