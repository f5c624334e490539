import { describe, expect, it, vi } from 'vitest';
import type { components } from '../../src/api/schema';
import { compareTitles, mapSearchResults, mapSuggestions } from '../../src/features/search/map-search';
import { createSearchLoader } from '../../src/features/search/search-loader';
import type { RouteServices } from '../../src/app/route-services';

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

describe('mapSuggestions (section 3, "Search suggestion")', () => {
  it('gives id, title, subtitle, product url and image, sorted by title', () => {
    const refs = [ref('rk-15-pro', 'rk-15 Pro'), ref('rp-9-compact', 'RP-9 Compact', { display_type: 'product-short' }), ref('cap', 'Range Cap')];
    expect(mapSuggestions(refs)).toEqual([
      { id: 'cap', title: 'Range Cap', subtitle: 'Range Cap subtitle', url: '/product/product-long/cap', imageUrl: '/media/products/cap.svg', imageAlt: 'Range Cap photo' },
      { id: 'rk-15-pro', title: 'rk-15 Pro', subtitle: 'rk-15 Pro subtitle', url: '/product/product-long/rk-15-pro', imageUrl: '/media/products/rk-15-pro.svg', imageAlt: 'rk-15 Pro photo' },
      { id: 'rp-9-compact', title: 'RP-9 Compact', subtitle: 'RP-9 Compact subtitle', url: '/product/product-short/rp-9-compact', imageUrl: '/media/products/rp-9-compact.svg', imageAlt: 'RP-9 Compact photo' },
    ]);
  });

  it('tolerates missing fields, skips unusable entries and unsafe images', () => {
    const broken = [
      null,
      undefined,
      ref('', 'No id'),
      ref('no-title', '  '),
      ref('odd', ' Odd ', { subtitle: null, display_type: 'weird' as never, image: { url: 'javascript:alert(1)' } }),
      ref('bare', 'Bare', { image: undefined as never, subtitle: undefined }),
    ];
    expect(mapSuggestions(broken as CmsProductRef[])).toEqual([
      { id: 'bare', title: 'Bare', subtitle: '', url: '/product/product-long/bare', imageUrl: null, imageAlt: 'Bare' },
      { id: 'odd', title: 'Odd', subtitle: '', url: '/product/product-short-alt/odd', imageUrl: null, imageAlt: 'Odd' },
    ]);
    expect(mapSuggestions(null)).toEqual([]);
    expect(mapSuggestions({} as never)).toEqual([]);
  });
});

describe('mapSearchResults', () => {
  it('maps to collection items with prices, sorted by title, each product once', () => {
    const prices = { 'RK-15-PRO-1': { price: 1500, bestDiscountPercentage: 10, bestDiscountedPrice: 1350, qtyOnHand: 3 } };
    const items = mapSearchResults([ref('rk-15-pro', 'RK-15 Pro'), ref('cap', 'range cap'), ref('rk-15-pro', 'RK-15 Pro'), null], prices);
    expect(items.map((item) => [item.title, item.url, item.price, item.finalPrice])).toEqual([
      ['range cap', '/product/product-long/cap', null, null],
      ['RK-15 Pro', '/product/product-long/rk-15-pro', 1500, 1350],
    ]);
    expect(items[1]).toMatchObject({ subtitle: 'RK-15 Pro subtitle', imageUrl: '/media/products/rk-15-pro.svg', fflItem: true });
  });
});

describe('search loader (sections 7 and 8)', () => {
  const args = (query: string) => ({ params: { query }, request: new Request('http://shop.test/'), context: undefined }) as never;

  function services(answer: () => Promise<unknown>) {
    const GET = vi.fn(async () => {
      try {
        return { data: await answer(), response: new Response() };
      } catch (error) {
        return { error, response: new Response(null, { status: 500 }) };
      }
    });
    const prices = { load: vi.fn(async () => ({ 'CAP-1': { price: 25, bestDiscountPercentage: 0, bestDiscountedPrice: null, qtyOnHand: 9 } })) };
    return { GET, services: { pageContent: {} as never, api: { GET } as never, prices } satisfies RouteServices };
  }

  it('asks for the trimmed query and returns sorted, priced items with the query as given', async () => {
    const { GET, services: s } = services(async () => ({ data: [ref('zeta', 'Zeta'), ref('cap', 'Cap')], meta: {} }));
    const data = await createSearchLoader(s)(args(' cap & co '));
    expect(GET).toHaveBeenCalledWith('/cms/products/search/{query}', { params: { path: { query: 'cap & co' } } });
    expect(data.query).toBe(' cap & co ');
    expect(data.items.map((item) => [item.title, item.price])).toEqual([
      ['Cap', 25],
      ['Zeta', null],
    ]);
  });

  it('a failed search gives no items (the page still says "Results for" the query)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { services: s } = services(async () => {
      throw new Error('boom');
    });
    expect(await createSearchLoader(s)(args('rk-15'))).toEqual({ query: 'rk-15', items: [] });
    warn.mockRestore();
  });

  it('does not call for a query under 2 characters or without a client', async () => {
    const { GET, services: s } = services(async () => ({ data: [ref('cap', 'Cap')], meta: {} }));
    expect(await createSearchLoader(s)(args(' r '))).toEqual({ query: ' r ', items: [] });
    expect(GET).not.toHaveBeenCalled();
    expect(await createSearchLoader({ pageContent: {} as never })(args('rk-15'))).toEqual({ query: 'rk-15', items: [] });
  });
});
