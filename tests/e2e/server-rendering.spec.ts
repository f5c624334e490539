import { expect } from '@playwright/test';
import { test } from './fixtures';
import { CollectionModel } from './models/collection.model';
import { HomeModel, NotFoundModel } from './models/home.model';
import { ProductModel } from './models/product.model';

/*
 * Pages arrive rendered (issue 16, docs/decisions/025): what a search engine, a link preview or a
 * shopper whose script has not run yet sees is the page itself, not an empty <div>.
 */

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('home shows its featured slides, products with prices, reasons and categories', async ({ page }) => {
    const home = new HomeModel(page);
    await home.open();
    await home.seeHeroHeadline('The RK-15 Carbine');
    await expect(home.currentSlide.getByRole('link', { name: 'Shop the RK-15' })).toBeVisible();
    await expect(home.featured('Our picks').getByRole('article').first()).toContainText(/\$\d/);
    await expect(page.getByRole('link', { name: 'Read the warranty' })).toHaveAttribute('href', '/warranty');
    await home.seeRibbonLink('Rifles');
    // Images keep their size in the markup, so nothing moves as they arrive.
    const unsized = await page.evaluate(() =>
      [...document.querySelectorAll('main img, [aria-roledescription="carousel"] img')]
        .filter((img) => !(img.getAttribute('width') && img.getAttribute('height')) && !img.closest('article'))
        .map((img) => img.getAttribute('src')),
    );
    expect(unsized).toEqual([]);
    await expect(page).toHaveTitle(/Ridgeline Arms/);
  });

  test('a collection shows its product names and prices', async ({ page }) => {
    const collection = new CollectionModel(page);
    await page.goto('/product/collection-filterable-grid/all-rifles');
    await collection.seeTitle('Rifles');
    await expect(collection.cards.filter({ hasText: 'RK-15 Carbine' }).first()).toContainText(/\$\d/);
    expect(await collection.cards.count()).toBeGreaterThan(1);
  });

  test('a product page shows its title, price, breadcrumbs and Add to Cart', async ({ page }) => {
    const product = new ProductModel(page);
    const response = await page.goto('/product/product-long/rk-15-carbine');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'RK-15 Carbine' })).toBeVisible();
    await product.seePrice('$');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('RK-15 Carbine');
    await expect(product.addToCartButton).toBeVisible();
    // What a link preview reads.
    await expect(page).toHaveTitle('RK-15 Carbine | Ridgeline Arms');
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'RK-15 Carbine | Ridgeline Arms');
    const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
    const productLd = jsonLd.map((text) => JSON.parse(text) as Record<string, unknown>).find((item) => item['@type'] === 'Product');
    expect(productLd).toMatchObject({ name: 'RK-15 Carbine', offers: { '@type': 'Offer', priceCurrency: 'USD' } });
  });

  test('an unknown path answers 404 with the 404 screen; an unknown product answers 404 too', async ({ page }) => {
    const notFound = new NotFoundModel(page);
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await notFound.seeNoRouteMessage();
    const product = await page.goto('/product/product-long/no-such-rifle');
    expect(product?.status()).toBe(404);
    await expect(page.getByText('Product not found')).toBeVisible();
  });

  test('checkout renders the shell and its loading state, never an empty page', async ({ page }) => {
    await page.goto('/checkout');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading Checkout' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });
});

/** CSS modules' hashed class names (`_grid_1f5xi_14`) the page uses, and those its stylesheets define. */
function moduleClasses() {
  const hashed = /\.(_[\w-]+_[\w-]{5}_\d+)/g;
  const defined = new Set<string>();
  for (const sheet of [...document.styleSheets]) {
    for (const rule of [...sheet.cssRules]) {
      for (const [, name] of rule.cssText.matchAll(hashed)) defined.add(name);
    }
  }
  const used = [...new Set([...document.querySelectorAll('[class]')].flatMap((element) => [...element.classList]))];
  return { used: used.filter((name) => /^_[\w-]+_[\w-]{5}_\d+$/.test(name)), defined: [...defined] };
}

test('every part a server-rendered page shows arrives with its stylesheet, lazily loaded parts too: nothing is restyled when script arrives', async ({ page, browser, baseURL }) => {
  const withoutScript = await browser.newContext({ javaScriptEnabled: false, baseURL });
  try {
    const plain = await withoutScript.newPage();
    for (const path of ['/', '/product/collection-filterable-grid/all-rifles', '/product/product-long/rk-15-carbine']) {
      await plain.goto(path);
      const before = await plain.evaluate(moduleClasses);
      const unstyled = before.used.filter((name) => !before.defined.includes(name));
      // With script, once every chunk the page asks for has arrived.
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const after = await page.evaluate(moduleClasses);
      expect(unstyled.filter((name) => after.defined.includes(name)), path).toEqual([]);
    }
  } finally {
    await withoutScript.close();
  }
});

test('after hydration, navigation stays in the page (no full reload)', async ({ page }) => {
  const home = new HomeModel(page);
  await home.open();
  // The page is interactive once React has hydrated it: the carousel's pause button works.
  await expect(home.carousel.getByRole('button', { name: /pause|play/i }).first()).toBeVisible();
  // The sections below the carousel hydrate when their chunk has arrived (decision 043); a link
  // pressed before that is followed by the browser, as a plain link would be.
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => {
    (window as unknown as { __sameDocument?: boolean }).__sameDocument = true;
  });
  await page.getByRole('link', { name: /rifles/i }).first().click();
  await expect(page).toHaveURL(/all-rifles/);
  await expect(page.getByRole('heading', { level: 1, name: 'Rifles' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  // The head follows the route after a client-side navigation.
  await expect(page).toHaveTitle(/Rifles \| Ridgeline Arms/);
});

test('a page asked for with parameters it does not read hydrates as rendered, and keeps them in its address (decision 074)', async ({ page }) => {
  // The server renders the grid with the parameters it reads (sort) and without the others; the
  // browser reads the same ones, so hydration finds the same HTML (the fixture fails the test on a
  // mismatch or any console error).
  const response = await page.goto('/product/collection-filterable-grid/all-rifles?utm_source=mail&sort=price-asc&fbclid=x');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Rifles' })).toBeVisible();
  await expect(page).toHaveURL(/\?utm_source=mail&sort=price-asc&fbclid=x$/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/product\/collection-filterable-grid\/all-rifles$/);
  // Another spelling of the address moves to the one address, query and all.
  await page.goto('/Product/Collection-Filterable-Grid/all-rifles/?utm_source=mail');
  await expect(page).toHaveURL(/\/product\/collection-filterable-grid\/all-rifles\?utm_source=mail$/);
});
