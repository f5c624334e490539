import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './fixtures';
import { SearchModel } from './models/search.model';

/**
 * Product search (catalogue-and-content.md sections 2, 4, 5, 7, 8, 9) against the seeded catalogue:
 * the overlay's suggestions and keyboard, submitting to the results route, and the results page.
 */

interface SeededRef {
  documentId: string;
  title: string;
  display_type: string;
}

/**
 * What the seeded API answers for a query, in the order the page must show: the server's (title
 * matches first, each group sorted by title case-insensitively: decision 039).
 */
async function seededMatches(request: APIRequestContext, query: string): Promise<SeededRef[]> {
  const response = await request.get(`/api/cms/products/search/${encodeURIComponent(query)}`);
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as { data: SeededRef[] };
  return data;
}

test('suggestions appear past 2 characters; arrows and Enter open the selected product', async ({ page, request, checkA11y }) => {
  const matches = await seededMatches(request, 'rk-1');
  expect(matches.length).toBeGreaterThan(2);
  const search = new SearchModel(page);
  await page.goto('/');
  await search.openOverlay();

  await search.type('rk');
  // Longer than the 500 ms debounce: a 2-character text never asks.
  await page.waitForTimeout(900);
  await search.seeNoSuggestions();

  await search.type('rk-1');
  await search.seeSuggestionTitles(matches.map((match) => match.title));
  await checkA11y(page);

  await search.press('ArrowDown');
  await search.press('ArrowDown');
  await search.seeSelected(1);
  await search.press('Enter');
  await expect(page).toHaveURL(`/product/${matches[1].display_type}/${matches[1].documentId}`);
  await search.seeOverlayClosed();
});

test('a seeded title part suggests; Enter with no selection goes to the encoded results route', async ({ page, request }) => {
  const matches = await seededMatches(request, 'summit');
  expect(matches.length).toBeGreaterThan(0);
  const search = new SearchModel(page);
  await page.goto('/');
  await search.openOverlay();
  await search.type('summit');
  await search.seeSuggestionTitles(matches.map((match) => match.title));
  await search.press('Enter');
  await expect(page).toHaveURL('/search/summit');
  await search.seeResultsHeading('summit');
  await search.seeResultTitles(matches.map((match) => match.title));

  // Spaces and reserved characters are encoded in the route and shown decoded. The icon ignores
  // presses within 1000 ms of the last one (section 9), so the test waits that out first.
  await page.waitForTimeout(1000);
  await search.openOverlay();
  await search.type('Ember Edition & co');
  await search.press('Enter');
  await expect(page).toHaveURL('/search/Ember%20Edition%20%26%20co');
  await search.seeResultsHeading('Ember Edition & co');
});

test('Escape closes the overlay and returns focus to the search icon', async ({ page }) => {
  const search = new SearchModel(page);
  await page.goto('/');
  await search.openOverlay();
  await search.type('rk-15');
  await expect(search.options.first()).toBeVisible();
  await search.press('Escape');
  await search.seeOverlayClosed();
  await expect(search.toggle).toBeFocused();
});

test('the results page lists the seeded matches sorted by title, with prices and links', async ({ page, request, checkA11y }) => {
  const matches = await seededMatches(request, 'rp-9');
  expect(matches.length).toBeGreaterThan(1);
  const search = new SearchModel(page);
  await search.openResults('rp-9');
  await search.seeResultsHeading('rp-9');
  await search.seeResultTitles(matches.map((match) => match.title));
  const first = search.results.getByRole('link', { name: matches[0].title, exact: true });
  await expect(first).toHaveAttribute('href', `/product/${matches[0].display_type}/${matches[0].documentId}`);
  await expect(search.results.getByText(/\$\d/).first()).toBeVisible();
  await checkA11y(page);
});

test('rk15 finds the RK-15 family, however it is typed', async ({ page, request }) => {
  const rk15 = await seededMatches(request, 'rk15');
  const family = rk15.filter((match) => match.title.startsWith('RK-15 '));
  expect(family.length).toBeGreaterThan(3);
  // Titles rank before subtitles: the family comes first.
  expect(rk15.slice(0, family.length)).toEqual(family);
  for (const spelling of ['rk 15', 'RK15', 'RK-15']) expect(await seededMatches(request, spelling)).toEqual(rk15);

  const search = new SearchModel(page);
  await page.goto('/');
  await search.openOverlay();
  await search.type('rk15');
  await search.seeSuggestionTitles(rk15.map((match) => match.title));
  // Suggestions show a price.
  await expect(search.options.first()).toContainText(/\$\d/);
  // At 1-2 characters the list clears at once.
  await search.type('rk');
  await search.seeNoSuggestions();

  await search.openResults('rk 15');
  await search.seeResultsHeading('rk 15');
  await search.seeResultTitles(rk15.map((match) => match.title));
});

test('a query matching nothing shows the empty state under the same heading', async ({ page, checkA11y }) => {
  const search = new SearchModel(page);
  await search.openResults('zzz-no-such-thing');
  await search.seeResultsHeading('zzz-no-such-thing');
  await search.seeEmptyState();
  // The query stays in a search box; the main categories and a few products are offered.
  await expect(page.getByRole('searchbox', { name: 'Search the catalogue' })).toHaveValue('zzz-no-such-thing');
  await expect(page.getByRole('navigation', { name: 'Shop by category' }).getByRole('link', { name: 'Rifles' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Our picks' }).getByText(/\$\d/).first()).toBeVisible();
  await checkA11y(page);
});
