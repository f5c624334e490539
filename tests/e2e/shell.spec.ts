import { test, expect } from './fixtures';
import { HomeModel, NotFoundModel } from './models/home.model';

/** The seeded content the API serves is what the home page must show. */
async function seededHome(request: import('@playwright/test').APIRequestContext) {
  const home = await (await request.get('/api/cms/page/home')).json();
  const footer = await (await request.get('/api/cms/page/footer')).json();
  return { home: home.data, footer: footer.data };
}

test('home loads with the seeded carousel, ribbon and footer', async ({ page, request, checkA11y }) => {
  const { home: content, footer } = await seededHome(request);
  const home = new HomeModel(page);
  await home.open();
  await home.seeHeader();
  await home.seeCarouselSlides(content.home_carousel_cards.length);
  for (const tile of content.home_image_link_ribbon) await home.seeRibbonLink(tile.title);
  await home.seeFooterLinks(footer.nav_links.slice(0, 3).map((l: { title: string }) => l.title));
  // The seeded images are real files, not broken links.
  const broken = await page.evaluate(() =>
    [...document.images].filter((img) => img.complete && img.naturalWidth === 0).map((img) => img.src),
  );
  expect(broken).toEqual([]);
  await checkA11y(page);
});

test('the carousel moves on with its controls and loops', async ({ page, request }) => {
  const { home: content } = await seededHome(request);
  const count = content.home_carousel_cards.length;
  const home = new HomeModel(page);
  await home.open();
  await home.carousel.getByRole('button', { name: /Pause slide rotation/ }).click();
  await home.seeCurrentSlide(1, count);
  await home.carousel.getByRole('button', { name: 'Previous slide' }).click();
  await home.seeCurrentSlide(count, count);
  await home.carousel.getByRole('button', { name: 'Next slide' }).click();
  await home.seeCurrentSlide(1, count);
});

test('an unknown path shows the 404 screen', async ({ page, checkA11y }) => {
  const notFound = new NotFoundModel(page);
  await notFound.open('/no/such/page');
  await notFound.seeNoRouteMessage();
  await notFound.seeHeader();
  await checkA11y(page);
});

test('the cart panel opens from the header and closes on navigation', async ({ page }) => {
  const home = new HomeModel(page);
  await home.open();
  await page.getByRole('button', { name: /^Cart/ }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('There are no products in the cart')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});
