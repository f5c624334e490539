// The product mapper (catalogue-and-content.md section 3, "Product page" and "Sku") on seeded
// products and on broken content.
import { describe, expect, it } from 'vitest';
import { productById } from '../../server/seed/products';
import { mapProduct, type CmsProduct } from '../../src/features/product/map-product';
import { seedPrices } from './seed-prices';

const cms = (documentId: string) => structuredClone(productById(documentId)) as unknown as CmsProduct;

describe('mapProduct', () => {
  it('maps the seeded rifle page with selects, skus, add-ons, swatches and promo videos', () => {
    const page = mapProduct(cms('rk-15-carbine'), seedPrices)!;
    expect(page.productId).toBe('rk-15-carbine');
    expect(page.layout).toBe('rifle');
    expect(page.reviewsProductId).toBe('rk-15-carbine');
    expect(page.title).toBe('RK-15 Carbine');
    expect(page.fflItem).toBe(true);
    expect(page.receiverItem).toBe(false);
    expect(page.breadcrumbs.map((c) => c.title)).toEqual(['Home', 'Rifles', 'RK-15 Carbine']);
    expect(page.selects.map((s) => s.label)).toEqual(['Caliber', 'Barrel Length', 'Finish']);
    expect(page.selects[0].options.map((o) => o.value)).toEqual(['556', '300blk']);
    expect(page.skus).toHaveLength(8);

    const sku = page.skus.find((s) => s.sku === 'RK15C-556-16-BLK')!;
    expect(sku.price).toBe(1149);
    expect(sku.discountPercentage).toBe(10);
    expect(sku.finalPrice).toBe(1034.1);
    expect(sku.quantity).toBeGreaterThan(0);
    expect(sku.variants).toEqual({ 'rk-15-carbine-caliber': '556', 'rk-15-carbine-barrel': '16', 'rk-15-carbine-finish': 'blk' });
    expect(sku.variantOptions.map((o) => [o.fieldName, o.label])).toEqual([
      ['Caliber', '5.56 NATO'],
      ['Barrel Length', '16 in.'],
      ['Finish', 'Black'],
    ]);
    expect(sku.restrictedStates).toContain('CA');
    expect(sku.restrictedZips).toEqual(['100', '021']);
    expect(sku.image?.url).toBe('/media/products/rifle-ar/rk-15-carbine--blk.svg');
    expect(sku.imageLibrary).toHaveLength(3);

    expect(page.skus.find((s) => s.sku === 'RK15C-300BLK-16-FDE')?.quantity).toBe(0);
    expect(page.addOns.map((a) => a.fieldName)).toEqual(['Optic', 'Optic', 'Sling', 'Sling', 'Service']);
    expect(page.addOns[0]).toMatchObject({ group: 'Add an optic', sku: 'LPVO16-BDC-BLK' });
    expect(page.colorOptions.map((c) => c.label)).toEqual(['Black', 'Flat Dark Earth']);
    expect(page.colorOptions[0].fieldName).toBe('Magazine Color');
    expect(page.promoVideos?.videos).toHaveLength(2);
    expect(page.promoVideos?.accentTitle).toBe('In the Field');
    expect(page.moreDetails.length).toBeGreaterThan(0);
    expect(page.relatedProducts.map((r) => r.productId)).toEqual(['rk-15-sport', 'rk-15-pro', 'summit-1-6-lpvo', 'rm-30-rifle-magazine']);
    expect(page.about?.readMore?.url).toBe('/media/downloads/rk-15-owners-manual.pdf');
    expect(page.about?.details.map((d) => d.title)).toEqual(['In the box', 'Upgrades']);
    expect(page.about?.techSpecs.length).toBeGreaterThan(0);
    expect(page.about?.disclaimer).toMatch(/federally licensed dealer/);
  });

  it('maps compatibility tabs, keeping a tab without options (Coming Soon)', () => {
    const page = mapProduct(cms('rm-30-rifle-magazine'), seedPrices)!;
    expect(page.layout).toBe('general');
    expect(page.compatibilityOptions.map((t) => [t.key, t.options.length])).toEqual([
      ['RK-15', 3],
      ['RK-10', 0],
    ]);
    expect(page.compatibilityOptions[0].fieldName).toBe('Platform');
  });

  it('maps pistols and receivers with their flags', () => {
    expect(mapProduct(cms('rp-9-compact'), seedPrices)?.layout).toBe('pistol');
    const frame = mapProduct(cms('rp-9-serialized-frame'), seedPrices)!;
    expect(frame.fflItem).toBe(true);
    expect(frame.receiverItem).toBe(true);
  });

  it('takes the layout from the route when given', () => {
    expect(mapProduct(cms('logo-tee'), seedPrices, 'product-long')?.layout).toBe('rifle');
    expect(mapProduct(cms('logo-tee'), seedPrices, 'nonsense')?.layout).toBe('general');
  });

  it('a sku without a price entry has no price and no stock', () => {
    const page = mapProduct(cms('rk-15-sport'), {})!;
    expect(page.skus[0]).toMatchObject({ price: null, finalPrice: null, quantity: 0 });
  });

  it('final price is the list price when there is no discount', () => {
    const page = mapProduct(cms('rk-15-carbine'), {
      'RK15C-556-16-BLK': { price: 1149, bestDiscountPercentage: 0, bestDiscountedPrice: null, qtyOnHand: 4 },
    })!;
    expect(page.skus[0]).toMatchObject({ price: 1149, finalPrice: 1149, discountPercentage: 0, quantity: 4 });
  });

  it('returns null for a missing product and tolerates missing or broken fields', () => {
    expect(mapProduct(null, {})).toBeNull();
    expect(mapProduct(undefined, {})).toBeNull();
    expect(mapProduct({ documentId: '', title: 'x' } as CmsProduct, {})).toBeNull();

    const bare = mapProduct({ documentId: 'bare', title: ' Bare ' } as CmsProduct, {})!;
    expect(bare).toMatchObject({
      title: 'Bare',
      subtitle: '',
      image: null,
      about: null,
      promoVideos: null,
      selects: [],
      skus: [],
      addOns: [],
      colorOptions: [],
      compatibilityOptions: [],
      relatedProducts: [],
      breadcrumbs: [],
      layout: 'general',
    });

    const broken = cms('rk-15-carbine');
    broken.image = { url: 'javascript:alert(1)' };
    broken.color_swatch = [{ id: 1, title: 'Red', value: 'red', field_name: 'C' }, { id: 2, title: 'Black', value: '#000', field_name: 'C' }];
    broken.skus = [{ sku: '', restricted_states: [], restricted_zips: [] }, ...broken.skus];
    broken.product_variant_types = [
      { id: 1, documentId: 'empty', title: 'Empty', display_title: 'Empty', product_variant_options: [] },
      ...(broken.product_variant_types ?? []),
    ];
    broken.more_details = [{ id: 1, question: '', answer: 'x' }];
    broken.promo_videos = { title: 'T', promo_video_cards: [{ id: 1, image: { url: '/p.svg' }, video_url: 'javascript:x' }] };
    const page = mapProduct(broken, seedPrices)!;
    expect(page.image).toBeNull();
    expect(page.colorOptions.map((c) => c.label)).toEqual(['Black']);
    expect(page.skus).toHaveLength(8);
    expect(page.selects.map((s) => s.label)).toEqual(['Caliber', 'Barrel Length', 'Finish']);
    expect(page.moreDetails).toEqual([]);
    expect(page.promoVideos).toBeNull();
  });
});
