import { describe, expect, it } from 'vitest';
import { HOME_DEFAULTS, mapHome } from '../../src/features/home/map-home';
import { pages } from '../../server/seed/pages';
import { seedPrices } from './seed-prices';

const media = (url: string, alternativeText = '') => ({ url, alternativeText, width: 1600, height: 700 });

const ref = (documentId: string, sku: string, title = 'RK-15 Carbine') => ({
  id: 1,
  documentId,
  title,
  subtitle: '5.56 NATO',
  display_type: 'product-long' as const,
  image: media('/media/products/rk-15.svg', 'RK-15 Carbine in black'),
  ffl_item: true,
  receiver_item: false,
  skus: [{ sku, restricted_states: [], restricted_zips: [] }],
});

const empty = {
  homeCarouselCardList: [],
  homeImageLinkRibbonList: [],
  featured: { heading: HOME_DEFAULTS.featuredHeading, items: [] },
  reasons: { heading: HOME_DEFAULTS.reasonsHeading, items: [] },
};

describe('mapHome', () => {
  it('maps the content-service home page to the views form', () => {
    const view = mapHome({
      home_carousel_cards: [
        { id: 1, image: media('/media/home/hero-1.jpg', 'RK-15 rifle on a ridge'), url: '/product/product-long/rk-15' },
        { id: 2, image: media('/media/home/hero-2.jpg'), url: '/limited-edition' },
      ],
      home_image_link_ribbon: [
        { id: 1, image: media('/media/home/rifles.jpg'), url: '/product/collection-cards/rifles', title: 'Rifles' },
        { id: 2, image: media('/media/home/apparel.jpg'), url: '/product/collection-tabbed-grid/apparel', title: 'Apparel' },
      ],
    });

    expect(view).toEqual({
      ...empty,
      homeCarouselCardList: [
        // The image's size travels with it, so the page reserves its space before it loads.
        { imgUrl: '/media/home/hero-1.jpg', url: '/product/product-long/rk-15', alt: 'RK-15 rifle on a ridge', width: 1600, height: 700, heading: '', text: '', ctaLabel: '' },
        { imgUrl: '/media/home/hero-2.jpg', url: '/limited-edition', alt: '', width: 1600, height: 700, heading: '', text: '', ctaLabel: '' },
      ],
      homeImageLinkRibbonList: [
        { imgUrl: '/media/home/rifles.jpg', url: '/product/collection-cards/rifles', title: 'Rifles' },
        { imgUrl: '/media/home/apparel.jpg', url: '/product/collection-tabbed-grid/apparel', title: 'Apparel' },
      ],
    });
  });

  it('gives empty lists and default headings for empty or missing content (the failed-load fallback)', () => {
    expect(mapHome(null)).toEqual(empty);
    expect(mapHome(undefined)).toEqual(empty);
    expect(mapHome({})).toEqual(empty);
    expect(mapHome({}, {})).toEqual(empty);
  });

  it('skips entries that cannot be an image link (no image or no url)', () => {
    const view = mapHome({
      home_carousel_cards: [{ id: 1, image: media(''), url: '/a' }, { id: 2, image: media('/b.jpg'), url: '' }],
      home_image_link_ribbon: [{ id: 3, image: media('/c.jpg'), url: '/c' }],
    });
    expect(view.homeCarouselCardList).toEqual([]);
    expect(view.homeImageLinkRibbonList).toEqual([{ imgUrl: '/c.jpg', url: '/c', title: '' }]);
  });

  it('sets a slide’s words as text, with a default call to action when content names none', () => {
    const [withAll, withoutCta, withoutHeading] = mapHome({
      home_carousel_cards: [
        { id: 1, image: media('/a.svg'), url: '/a', heading: ' The RK-15 ', text: 'Forged in Boise.', cta_label: 'Shop the RK-15' },
        { id: 2, image: media('/b.svg'), url: '/b', heading: 'New Arrivals', text: null, cta_label: null },
        // Words without a headline are dropped: the slide is the spec's plain image link.
        { id: 3, image: media('/c.svg'), url: '/c', heading: '  ', text: 'orphan line', cta_label: 'Go' },
      ],
    }).homeCarouselCardList;
    expect(withAll).toMatchObject({ heading: 'The RK-15', text: 'Forged in Boise.', ctaLabel: 'Shop the RK-15' });
    expect(withoutCta).toMatchObject({ heading: 'New Arrivals', text: '', ctaLabel: HOME_DEFAULTS.ctaLabel });
    expect(withoutHeading).toMatchObject({ heading: '', text: '', ctaLabel: '' });
  });

  it('prices featured products from the price map, as collection cards are', () => {
    const view = mapHome(
      { home_featured_products: { heading: 'Our picks', products: [ref('rk-15-carbine', 'RK15C-556-16-BLK')] } },
      { 'RK15C-556-16-BLK': { price: 1000, bestDiscountPercentage: 10, bestDiscountedPrice: 900, qtyOnHand: 4 } },
    );
    expect(view.featured.heading).toBe('Our picks');
    expect(view.featured.items).toHaveLength(1);
    expect(view.featured.items[0]).toMatchObject({
      productId: 'rk-15-carbine',
      title: 'RK-15 Carbine',
      url: '/product/product-long/rk-15-carbine',
      price: 1000,
      finalPrice: 900,
      discountPercentage: 10,
      qtyOnHand: 4,
    });
  });

  it('keeps featured products without a price (no price shown) and skips ones that cannot be linked', () => {
    const view = mapHome({
      home_featured_products: {
        heading: '',
        products: [ref('rk-15-carbine', 'UNKNOWN-SKU'), ref('', 'X'), ref('no-title', 'Y', ''), null as never],
      },
    });
    expect(view.featured.heading).toBe(HOME_DEFAULTS.featuredHeading);
    expect(view.featured.items.map((item) => [item.productId, item.price, item.finalPrice])).toEqual([['rk-15-carbine', null, null]]);
  });

  it('maps reasons with a default link label and drops those without a title or a safe url', () => {
    const view = mapHome({
      home_reasons: {
        heading: 'Why buy here',
        items: [
          { id: 1, title: 'Lifetime warranty', text: 'For every owner.', url: '/warranty', link_label: 'Read the warranty' },
          { id: 2, title: 'Support', text: '', url: '/support' },
          { id: 3, title: '', text: 'No title', url: '/faq' },
          { id: 4, title: 'Unsafe', text: 'x', url: 'javascript:alert(1)' },
        ],
      },
    });
    expect(view.reasons).toEqual({
      heading: 'Why buy here',
      items: [
        { title: 'Lifetime warranty', text: 'For every owner.', url: '/warranty', linkLabel: 'Read the warranty' },
        { title: 'Support', text: '', url: '/support', linkLabel: 'Support' },
      ],
    });
  });

  it('gives the seeded home a hero with words, priced featured products and three reasons', () => {
    const view = mapHome(pages.home as never, seedPrices);
    expect(view.homeCarouselCardList.every((card) => card.heading && card.ctaLabel && card.width && card.height)).toBe(true);
    expect(view.featured.items.length).toBeGreaterThanOrEqual(3);
    expect(view.featured.items.every((item) => item.finalPrice !== null)).toBe(true);
    expect(view.featured.items.some((item) => item.price !== null && item.finalPrice !== null && item.finalPrice < item.price)).toBe(true);
    expect(view.reasons.items.map((item) => item.url)).toEqual(['/faq', '/warranty', '/support']);
  });
});
