// The 3D builder against the real server (issue 9, decision 018): its definition page, build lines
// priced and validated by the server, checkout of a build and the order it leaves.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { register, uniqueEmail } from '../support/oidc-login';
import { cartItems, cmsDocuments, skus as skuTable } from '../../server/src/db/schema';
import { addDealerLike, billing, cartState, client, dealer, setStock, stockOf } from './checkout-support';

let server: TestServer;
let c: ReturnType<typeof client>;
beforeAll(async () => {
  server = await startTestServer();
  c = client(server);
});
afterAll(async () => {
  await server?.close();
});

interface BuilderOption {
  id: string;
  label: string;
  sku: string;
  model: Record<string, unknown>;
}
interface BuilderSlot {
  key: string;
  title: string;
  required: boolean;
  options: BuilderOption[];
}
interface BuilderPage {
  title: string;
  sub_text: string;
  platform: { sku: string; product_name: string; product_url: string; ffl_item: boolean };
  slots: BuilderSlot[];
}
interface PriceEntry {
  price: number;
  bestDiscountedPrice: number;
  bestDiscountPercentage: number;
  qtyOnHand: number;
}

let page: BuilderPage;
let prices: Record<string, PriceEntry>;
beforeAll(async () => {
  page = (await c.api('/cms/page/builder')).body.data;
  prices = (await c.api('/Products/nocache')).body;
});

const slot = (key: string) => page.slots.find((s) => s.key === key)!;
const option = (key: string, id: string) => slot(key).options.find((o) => o.id === id)!;
const cents = (dollars: number) => Math.round(dollars * 100);
const dollars = (n: number) => Math.round(n) / 100;
const newBuildId = () => `bld_${randomBytes(15).toString('base64url')}`;

/** A build as the builder sends it: the chosen option ids by slot key, with browser prices that must be ignored. */
function buildLine(choice: Record<string, string>, extra: Record<string, unknown> = {}) {
  const chosen = Object.entries(choice).map(([key, id]) => ({ slot: slot(key), option: option(key, id) }));
  return {
    productId: page.platform.sku,
    productName: page.platform.product_name,
    quantity: 1,
    productPrice: 1,
    price: 1,
    isFflItem: false,
    restrictedStates: [],
    restrictedZips: [],
    buildId: newBuildId(),
    optionIds: chosen.map((c) => c.option.sku),
    options: chosen.map((c) => ({ label: c.slot.title, value: c.option.label })),
    notes: 'whatever the browser says',
    ...extra,
  };
}

/** A configuration with sale-priced parts and a part restricted beyond the platform. */
const TACTICAL = { stock: 'stock-enhanced', barrel: 'barrel-145', handguard: 'handguard-13', optic: 'optic-lpvo', finish: 'finish-odg' };
const BASIC = { stock: 'stock-carbine', barrel: 'barrel-16', handguard: 'handguard-10', finish: 'finish-black' };

const skusOf = (choice: Record<string, string>) => [page.platform.sku, ...Object.entries(choice).map(([key, id]) => option(key, id).sku)];
const listOf = (choice: Record<string, string>) => dollars(skusOf(choice).reduce((sum, sku) => sum + cents(prices[sku].price), 0));
const finalOf = (choice: Record<string, string>) => dollars(skusOf(choice).reduce((sum, sku) => sum + cents(prices[sku].bestDiscountedPrice), 0));

const addGuest = (token: string, lines: unknown[]) => c.api(`/Cart/guest/${token}/items`, { method: 'POST', json: lines });

async function linesOf(cartId: number) {
  const rows = await server.database.db.select().from(cartItems).where(eq(cartItems.cartId, cartId));
  return rows.map((r) => ({ sku: r.sku, quantity: r.quantity, buildId: r.buildId, optionIds: r.optionIds }));
}

describe('the builder page', () => {
  it('is served by the content service with the platform and the five slots in order', async () => {
    const res = await c.api('/cms/page/builder');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ slug: 'builder', title: 'RK-15 Builder', platform: { sku: 'RKB-15-BASE', ffl_item: true, product_url: '/3dbuilder' } });
    expect(res.body.data.sub_text.length).toBeGreaterThan(40);
    expect(page.slots.map((s) => [s.key, s.required])).toEqual([
      ['stock', true],
      ['barrel', true],
      ['handguard', true],
      ['optic', false],
      ['finish', true],
    ]);
  });

  it('names only skus of the price map, with a discounted part, a sold-out part and a $0 standard finish', () => {
    const all = page.slots.flatMap((s) => s.options);
    expect(prices[page.platform.sku]).toMatchObject({ price: 899 });
    for (const o of all) expect(prices[o.sku], o.sku).toBeDefined();
    expect(new Set(all.map((o) => o.sku)).size).toBe(all.length);
    expect(all.some((o) => prices[o.sku].bestDiscountPercentage > 0)).toBe(true);
    expect(all.some((o) => prices[o.sku].qtyOnHand === 0)).toBe(true);
    expect(prices[slot('finish').options[0].sku].price).toBe(0);
  });

  it('keeps builder parts out of search and collections (they are sold only as builds)', async () => {
    const search = await c.api('/cms/products/search/Builder');
    expect(search.status).toBe(200);
    expect(search.body.data).toEqual([]);
    // Every builder sku is flagged build-only in the catalogue (decision 027) ...
    const rows = await server.database.db.select({ sku: skuTable.sku, buildOnly: skuTable.buildOnly }).from(skuTable);
    const builderSkus = [page.platform.sku, ...page.slots.flatMap((s) => s.options.map((o) => o.sku))].filter((sku) => !['RD2-3MOA', 'LPVO16-BDC-BLK'].includes(sku));
    const buildOnly = new Set(rows.filter((r) => r.buildOnly).map((r) => r.sku));
    expect(buildOnly).toEqual(new Set(builderSkus));
    // ... and none is in what search answers for the words of their names ...
    for (const word of ['RK-15', 'Barrel', 'Stock', 'Handguard', 'M-LOK', 'Cerakote', 'Holographic', 'Finish']) {
      const found = await c.api(`/cms/products/search/${encodeURIComponent(word)}`);
      expect(found.status).toBe(200);
      const named = found.body.data.flatMap((p: { skus: { sku: string }[] }) => p.skus.map((s) => s.sku)).filter((sku: string) => buildOnly.has(sku));
      expect(named, word).toEqual([]);
    }
    // ... nor in any document the content service serves but the builder's own page: no product,
    // add-on, collection or page names one.
    const docs = await server.database.db.select({ kind: cmsDocuments.kind, key: cmsDocuments.key, data: cmsDocuments.data }).from(cmsDocuments);
    for (const doc of docs.filter((d) => !(d.kind === 'page' && d.key === 'builder'))) {
      const text = JSON.stringify(doc.data);
      expect([...buildOnly].filter((sku) => text.includes(`"${sku}"`)), `${doc.kind} ${doc.key}`).toEqual([]);
    }
  });
});

describe('a build line', () => {
  it('is priced by the server: platform plus parts, list and sale, FFL from the platform, restrictions united', async () => {
    const { token } = await c.guest();
    const line = buildLine(TACTICAL);
    // Sent out of slot order: the server keeps the parts in the builder's order.
    const res = await addGuest(token, [{ ...line, optionIds: [...line.optionIds].reverse() }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [item] = res.body.items;
    expect(listOf(TACTICAL)).toBeGreaterThan(finalOf(TACTICAL));
    expect(item).toMatchObject({
      productId: 'RKB-15-BASE',
      productName: 'Custom RK-15 build',
      productUrl: '/3dbuilder',
      quantity: 1,
      productPrice: listOf(TACTICAL),
      price: finalOf(TACTICAL),
      isFflItem: true,
      buildId: line.buildId,
      optionIds: line.optionIds,
      options: line.options,
      notes: 'Stock: Enhanced Carbine with QD sling cup; Barrel: 14.5 in. Mid-Length, pinned and welded brake; Handguard: 13 in. Slim M-LOK; Optic: Summit 1-6x24 LPVO, BDC reticle, in a cantilever mount; Finish: OD Green Cerakote',
    });
    // The platform's limits (the RK-15 Carbine's) and the pinned-brake barrel's.
    expect(item.restrictedStates).toEqual(expect.arrayContaining(['CA', 'NY', 'CO', 'HI']));
    expect(item.restrictedZips).toEqual(expect.arrayContaining(['100', '606']));
    expect(new Set(item.restrictedStates).size).toBe(item.restrictedStates.length);
    expect(res.body).toMatchObject({
      subTotal: listOf(TACTICAL),
      discount: dollars(cents(listOf(TACTICAL)) - cents(finalOf(TACTICAL))),
      totalAmount: finalOf(TACTICAL),
    });
    // A build without an optic is a valid build; its price has no optic in it.
    const basic = await addGuest(token, [buildLine(BASIC)]);
    expect(basic.status).toBe(200);
    expect(basic.body.items[1]).toMatchObject({ productPrice: 899, price: 899, notes: expect.stringContaining('Optic: none') });
  });

  it('is priced the same by compute and a promo code', async () => {
    const { token, cartId } = await c.guest();
    await addGuest(token, [buildLine(TACTICAL)]);
    const computed = await c.api(`/Cart/guest/${token}/compute`, {
      method: 'POST',
      json: { cartId, shippingMethodId: 1, address: { line1: '1 Main St', city: 'Austin', region: 'TX', postalCode: '78701', country: 'US', taxCode: '' } },
    });
    expect(computed.status, JSON.stringify(computed.body)).toBe(200);
    expect(computed.body.taxAmount).toBeGreaterThan(0);
    const promo = await c.api(`/Cart/guest/${token}/promo-code`, { method: 'POST', json: { cartId, promoCode: 'RIDGE10' } });
    expect(promo.status, JSON.stringify(promo.body)).toBe(200);
    expect(promo.body.discountAmount).toBe(dollars(Math.round(cents(finalOf(TACTICAL)) * 0.1)));
  });

  it('is refused with a 400 naming the problem, and nothing changes', async () => {
    const { token, cartId } = await c.guest([{ productId: 'CASE42-BLK', quantity: 1 }]);
    const before = await linesOf(cartId);
    const basic = buildLine(BASIC);
    const cases: [unknown, string][] = [
      [{ ...basic, optionIds: [...basic.optionIds, 'CASE42-BLK'] }, 'Unknown build part: CASE42-BLK'],
      [{ ...basic, optionIds: [...basic.optionIds, 'NO-SUCH-PART'] }, 'Unknown build part: NO-SUCH-PART'],
      [{ ...basic, optionIds: [...basic.optionIds, option('barrel', 'barrel-18').sku] }, 'A build takes one Barrel'],
      [{ ...basic, optionIds: basic.optionIds.filter((sku) => sku !== option('stock', 'stock-carbine').sku) }, 'A build needs a Stock'],
      [{ ...basic, optionIds: [] }, 'A build needs a Stock'],
      [{ ...basic, productId: 'RK15C-556-16-BLK' }, "A build's productId must be the builder's platform RKB-15-BASE"],
      [{ ...basic, buildId: 'build-1' }, 'buildId must be bld_'],
      [{ productId: 'RKB-15-BASE', quantity: 1 }, 'Custom RK-15 build (RKB-15-BASE) is sold only as a build from the 3D builder'],
      [{ productId: 'RKB-BBL-18', quantity: 1, buildId: newBuildId() }, "A build's productId must be the builder's platform"],
    ];
    for (const [line, message] of cases) {
      // Alone, and after a valid line of the same request: the whole request is refused.
      for (const body of [[line], [buildLine(BASIC), line]]) {
        const res = await addGuest(token, body);
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        expect(res.body.message).toContain(message);
      }
    }
    expect(await linesOf(cartId)).toEqual(before);

    // The signed-in cart applies the same rules.
    const tokens = await register(server, { firstName: 'Bo', lastName: 'Builder', email: uniqueEmail('builder'), password: 'builder-password' });
    const refused = await c.api('/Cart/items', { method: 'POST', token: tokens.accessToken, json: [{ ...basic, optionIds: basic.optionIds.slice(1) }] });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('A build needs a Stock');
    expect((await c.api('/Cart', { token: tokens.accessToken })).body.items).toEqual([]);
  });

  it('is its own line per build: two adds of one configuration are two lines; the same buildId again is the same build', async () => {
    const { token, cartId } = await c.guest();
    const first = buildLine(BASIC);
    const res = await addGuest(token, [first, buildLine(BASIC)]);
    expect(res.status).toBe(200);
    expect(res.body.items).toHaveLength(2);
    expect(new Set(res.body.items.map((i: { buildId: string }) => i.buildId)).size).toBe(2);
    expect(res.body.items.every((i: { price: number }) => i.price === finalOf(BASIC))).toBe(true);

    const retried = await addGuest(token, [first]);
    expect(retried.body.items.find((i: { buildId: string }) => i.buildId === first.buildId).quantity).toBe(2);
    const before = await linesOf(cartId);
    const changed = await addGuest(token, [buildLine(TACTICAL, { buildId: first.buildId })]);
    expect(changed.status).toBe(400);
    expect(changed.body.message).toContain('already in the cart with other parts');
    expect(await linesOf(cartId)).toEqual(before);
  });

  it('stays intact through the merge after sign-in', async () => {
    const { token } = await c.guest();
    const line = buildLine(TACTICAL);
    const guestItem = (await addGuest(token, [line])).body.items[0];
    const tokens = await register(server, { firstName: 'Mo', lastName: 'Merge', email: uniqueEmail('builder-merge'), password: 'merge-password' });
    await c.api('/Cart/items', { method: 'POST', token: tokens.accessToken, json: [buildLine(TACTICAL)] });
    const merged = await c.api(`/Cart/merge?guestId=${token}`, { method: 'POST', token: tokens.accessToken, json: { guestId: token } });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect(merged.body.items).toHaveLength(2);
    const { id: _guestLineId, ...kept } = guestItem;
    expect(merged.body.items.find((i: { buildId: string }) => i.buildId === line.buildId)).toMatchObject(kept);
  });
});

describe('checkout of a build', () => {
  const order = async (token: string, cartId: number, dealerInfo = dealer()) =>
    c.api('/Checkout/simplified', {
      method: 'POST',
      guest: token,
      // A listed dealer at that address, chosen by id (decision 029).
      json: { cartId, customerInfo: billing(), dealerId: await addDealerLike(server, dealerInfo), paymentToken: await c.cardToken() },
    });

  it('takes the stock of the platform and of every part, and the order shows the build line', async () => {
    const { token, cartId } = await c.guest([{ productId: 'CASE42-BLK', quantity: 1 }]);
    const line = buildLine(TACTICAL, { quantity: 2 });
    expect((await addGuest(token, [line, buildLine(TACTICAL)])).status).toBe(200);
    const cart = (await c.api(`/Cart/guest/${token}`)).body;
    const skus = skusOf(TACTICAL);
    const stock = Object.fromEntries(await Promise.all(skus.map(async (sku) => [sku, await stockOf(server, sku)] as const)));

    const res = await order(token, cartId);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Three builds of one configuration: three of the platform and of each part.
    for (const sku of skus) expect(await stockOf(server, sku), sku).toBe(stock[sku] - 3);

    const detail = await c.api(`/Order/${res.body.orderId}`, { guest: token });
    expect(detail.status).toBe(200);
    const built = detail.body.items.find((i: { buildId: string | null }) => i.buildId === line.buildId);
    expect(built).toMatchObject({
      productId: 'RKB-15-BASE',
      productName: 'Custom RK-15 build',
      quantity: 2,
      unitPrice: finalOf(TACTICAL),
      price: dollars(2 * cents(finalOf(TACTICAL))),
      isFflItem: true,
      options: line.options,
      notes: expect.stringContaining('Barrel: 14.5 in.'),
    });
    expect(detail.body.dealerName).toBe(dealer().dealerName);
    expect(cents(detail.body.totalAmount)).toBe(cents(cart.totalAmount) + cents(detail.body.shippingCost) + cents(detail.body.taxAmount));
  });

  it('is refused while a part is sold out, naming the part and the slot, and nothing changes', async () => {
    const holo = option('optic', 'optic-holographic');
    expect(prices[holo.sku].qtyOnHand).toBe(0);
    const { token, cartId } = await c.guest();
    // The cart refuses a build while a part is sold out (decision 027) ...
    const refused = await addGuest(token, [buildLine({ ...BASIC, optic: 'optic-holographic' })]);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Sorry, the HS-1 Holographic Sight for the Custom RK-15 build is out of stock');
    // ... so here the last one sells after the build was added.
    await setStock(server, holo.sku, 1);
    expect((await addGuest(token, [buildLine({ ...BASIC, optic: 'optic-holographic' })])).status).toBe(200);
    await setStock(server, holo.sku, 0);
    const platformStock = await stockOf(server, 'RKB-15-BASE');
    const before = await cartState(server, cartId);

    const res = await order(token, cartId);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'Custom RK-15 build: the HS-1 Holographic Sight is out of stock. Please remove the build from your cart and choose another Optic in the builder.',
    );
    expect(await cartState(server, cartId)).toEqual(before);
    expect(await stockOf(server, 'RKB-15-BASE')).toBe(platformStock);

    // Back in stock, the same build is ordered.
    await setStock(server, holo.sku, 1);
    expect((await order(token, cartId)).status).toBe(200);
    expect(await stockOf(server, holo.sku)).toBe(0);
  });

  it('takes the platform and every part in one transaction: a part sold during the charge leaves every stock as it was', async () => {
    const { token, cartId } = await c.guest();
    expect((await addGuest(token, [buildLine(BASIC)])).status).toBe(200);
    const skus = skusOf(BASIC);
    // The last sku the order takes (stockNeeds: the platform first, then the parts in slot order).
    const last = skus[skus.length - 1];
    const before = Object.fromEntries(await Promise.all(skus.map(async (sku) => [sku, await stockOf(server, sku)] as const)));
    // Another buyer takes the rest of that part while the card is charged: the checks before the
    // charge passed, so the platform and the other parts are taken before this one falls short.
    const real = server.app.paymentGateway;
    server.app.paymentGateway = {
      name: real.name,
      charge: async (request) => {
        await setStock(server, last, 0);
        return real.charge(request);
      },
      void: (chargeId) => real.void(chargeId),
    };
    let res;
    try {
      res = await order(token, cartId);
    } finally {
      server.app.paymentGateway = real;
    }
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(res.body.message).toContain('out of stock');
    expect(res.body.message).toContain('Your card has not been charged');
    // All or nothing: what was taken before the short part is given back with it.
    for (const sku of skus) expect(await stockOf(server, sku), sku).toBe(sku === last ? 0 : before[sku]);
    expect(await cartState(server, cartId)).toMatchObject({ status: 'open', orders: 0, captured: 0 });
    await setStock(server, last, before[last]);
  });

  it("is refused where a part may not ship, though the platform could (the build's restrictions are the union)", async () => {
    const { token, cartId } = await c.guest();
    await addGuest(token, [buildLine(TACTICAL)]);
    const before = await cartState(server, cartId);
    const res = await order(token, cartId, dealer({ dealerState: 'CO', dealerCity: 'Denver', dealerZip: '80202' }));
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('Custom RK-15 build');
    expect(await cartState(server, cartId)).toEqual(before);
    // Without the pinned-brake barrel the build ships to the same dealer.
    const other = await c.guest();
    await addGuest(other.token, [buildLine({ ...TACTICAL, barrel: 'barrel-16' })]);
    expect((await order(other.token, other.cartId, dealer({ dealerState: 'CO', dealerCity: 'Denver', dealerZip: '80202' }))).status).toBe(200);
  });
});
