import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../support/test-server';
import { signIn } from '../support/oidc-login';
import { DEMO_CUSTOMER } from '../../server/src/identity/demo-customer';
import { reviews } from '../../server/src/db/schema';
import { seedAccounts } from '../../server/src/db/seed-accounts';
import { accountsTestConfig, apiClient, insertOrder, newCustomer, skuOf } from './accounts-support';

let server: TestServer;
let api: ReturnType<typeof apiClient>;
beforeAll(async () => {
  server = await startTestServer(accountsTestConfig);
  api = apiClient(server);
});
afterAll(async () => {
  await server?.close();
});

const reviewCount = async () => (await server.app.db.select({ n: sql<number>`count(*)::int` }).from(reviews))[0].n;
const newestFirst = (list: { createdAt: string }[]) =>
  list.every((r, i) => i === 0 || Date.parse(list[i - 1].createdAt) >= Date.parse(r.createdAt));
const review = { productId: 'rk-22-trainer', rating: 4, title: 'Fun trainer', body: 'Cheap practice with familiar controls.' };

describe('reading reviews', () => {
  it('seeds about forty reviews over many products, idempotently', async () => {
    const all = await api('/Reviews?limit=100');
    expect(all.status).toBe(200);
    expect(all.body.length).toBeGreaterThanOrEqual(40);
    expect(new Set(all.body.map((r: { productId: string }) => r.productId)).size).toBeGreaterThanOrEqual(25);
    expect(newestFirst(all.body)).toBe(true);
    const count = await reviewCount();
    await seedAccounts(server.app.db);
    expect(await reviewCount()).toBe(count);
  });

  it("lists one product's reviews, newest first, with its title; limit applies", async () => {
    const res = await api('/Reviews?productId=rk-15-carbine');
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThanOrEqual(3);
    for (const r of res.body) {
      expect(r).toMatchObject({ productId: 'rk-15-carbine', productTitle: 'RK-15 Carbine', rating: expect.any(Number), authorName: expect.any(String) });
    }
    expect(newestFirst(res.body)).toBe(true);
    const one = await api('/Reviews?productId=rk-15-carbine&limit=1');
    expect(one.body).toEqual([res.body[0]]);
    expect((await api('/Reviews')).body).toHaveLength(20);
  });

  it('an unknown product has no reviews; bad parameters are a 400', async () => {
    expect((await api('/Reviews?productId=no-such-product')).body).toEqual([]);
    for (const [query, field] of [['productId=bad%20id', 'productId'], ['limit=0', 'limit'], ['limit=101', 'limit'], ['limit=many', 'limit']]) {
      const res = await api(`/Reviews?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toMatch(new RegExp(`^${field} `));
    }
  });
});

describe('writing a review', () => {
  it('needs a signed-in customer', async () => {
    const before = await reviewCount();
    const res = await api('/Reviews', { method: 'POST', json: review });
    expect(res.status).toBe(401);
    expect(await reviewCount()).toBe(before);
  });

  it('creates one review per customer and product (a second is 409), shown first and on My reviews', async () => {
    const { token } = await newCustomer(server, 'Riley', 'reviewer');
    const created = await api('/Reviews', { method: 'POST', token, json: { ...review, title: '  Fun trainer ' } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.any(Number),
      productId: 'rk-22-trainer',
      productTitle: 'RK-22 Trainer',
      rating: 4,
      title: 'Fun trainer',
      body: review.body,
      authorName: 'Riley R.',
      verifiedBuyer: false,
    });
    expect((await api('/Reviews?productId=rk-22-trainer')).body[0]).toEqual(created.body);

    const before = await reviewCount();
    const second = await api('/Reviews', { method: 'POST', token, json: { ...review, rating: 1, title: 'Changed my mind' } });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ status: 409, title: 'Conflict', message: 'You have already reviewed this product' });
    expect(await reviewCount()).toBe(before);

    const other = await api('/Reviews', { method: 'POST', token, json: { ...review, productId: 'range-cap' } });
    expect(other.status).toBe(201);
    const mine = await api('/Reviews/mine', { token });
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual([other.body, created.body]);
  });

  it('two posts at once make one review', async () => {
    const { token } = await newCustomer(server, 'Quinn');
    const results = await Promise.all([1, 2, 3].map(() => api('/Reviews', { method: 'POST', token, json: review })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect((await api('/Reviews/mine', { token })).body).toHaveLength(1);
  });

  it('marks a customer who ordered the product as a verified buyer', async () => {
    const { token } = await newCustomer(server, 'Vera');
    const userId = (await api('/User/profile', { token })).body.keycloakId as string;
    await insertOrder(server, userId, { sku: await skuOf(server, 'two-point-sling') });
    await insertOrder(server, userId, { sku: await skuOf(server, 'rd-2-red-dot'), status: 'cancelled' });
    const bought = await api('/Reviews', { method: 'POST', token, json: { ...review, productId: 'two-point-sling' } });
    expect(bought.body.verifiedBuyer).toBe(true);
    const cancelled = await api('/Reviews', { method: 'POST', token, json: { ...review, productId: 'rd-2-red-dot' } });
    expect(cancelled.body.verifiedBuyer).toBe(false);
  });

  it.each([
    [{ rating: 0 }, 'rating must be at least 1'],
    [{ rating: 6 }, 'rating must be at most 5'],
    [{ rating: 4.5 }, 'rating must be an integer'],
    [{ rating: undefined }, 'rating is required'],
    [{ title: '' }, 'title is required'],
    [{ title: '   ' }, 'title is required'],
    [{ title: 'x'.repeat(121) }, 'title must be at most 120 characters'],
    [{ body: '\n ' }, 'body is required'],
    [{ body: 'x'.repeat(5001) }, 'body must be at most 5000 characters'],
    [{ productId: undefined }, 'productId is required'],
    [{ productId: 'bad id' }, 'productId is not in a valid format'],
    [{ authorName: 'Someone famous' }, 'authorName is not an accepted field'],
    [{ verifiedBuyer: true }, 'verifiedBuyer is not an accepted field'],
  ])('%j is a 400: %s, and stores nothing', async (change, message) => {
    const { token } = await newCustomer(server, 'Bad');
    const before = await reviewCount();
    const res = await api('/Reviews', { method: 'POST', token, json: { ...review, ...change } });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    expect(await reviewCount()).toBe(before);
    expect((await api('/Reviews/mine', { token })).body).toEqual([]);
  });

  it('an unknown product is 404', async () => {
    const { token } = await newCustomer(server, 'Lost');
    const before = await reviewCount();
    const res = await api('/Reviews', { method: 'POST', token, json: { ...review, productId: 'no-such-product' } });
    expect(res.status).toBe(404);
    expect(res.body.message).toContain('no-such-product');
    expect(await reviewCount()).toBe(before);
  });
});

describe('My reviews', () => {
  it('needs a signed-in customer', async () => {
    expect((await api('/Reviews/mine')).status).toBe(401);
  });

  it('shows the demo customer their two seeded reviews, with product titles', async () => {
    const { accessToken } = await signIn(server, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const res = await api('/Reviews/mine', { token: accessToken });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(res.body.map((r: { productTitle: string }) => r.productTitle)).toEqual(['RP-9 Compact', 'Topo Pullover Hoodie']);
    expect(res.body.every((r: { authorName: string }) => r.authorName === 'Dana D.')).toBe(true);
  });
});
