import type { Request } from '@playwright/test';
import { expect, test } from './fixtures';
import { DealerLocatorModel } from './models/dealer-locator.model';
import { ProductModel } from './models/product.model';

/*
 * Every request carries an X-Request-ID header with a random uuid (shop-core.md section 7,
 * catalogue-and-content.md section 7; issue 22 item 2): the shop API under /api and the geocoder
 * under /api/geo, across a journey that reads content, changes the cart and geocodes a zip.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

test('every request the app makes to /api and /api/geo carries its own uuid X-Request-ID', async ({ page }) => {
  const apiRequests: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) apiRequests.push(request);
  });

  const product = new ProductModel(page);
  await product.openProduct('product-short-alt', 'range-cap');
  await product.seeProduct('Range Cap', 'general');
  await product.addToCart();
  await product.seeBadgeCount(1);

  const locator = new DealerLocatorModel(page);
  await locator.open();
  const geocoded = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/geo/geocode/json');
  await locator.search('80202', 100);
  await geocoded;
  await expect(locator.summary).toHaveText('3 dealers found');

  const paths = apiRequests.map((request) => `${request.method()} ${new URL(request.url()).pathname}`);
  // The journey reached the cart, the content and the geocoder.
  expect(paths).toEqual(expect.arrayContaining(['GET /api/geo/geocode/json', 'GET /api/Dealers']));
  expect(paths.some((path) => /^POST \/api\/Cart\/guest\/[^/]+\/items$/.test(path))).toBe(true);
  const missing = apiRequests.filter((request) => !UUID.test(request.headers()['x-request-id'] ?? ''));
  expect(missing.map((request) => `${request.method()} ${request.url()}`)).toEqual([]);
  const ids = apiRequests.map((request) => request.headers()['x-request-id']);
  expect(new Set(ids).size).toBe(ids.length);
});
