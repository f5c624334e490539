import type { PageContent } from '../../services/page-content';
import type { CmsPages } from '../../api/cms-pages';
import type { PriceMap, Prices } from '../../api/prices';
import type { HomeContent } from './map-home';
import { loadHomeSections } from './home-routes';

/**
 * Home route loader: `GET /cms/page/home` through the session cache and the price map (the
 * featured products are priced like collection cards), mapped to the views' form. A failed price
 * load leaves the cards without prices, never the page without content. The mapper is fetched
 * beside the data, so it stays out of the first load (decision 020), as are the featured cards.
 */
export function createHomeLoader(pageContent: PageContent<CmsPages>, prices?: Prices) {
  return async (): Promise<HomeContent> => {
    const [page, priceMap, { mapHome }] = await Promise.all([
      pageContent.load('home'),
      prices?.load().catch(() => ({}) as PriceMap) ?? Promise.resolve({} as PriceMap),
      import('./map-home'),
      // The chunk below the carousel: ready before a client-side visit renders, linked by the server.
      loadHomeSections(),
    ]);
    return mapHome(page, priceMap);
  };
}
