import { describe, expect, it } from 'vitest';
import { isPromotionAllowedOn, promotionKey, promotionOf, selectPromotion } from '../../../src/features/promotion/select-promotion';
import { createPromotionStore, DISMISSED_PROMOTIONS_KEY, readDismissedPromotions } from '../../../src/features/promotion/promotion-store';
import type { components } from '../../../src/api/schema';

type AppliedDiscount = components['schemas']['AppliedDiscount'];

const group = (display_type: string, documentId: string) => ({ display_type, documentId, products: [{ skus: [{ sku: 'X' }] }] });

const ember: AppliedDiscount = {
  id: 5,
  code: 'EMBER15',
  name: '15% off the Ember Edition',
  amount: 12.5,
  appliedToCartItemIds: [1],
  promotionalPageInfo: {
    data: [
      {
        title: 'The Ember Edition',
        subtitle: 'Numbered runs',
        promo_image: { url: '/media/banners/ember.svg' },
        group1: group('product-long', 'rp-9-ember-edition'),
        group2: group('product-short', 'ember-edition-tee'),
      },
    ],
  },
};
const plain: AppliedDiscount = { id: 1, code: 'RIDGE10', name: '10% off', amount: 3, appliedToCartItemIds: [1], promotionalPageInfo: null };

describe('promotionOf', () => {
  it('reads title, subtitle, background image and the Shop Now path of group1', () => {
    expect(promotionOf(ember)).toEqual({
      key: 'code:EMBER15',
      title: 'The Ember Edition',
      subtitle: 'Numbered runs',
      imageUrl: '/media/banners/ember.svg',
      shopNowPath: '/product/product-long/rp-9-ember-edition',
    });
  });

  it('falls back to group2 when group1 is missing or incomplete', () => {
    const page = ember.promotionalPageInfo!.data[0];
    for (const group1 of [null, undefined, { display_type: 'product-long' }]) {
      const discount = { ...ember, promotionalPageInfo: { data: [{ ...page, group1 }] } } as AppliedDiscount;
      expect(promotionOf(discount)?.shopNowPath).toBe('/product/product-short/ember-edition-tee');
    }
    const neither = { ...ember, promotionalPageInfo: { data: [{ ...page, group1: null, group2: null }] } };
    expect(promotionOf(neither)?.shopNowPath).toBeNull();
  });

  it('has no promotion without promotional content (none, empty data, blank title)', () => {
    expect(promotionOf(plain)).toBeNull();
    expect(promotionOf({ ...ember, promotionalPageInfo: { data: [] } })).toBeNull();
    expect(promotionOf({ ...ember, promotionalPageInfo: { data: [{ title: '  ' }] } })).toBeNull();
  });

  it('keys a discount by code, else id, else name', () => {
    expect(promotionKey(ember)).toBe('code:EMBER15');
    expect(promotionKey({ ...ember, code: null })).toBe('id:5');
    expect(promotionKey({ appliedToCartItemIds: [], name: 'Spring' })).toBe('name:Spring');
  });
});

describe('selectPromotion', () => {
  it('shows the first applied discount with content that was not dismissed', () => {
    const other = { ...ember, code: 'OTHER', promotionalPageInfo: { data: [{ title: 'Other' }] } };
    expect(selectPromotion([plain, ember, other], [])?.title).toBe('The Ember Edition');
    expect(selectPromotion([plain, ember, other], ['code:EMBER15'])?.title).toBe('Other');
    expect(selectPromotion([plain, ember, other], ['code:EMBER15', 'code:OTHER'])).toBeNull();
    expect(selectPromotion(undefined, [])).toBeNull();
    expect(selectPromotion([], [])).toBeNull();
  });
});

describe('isPromotionAllowedOn (the pop-up waits until the shopper leaves checkout)', () => {
  it('is never shown on checkout or the confirmation page', () => {
    for (const path of ['/checkout', '/checkout/', '/Checkout', '/confirm/12', '/confirm/12/']) expect(isPromotionAllowedOn(path)).toBe(false);
  });

  it('is shown anywhere else, pages whose names only start alike included', () => {
    for (const path of ['/', '/product/product-long/rk-15-carbine', '/profile', '/checkout-help', '/confirmation-faq']) {
      expect(isPromotionAllowedOn(path)).toBe(true);
    }
  });
});

describe('the promotion store', () => {
  it('remembers dismissals in session storage, once each', () => {
    sessionStorage.clear();
    const store = createPromotionStore(sessionStorage);
    expect(store.getSnapshot().context.dismissed).toEqual([]);
    store.trigger['promotion.dismiss']({ key: 'code:EMBER15' });
    store.trigger['promotion.dismiss']({ key: 'code:EMBER15' });
    expect(store.getSnapshot().context.dismissed).toEqual(['code:EMBER15']);
    expect(JSON.parse(sessionStorage.getItem(DISMISSED_PROMOTIONS_KEY)!)).toEqual(['code:EMBER15']);
    // A reload in the same tab starts from what was dismissed.
    expect(createPromotionStore(sessionStorage).getSnapshot().context.dismissed).toEqual(['code:EMBER15']);
  });

  it('ignores a damaged entry', () => {
    sessionStorage.setItem(DISMISSED_PROMOTIONS_KEY, '{oops');
    expect(readDismissedPromotions(sessionStorage)).toEqual([]);
    sessionStorage.setItem(DISMISSED_PROMOTIONS_KEY, '["a", 3]');
    expect(readDismissedPromotions(sessionStorage)).toEqual(['a']);
  });
});
