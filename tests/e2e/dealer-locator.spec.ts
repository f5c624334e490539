import { test, expect } from './fixtures';
import { DealerLocatorModel } from './models/dealer-locator.model';

/*
 * Dealer locator (catalogue-and-content.md sections 2, 4, 5, 8, 9) against the seeded dealers and
 * the embedded zip geocoder. Denver 80202: the Denver dealer is ~1 mile away, Colorado Springs
 * ~63 miles and Cheyenne ~96 miles, so 50 miles lists one dealer and 100 miles three.
 */

test('lists every dealer on a locally drawn map, searches by zip and radius, and sends nothing outside', async ({ page, request, checkA11y }) => {
  const dealers = (await (await request.get('/api/Dealers')).json()) as { name: string }[];
  const cms = (await (await request.get('/api/cms/page/dealerlocator')).json()).data;
  const locator = new DealerLocatorModel(page);
  await locator.open();

  await expect(locator.cards).toHaveCount(dealers.length);
  await expect(locator.markers).toHaveCount(dealers.length);
  await expect(locator.radius).toHaveValue('50');
  await expect(page.getByRole('main').getByText(cms.dealer_signup, { exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Register as a dealer' })).toHaveAttribute('href', '/dealer-registration');
  await locator.waitForMap();
  // A blank or cleared canvas is one colour; the local style paints the sea and the states.
  expect(await locator.canvasColours()).toBeGreaterThanOrEqual(2);
  await checkA11y(page);

  await locator.search('80202', 100);
  await expect(locator.summary).toHaveText('3 dealers found');
  await expect(locator.cards).toHaveCount(3);
  expect(await locator.cardNames()).toEqual(['Front Range Gun Works', 'Pikes Peak Shooting Supply', 'High Plains Firearms']);
  await expect(locator.card('Pikes Peak Shooting Supply')).toContainText(/6\d mi/);
  await expect(locator.markers).toHaveCount(3);

  await locator.search('80202', 50);
  await expect(locator.cards).toHaveCount(1);
  expect(await locator.cardNames()).toEqual(['Front Range Gun Works']);
  await expect(locator.card('Front Range Gun Works')).toContainText('1950 Blake St');
  await expect(locator.card('Front Range Gun Works')).toContainText('(303) 555-0177');
  await expect(locator.markers).toHaveCount(1);

  // An empty zip shows every dealer again (section 4).
  await locator.search('');
  await expect(locator.cards).toHaveCount(dealers.length);

  await checkA11y(page);
  expect(locator.outsideRequests).toEqual([]);
});

test('the zip field keeps digits only', async ({ page }) => {
  const locator = new DealerLocatorModel(page);
  await locator.open();
  await locator.zip.pressSequentially('8a3-70 2');
  await expect(locator.zip).toHaveValue('83702');
  await expect(locator.radius.locator('option')).toHaveText(['50 miles', '100 miles', '150 miles', '200 miles', '250 miles']);
});

test('a card and its marker select each other', async ({ page }) => {
  const locator = new DealerLocatorModel(page);
  await locator.open();
  await locator.search('83702', 50);
  await expect(locator.cards).toHaveCount(2);
  expect(await locator.cardNames()).toEqual(['Foothill Sporting Arms', 'Snake River Outfitters']);
  await locator.waitForMap();

  await locator.cardButton('Snake River Outfitters').click();
  await expect(locator.cardButton('Snake River Outfitters')).toHaveAttribute('aria-pressed', 'true');
  await expect(locator.marker('Snake River Outfitters')).toHaveAttribute('aria-pressed', 'true');
  await expect(locator.marker('Foothill Sporting Arms')).toHaveAttribute('aria-pressed', 'false');

  await locator.marker('Foothill Sporting Arms').click();
  await expect(locator.cardButton('Foothill Sporting Arms')).toHaveAttribute('aria-pressed', 'true');
  await expect(locator.cardButton('Foothill Sporting Arms')).toBeFocused();
  await expect(locator.cardButton('Snake River Outfitters')).toHaveAttribute('aria-pressed', 'false');
  await expect(locator.marker('Snake River Outfitters')).toHaveAttribute('aria-pressed', 'false');
});

test('a geocoding failure is reported and the page stays usable', async ({ page, checkA11y }) => {
  const locator = new DealerLocatorModel(page);
  await locator.open();
  await locator.search('00000', 250);
  await expect(page.getByRole('alert').filter({ hasText: 'Geocoding' })).toHaveText(
    'Geocoding request failed: Geocoding failed: ZERO_RESULTS. Server returned status code 200.',
  );
  await expect(locator.cards).toHaveCount(0);
  await checkA11y(page);

  await locator.search('83702', 50);
  await expect(page.getByRole('alert').filter({ hasText: 'Geocoding' })).toHaveCount(0);
  await expect(locator.cards).toHaveCount(2);
});

test('on a phone the map sits above the list and both work', async ({ page, checkA11y }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const locator = new DealerLocatorModel(page);
  await locator.open();
  await locator.search('80202', 100);
  await expect(locator.cards).toHaveCount(3);
  const mapBox = await locator.map.boundingBox();
  const listBox = await locator.cards.first().boundingBox();
  expect(mapBox!.y).toBeLessThan(listBox!.y);
  await checkA11y(page);
});

test('with a map key the provider style is asked for, and a refused key shows the AuthFailure panel', async ({ page }) => {
  // The server injects MAPBOX_TOKEN into the runtime settings; here the page gets one and the
  // provider (never reached) refuses it, as it does for a bad key.
  await page.route('**/dealer-locator', async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace('{"apiBaseUrl"', '{"mapboxToken":"pk.e2e-refused","apiBaseUrl"');
    // The server widens its CSP to Mapbox only when MAPBOX_TOKEN is set (server/src/app.ts).
    const headers = { ...response.headers() };
    delete headers['content-security-policy'];
    await route.fulfill({ response, headers, body: html });
  });
  const asked: string[] = [];
  await page.route(/^https:\/\/([a-z0-9-]+\.)*mapbox\.com\//, async (route) => {
    asked.push(route.request().url());
    await route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ message: 'Not Authorized - Invalid Token' }) });
  });
  const locator = new DealerLocatorModel(page);
  await locator.open();
  await expect(locator.map.getByRole('alert')).toHaveText(
    'Error: AuthFailure – A problem with your API key prevents the map from rendering correctly.',
  );
  expect(asked.some((url) => url.startsWith('https://api.mapbox.com/styles/v1/mapbox/light-v11'))).toBe(true);
  // The list still works without the map.
  await locator.search('80202', 50);
  await expect(locator.cards).toHaveCount(1);
});
