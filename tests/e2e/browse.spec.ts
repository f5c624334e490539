import { expect, test } from './fixtures';
import { CollectionModel } from './models/collection.model';
import { ProductModel } from './models/product.model';

/**
 * The shopper's whole browse journey (issue 6): home -> the Rifles menu -> the rifles collection
 * -> filter and sort -> a product -> choose variants -> Add to Cart, each step on the real shop.
 */
test('home -> menu -> collection -> filter and sort -> product -> variants -> add to cart', async ({ page, checkA11y }) => {
  await page.goto('/');
  const collection = new CollectionModel(page);
  await collection.menuButton('Rifles').click();
  await collection.seeMenuOpen('Rifles');
  await (await collection.menuPanel('Rifles')).getByRole('link', { name: 'All Rifles', exact: true }).click();
  await expect(page).toHaveURL(/\/product\/collection-filterable-grid\/all-rifles$/);
  await collection.seeTitle('Rifles');
  await collection.seeCardCount(11);

  await collection.check('Caliber', '5.56 NATO');
  await collection.sort.selectOption({ label: 'Title: Z to A' });
  const titles = await collection.cardTitles();
  expect(titles.length).toBeGreaterThan(1);
  expect(titles).toEqual([...titles].sort((a, b) => b.localeCompare(a, 'en', { sensitivity: 'base', numeric: true })));
  expect(titles).toContain('RK-15 Carbine');
  await checkA11y(page);

  await collection.card('RK-15 Carbine').getByRole('link').first().click();
  const product = new ProductModel(page);
  await product.seeProduct('RK-15 Carbine', 'rifle');
  await product.choose('Caliber', '.300 BLK');
  await product.choose('Finish', 'Flat Dark Earth');
  await product.seeNotifyMe('RK15C-300BLK-16-FDE', 'RK-15 Carbine');
  await product.choose('Finish', 'Black');
  await product.addToCart();
  await product.seeBadgeCount(1);
  await product.open();
  await product.seeLineOptions('RK-15 Carbine', [
    ['Caliber', '.300 BLK'],
    ['Barrel Length', '16 in.'],
    ['Finish', 'Black'],
    ['Magazine Color', 'Black'],
  ]);
});
