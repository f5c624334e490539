import type { RouteObject } from 'react-router-dom';
import { paths } from '../../config/paths';
import type { RouteHandle } from '../../config/route-handle';
import type { RouteServices } from '../../services/route-services';
import type { DealerLocatorContent } from './dealer-locator-mappers';

/**
 * /dealer-locator (catalogue-and-content.md section 2): the loader reads the `dealerlocator` cms
 * page (image and dealer sign-up text; the session cache never throws). The dealer list and the
 * geocoding belong to the locator machine the screen runs, so a failed list leaves the page
 * usable. The screen, and mapbox-gl behind it, load only on this route.
 */
export function createDealerLocatorRoute(services: RouteServices) {
  // `satisfies`, not a RouteObject return type: the screen's data is typed from this loader.
  return {
    path: paths.dealerLocator,
    handle: { title: 'Dealer locator', head: 'dealer-locator' } satisfies RouteHandle,
    // The mapper comes beside the content, so it stays out of the first load (issue 16).
    loader: async (): Promise<DealerLocatorContent> => {
      const [content, { mapDealerLocatorPage }] = await Promise.all([services.pageContent.load('dealerlocator'), import('./dealer-locator-mappers')]);
      return mapDealerLocatorPage(content);
    },
    lazy: { Component: async () => (await import('./dealer-locator-screen')).DealerLocatorScreen },
  } satisfies RouteObject;
}
