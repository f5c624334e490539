import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { register, uniqueEmail } from '../support/oidc-login';
import { client } from './checkout-support';

let server: TestServer;
let c: ReturnType<typeof client>;
beforeAll(async () => {
  server = await startTestServer();
  c = client(server);
});
afterAll(async () => {
  await server?.close();
});

const apply = (guest: { token: string; cartId: number }, promoCode: string) =>
  c.api(`/Cart/guest/${guest.token}/promo-code`, { method: 'POST', json: { promoCode, cartId: guest.cartId } });

describe('promo codes', () => {
  it('a percentage code takes its share off the whole cart', async () => {
    const g = await c.guest([{ productId: 'CASE42-BLK', quantity: 2 }]);
    const res = await apply(g, 'RIDGE10');
    expect(res.status).toBe(200);
    // 10% of 257.98 = 25.80 (to the cent); discount = sale savings (0) + promo.
    expect(res.body).toMatchObject({ subTotal: 257.98, discount: 25.8, discountAmount: 25.8, totalAmount: 232.18 });
    expect(res.body.appliedDiscounts).toEqual([
      expect.objectContaining({ code: 'RIDGE10', amount: 25.8, appliedToCartItemIds: [g.cart.items[0].id], promotionalPageInfo: null }),
    ]);
    // Codes are not case-sensitive; applying again changes nothing.
    const again = await apply(g, ' ridge10 ');
    expect(again.status).toBe(200);
    expect(again.body.appliedDiscounts).toHaveLength(1);
  });

  it('sale savings and a promo add up in discount; discountAmount is the promo alone', async () => {
    const g = await c.guest([{ productId: 'TEE-LOGO-SAND-S', quantity: 1 }]);
    const res = await apply(g, 'RIDGE10');
    // 27.99 list, 20.99 sale (25% off), promo 10% of 20.99 = 2.10.
    expect(res.body).toMatchObject({ subTotal: 27.99, discount: 9.1, discountAmount: 2.1, totalAmount: 18.89 });
  });

  it('a fixed-amount code needs its minimum subtotal', async () => {
    const g = await c.guest([{ productId: 'CASE42-BLK', quantity: 1 }]);
    const below = await apply(g, 'SAVE25');
    expect(below.status).toBe(400);
    expect(below.body.message).toBe('Discount code is invalid');
    expect((await c.api(`/Cart/guest/${g.token}`)).body.appliedDiscounts).toEqual([]);

    await c.api(`/Cart/guest/${g.token}/items`, { method: 'POST', json: [{ productId: 'SLING2P-FDE', quantity: 1 }] });
    const res = await apply(g, 'SAVE25');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ subTotal: 173.98, discountAmount: 25, totalAmount: 148.98 });
    expect(res.body.appliedDiscounts[0].appliedToCartItemIds).toHaveLength(2);

    // Falling below the minimum later switches the code off (it is re-checked on every view).
    const sling = res.body.items.find((i: { productId: string }) => i.productId === 'SLING2P-FDE');
    const after = await c.api(`/Cart/guest/${g.token}/items/${sling.id}`, { method: 'DELETE' });
    expect(after.body).toMatchObject({ discountAmount: 0, appliedDiscounts: [], totalAmount: 128.99 });
  });

  it('a product-specific code applies only to its skus, and is invalid without them', async () => {
    const g = await c.guest([{ productId: 'CASE42-BLK', quantity: 1 }]);
    expect((await apply(g, 'APPAREL20')).status).toBe(400);
    const added = await c.api(`/Cart/guest/${g.token}/items`, { method: 'POST', json: [{ productId: 'TEE-LOGO-BLK-M', quantity: 1 }] });
    const tee = added.body.items.find((i: { productId: string }) => i.productId === 'TEE-LOGO-BLK-M');
    const res = await apply(g, 'APPAREL20');
    expect(res.status).toBe(200);
    // 20% of the tee (27.99) only = 5.60
    expect(res.body.discountAmount).toBe(5.6);
    expect(res.body.appliedDiscounts[0].appliedToCartItemIds).toEqual([tee.id]);
  });

  it('a new code replaces the one before (one code per cart)', async () => {
    const g = await c.guest([{ productId: 'TEE-LOGO-BLK-M', quantity: 2 }]);
    await apply(g, 'RIDGE10');
    const res = await apply(g, 'APPAREL20');
    expect(res.body.appliedDiscounts.map((d: { code: string }) => d.code)).toEqual(['APPAREL20']);
    expect(res.body.discountAmount).toBe(11.2);
  });

  it('the same code applied several times at once (a double click, a retry): each is 200, the cart has it once', async () => {
    const g = await c.guest([{ productId: 'TEE-LOGO-BLK-M', quantity: 2 }]);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => apply(g, i % 2 ? 'APPAREL20' : 'RIDGE10')));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const cart = (await c.api(`/Cart/guest/${g.token}`)).body;
    expect(cart.appliedDiscounts).toHaveLength(1);
  });

  it('unknown, expired and empty codes are refused with the spec text and change nothing', async () => {
    const g = await c.guest([{ productId: 'CASE42-BLK', quantity: 1 }]);
    await apply(g, 'RIDGE10');
    for (const code of ['NOPE', 'SPRING24', 'RIDGE10X']) {
      const res = await apply(g, code);
      expect(res.status, code).toBe(400);
      expect(res.body.message, code).toBe('Discount code is invalid');
    }
    const empty = await apply(g, '');
    expect(empty.status).toBe(400);
    const cart = (await c.api(`/Cart/guest/${g.token}`)).body;
    expect(cart.appliedDiscounts.map((d: { code: string }) => d.code)).toEqual(['RIDGE10']);
  });

  it('the promotional code carries the pop-up content: title, subtitle, image and two product groups', async () => {
    const g = await c.guest([{ productId: 'SLING2P-EMBER', quantity: 1 }]);
    const res = await apply(g, 'EMBER15');
    expect(res.status).toBe(200);
    const [discount] = res.body.appliedDiscounts;
    expect(discount.appliedToCartItemIds).toEqual([g.cart.items[0].id]);
    const page = discount.promotionalPageInfo.data[0];
    expect(page.title).toBeTruthy();
    expect(page.subtitle).toBeTruthy();
    const image = await fetch(`${server.baseUrl}${page.promo_image.url}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/svg/);
    const prices = (await c.api('/Products')).body as Record<string, unknown>;
    for (const group of [page.group1, page.group2]) {
      expect(group.display_type).toMatch(/^product-/);
      expect((await c.api(`/cms/products/${group.documentId}`)).status).toBe(200);
      const skus = group.products.flatMap((p: { skus: { sku: string }[] }) => p.skus.map((s) => s.sku));
      expect(skus.length).toBeGreaterThan(0);
      for (const sku of skus) expect(prices[sku], sku).toBeDefined();
    }
  });

  it("another owner's cart id is 404; the user variant works", async () => {
    const a = await c.guest([{ productId: 'CASE42-BLK', quantity: 1 }]);
    const b = await c.guest([{ productId: 'CASE42-BLK', quantity: 1 }]);
    const res = await c.api(`/Cart/guest/${b.token}/promo-code`, { method: 'POST', json: { promoCode: 'RIDGE10', cartId: a.cartId } });
    expect(res.status).toBe(404);
    expect((await c.api(`/Cart/guest/${a.token}`)).body.appliedDiscounts).toEqual([]);

    const tokens = await register(server, { firstName: 'Pro', lastName: 'Mo', email: uniqueEmail('promo'), password: 'promo-password' });
    const foreign = await c.api('/Cart/promo-code', { method: 'POST', token: tokens.accessToken, json: { promoCode: 'RIDGE10', cartId: a.cartId } });
    expect(foreign.status).toBe(404);
    const cart = (await c.api('/Cart/items', { method: 'POST', token: tokens.accessToken, json: [{ productId: 'CASE42-BLK', quantity: 1 }] })).body;
    const own = await c.api('/Cart/promo-code', { method: 'POST', token: tokens.accessToken, json: { promoCode: 'RIDGE10', cartId: cart.id } });
    expect(own.status).toBe(200);
    expect(own.body.discountAmount).toBe(12.9);
  });
});

describe('guessing promo codes', () => {
  it('is rate limited per IP: 429 with Retry-After past the budget', async () => {
    const limited = await startTestServer({ FORM_RATE_LIMIT: 1 });
    try {
      const lc = client(limited);
      const g = await lc.guest([{ productId: 'CASE42-BLK', quantity: 1 }]);
      const statuses: number[] = [];
      let last;
      for (let i = 0; i < 4; i++) {
        last = await fetch(`${limited.api}/Cart/guest/${g.token}/promo-code`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ promoCode: `GUESS${i}`, cartId: g.cartId }),
        });
        statuses.push(last.status);
      }
      expect(statuses).toEqual([400, 400, 400, 429]);
      expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await last!.json()).message).toMatch(/Too many requests/);
    } finally {
      await limited.close();
    }
  });
});
