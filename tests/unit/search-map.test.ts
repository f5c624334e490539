import { describe, expect, it, vi } from 'vitest';
import type { components } from '../../src/api/schema';
import { compareTitles } from '../../src/domain/search-text';
import { mapSearchResults, mapSuggestions } from '../../src/features/search/map-search';
import { createSearchLoader } from '../../src/features/search/search-loader';
import type { RouteServices } from '../../src/services/route-services';

type CmsProductRef = components['schemas']['CmsProductRef'];

const ref = (documentId: string, title: string, extra: Partial<CmsProductRef> = {}): CmsProductRef => ({
  id: 1,
  documentId,
  title,
  subtitle: `${title} subtitle`,
  display_type: 'product-long',
  image: { url: `/media/products/${documentId}.svg`, alternativeText: `${title} photo` },
  ffl_item: true,
  receiver_item: false,
  skus: [{ sku: `${documentId.toUpperCase()}-1`, restricted_states: [], restricted_zips: [] }],
  ...extra,
});

describe('compareTitles', () => {
  it('orders case-insensitively, ties by exact text', () => {
    expect(['rk-15 Pro', 'RK-10 Hunter', 'Range Cap', 'ember tee'].sort(compareTitles)).toEqual([
      'ember tee',
      'Range Cap',
      'RK-10 Hunter',
      'rk-15 Pro',
    ]);
    expect(compareTitles('Cap', 'cap')).toBeLessThan(0);
    expect(compareTitles('cap', 'cap')).toBe(0);
  });
});

const entry = (price: number, qtyOnHand: number, bestDiscountedPrice: number | null = null) => ({
  price,
  bestDiscountPercentage: bestDiscountedPrice === null ? 0 : 10,
  bestDiscountedPrice,
  qtyOnHand,
});

describe('mapSuggestions (section 3, "Search suggestion")', () => {
  it('gives id, title, subtitle, product url, image, price and stock, in the order the server ranked', () => {
    const refs = [ref('rk-15-pro', 'rk-15 Pro'), ref('rp-9-compact', 'RP-9 Compact', { display_type: 'product-short' }), ref('cap', 'Range Cap')];
    const prices = { 'RK-15-PRO-1': entry(1500, 3, 1350), 'CAP-1': entry(25, 0) };
    expect(mapSuggestions(refs, prices)).toEqual([
      { id: 'rk-15-pro', title: 'rk-15 Pro', subtitle: 'rk-15 Pro subtitle', url: '/product/product-long/rk-15-pro', imageUrl: '/media/products/rk-15-pro.svg', imageAlt: 'rk-15 Pro photo', price: 1350, soldOut: false },
      { id: 'rp-9-compact', title: 'RP-9 Compact', subtitle: 'RP-9 Compact subtitle', url: '/product/product-short/rp-9-compact', imageUrl: '/media/products/rp-9-compact.svg', imageAlt: 'RP-9 Compact photo', price: null, soldOut: false },
      { id: 'cap', title: 'Range Cap', subtitle: 'Range Cap subtitle', url: '/product/product-long/cap', imageUrl: '/media/products/cap.svg', imageAlt: 'Range Cap photo', price: 25, soldOut: true },
    ]);
  });

  it('a product is sold out only when every priced sku has none on hand', () => {
    const twoSkus = ref('tee', 'Tee', {
      skus: [
        { sku: 'TEE-S', restricted_states: [], restricted_zips: [] },
        { sku: 'TEE-M', restricted_states: [], restricted_zips: [] },
        { sku: 'TEE-L', restricted_states: [], restricted_zips: [] },
      ],
    });
    const soldOut = (prices: Record<string, ReturnType<typeof entry>>) => mapSuggestions([twoSkus], prices)[0].soldOut;
    expect(soldOut({ 'TEE-S': entry(20, 0), 'TEE-M': entry(20, 0) })).toBe(true);
    expect(soldOut({ 'TEE-S': entry(20, 0), 'TEE-M': entry(20, 2) })).toBe(false);
    expect(soldOut({})).toBe(false);
    // Without prices (the price map failed) nothing is said about stock, and no price is shown.
    expect(mapSuggestions([twoSkus])[0]).toMatchObject({ price: null, soldOut: false });
  });

  it('tolerates missing fields, skips unusable entries, repeats and unsafe images', () => {
    const broken = [
      null,
      undefined,
      ref('', 'No id'),
      ref('no-title', '  '),
      ref('odd', ' Odd ', { subtitle: null, display_type: 'weird' as never, image: { url: 'javascript:alert(1)' } }),
      ref('bare', 'Bare', { image: undefined as never, subtitle: undefined, skus: undefined as never }),
      ref('odd', 'Odd again'),
    ];
    expect(mapSuggestions(broken as CmsProductRef[])).toEqual([
      { id: 'odd', title: 'Odd', subtitle: '', url: '/product/product-short-alt/odd', imageUrl: null, imageAlt: 'Odd', price: null, soldOut: false },
      { id: 'bare', title: 'Bare', subtitle: '', url: '/product/product-long/bare', imageUrl: null, imageAlt: 'Bare', price: null, soldOut: false },
    ]);
    expect(mapSuggestions(null)).toEqual([]);
    expect(mapSuggestions({} as never)).toEqual([]);
  });
});

describe('mapSearchResults', () => {
  it('maps to collection items with prices, in the server\'s order, each product once', () => {
    const prices = { 'RK-15-PRO-1': entry(1500, 3, 1350) };
    const items = mapSearchResults([ref('rk-15-pro', 'RK-15 Pro'), ref('cap', 'range cap'), ref('rk-15-pro', 'RK-15 Pro'), null], prices);
    expect(items.map((item) => [item.title, item.url, item.price, item.finalPrice])).toEqual([
      ['RK-15 Pro', '/product/product-long/rk-15-pro', 1500, 1350],
      ['range cap', '/product/product-long/cap', null, null],
    ]);
    expect(items[0]).toMatchObject({ subtitle: 'RK-15 Pro subtitle', imageUrl: '/media/products/rk-15-pro.svg', fflItem: true });
  });
});

describe('search loader (sections 7 and 8; issue 19 item 3)', () => {
  const args = (query: string) => ({ params: { query }, request: new Request('http://shop.test/'), context: undefined }) as never;

  const menu = (title: string, url: string) => ({ id: 1, title, url, categories: [], child_navigations: [] });
  const app = {
    id: 1,
    documentId: 'app',
    slug: 'app',
    title: 'App',
    main_navigation: [
      menu('Rifles', '/product/collection-filterable-grid/all-rifles'),
      menu('Pistols', '/product/collection-tabbed-grid/pistols'),
      menu('Support', '/support'),
      menu('Apparel', '/product/collection-simple-grid/apparel'),
    ],
  };
  const group = (documentId: string, products: CmsProductRef[]) => ({ id: 1, documentId, title: documentId, products });
  const groups: Record<string, ReturnType<typeof group>> = {
    'all-rifles': group('all-rifles', [ref('rk-15-carbine', 'RK-15 Carbine'), ref('rk-15-sport', 'RK-15 Sport'), ref('summit', 'Summit')]),
    pistols: group('pistols', [ref('rp-9', 'RP-9 Compact'), ref('rp-45', 'RP-45 Full-Size')]),
    apparel: group('apparel', [ref('tee', 'Logo Tee'), ref('cap', 'Range Cap')]),
  };
  const priceMap = {
    'CAP-1': entry(25, 9),
    'RK-15-CARBINE-1': entry(1299, 0),
    'RK-15-SPORT-1': entry(899, 4),
    'SUMMIT-1': entry(1499, 2),
    'RP-9-1': entry(549, 5),
    'TEE-1': entry(25, 3),
  };

  function services(answer: () => Promise<unknown>, options: { failGroups?: boolean } = {}) {
    const GET = vi.fn(async (path: string, init: { params: { path: Record<string, string> } }) => {
      try {
        if (path === '/cms/product-groups/{documentId}') {
          if (options.failGroups) throw new Error('down');
          return { data: { data: groups[init.params.path.documentId], meta: {} }, response: new Response() };
        }
        return { data: await answer(), response: new Response() };
      } catch (error) {
        return { error, response: new Response(null, { status: 500 }) };
      }
    });
    const prices = { load: vi.fn(async () => priceMap) };
    const pageContent = { load: vi.fn(async () => app), peek: () => undefined };
    return { GET, services: { pageContent: pageContent as never, api: { GET } as never, prices } satisfies RouteServices };
  }
  const searchCalls = (GET: ReturnType<typeof services>['GET']) =>
    GET.mock.calls.filter(([path]) => path === '/cms/products/search/{query}');

  it('asks for the trimmed query and returns priced items in the server\'s order, with the query as given', async () => {
    const { GET, services: s } = services(async () => ({ data: [ref('zeta', 'Zeta'), ref('cap', 'Cap')], meta: {} }));
    const data = await createSearchLoader(s)(args(' cap & co '));
    expect(GET).toHaveBeenCalledWith('/cms/products/search/{query}', { params: { path: { query: 'cap & co' } } });
    expect(data.query).toBe(' cap & co ');
    expect(data.items.map((item) => [item.title, item.price])).toEqual([
      ['Zeta', null],
      ['Cap', 25],
    ]);
    expect(data.help).toBeNull();
    expect(GET.mock.calls.map(([path]) => path)).toEqual(['/cms/products/search/{query}']);
  });

  it('no match brings the menu\'s categories and a few products from them, buyable first, in turn', async () => {
    const { services: s } = services(async () => ({ data: [], meta: {} }));
    const data = await createSearchLoader(s)(args('zzz'));
    expect(data.items).toEqual([]);
    expect(data.help?.categories).toEqual([
      { label: 'Rifles', link: '/product/collection-filterable-grid/all-rifles' },
      { label: 'Pistols', link: '/product/collection-tabbed-grid/pistols' },
      { label: 'Apparel', link: '/product/collection-simple-grid/apparel' },
    ]);
    // The sold-out carbine waits behind the rifles in stock; one from each category, then the next.
    expect(data.help?.products.map((item) => item.productId)).toEqual(['rk-15-sport', 'rp-9', 'tee', 'summit']);
    expect(data.help?.products[0]).toMatchObject({ finalPrice: 899, url: '/product/product-long/rk-15-sport' });
  });

  it('a failed search gives no items (the page still says "Results for" the query) and the help', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { services: s } = services(async () => {
      throw new Error('boom');
    });
    const data = await createSearchLoader(s)(args('rk-15'));
    expect(data).toMatchObject({ query: 'rk-15', items: [] });
    expect(data.help?.categories).toHaveLength(3);
    warn.mockRestore();
  });

  it('collections that cannot be loaded leave the categories without products', async () => {
    const { services: s } = services(async () => ({ data: [], meta: {} }), { failGroups: true });
    const data = await createSearchLoader(s)(args('zzz'));
    expect(data.help).toMatchObject({ products: [] });
    expect(data.help?.categories).toHaveLength(3);
  });

  it('does not search for a query under 2 characters or without a client', async () => {
    const { GET, services: s } = services(async () => ({ data: [ref('cap', 'Cap')], meta: {} }));
    const short = await createSearchLoader(s)(args(' r '));
    expect(short).toMatchObject({ query: ' r ', items: [] });
    expect(searchCalls(GET)).toEqual([]);
    expect(short.help?.products).toHaveLength(4);
    const offline = await createSearchLoader({ pageContent: s.pageContent })(args('rk-15'));
    expect(offline).toMatchObject({ query: 'rk-15', items: [], help: { products: [] } });
    expect(offline.help?.categories).toHaveLength(3);
  });
});
