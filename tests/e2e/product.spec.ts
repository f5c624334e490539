import { expect, test } from './fixtures';
import { ProductModel } from './models/product.model';

/**
 * Product detail pages (catalogue-and-content.md sections 2, 3, 4, 8) against the real shop and
 * its seeded catalogue: variant selects (a later select resets), the price following the sku,
 * add-on toggles, quantity and Add to Cart into the header badge and cart panel, Notify Me for a
 * sold-out sku, the lightbox wrapping around, the one-open-at-a-time accordion, compatibility
 * tabs, the not-found state, and the three layouts, each checked with axe.
 */

// Seeded RK-15 Carbine: 5.56/16 in./Black is 10% off ($1,149.00 -> $1,034.10); .300 BLK comes only
// with the 16 in. barrel and in Black or FDE; .300 BLK/16 in./FDE is sold out.
const carbine = 'rk-15-carbine';

test.describe('rifle page (product-long)', () => {
  test('variants, price, add-ons, quantity and Add to Cart', async ({ page, checkA11y }) => {
    // The longest walk of this file (two axe runs, a cart round trip): more than 30 s on a busy machine.
    test.slow();
    const product = new ProductModel(page);
    await product.openProduct('product-long', carbine);
    await product.seeProduct('RK-15 Carbine', 'rifle');
    await product.seeBreadcrumbs(['Home', 'Rifles', 'RK-15 Carbine']);
    await product.seePrice('$1,034.10');
    await product.seePrice('$1,149.00');
    await product.seePrice('(10% off)');
    await checkA11y(page);

    await product.choose('Barrel Length', '14.5 in. pinned and welded');
    await product.choose('Finish', 'OD Green');
    await product.seePrice('$1,274.00');
    // Choosing the caliber resets the later selects to their first valid option, and says so.
    await product.choose('Caliber', '.300 BLK');
    await product.seeChosen('Barrel Length', '16 in.');
    await product.seeResetAnnounced('Reset Barrel Length to 16 in. and Finish to Black.');
    await product.seeOptions('Barrel Length', ['16 in.', '14.5 in. pinned and welded']);
    await product.seeUnavailable('Barrel Length', '14.5 in. pinned and welded', 'not available with these choices');
    await product.seeChosen('Finish', 'Black');
    await product.seeOptions('Finish', ['Black', 'Flat Dark Earth', 'OD Green']);
    await product.seePrice('$1,199.00');
    await expect(product.price).not.toContainText('% off');

    const sling = /^Ridgeline Two-Point Sling, Black/;
    await product.toggleAddOn(sling);
    await product.seeAddOn(sling, true);
    await product.toggleAddOn(sling);
    await product.seeAddOn(sling, false);
    await product.toggleAddOn(sling);
    await product.seeAddOn(sling, true);

    await product.setProductQuantity(2);
    await product.seeEmptyCartBadge();
    await product.addToCart();
    // Two rifles and, as its own priced line, two slings (decision 013); one notice names both.
    await product.seeBadgeCount(4);
    await expect(page.getByRole('status').filter({ hasText: /^You added / })).toHaveText(
      'You added RK-15 Carbine and Ridgeline Two-Point Sling to your shopping cart',
    );
    await product.open();
    await product.seeLine('RK-15 Carbine', { price: '$1,199.00' });
    await product.seeLineOptions('RK-15 Carbine', [
      ['Caliber', '.300 BLK'],
      ['Barrel Length', '16 in.'],
      ['Finish', 'Black'],
      ['Magazine Color', 'Black'],
    ]);
    await product.seeQuantity('RK-15 Carbine', 2);
    const slingLine = product.panel.getByRole('listitem').filter({ hasText: 'Add-on for RK-15 Carbine' }).filter({ hasText: '$44.99' });
    await expect(slingLine.first()).toBeVisible();
    await checkA11y(page);
  });

  test('a sold-out sku is struck through, and choosing it shows Notify Me instead of Add to Cart', async ({ page, checkA11y }) => {
    const product = new ProductModel(page);
    await product.openProduct('product-long', carbine);
    await product.choose('Caliber', '.300 BLK');
    await product.seeUnavailable('Finish', 'Flat Dark Earth', 'sold out');
    await product.seeUnavailable('Finish', 'OD Green', 'not available with these choices');
    // Keyboard: the group's arrow keys move the choice (radio group semantics).
    await product.option('Finish', 'Black').focus();
    await page.keyboard.press('ArrowRight');
    await product.seeChosen('Finish', 'Flat Dark Earth');
    await product.seeNotifyMe('RK15C-300BLK-16-FDE', 'RK-15 Carbine');
    await checkA11y(page);
    await product.choose('Finish', 'Black');
    await product.dontSeeNotifyMe();
  });

  test('the lightbox wraps around at both ends', async ({ page, checkA11y }) => {
    const product = new ProductModel(page);
    await product.openProduct('product-long', carbine);
    await product.showImage(3);
    await product.openLightbox();
    await product.seeSlide('3 of 3', 'RK-15 Carbine in Black, detail');
    await checkA11y(page);
    await product.next();
    await product.seeSlide('1 of 3', 'RK-15 Carbine in Black');
    await product.previous();
    await product.seeSlide('3 of 3', 'RK-15 Carbine in Black, detail');
    await product.closeLightbox();
  });

  test('more details open one at a time', async ({ page }) => {
    const product = new ProductModel(page);
    await product.openProduct('product-long', carbine);
    const first = 'How does FFL shipping work?';
    const second = 'What comes in the box?';
    await product.openDetail(first);
    await product.seeDetailOpen(first, true);
    await expect(page.getByText('We ship the rifle to that dealer', { exact: false })).toBeVisible();
    await product.openDetail(second);
    await product.seeDetailOpen(second, true);
    await product.seeDetailOpen(first, false);
  });
});

test('pistol page (product-short)', async ({ page, checkA11y }) => {
  const product = new ProductModel(page);
  await product.openProduct('product-short', 'rp-9-compact');
  await product.seeProduct('RP-9 Compact', 'pistol');
  await product.seeBreadcrumbs(['Home', 'Pistols', 'RP-9 Compact']);
  await expect(product.addToCartButton).toBeEnabled();
  await checkA11y(page);
});

test('general product page (product-short-alt) with compatibility tabs', async ({ page, checkA11y }) => {
  const product = new ProductModel(page);
  await product.openProduct('product-short-alt', 'rm-30-rifle-magazine');
  await product.seeProduct('RM-30 Rifle Magazine', 'general');
  await product.seeCompatibilityChosen('RK-15 Carbine');
  await checkA11y(page);
  await product.chooseTab('RK-10');
  await product.seeComingSoon();
  await product.chooseTab('RK-15');
  await product.seeCompatibilityChosen('RK-15 Carbine');
});

for (const [layout, documentId, title] of [
  ['product-long', carbine, 'RK-15 Carbine'],
  ['product-short', 'rp-9-compact', 'RP-9 Compact'],
  ['product-short-alt', 'rm-30-rifle-magazine', 'RM-30 Rifle Magazine'],
] as const) {
  test(`${layout}: gallery and buy box side by side, price and Add to Cart in the first screen at 1366x900; the image library links`, async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    const product = new ProductModel(page);
    await product.openProduct(layout, documentId);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await product.seeBuyBoxInFirstScreen();
    const link = product.imageLibraryLink(`${title} in Black`);
    await expect(link).toHaveAttribute('href', /^\/media\/products\/.+\.svg$/);
  });
}

test('on a phone the buy box follows the gallery', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const product = new ProductModel(page);
  await product.openProduct('product-long', carbine);
  const stage = await page.getByRole('button', { name: /^Open image 1 of/ }).boundingBox();
  const price = await product.price.boundingBox();
  expect(price!.y).toBeGreaterThan(stage!.y + stage!.height);
});

test('a product opened under another layout\'s URL moves to its own, 301 from the server', async ({ page, request }) => {
  const answer = await request.get(`/product/product-short/${carbine}?from=mail`, { maxRedirects: 0 });
  expect(answer.status()).toBe(301);
  expect(answer.headers()['location']).toBe(`/product/product-long/${carbine}?from=mail`);
  const product = new ProductModel(page);
  await product.openProduct('product-short', carbine);
  await expect(page).toHaveURL(new RegExp(`/product/product-long/${carbine}$`));
  await product.seeProduct('RK-15 Carbine', 'rifle');
});

test('apparel starts with no size: Add to Cart asks for one', async ({ page, checkA11y }) => {
  const product = new ProductModel(page);
  await product.openProduct('product-short-alt', 'logo-tee');
  await expect(product.group('Size').getByRole('radio', { checked: true })).toHaveCount(0);
  await product.addToCart();
  await expect(page.getByText('Choose a Size', { exact: true }).last()).toBeVisible();
  await product.seeEmptyCartBadge();
  await checkA11y(page);
  await product.choose('Size', 'M');
  await product.addToCart();
  await product.seeBadgeCount(1);
});

test('an unknown product shows the not-found state', async ({ page, checkA11y }) => {
  const product = new ProductModel(page);
  await product.openProduct('product-long', 'no-such-rifle');
  await product.seeNotFound();
  await checkA11y(page);
});
