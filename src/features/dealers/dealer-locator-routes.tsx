import type { RouteObject } from 'react-router-dom';
import { paths } from '../../app/paths';
import type { RouteHandle } from '../../app/route-handle';
import type { RouteServices } from '../../app/route-services';
import { mapDealerLocatorPage, type DealerLocatorContent } from './dealer-locator-mappers';

/**
 * /dealer-locator (catalogue-and-content.md section 2): the loader reads the `dealerlocator` cms
 * page (image and dealer sign-up text; the session cache never throws). The dealer list and the
 * geocoding belong to the locator machine the screen runs, so a failed list leaves the page
 * usable. The screen, and mapbox-gl behind it, load only on this route.
 */
export function createDealerLocatorRoute(services: RouteServices): RouteObject {
  return {
    path: paths.dealerLocator,
    handle: { title: 'Dealer locator', head: 'dealer-locator' } satisfies RouteHandle,
    loader: async (): Promise<DealerLocatorContent> => mapDealerLocatorPage(await services.pageContent.load('dealerlocator')),
    lazy: { Component: async () => (await import('./dealer-locator-screen')).DealerLocatorScreen },
  };
}
