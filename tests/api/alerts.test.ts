import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, gt, sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../support/test-server';
import { uniqueEmail } from '../support/oidc-login';
import { skus, stockAlerts } from '../../server/src/db/schema';
import { accountsTestConfig, apiClient, solveCaptcha } from './accounts-support';

let server: TestServer;
let api: ReturnType<typeof apiClient>;
let soldOut: { sku: string; productName: string };
let inStock: { sku: string; productName: string };
beforeAll(async () => {
  server = await startTestServer(accountsTestConfig);
  api = apiClient(server);
  const db = server.app.db;
  [soldOut] = await db.select({ sku: skus.sku, productName: skus.productName }).from(skus).where(eq(skus.qtyOnHand, 0)).limit(1);
  [inStock] = await db.select({ sku: skus.sku, productName: skus.productName }).from(skus).where(gt(skus.qtyOnHand, 0)).limit(1);
});
afterAll(async () => {
  await server?.close();
});

const alertsFor = (email: string) => server.app.db.select().from(stockAlerts).where(eq(stockAlerts.email, email));
const alertCount = async () => (await server.app.db.select({ n: sql<number>`count(*)::int` }).from(stockAlerts))[0].n;

describe('back-in-stock alerts', () => {
  it('records an alert for a sold-out sku, naming the product from the catalogue', async () => {
    const email = uniqueEmail('alert');
    const res = await api('/ProductNotification/subscribe', {
      method: 'POST',
      json: { email, productId: soldOut.sku, productName: 'Whatever the page said', captcha: await solveCaptcha(server) },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: `You will be notified when ${soldOut.productName} is back in stock` });
    expect(await alertsFor(email)).toEqual([
      expect.objectContaining({ email, sku: soldOut.sku, productName: soldOut.productName, notifiedAt: null }),
    ]);
  });

  it('asking again is not an error and keeps one alert; a sent alert is armed again', async () => {
    const email = uniqueEmail('again');
    const ask = async (address: string) =>
      api('/ProductNotification/subscribe', {
        method: 'POST',
        json: { email: address, productId: soldOut.sku, productName: soldOut.productName, captcha: await solveCaptcha(server) },
      });
    expect((await ask(email)).status).toBe(200);
    await server.app.db.update(stockAlerts).set({ notifiedAt: new Date() }).where(eq(stockAlerts.email, email));
    const again = await ask(email.toUpperCase());
    expect(again.status).toBe(200);
    expect(again.body.message).toBe(`You will be notified when ${soldOut.productName} is back in stock`);
    const rows = await alertsFor(email);
    expect(rows).toHaveLength(1);
    expect(rows[0].notifiedAt).toBeNull();
  });

  it('an unknown sku is 404 and records nothing', async () => {
    const before = await alertCount();
    const res = await api('/ProductNotification/subscribe', {
      method: 'POST',
      json: { email: uniqueEmail('unknown'), productId: 'NO-SUCH-SKU', productName: 'Ghost', captcha: await solveCaptcha(server) },
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ status: 404, title: 'Not Found', message: expect.stringContaining('NO-SUCH-SKU') });
    expect(await alertCount()).toBe(before);
  });

  it('a sku in stock is a 400 saying so, and records nothing', async () => {
    const before = await alertCount();
    const res = await api('/ProductNotification/subscribe', {
      method: 'POST',
      json: { email: uniqueEmail('instock'), productId: inStock.sku, productName: inStock.productName, captcha: await solveCaptcha(server) },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(`${inStock.productName} is in stock`);
    expect(await alertCount()).toBe(before);
  });

  it.each([
    [{ captcha: undefined }, 'Please complete the reCAPTCHA'],
    [{ captcha: '' }, 'Please complete the reCAPTCHA'],
    [{ captcha: 'forged' }, 'Please complete the reCAPTCHA'],
    [{ email: undefined }, 'email is required'],
    [{ email: 'nobody' }, 'email must be a valid email address'],
    [{ productId: undefined }, 'productId is required'],
    [{ productId: '' }, 'productId is not in a valid format'],
    [{ productName: undefined }, 'productName is required'],
    [{ productName: '' }, 'productName is required'],
    [{ quantity: 1 }, 'quantity is not an accepted field'],
  ])('%j is a 400: %s, and records nothing', async (change, message) => {
    const before = await alertCount();
    const email = uniqueEmail('bad');
    const json = { email, productId: soldOut.sku, productName: soldOut.productName, captcha: await solveCaptcha(server), ...change };
    const res = await api('/ProductNotification/subscribe', { method: 'POST', json });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    expect(await alertCount()).toBe(before);
  });

  it('a replayed captcha is refused', async () => {
    const captcha = await solveCaptcha(server);
    const json = (email: string) => ({ email, productId: soldOut.sku, productName: soldOut.productName, captcha });
    expect((await api('/ProductNotification/subscribe', { method: 'POST', json: json(uniqueEmail('first')) })).status).toBe(200);
    const second = uniqueEmail('second');
    const replay = await api('/ProductNotification/subscribe', { method: 'POST', json: json(second) });
    expect(replay.status).toBe(400);
    expect(await server.app.db.select().from(stockAlerts).where(and(eq(stockAlerts.email, second), eq(stockAlerts.sku, soldOut.sku)))).toEqual([]);
  });
});
