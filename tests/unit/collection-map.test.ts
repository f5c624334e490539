import { describe, expect, it } from 'vitest';
import { collectionBanner, layoutOf, mapCollection, mapCollectionItem, type CmsProductGroup, type CmsProductRef } from '../../src/domain/map-collection';

const media = (url: string, alternativeText: string | null = null) => ({ url, alternativeText, width: 800, height: 600 });

const ref = (overrides: Partial<CmsProductRef> = {}): CmsProductRef => ({
  id: 1,
  documentId: 'rk-15-carbine',
  title: 'RK-15 Carbine',
  subtitle: 'Direct-impingement carbine',
  display_type: 'product-long',
  image: media('/media/products/rk-15.svg', 'RK-15 Carbine, left side'),
  hover_image: media('/media/products/rk-15-angle.svg'),
  ffl_item: true,
  receiver_item: false,
  tag: 'Compact',
  filter_tags: [{ filter_category: 'Caliber', filter_value: '5.56 NATO' }],
  skus: [{ sku: 'RK15-CAR-556', restricted_states: [{ value: 'CA' }], restricted_zips: [{ zip: '10001' }] }],
  ...overrides,
});

const prices = {
  'RK15-CAR-556': { price: 1149, bestDiscountPercentage: 10, bestDiscountedPrice: 1034.1, qtyOnHand: 7 },
  'RK15-CAR-300': { price: 1199, bestDiscountPercentage: 0, bestDiscountedPrice: null, qtyOnHand: 0 },
};

describe('mapCollectionItem', () => {
  it('joins the product reference and its sku price into the view form (section 3)', () => {
    expect(mapCollectionItem(ref(), prices)).toEqual({
      productId: 'rk-15-carbine',
      title: 'RK-15 Carbine',
      subtitle: 'Direct-impingement carbine',
      sku: 'RK15-CAR-556',
      imageUrl: '/media/products/rk-15.svg',
      imageAlt: 'RK-15 Carbine, left side',
      hoverImageUrl: '/media/products/rk-15-angle.svg',
      url: '/product/product-long/rk-15-carbine',
      price: 1149,
      discountPercentage: 10,
      finalPrice: 1034.1,
      fflItem: true,
      receiverItem: false,
      noVariants: true,
      qtyOnHand: 7,
      soldOut: false,
      order: 1,
      tag: 'Compact',
      filterTags: [{ filterCategory: 'Caliber', filterValue: '5.56 NATO' }],
      restrictedStates: ['CA'],
      restrictedZips: ['10001'],
    });
  });

  it('marks products with several skus as having variants; the final price is the list price without a discount', () => {
    const item = mapCollectionItem(
      ref({ skus: [{ sku: 'RK15-CAR-300', restricted_states: [], restricted_zips: [] }, { sku: 'RK15-CAR-556', restricted_states: [], restricted_zips: [] }] }),
      prices,
    );
    expect(item.noVariants).toBe(false);
    expect(item).toMatchObject({ sku: 'RK15-CAR-300', price: 1199, finalPrice: 1199, qtyOnHand: 0 });
    // The first sku has no stock but another one has: not sold out.
    expect(item.soldOut).toBe(false);
  });

  it('is sold out when none of its priced skus has stock, never when nothing is priced (issue 19 item 2)', () => {
    const only300 = ref({ skus: [{ sku: 'RK15-CAR-300', restricted_states: [], restricted_zips: [] }, { sku: 'UNPRICED', restricted_states: [], restricted_zips: [] }] });
    expect(mapCollectionItem(only300, prices).soldOut).toBe(true);
    expect(mapCollectionItem(ref(), {}).soldOut).toBe(false);
  });

  it("keeps the content service's id as the creation order ('Newest')", () => {
    expect(mapCollectionItem(ref({ id: 42 }), prices).order).toBe(42);
  });

  it('has no price and no stock when the prices call does not know the sku', () => {
    expect(mapCollectionItem(ref(), {})).toMatchObject({ price: null, finalPrice: null, qtyOnHand: 0, discountPercentage: 0, sku: 'RK15-CAR-556' });
  });

  it('tolerates missing and unsafe fields', () => {
    const item = mapCollectionItem(
      {
        ...ref(),
        subtitle: null,
        image: { url: 'javascript:alert(1)' },
        hover_image: null,
        tag: null,
        filter_tags: undefined,
        skus: undefined,
        display_type: 'weird',
      } as unknown as CmsProductRef,
      prices,
    );
    expect(item).toMatchObject({
      subtitle: '',
      imageUrl: null,
      imageAlt: 'RK-15 Carbine',
      hoverImageUrl: null,
      tag: null,
      filterTags: [],
      sku: '',
      noVariants: false,
      price: null,
      url: '/product/product-short-alt/rk-15-carbine',
    });
  });
});

describe('mapCollection', () => {
  const group: CmsProductGroup = {
    id: 9,
    documentId: 'all-rifles',
    title: 'Rifles',
    display_type: 'collection-filterable-grid',
    background_image: media('/media/banners/rifles.svg', 'Rifles — Built in Boise, Idaho'),
    breadcrumbs: [
      { id: 1, title: 'Home', url: '/' },
      { id: 2, title: 'Rifles', url: '/product/collection-filterable-grid/all-rifles' },
    ],
    filters: [
      { id: 1, category: 'Caliber', multi: true, values: ['5.56 NATO', '5.56 NATO', ' .308 Win '] },
      { id: 2, category: 'Action', multi: false, values: [] },
    ],
    products: [ref(), { ...ref(), documentId: '' }, ref({ documentId: 'rk-10', title: 'RK-10' })],
  };

  it('maps the product group, skipping unusable products and filter groups', () => {
    const collection = mapCollection(group, prices)!;
    expect(collection).toMatchObject({
      documentId: 'all-rifles',
      title: 'Rifles',
      imgUrl: '/media/banners/rifles.svg',
      imgAlt: 'Rifles — Built in Boise, Idaho',
      breadcrumbs: [
        { title: 'Home', url: '/' },
        { title: 'Rifles', url: '/product/collection-filterable-grid/all-rifles' },
      ],
      filters: [{ category: 'Caliber', multi: true, values: ['5.56 NATO', '.308 Win'] }],
    });
    expect(collection.collectionItems.map((item) => item.productId)).toEqual(['rk-15-carbine', 'rk-10']);
  });

  it('gives null for a missing group and an empty collection for missing lists', () => {
    expect(mapCollection(null, prices)).toBeNull();
    const bare = mapCollection({ documentId: 'edged-tools', title: 'Edged Tools' } as CmsProductGroup, {});
    expect(bare).toEqual({ documentId: 'edged-tools', title: 'Edged Tools', imgUrl: null, imgAlt: 'Edged Tools', breadcrumbs: [], filters: [], collectionItems: [] });
  });

  it('names the layout of each collection display type', () => {
    expect(layoutOf('collection-cards')).toBe('cards');
    expect(layoutOf('collection-tabbed-grid')).toBe('tabbed-grid');
    expect(layoutOf('collection-filterable-grid')).toBe('filterable-grid');
    expect(layoutOf('anything')).toBe('simple-grid');
  });
});

describe('collectionBanner', () => {
  it('sets the tagline from a "Title — tagline" alt as text and leaves the picture without a duplicate alt', () => {
    expect(collectionBanner({ title: 'Rifles', imgAlt: 'Rifles — Built in Boise, Idaho' })).toEqual({ tagline: 'Built in Boise, Idaho', imgAlt: '' });
  });

  it('treats an alt that only repeats the title as decoration', () => {
    expect(collectionBanner({ title: 'Rifles', imgAlt: 'rifles' })).toEqual({ tagline: '', imgAlt: '' });
  });

  it('keeps an alt that describes the picture, with no tagline', () => {
    expect(collectionBanner({ title: 'Rifles', imgAlt: 'Three rifles on a workbench' })).toEqual({ tagline: '', imgAlt: 'Three rifles on a workbench' });
  });
});
