import { describe, expect, it } from 'vitest';
import { mapHome } from '../../src/features/home/map-home';

const media = (url: string, alternativeText = '') => ({ url, alternativeText, width: 1600, height: 700 });

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
      homeCarouselCardList: [
        // The image's size travels with it, so the page reserves its space before it loads.
        { imgUrl: '/media/home/hero-1.jpg', url: '/product/product-long/rk-15', alt: 'RK-15 rifle on a ridge', width: 1600, height: 700 },
        { imgUrl: '/media/home/hero-2.jpg', url: '/limited-edition', alt: '', width: 1600, height: 700 },
      ],
      homeImageLinkRibbonList: [
        { imgUrl: '/media/home/rifles.jpg', url: '/product/collection-cards/rifles', title: 'Rifles' },
        { imgUrl: '/media/home/apparel.jpg', url: '/product/collection-tabbed-grid/apparel', title: 'Apparel' },
      ],
    });
  });

  it('gives empty lists for empty or missing content (the failed-load fallback)', () => {
    const empty = { homeCarouselCardList: [], homeImageLinkRibbonList: [] };
    expect(mapHome(null)).toEqual(empty);
    expect(mapHome(undefined)).toEqual(empty);
    expect(mapHome({})).toEqual(empty);
  });

  it('skips entries that cannot be an image link (no image or no url)', () => {
    const view = mapHome({
      home_carousel_cards: [{ id: 1, image: media(''), url: '/a' }, { id: 2, image: media('/b.jpg'), url: '' }],
      home_image_link_ribbon: [{ id: 3, image: media('/c.jpg'), url: '/c' }],
    });
    expect(view.homeCarouselCardList).toEqual([]);
    expect(view.homeImageLinkRibbonList).toEqual([{ imgUrl: '/c.jpg', url: '/c', title: '' }]);
  });
});
