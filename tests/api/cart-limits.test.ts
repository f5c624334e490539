// Limits with clear answers (issue 17, decision 027): builder parts only in builds, 50 lines a
// cart, 99 of a line, never more than is on hand, and rate limits on guest tokens and analytics.
// Every refusal changes nothing.
import { randomBytes } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, statusOf } from '../support/test-server';
import { register, uniqueEmail } from '../support/oidc-login';
import { analyticsEvents, cartItems, carts, guests, skus } from '../../server/src/db/schema';
import { billing, cartState, client, setStock, stockOf } from './checkout-support';

const TOO_MANY_REQUESTS = 'Too many requests. Please wait a moment and try again.';
const TOO_MANY_LINES = 'Your cart can hold at most 50 different items. Please remove one before adding another.';

let server: TestServer;
let c: ReturnType<typeof client>;
beforeAll(async () => {
  server = await startTestServer();
  c = client(server);
});
afterAll(async () => {
  await server?.close();
});

const customer = () => register(server, { firstName: 'Lim', lastName: 'Its', email: uniqueEmail('limits'), password: 'limits-password' });
const addGuest = (token: string, json: unknown) => c.api(`/Cart/guest/${token}/items`, { method: 'POST', json });
const putGuest = (token: string, id: number, quantity: number) =>
  c.api(`/Cart/guest/${token}/items/${id}`, { method: 'PUT', json: { quantity } });

async function linesOf(cartId: number) {
  const rows = await server.database.db.select().from(cartItems).where(eq(cartItems.cartId, cartId));
  return rows.map((r) => `${r.sku}x${r.quantity}`).sort();
}

/** Skus that can be sold alone, with stock, not the ones the other tests here change. */
async function sellableSkus(n: number): Promise<string[]> {
  const rows = await server.database.db
    .select({ sku: skus.sku })
    .from(skus)
    .where(and(eq(skus.buildOnly, false), ne(skus.sku, 'CASE42-BLK'), ne(skus.sku, 'SLING2P-FDE')))
    .orderBy(skus.sku);
  const withStock: string[] = [];
  for (const { sku } of rows) if ((await stockOf(server, sku)) >= 2) withStock.push(sku);
  expect(withStock.length).toBeGreaterThanOrEqual(n);
  return withStock.slice(0, n);
}

describe('builder parts are sold only in builds', () => {
  let parts: { sku: string; productName: string }[];
  let platformSku: string;
  beforeAll(async () => {
    const page = (await c.api('/cms/page/builder')).body.data;
    platformSku = page.platform.sku;
    parts = await server.database.db
      .select({ sku: skus.sku, productName: skus.productName })
      .from(skus)
      .where(and(eq(skus.buildOnly, true), ne(skus.sku, platformSku)));
  });

  it('a barrel, stock, handguard, optic or finish of the builder alone is 400 with a message, and nothing changes', async () => {
    expect(parts.map((p) => p.sku)).toEqual(expect.arrayContaining(['RKB-BBL-16', 'RKB-STK-CARBINE', 'RKB-HG-10', 'RKB-OPT-HOLO', 'RKB-FIN-BLK']));
    const { token, cartId } = await c.guest([{ productId: 'CASE42-BLK', quantity: 1 }]);
    const before = await linesOf(cartId);
    for (const part of parts) {
      // Alone, with other lines of the same request, and as a 15-part order.
      for (const body of [
        [{ productId: part.sku, quantity: 1 }],
        [{ productId: 'SLING2P-FDE', quantity: 1 }, { productId: part.sku, quantity: 1 }],
        [{ productId: part.sku, quantity: 15, productPrice: 0, price: 0 }],
      ]) {
        const res = await addGuest(token, body);
        expect(res.status, part.sku).toBe(400);
        expect(res.body.message).toBe(`${part.productName} (${part.sku}) is sold only as part of a rifle build. Please add it from the 3D builder.`);
      }
    }
    expect(await linesOf(cartId)).toEqual(before);
  });

  it('is refused in a signed-in cart too', async () => {
    const tokens = await customer();
    const res = await c.api('/Cart/items', { method: 'POST', token: tokens.accessToken, json: [{ productId: 'RKB-BBL-20', quantity: 3 }] });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('is sold only as part of a rifle build');
    expect((await c.api('/Cart', { token: tokens.accessToken })).body.items).toEqual([]);
  });

  it('a part left alone in an old guest cart is not moved by the merge, and checkout refuses such a cart', async () => {
    const { token, cartId } = await c.guest([{ productId: 'CASE42-BLK', quantity: 1 }]);
    // Written straight into the database, as a cart from before the rule could hold it.
    await server.database.db.insert(cartItems).values({ cartId, sku: 'RKB-BBL-18', quantity: 15, lineKey: 'RKB-BBL-18||' });
    const stock = await stockOf(server, 'RKB-BBL-18');

    const bare = await c.api('/Checkout/simplified', {
      method: 'POST',
      guest: token,
      json: { cartId, customerInfo: billing(), paymentToken: await c.cardToken() },
    });
    expect(bare.status).toBe(409);
    expect(bare.body.message).toBe(
      'RK-15 Builder 18 in. SPR Stainless Barrel is sold only as part of a rifle build. Please add it from the 3D builder. Please remove it from your cart.',
    );
    expect(await cartState(server, cartId)).toMatchObject({ status: 'open', orders: 0, captured: 0 });
    expect(await stockOf(server, 'RKB-BBL-18')).toBe(stock);

    const tokens = await customer();
    const merged = await c.api(`/Cart/merge?guestId=${token}`, { method: 'POST', token: tokens.accessToken, json: { guestId: token } });
    expect(merged.status).toBe(200);
    expect(merged.body.items.map((i: { productId: string }) => i.productId)).toEqual(['CASE42-BLK']);
  });
});

describe('at most 50 lines in a cart', () => {
  it('takes 50 lines; the 51st is 400 and changes nothing; one request of 51 lines is 400', async () => {
    const skuList = await sellableSkus(51);
    const { token, cartId } = await c.guest();
    const tooLong = await addGuest(token, skuList.map((productId) => ({ productId, quantity: 1 })));
    expect(tooLong.status).toBe(400);
    expect(await linesOf(cartId)).toEqual([]);

    const full = await addGuest(token, skuList.slice(0, 50).map((productId) => ({ productId, quantity: 1 })));
    expect(full.status, JSON.stringify(full.body)).toBe(200);
    expect(full.body.items).toHaveLength(50);
    const before = await linesOf(cartId);

    const more = await addGuest(token, [{ productId: skuList[50], quantity: 1 }]);
    expect(more.status).toBe(400);
    expect(more.body.message).toBe(TOO_MANY_LINES);
    // The same sku with other options is another line: refused too.
    const otherOptions = await addGuest(token, [{ productId: skuList[0], quantity: 1, options: [{ label: 'Note', value: 'gift' }] }]);
    expect(otherOptions.status).toBe(400);
    expect(otherOptions.body.message).toBe(TOO_MANY_LINES);
    expect(await linesOf(cartId)).toEqual(before);

    // More of a line already there is not a new line; after a removal a new line fits again.
    expect((await addGuest(token, [{ productId: skuList[0], quantity: 1 }])).status).toBe(200);
    const removed = await c.api(`/Cart/guest/${token}/items/${full.body.items[49].id}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect((await addGuest(token, [{ productId: skuList[50], quantity: 1 }])).status).toBe(200);
  });

  it('holds for a signed-in cart, and a 5,000-line cart cannot be built by many small adds', async () => {
    const skuList = await sellableSkus(51);
    const tokens = await customer();
    for (let i = 0; i < 50; i += 10) {
      const res = await c.api('/Cart/items', { method: 'POST', token: tokens.accessToken, json: skuList.slice(i, i + 10).map((productId) => ({ productId, quantity: 1 })) });
      expect(res.status).toBe(200);
    }
    const refused = await c.api('/Cart/items', { method: 'POST', token: tokens.accessToken, json: [{ productId: skuList[50], quantity: 1 }] });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(TOO_MANY_LINES);
    const cart = (await c.api('/Cart', { token: tokens.accessToken })).body;
    expect(cart.items).toHaveLength(50);

    // Concurrent adds of new lines cannot slip past the limit together.
    const answers = await Promise.all(
      ['Red', 'Green', 'Blue', 'Gold'].map((value) =>
        c.api('/Cart/items', { method: 'POST', token: tokens.accessToken, json: [{ productId: skuList[0], quantity: 1, options: [{ label: 'Tag', value }] }] }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 400]);
    expect((await c.api('/Cart', { token: tokens.accessToken })).body.items).toHaveLength(50);
  });

  it('a merge after sign-in drops no line, even past 50; the merged cart then takes no new line', async () => {
    const skuList = await sellableSkus(52);
    const tokens = await customer();
    await c.api('/Cart/items', { method: 'POST', token: tokens.accessToken, json: skuList.slice(0, 50).map((productId) => ({ productId, quantity: 1 })) });
    const guest = await c.guest([{ productId: skuList[50], quantity: 1 }]);
    const merged = await c.api(`/Cart/merge?guestId=${guest.token}`, { method: 'POST', token: tokens.accessToken, json: { guestId: guest.token } });
    expect(merged.status).toBe(200);
    expect(merged.body.items).toHaveLength(51);
    const refused = await c.api('/Cart/items', { method: 'POST', token: tokens.accessToken, json: [{ productId: skuList[51], quantity: 1 }] });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(TOO_MANY_LINES);
  });
});

describe('at most 99 of a line', () => {
  it('quantity 100 is 400 when added or set, and the line keeps its quantity', async () => {
    const { token, cartId, cart } = await c.guest([{ productId: 'CASE42-BLK', quantity: 2 }]);
    const added = await addGuest(token, [{ productId: 'CASE42-BLK', quantity: 100 }]);
    expect(added.status).toBe(400);
    expect(added.body.message).toMatch(/quantity/);
    const set = await putGuest(token, cart.items[0].id, 100);
    expect(set.status).toBe(400);
    expect(set.body.message).toMatch(/quantity/);
    const fiveHundred = await putGuest(token, cart.items[0].id, 500);
    expect(fiveHundred.status).toBe(400);
    expect(await linesOf(cartId)).toEqual(['CASE42-BLKx2']);
  });
});

describe('never more than is on hand', () => {
  const SKU = 'SLING2P-FDE';
  let stock: number;
  beforeAll(async () => {
    stock = await stockOf(server, SKU);
    await setStock(server, SKU, 2);
  });
  afterAll(async () => {
    await setStock(server, SKU, stock);
  });

  it("an add above stock is 409 'Only {n} left', guest and signed-in alike, and nothing changes", async () => {
    const { token, cartId } = await c.guest([{ productId: 'CASE42-BLK', quantity: 1 }]);
    const before = await linesOf(cartId);
    const res = await addGuest(token, [{ productId: 'CASE42-BLK', quantity: 1 }, { productId: SKU, quantity: 5 }]);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Only 2 left of Ridgeline Two-Point Sling');
    expect(await linesOf(cartId)).toEqual(before);

    const tokens = await customer();
    const user = await c.api('/Cart/items', { method: 'POST', token: tokens.accessToken, json: [{ productId: SKU, quantity: 3 }] });
    expect(user.status).toBe(409);
    expect(user.body.message).toBe('Only 2 left of Ridgeline Two-Point Sling');
    expect((await c.api('/Cart', { token: tokens.accessToken })).body.items).toEqual([]);
  });

  it('counts what the cart already holds, in every line of the sku', async () => {
    const { token, cartId } = await c.guest([{ productId: SKU, quantity: 2 }]);
    expect((await c.api(`/Cart/guest/${token}`)).body.items[0].qtyOnHand).toBe(2);
    const again = await addGuest(token, [{ productId: SKU, quantity: 1 }]);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Only 2 left of Ridgeline Two-Point Sling');
    const otherLine = await addGuest(token, [{ productId: SKU, quantity: 1, options: [{ label: 'Note', value: 'spare' }] }]);
    expect(otherLine.status).toBe(409);
    expect(await linesOf(cartId)).toEqual([`${SKU}x2`]);
  });

  it("raising a line above stock is 409 'Only {n} left' and keeps the quantity; lowering is always accepted", async () => {
    const { token, cartId, cart } = await c.guest([{ productId: SKU, quantity: 1 }]);
    const id = cart.items[0].id;
    const raised = await putGuest(token, id, 5);
    expect(raised.status).toBe(409);
    expect(raised.body.message).toBe('Only 2 left of Ridgeline Two-Point Sling');
    expect(await linesOf(cartId)).toEqual([`${SKU}x1`]);
    expect((await putGuest(token, id, 2)).status).toBe(200);

    // The stock falls below the line (someone else bought): the line can still come down.
    await setStock(server, SKU, 0);
    try {
      const lowered = await putGuest(token, id, 1);
      expect(lowered.status).toBe(200);
      expect(lowered.body.items[0]).toMatchObject({ quantity: 1, qtyOnHand: 0 });
      const up = await putGuest(token, id, 2);
      expect(up.status).toBe(409);
      expect(up.body.message).toBe('Sorry, Ridgeline Two-Point Sling is out of stock');
      // A change to another line is not blocked by this one.
      expect((await addGuest(token, [{ productId: 'CASE42-BLK', quantity: 1 }])).status).toBe(200);
    } finally {
      await setStock(server, SKU, 2);
    }
  });

  it('a build needs its platform and every part on hand; the answer names the part and the build', async () => {
    const page = (await c.api('/cms/page/builder')).body.data;
    const pick = (key: string, id: string) => page.slots.find((s: { key: string }) => s.key === key).options.find((o: { id: string }) => o.id === id).sku;
    const parts = [pick('stock', 'stock-carbine'), pick('barrel', 'barrel-20'), pick('handguard', 'handguard-10'), pick('finish', 'finish-black')];
    const barrelStock = await stockOf(server, parts[1]);
    await setStock(server, parts[1], 1);
    try {
      const { token, cartId } = await c.guest();
      const line = (quantity: number) => ({
        productId: page.platform.sku,
        quantity,
        buildId: `bld_${randomBytes(15).toString('base64url')}`,
        optionIds: parts,
      });
      const res = await addGuest(token, [line(2)]);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Only 1 left of the RK-15 Builder 20 in. Match Stainless Barrel for the Custom RK-15 build');
      expect(await linesOf(cartId)).toEqual([]);
      const one = await addGuest(token, [line(1)]);
      expect(one.status).toBe(200);
      // The build's stock is its scarcest part's.
      expect(one.body.items[0].qtyOnHand).toBe(1);
      // A second build with the same barrel needs a second barrel.
      expect((await addGuest(token, [line(1)])).status).toBe(409);
    } finally {
      await setStock(server, parts[1], barrelStock);
    }
  });
});

describe('rate limits on guest tokens and analytics events', () => {
  let limited: TestServer;
  beforeAll(async () => {
    // FORM_RATE_LIMIT 1: 6 guest tokens and 15 analytics events a minute and IP.
    limited = await startTestServer({ FORM_RATE_LIMIT: 1 });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('a guest-token flood gets 429 with Retry-After and creates nothing more', async () => {
    const create = () => fetch(`${limited.api}/Auth/guest`, { method: 'POST' });
    for (let i = 0; i < 6; i++) expect((await create()).status).toBe(200);
    const count = async () => (await limited.database.db.select().from(guests)).length;
    const openCarts = async () => (await limited.database.db.select().from(carts).where(and(eq(carts.status, 'open'), isNull(carts.userId)))).length;
    const [guestsBefore, cartsBefore] = [await count(), await openCarts()];
    for (let i = 0; i < 5; i++) {
      const res = await create();
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await res.json()).toEqual({ status: 429, title: 'Too Many Requests', message: TOO_MANY_REQUESTS });
    }
    expect([await count(), await openCarts()]).toEqual([guestsBefore, cartsBefore]);
    // Other calls are not limited by it.
    expect(await statusOf(`${limited.api}/Products`)).toBe(200);
  });

  it('an analytics flood gets 429 with Retry-After and stores nothing more', async () => {
    const send = () =>
      fetch(`${limited.api}/Analytics/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'page_view', path: '/', at: '2026-05-01T10:00:00.000Z' }),
      });
    for (let i = 0; i < 15; i++) expect((await send()).status).toBe(204);
    const stored = async () => (await limited.database.db.select().from(analyticsEvents)).length;
    const before = await stored();
    for (let i = 0; i < 5; i++) {
      const res = await send();
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await res.json()).message).toBe(TOO_MANY_REQUESTS);
    }
    expect(await stored()).toBe(before);
  });

  it('the default budgets are far above a browser and the test suites: 120 guest tokens and 300 events a minute', async () => {
    // The shared server of this file (FORM_RATE_LIMIT 20) has made guests all along; 60 more pass.
    for (let i = 0; i < 60; i++) expect((await fetch(`${server.api}/Auth/guest`, { method: 'POST' })).status).toBe(200);
  });
});
