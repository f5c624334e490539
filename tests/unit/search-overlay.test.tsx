import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { createAppServices } from '../../src/services/app-services';
import { createAppActors } from '../../src/app/app-actors';
import { AppProviders } from '../../src/services/providers';
import { bindRouteChanges } from '../../src/app/route-changes';
import { SearchOverlaySlot, SearchToggleButton } from '../../src/features/search/search-toggle';
import { createSearchRoutes } from '../../src/features/search/search-routes';
import { compareTitles, normalizeSearchText } from '../../src/domain/search-text';
import { defaultRuntimeSettings } from '../../src/runtime-settings';

/**
 * The search overlay and results page in the real app shell (catalogue-and-content.md sections 2,
 * 4, 5, 7, 8, 9): the combobox, its keyboard, the debounces (real time, so the machine's delays
 * are the ones the app runs) and the results route.
 */

const GUEST_TOKEN = 'gid_unit-test-guest-token-0001';
const emptyCart = {
  id: 1, userId: null, guestId: GUEST_TOKEN, isAbandoned: false, isGuest: true, items: [],
  subTotal: 0, taxAmount: 0, shipping: 0, discount: 0, totalAmount: 0, discountAmount: 0, appliedDiscounts: [],
};
const product = (documentId: string, title: string, subtitle: string, sku: string) => ({
  id: documentId.length, documentId, title, subtitle, display_type: 'product-long',
  image: { url: `/media/${documentId}.svg`, alternativeText: title }, hover_image: null,
  ffl_item: false, receiver_item: false, tag: null, filter_tags: [],
  skus: [{ sku, restricted_states: [], restricted_zips: [] }],
});
const catalogue = [
  product('rk-15-sport', 'RK-15 Sport', 'A no-nonsense 16 in. 5.56 rifle', 'RK15-S'),
  product('rk-10-hunter', 'rk-10 Hunter', '.308 for the field', 'RK10-H'),
  product('rk-15-carbine', 'RK-15 Carbine', 'Direct-impingement carbine', 'RK15-C'),
  product('rk-22-trainer', 'RK-22 Trainer', '.22 LR with RK-15 controls', 'RK22-T'),
];
const prices = {
  'RK15-S': { price: 899, bestDiscountPercentage: 0, bestDiscountedPrice: null, qtyOnHand: 4 },
  'RK15-C': { price: 1299, bestDiscountPercentage: 10, bestDiscountedPrice: 1169.1, qtyOnHand: 0 },
};
const appPage = {
  id: 1, documentId: 'app', slug: 'app', title: 'App',
  main_navigation: [
    { id: 2, title: 'Rifles', url: '/product/collection-filterable-grid/all-rifles', categories: [], child_navigations: [] },
    { id: 3, title: 'Support', url: '/support', categories: [], child_navigations: [] },
  ],
};

/** The server's rule (decision 039): normalized text, title matches first, each group by title. */
function serverSearch(query: string) {
  const needle = normalizeSearchText(query);
  const inTitle = (p: (typeof catalogue)[number]) => normalizeSearchText(p.title).includes(needle);
  return catalogue
    .filter((p) => needle && (inTitle(p) || normalizeSearchText(p.subtitle).includes(needle)))
    .sort((a, b) => Number(inTitle(b)) - Number(inTitle(a)) || compareTitles(a.title, b.title));
}

let failSearch = false;
const fakeFetch = vi.fn(async (input: RequestInfo | URL) => {
  const url = new URL(input instanceof Request ? input.url : String(input), 'http://shop.test');
  if (url.pathname === '/api/Auth/guest') return Response.json({ guestToken: GUEST_TOKEN });
  if (url.pathname === `/api/Cart/guest/${GUEST_TOKEN}`) return Response.json(emptyCart);
  if (url.pathname === '/api/Products') return Response.json(prices);
  const query = url.pathname.match(/^\/api\/cms\/products\/search\/(.+)$/)?.[1];
  if (query !== undefined) {
    if (failSearch) return Response.json({ status: 500, title: 'Server Error', message: 'down' }, { status: 500 });
    return Response.json({ data: serverSearch(decodeURIComponent(query)), meta: {} });
  }
  if (url.pathname === '/api/cms/product-groups/all-rifles') {
    return Response.json({ data: { id: 9, documentId: 'all-rifles', title: 'All Rifles', products: catalogue }, meta: {} });
  }
  if (url.pathname === '/api/cms/page/app') return Response.json({ data: appPage, meta: {} });
  if (url.pathname.startsWith('/api/cms/page/')) return Response.json({ data: { id: 1, documentId: 'x', slug: 'x', title: 'x' }, meta: {} });
  return Response.json({ status: 404, title: 'Not Found', message: 'No such thing' }, { status: 404 });
});
const searchCalls = () =>
  fakeFetch.mock.calls
    .map(([input]) => new URL(input instanceof Request ? input.url : String(input), 'http://shop.test').pathname)
    .filter((path) => path.startsWith('/api/cms/products/search/'));

beforeEach(() => {
  fakeFetch.mockClear();
  failSearch = false;
  localStorage.clear();
  // Suggestions bypass the counted client fetch (no spinner while typing): they use the global one.
  vi.stubGlobal('fetch', fakeFetch);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderApp(url: string) {
  const services = createAppServices({ settings: { ...defaultRuntimeSettings, apiBaseUrl: 'http://shop.test/api' }, fetch: fakeFetch as typeof fetch });
  localStorage.setItem('analyticsConsent', JSON.stringify({ value: false, decidedAt: '2026-01-01T00:00:00.000Z' }));
  const actors = createAppActors(services, { scrollToTop: () => {} });
  // The header's two search pieces over the search routes and a stand-in product page (the
  // app's full route table belongs to app-routes.test.tsx).
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <header>
              <SearchToggleButton />
              <SearchOverlaySlot />
            </header>
            <main>
              <Outlet />
            </main>
          </>
        ),
        children: [
          { path: '/', element: <h1>Home</h1> },
          { path: '/product/:displayType/:documentId', element: <h1>Product</h1> },
          ...createSearchRoutes(services),
        ],
      },
    ],
    { initialEntries: [url] },
  );
  bindRouteChanges(router as never, services.ui);
  render(
    <AppProviders services={services} actors={actors}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { services, router };
}

async function openSearch() {
  fireEvent.click(await screen.findByRole('button', { name: 'Search' }));
  const box = await screen.findByRole('combobox', { name: 'Product search' });
  expect(box.getAttribute('placeholder')).toBe('Product Search...');
  expect(document.activeElement).toBe(box);
  return box as HTMLInputElement;
}

const sleep = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

describe('search overlay', () => {
  it('asks for suggestions only past 2 characters, after the debounce, and lists title, subtitle, price and stock', async () => {
    renderApp('/');
    const box = await openSearch();
    fireEvent.input(box, { target: { value: 'rk' } });
    await sleep(700);
    expect(searchCalls()).toEqual([]);
    expect(box.getAttribute('aria-expanded')).toBe('false');

    fireEvent.input(box, { target: { value: 'rk-1' } });
    await sleep(300);
    expect(searchCalls()).toEqual([]);
    const listbox = await screen.findByRole('listbox', { name: 'Product suggestions' }, { timeout: 2000 });
    expect(searchCalls()).toEqual(['/api/cms/products/search/rk-1']);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(box.getAttribute('aria-controls')).toBe(listbox.id);
    const options = within(listbox).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'rk-10 Hunter.308 for the field',
      'RK-15 CarbineDirect-impingement carbine$1,169.10Sold out',
      'RK-15 SportA no-nonsense 16 in. 5.56 rifle$899.00',
      // A subtitle match follows the title matches (decision 039).
      'RK-22 Trainer.22 LR with RK-15 controls',
    ]);

    // Emptying the text clears the suggestions (section 5).
    fireEvent.input(box, { target: { value: '' } });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryAllByRole('option')).toEqual([]);
  });

  it('"rk15" suggests the RK-15 family, titles before subtitles; 1-2 characters clear the list at once', async () => {
    const { services } = renderApp('/');
    const box = await openSearch();
    // Suggestions and their prices load without the full-page spinner.
    await waitFor(() => expect(services.pending.getSnapshot().context.count).toBe(0));
    let counted = 0;
    const subscription = services.pending.subscribe((snapshot) => {
      counted = Math.max(counted, snapshot.context.count);
    });
    fireEvent.input(box, { target: { value: 'rk15' } });
    const listbox = await screen.findByRole('listbox', { name: 'Product suggestions' }, { timeout: 2000 });
    await waitFor(() =>
      expect(within(listbox).getAllByRole('option').map((option) => option.querySelector('span span')?.textContent)).toEqual([
        'RK-15 Carbine',
        'RK-15 Sport',
        'RK-22 Trainer',
      ]),
    );
    subscription.unsubscribe();
    expect(counted).toBe(0);
    expect(fakeFetch.mock.calls.some(([input]) => String(input instanceof Request ? input.url : input).endsWith('/api/Products'))).toBe(true);
    fireEvent.input(box, { target: { value: 'rk' } });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryAllByRole('option')).toEqual([]);
  });

  it('arrows move the selection; Enter opens the selected product and the overlay closes', async () => {
    const { router } = renderApp('/');
    const box = await openSearch();
    fireEvent.input(box, { target: { value: 'rk-1' } });
    const options = await screen.findAllByRole('option', {}, { timeout: 2000 });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[1].id);
    expect(options[1].getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[3].id);
    // From the last, down wraps to the first.
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(options[0].id);
    fireEvent.submit(box.closest('form')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/product-long/rk-10-hunter'));
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('Enter without a selection goes to the encoded results route; results sorted, priced, with the heading', async () => {
    const { router } = renderApp('/');
    const box = await openSearch();
    fireEvent.input(box, { target: { value: 'r' } });
    fireEvent.submit(box.closest('form')!);
    expect(router.state.location.pathname).toBe('/');
    fireEvent.input(box, { target: { value: ' RK 15/% ' } });
    fireEvent.submit(box.closest('form')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/search/RK%2015%2F%25'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Results for RK 15/%' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Search results' })).toBeTruthy();
    await act(() => router.navigate('/search/zzz'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Results for zzz' })).toBeTruthy();
    expect(screen.getByText('No products found')).toBeTruthy();

    await act(() => router.navigate('/search/rk-1'));
    await screen.findByRole('heading', { level: 1, name: 'Results for rk-1' });
    const results = screen.getByRole('list', { name: 'Search results' });
    expect(within(results).getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'rk-10 Hunter',
      'RK-15 Carbine',
      'RK-15 Sport',
      'RK-22 Trainer',
    ]);
    expect(within(results).getByRole('link', { name: 'RK-15 Sport' }).getAttribute('href')).toBe('/product/product-long/rk-15-sport');
    expect(within(results).getByText('$899.00')).toBeTruthy();
  });

  it('no results: the query stays in a search box, with the main categories and a few products', async () => {
    const { router } = renderApp('/search/zzz%20top');
    expect(await screen.findByRole('heading', { level: 1, name: 'Results for zzz top' })).toBeTruthy();
    expect(screen.getByText('No products found')).toBeTruthy();
    const again = screen.getByRole('searchbox', { name: 'Search the catalogue' }) as HTMLInputElement;
    expect(again.value).toBe('zzz top');
    const categories = screen.getByRole('navigation', { name: 'Shop by category' });
    expect(within(categories).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Rifles', '/product/collection-filterable-grid/all-rifles'],
    ]);
    const picks = screen.getByRole('region', { name: 'Our picks' });
    // In stock first (the sold-out carbine and the unpriced ones after), up to four.
    expect(within(picks).getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'RK-15 Sport',
      'rk-10 Hunter',
      'RK-15 Carbine',
      'RK-22 Trainer',
    ]);
    expect(within(picks).getByText('$899.00')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Search results' })).toBeNull();

    fireEvent.change(again, { target: { value: ' rk15 ' } });
    fireEvent.submit(again.closest('form')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/search/rk15'));
    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(within(results).getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'RK-15 Carbine',
      'RK-15 Sport',
      'RK-22 Trainer',
    ]);
  });

  it('a failed search shows the heading and no results', async () => {
    failSearch = true;
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderApp('/search/rk-15');
    expect(await screen.findByRole('heading', { level: 1, name: 'Results for rk-15' })).toBeTruthy();
    expect(screen.getByText('No products found')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Search results' })).toBeNull();
  });

  it('clicking a suggestion opens its product', async () => {
    const { router } = renderApp('/');
    const box = await openSearch();
    fireEvent.input(box, { target: { value: 'carbine' } });
    fireEvent.click(await screen.findByRole('option', { name: /RK-15 Carbine/ }, { timeout: 2000 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/product/product-long/rk-15-carbine'));
  });

  it('Escape closes and returns focus to the search icon; the icon ignores a second press within 1000 ms', async () => {
    renderApp('/');
    const box = await openSearch();
    const toggle = screen.getByRole('button', { name: 'Search', expanded: true });
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(document.activeElement).toBe(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    // The open above started the 1000 ms; this press is ignored, the next one after it counts.
    await sleep(1000);
    fireEvent.click(toggle);
    expect(await screen.findByRole('combobox')).toBeTruthy();
    fireEvent.click(toggle);
    expect(screen.getByRole('combobox')).toBeTruthy();
    await sleep(1000);
    fireEvent.click(toggle);
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
