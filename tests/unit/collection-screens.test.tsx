import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { createActor } from 'xstate';
import { cartMachine } from '../../machines/cart/cart.machine';
import type { AppServices } from '../../src/services/app-services';
import { AppProviders, type AppActors } from '../../src/services/providers';
import { HOST_MANUFACTURER_CATEGORY, MODEL_CATEGORY } from '../../src/domain/collection-filters';
import { CollectionCard } from '../../src/components/collection-card';
import { CollectionCardsScreen } from '../../src/features/catalogue/collection-cards-screen';
import { CollectionFilterableScreen } from '../../src/features/catalogue/collection-filterable-screen';
import type { CollectionPageData } from '../../src/features/catalogue/collection-loader';
import { createCollectionRoutes } from '../../src/features/catalogue/collection-routes';
import { keepDataOnNewQuery } from '../../src/config/revalidation';
import { CollectionSimpleScreen } from '../../src/features/catalogue/collection-simple-screen';
import { CollectionTabbedScreen } from '../../src/features/catalogue/collection-tabbed-screen';
import type { Collection, CollectionItem } from '../../src/domain/map-collection';

afterEach(cleanup);

const item = (productId: string, title: string, extra: Partial<CollectionItem> = {}): CollectionItem => ({
  productId,
  title,
  subtitle: '',
  sku: `${productId}-sku`,
  imageUrl: `/media/${productId}.svg`,
  imageAlt: title,
  hoverImageUrl: null,
  url: `/product/product-long/${productId}`,
  price: 100,
  discountPercentage: 0,
  finalPrice: 100,
  fflItem: false,
  receiverItem: false,
  noVariants: true,
  qtyOnHand: 3,
  soldOut: false,
  order: 0,
  tag: null,
  filterTags: [],
  restrictedStates: [],
  restrictedZips: [],
  ...extra,
});

const tags = (...pairs: [string, string][]) => pairs.map(([filterCategory, filterValue]) => ({ filterCategory, filterValue }));

const collection = (items: CollectionItem[], filters: Collection['filters'] = []): Collection => ({
  documentId: 'c',
  title: 'Test Collection',
  imgUrl: null,
  imgAlt: '',
  breadcrumbs: [
    { title: 'Home', url: '/' },
    { title: 'Test Collection', url: '/c' },
  ],
  filters,
  collectionItems: items,
});

function fakeActors() {
  const cart = createActor(cartMachine, { input: { guestToken: null } });
  const send = vi.spyOn(cart, 'send').mockImplementation(() => {});
  return { actors: { cart } as unknown as AppActors, send };
}

function renderScreen(Component: () => React.ReactNode, data: CollectionPageData, url = '/c') {
  const { actors, send } = fakeActors();
  // As the app's collection routes: a new query on the same collection does not load it again.
  const route = { path: '/c', loader: () => data, shouldRevalidate: keepDataOnNewQuery, Component, hydrateFallbackElement: <p>Loading</p> };
  const router = createMemoryRouter([route], {
    initialEntries: [url],
  });
  render(
    <AppProviders services={{} as AppServices} actors={actors}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, send };
}

const cardTitles = () => screen.queryAllByRole('article').map((card) => within(card).getByRole('heading').textContent);

describe('CollectionCard', () => {
  it("shows the final price, '(N% off)' and the struck original when discounted, and adds 1 to the cart", async () => {
    const { send } = renderScreen(
      () => <CollectionCard item={item('rk', 'RK-15', { price: 200, finalPrice: 150, fflItem: true })} />,
      { layout: 'cards', collection: null },
    );
    expect(await screen.findByText('$150.00')).toBeTruthy();
    expect(screen.getByText('(25% off)')).toBeTruthy();
    expect(screen.getByText('$200.00').closest('s')).not.toBeNull();
    expect(screen.getByText('FFL item')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Add to Cart/ }));
    expect(send).toHaveBeenCalledWith({
      type: 'cart.item.add',
      line: expect.objectContaining({ productId: 'rk-sku', quantity: 1, productName: 'RK-15', price: 150, productPrice: 200, isFflItem: true }),
    });
  });

  it('has no add-to-cart button for items with variants or without stock, and no discount when not reduced', async () => {
    renderScreen(
      () => (
        <>
          <CollectionCard item={item('a', 'Variants', { noVariants: false })} />
          <CollectionCard item={item('b', 'Sold out', { qtyOnHand: 0 })} />
        </>
      ),
      { layout: 'cards', collection: null },
    );
    await screen.findByText('Variants');
    expect(screen.queryByRole('button', { name: /Add to Cart/ })).toBeNull();
    expect(screen.queryByText(/% off/)).toBeNull();
  });

  it("says 'Sold out' when no priced sku has stock, beside its price", async () => {
    renderScreen(
      () => (
        <>
          <CollectionCard item={item('a', 'In stock')} />
          <CollectionCard item={item('b', 'Gone', { qtyOnHand: 0, soldOut: true })} />
        </>
      ),
      { layout: 'cards', collection: null },
    );
    const gone = (await screen.findByRole('heading', { name: 'Gone' })).closest('article')!;
    expect(within(gone as HTMLElement).getByText('Sold out')).toBeTruthy();
    expect(within(gone as HTMLElement).getByText('$100.00')).toBeTruthy();
    expect(screen.getAllByText('Sold out')).toHaveLength(1);
  });
});

describe('collection screens', () => {
  it("shows 'No items found' with a link home when the collection could not be loaded", async () => {
    renderScreen(CollectionSimpleScreen, { layout: 'simple-grid', collection: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'No items found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
  });

  it("shows 'No items found' for an empty simple grid and cards collection", async () => {
    renderScreen(CollectionSimpleScreen, { layout: 'simple-grid', collection: collection([]) });
    expect(await screen.findByText('No items found')).toBeTruthy();
    cleanup();
    renderScreen(CollectionCardsScreen, { layout: 'cards', collection: collection([]) });
    expect(await screen.findByText('No items found')).toBeTruthy();
  });

  it('tabbed grid: all by default, a tab writes activeFilter, an unknown value shows all', async () => {
    const items = [item('a', 'Alpha', { tag: 'Compact' }), item('b', 'Bravo', { tag: 'Full-Size' })];
    const { router } = renderScreen(CollectionTabbedScreen, { layout: 'tabbed-grid', collection: collection(items) }, '/c?activeFilter=bogus');
    const tab = await screen.findByRole('tab', { name: 'All' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(cardTitles()).toEqual(['Alpha', 'Bravo']);
    // react-aria selects a tab on press start (mouse down); jsdom has no pointer events.
    const fullSize = screen.getByRole('tab', { name: 'Full-Size' });
    fireEvent.mouseDown(fullSize, { button: 0, detail: 1 });
    fireEvent.mouseUp(fullSize, { button: 0, detail: 1 });
    fireEvent.click(fullSize, { button: 0, detail: 1 });
    await waitFor(() => expect(router.state.location.search).toBe('?activeFilter=Full-Size'));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Full-Size' }).getAttribute('aria-selected')).toBe('true'));
    expect(cardTitles()).toEqual(['Bravo']);
  });

  it('filterable grid: narrows, shrinks values, shows the model group after a host manufacturer, resets, searches and sorts', async () => {
    const items = [
      item('a', 'Alpha', { subtitle: 'Carbine', filterTags: tags(['Action', 'Semi'], [HOST_MANUFACTURER_CATEGORY, 'Ridgeline'], [MODEL_CATEGORY, 'RK-15']) }),
      item('b', 'Bravo', { filterTags: tags(['Action', 'Bolt'], [HOST_MANUFACTURER_CATEGORY, 'Universal'], [MODEL_CATEGORY, 'Summit']) }),
      item('c', 'Charlie', { filterTags: tags(['Action', 'Semi'], [HOST_MANUFACTURER_CATEGORY, 'Universal'], [MODEL_CATEGORY, 'RK-10']) }),
    ];
    const filters = [
      { category: 'Action', multi: false, values: ['Semi', 'Bolt'] },
      { category: HOST_MANUFACTURER_CATEGORY, multi: true, values: ['Ridgeline', 'Universal'] },
      { category: MODEL_CATEGORY, multi: true, values: ['RK-15', 'Summit', 'RK-10'] },
    ];
    const { router } = renderScreen(CollectionFilterableScreen, { layout: 'filterable-grid', collection: collection(items, filters) });
    await screen.findByRole('heading', { level: 2, name: 'Filter' });
    expect(cardTitles()).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(screen.queryByRole('group', { name: MODEL_CATEGORY })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reset All' })).toBeNull();

    // Each value is named with the count of matching items that carry it.
    expect(screen.getByRole('checkbox', { name: 'Semi, 2 items' })).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: /^Semi,/ }));
    await waitFor(() => expect(cardTitles()).toEqual(['Alpha', 'Charlie']));
    expect(router.state.location.search).toBe('?filter.Action=Semi');
    expect(router.state.historyAction).toBe('PUSH');
    expect(screen.queryByRole('checkbox', { name: /^Bolt,/ })).toBeNull();

    fireEvent.click(screen.getByRole('checkbox', { name: /^Universal,/ }));
    await waitFor(() => expect(cardTitles()).toEqual(['Charlie']));
    const models = screen.getByRole('group', { name: MODEL_CATEGORY });
    expect(within(models).getAllByRole('checkbox').map((c) => c.closest('label')?.textContent)).toEqual(['RK-10(1)']);

    fireEvent.click(screen.getByRole('button', { name: 'Reset All' }));
    await waitFor(() => expect(cardTitles()).toEqual(['Alpha', 'Bravo', 'Charlie']));
    expect(router.state.location.search).toBe('');

    const search = screen.getByRole('searchbox', { name: 'Search this collection' });
    fireEvent.change(search, { target: { value: 'CARBINE' } });
    expect(cardTitles()).toEqual(['Alpha']);
    await waitFor(() => expect(router.state.location.search).toBe('?q=CARBINE'));
    // Typing replaces the history entry instead of adding one per keystroke.
    expect(router.state.historyAction).toBe('REPLACE');
    fireEvent.change(search, { target: { value: 'zzz' } });
    expect(screen.getByText('Product not found')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe('?q=zzz'));
    fireEvent.change(search, { target: { value: '' } });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'title-desc' } });
    await waitFor(() => expect(cardTitles()).toEqual(['Charlie', 'Bravo', 'Alpha']));
    expect(router.state.location.search).toBe('?sort=title-desc');

    // Back undoes the sort (the search's entry was replaced as it was typed), then the Reset All.
    await act(() => router.navigate(-1));
    await waitFor(() => expect(cardTitles()).toEqual(['Alpha', 'Bravo', 'Charlie']));
    expect((screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement).value).toBe('title-asc');
    await act(() => router.navigate(-1));
    await waitFor(() => expect(cardTitles()).toEqual(['Charlie']));
    expect(screen.getByRole('checkbox', { name: /^Universal,/ })).toHaveProperty('checked', true);
  });

  it('filterable grid: Back is taken as Back, even when the page is not drawn between a sort and the Back', async () => {
    const items = [item('a', 'Alpha'), item('b', 'Bravo'), item('c', 'Charlie')];
    const { router } = renderScreen(CollectionFilterableScreen, { layout: 'filterable-grid', collection: collection(items, []) });
    const sortBy = (await screen.findByRole('combobox', { name: 'Sort by' })) as HTMLSelectElement;
    // On a loaded machine React may draw only the last of several addresses: the sort's, then
    // Back's, which is the address the view showed before the sort. That is Back, not an echo.
    await act(async () => {
      fireEvent.change(sortBy, { target: { value: 'title-desc' } });
      await vi.waitFor(() => expect(router.state.location.search).toBe('?sort=title-desc'));
      await router.navigate(-1);
    });
    expect(router.state.location.search).toBe('');
    expect(sortBy.value).toBe('title-asc');
    expect(cardTitles()).toEqual(['Alpha', 'Bravo', 'Charlie']);
  });

  it('filterable grid: reads filters, sort and search from the URL; ignores values the collection does not offer', async () => {
    const items = [
      item('a', 'Alpha', { finalPrice: 300, order: 1, filterTags: tags(['Caliber', '.308'], ['Caliber', '6.5']) }),
      item('b', 'Bravo', { finalPrice: 100, order: 3, filterTags: tags(['Caliber', '.308']) }),
      item('c', 'Charlie', { finalPrice: 200, order: 2, filterTags: tags(['Caliber', '.308'], ['Caliber', '6.5']) }),
    ];
    const filters = [{ category: 'Caliber', multi: true, values: ['.308', '6.5'] }];
    renderScreen(
      CollectionFilterableScreen,
      { layout: 'filterable-grid', collection: collection(items, filters) },
      '/c?filter.Caliber=.308&filter.Caliber=6.5&filter.Colour=Red&sort=price-desc',
    );
    await screen.findByRole('heading', { level: 2, name: 'Filter' });
    // Both calibers checked: only the rifles offered in both (checking never adds items).
    expect(cardTitles()).toEqual(['Alpha', 'Charlie']);
    expect((screen.getByRole('combobox', { name: 'Sort by' }) as HTMLSelectElement).value).toBe('price-desc');
    expect(screen.getByRole('checkbox', { name: /^6\.5,/ })).toHaveProperty('checked', true);
  });
});

describe('collection routes', () => {
  it('declare the four collection paths with loaders; without an API client the loader gives no collection', async () => {
    const routes = createCollectionRoutes({ pageContent: { load: async () => ({}) } } as never);
    expect(routes.map((r) => r.path)).toEqual([
      '/product/collection-cards/:documentId',
      '/product/collection-filterable-grid/:documentId',
      '/product/collection-simple-grid/:documentId',
      '/product/collection-tabbed-grid/:documentId',
    ]);
    const loader = routes[0].loader as (args: unknown) => Promise<CollectionPageData>;
    await act(async () => {
      // The not-found state, answered with 404 when the server renders it.
      expect(await loader({ params: { documentId: 'x' }, request: new Request('http://shop.test/') })).toMatchObject({
        data: { layout: 'cards', collection: null },
        init: { status: 404 },
      });
    });
  });

  it('load nothing again when only the query changes (filters, sort, search, tab live in the view)', () => {
    const args = (from: string, to: string, formMethod?: string) =>
      ({ currentUrl: new URL(from, 'http://shop.test'), nextUrl: new URL(to, 'http://shop.test'), formMethod, defaultShouldRevalidate: true }) as never;
    expect(keepDataOnNewQuery(args('/product/collection-filterable-grid/a', '/product/collection-filterable-grid/a?sort=newest'))).toBe(false);
    expect(keepDataOnNewQuery(args('/product/collection-filterable-grid/a', '/product/collection-filterable-grid/b'))).toBe(true);
    expect(keepDataOnNewQuery(args('/product/collection-filterable-grid/a', '/product/collection-filterable-grid/a', 'POST'))).toBe(true);
    expect(createCollectionRoutes({} as never).every((route) => route.shouldRevalidate === keepDataOnNewQuery)).toBe(true);
  });

  const loaderArgs = (documentId: string) => ({ params: { documentId }, request: new Request('http://shop.test/') }) as never;
  const fakeApi = (result: { data?: unknown; error?: unknown; status: number }) =>
    ({ GET: vi.fn(async () => ({ data: result.data, error: result.error, response: new Response(null, { status: result.status }) })) }) as never;

  it('joins the product group and the prices by sku', async () => {
    const group = {
      id: 1,
      documentId: 'receivers',
      title: 'Receivers',
      display_type: 'collection-simple-grid',
      background_image: null,
      breadcrumbs: [],
      filters: [],
      products: [
        {
          id: 2,
          documentId: 'rk-15-lower',
          title: 'RK-15 Stripped Lower',
          subtitle: null,
          display_type: 'product-short-alt',
          image: { url: '/media/lower.svg' },
          ffl_item: true,
          receiver_item: true,
          skus: [{ sku: 'RK15-LWR', restricted_states: [], restricted_zips: [] }],
        },
      ],
    };
    const api = fakeApi({ data: { data: group, meta: {} }, status: 200 });
    const prices = { load: async () => ({ 'RK15-LWR': { price: 199, bestDiscountPercentage: 0, bestDiscountedPrice: null, qtyOnHand: 4 } }) };
    const [, , simple] = createCollectionRoutes({ pageContent: { load: async () => ({}) }, api, prices } as never);
    const data = await (simple.loader as (args: unknown) => Promise<CollectionPageData>)(loaderArgs('receivers'));
    expect(data.layout).toBe('simple-grid');
    expect(data.collection?.collectionItems).toEqual([
      expect.objectContaining({ productId: 'rk-15-lower', sku: 'RK15-LWR', price: 199, finalPrice: 199, qtyOnHand: 4, receiverItem: true, noVariants: true }),
    ]);
  });

  it('gives no collection (the not-found state) when the content service answers 404', async () => {
    const api = fakeApi({ error: { status: 404, title: 'Not Found', message: 'No product group' }, status: 404 });
    const [cards] = createCollectionRoutes({ pageContent: { load: async () => ({}) }, api } as never);
    expect(await (cards.loader as (args: unknown) => Promise<CollectionPageData>)(loaderArgs('nope'))).toMatchObject({
      data: { layout: 'cards', collection: null },
      init: { status: 404 },
    });
  });
});
