import { expect, test } from './fixtures';
import { CollectionModel } from './models/collection.model';

/**
 * Collection pages (catalogue-and-content.md sections 2, 4, 8 and 9) against the seeded content
 * (server/seed/product-groups.ts): the filterable 'all-rifles' and 'accessories', the tabbed
 * 'pistols', the cards 'limited-edition' and the empty simple grid 'edged-tools'.
 */

test('filterable grid: filters narrow, values shrink, Reset All clears', async ({ page, checkA11y }) => {
  const collection = new CollectionModel(page);
  await collection.open('filterable-grid', 'all-rifles');
  await collection.seeTitle('Rifles');
  await collection.seeCardCount(11);
  await expect(collection.resetAll).toHaveCount(0);
  await checkA11y(page);

  await collection.check('Caliber', '.22 LR');
  await collection.seeCardTitles(['RK-22 Trainer']);
  // Only the values of the matching item remain.
  await collection.seeValues('Caliber', ['.22 LR']);
  await collection.seeValues('Action', ['Semi-Auto']);
  await expect(collection.resetAll).toBeVisible();
  await checkA11y(page);

  await collection.resetAll.click();
  await collection.seeCardCount(11);
  await expect(collection.resetAll).toHaveCount(0);
  await expect(collection.filterValue('Caliber', '5.56 NATO')).not.toBeChecked();
});

test('filterable grid: the model group appears after a host manufacturer; single-select hides the others', async ({ page }) => {
  const collection = new CollectionModel(page);
  await collection.open('filterable-grid', 'all-rifles');
  await collection.seeCardCount(11);
  await expect(collection.group('Model')).toHaveCount(0);

  await collection.check('Host Manufacturer', 'Ridgeline Custom Shop');
  await expect(collection.group('Model')).toBeVisible();
  await collection.seeValues('Model', ['RK-15', 'Summit']);
  await collection.seeCardTitles(['RK-15 Ember Edition', 'Summit Copper Canyon Edition']);

  await collection.check('Model', 'Summit');
  await collection.seeCardTitles(['Summit Copper Canyon Edition']);
  await collection.filterValue('Host Manufacturer', 'Ridgeline Custom Shop').uncheck();
  await expect(collection.group('Model')).toHaveCount(0);
  await collection.seeCardCount(11);

  // Action is single-select: choosing one hides the other actions.
  await collection.seeValues('Action', ['Semi-Auto', 'Bolt-Action', 'Lever-Action']);
  await collection.check('Action', 'Bolt-Action');
  await collection.seeValues('Action', ['Bolt-Action']);
  await collection.seeCardTitles(['Summit Bolt-Action', 'Summit Copper Canyon Edition']);
});

test("filterable grid: search inside the grid, sort descending, 'Product not found'", async ({ page, checkA11y }) => {
  const collection = new CollectionModel(page);
  await collection.open('filterable-grid', 'all-rifles');
  await collection.seeCardCount(11);

  await collection.search.fill('SUMMIT');
  await collection.seeCardTitles(['Summit Bolt-Action', 'Summit Copper Canyon Edition']);
  await collection.sort.selectOption({ label: 'Title: Z to A' });
  await collection.seeCardTitles(['Summit Copper Canyon Edition', 'Summit Bolt-Action']);

  // Subtitles match too, case-insensitively ("Lightweight ..." style copy lives there).
  await collection.search.fill('rimfire');
  await collection.seeCardTitles(['RK-22 Trainer']);

  await collection.search.fill('no such rifle');
  await collection.seeCardCount(0);
  await expect(page.getByText('Product not found')).toBeVisible();
  await checkA11y(page);

  await collection.search.fill('');
  const titles = await collection.cardTitles();
  expect(titles).toEqual([...titles].sort((a, b) => b.localeCompare(a, 'en', { sensitivity: 'base', numeric: true })));
});

test('filterable grid on a phone: the filters are a toggleable panel', async ({ page, checkA11y }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const collection = new CollectionModel(page);
  await collection.open('filterable-grid', 'accessories');
  await collection.seeTitle('Accessories');
  await expect(collection.filterPanel).toBeHidden();
  await collection.filtersToggle.click();
  await expect(collection.filtersToggle).toHaveAttribute('aria-expanded', 'true');
  await collection.check('Category', 'Optics');
  await collection.seeValues('Category', ['Optics']);
  await collection.seeCardCount(2);
  await checkA11y(page);
});

test('tabbed grid: a tab writes activeFilter and a reload keeps it', async ({ page, checkA11y }) => {
  const collection = new CollectionModel(page);
  await collection.open('tabbed-grid', 'pistols');
  await collection.seeTitle('Pistols');
  await collection.seeActiveTab('All');
  await collection.seeCardCount(9);
  await checkA11y(page);

  await collection.tab('Competition').click();
  await expect(page).toHaveURL(/[?&]activeFilter=Competition/);
  await collection.seeActiveTab('Competition');
  await collection.seeCardTitles(['RP-10 Longslide', 'RP-22 Target']);

  await page.reload();
  await collection.seeActiveTab('Competition');
  await collection.seeCardCount(2);
  await checkA11y(page);

  await collection.open('tabbed-grid', 'pistols', '?activeFilter=nonsense');
  await collection.seeActiveTab('All');
  await collection.seeCardCount(9);
});

test("cards layout: a discounted item shows '(N% off)' and the struck original", async ({ page, checkA11y }) => {
  const collection = new CollectionModel(page);
  await collection.open('cards', 'new-arrivals');
  await collection.seeTitle('New Arrivals');
  await collection.seeCardCount(4);
  await checkA11y(page);

  await collection.open('filterable-grid', 'all-rifles');
  const carbine = collection.card('RK-15 Carbine');
  await expect(carbine.getByText(/^\(\d+% off\)$/)).toBeVisible();
  await expect(carbine.locator('s')).toHaveText(/\$[\d,]+\.\d\d/);
});

test('a card adds 1 to the cart', async ({ page, checkA11y }) => {
  const collection = new CollectionModel(page);
  await collection.open('cards', 'limited-edition');
  await collection.seeTitle('Limited Editions');
  await checkA11y(page);
  await collection.seeCartCount(0);
  const card = collection.card('Summit Copper Canyon Edition');
  await card.getByRole('button', { name: /Add to Cart/ }).click();
  await collection.seeCartCount(1);
});

test('Add to Cart does not move the page; its notice shows under the header where the shopper is', async ({ page }) => {
  // Narrow, so the cards stack and the last one is well below the fold (issue 18 item 5).
  await page.setViewportSize({ width: 390, height: 844 });
  const collection = new CollectionModel(page);
  await collection.open('cards', 'limited-edition');
  await collection.seeTitle('Limited Editions');
  const add = page.getByRole('main').getByRole('button', { name: /Add to Cart/ }).last();
  await add.scrollIntoViewIfNeeded();
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(0);
  await add.click();
  await collection.seeCartCount(1);
  const notice = page.getByRole('status').filter({ hasText: /^You added / });
  await expect(notice).toBeInViewport();
  // The page stays where the shopper is (the banner above it may push the scroll down by its
  // height, so the content keeps its place: Chromium's scroll anchoring).
  await expect(add).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThanOrEqual(before);
});

test("simple grid: an empty collection shows 'No items found'; an unknown one too", async ({ page, checkA11y }) => {
  const collection = new CollectionModel(page);
  await collection.open('simple-grid', 'edged-tools');
  await collection.seeTitle('Edged Tools');
  await expect(page.getByText('No items found')).toBeVisible();
  await collection.seeCardCount(0);
  await checkA11y(page);

  await collection.open('simple-grid', 'apparel');
  await collection.seeCardCount(6);
  await checkA11y(page);

  await collection.open('simple-grid', 'no-such-collection');
  await expect(page.getByRole('heading', { level: 1, name: 'No items found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  await checkA11y(page);
});
