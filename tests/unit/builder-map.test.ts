import { describe, expect, it } from 'vitest';
import type { CmsPage } from '../../src/api/cms-pages';
import { mapBuilderPage } from '../../src/features/builder/map-builder';

/** The builder page and the price map in the builder's form (decision 018, 019). */

const page: CmsPage = {
  id: 1,
  documentId: 'builder',
  slug: 'builder',
  title: 'RK-15 Builder',
  sub_text: 'Build your RK-15.',
  platform: {
    sku: 'RKB-15-BASE',
    product_name: 'RK-15 Custom Build',
    product_url: '/3dbuilder',
    ffl_item: true,
    image: { url: '/media/rk-15.svg' },
  },
  slots: [
    {
      key: 'barrel',
      title: 'Barrel',
      required: true,
      options: [
        { id: 'barrel-16', label: '16 in.', sku: 'RKB-BBL-16', model: { length: 16 } },
        { id: 'barrel-20', label: '20 in.', sku: 'RKB-BBL-20', model: { length: 20 } },
        { id: 'barrel-24', label: '24 in.', sku: 'RKB-BBL-24', model: { length: 24 } },
      ],
    },
    { key: 'sling', title: 'Sling', required: false, options: [] },
  ],
};

describe('builder page mapping', () => {
  it('prices each option by its sku (final price: discounted, else list) and keeps the platform flags', () => {
    const content = mapBuilderPage(page, {
      'RKB-15-BASE': { price: 899, bestDiscountPercentage: 0, bestDiscountedPrice: 899, qtyOnHand: 25 },
      'RKB-BBL-16': { price: 0, bestDiscountPercentage: 0, bestDiscountedPrice: null, qtyOnHand: 48 },
      'RKB-BBL-20': { price: 260, bestDiscountPercentage: 15, bestDiscountedPrice: 221, qtyOnHand: 0 },
    });
    expect(content.title).toBe('RK-15 Builder');
    expect(content.subText).toBe('Build your RK-15.');
    expect(content.definition?.platform).toMatchObject({
      sku: 'RKB-15-BASE',
      productName: 'RK-15 Custom Build',
      imageUrl: '/media/rk-15.svg',
      fflItem: true,
      price: { price: 899, finalPrice: 899, qtyOnHand: 25 },
    });
    // A slot without options is left out; an option the price map does not know has no price.
    expect(content.definition?.slots.map((slot) => slot.key)).toEqual(['barrel']);
    expect(content.definition?.slots[0].options.map((option) => option.price)).toEqual([
      { price: 0, finalPrice: 0, qtyOnHand: 48 },
      { price: 260, finalPrice: 221, qtyOnHand: 0 },
      null,
    ]);
  });

  it('an empty page (a failed load) gives no definition, so the page says the builder is unavailable', () => {
    expect(mapBuilderPage({ id: 0, documentId: '', slug: 'builder', title: '' }, {})).toEqual({ title: '', subText: '', definition: null });
  });
});
