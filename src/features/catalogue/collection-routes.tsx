import type { RouteObject } from 'react-router-dom';
import { paths } from '../../config/paths';
import type { RouteHandle } from '../../config/route-handle';
import { keepDataOnNewQuery } from '../../config/revalidation';
import type { RouteServices } from '../../services/route-services';
import { createCollectionLoader } from './collection-loader';

/**
 * The query parameters a layout's screen reads as the server renders it (RouteHandle.query): the
 * filterable grid's view (src/domain/collection-query.ts, decision 041), the tabbed grid's tab
 * (collection-tabbed-screen.tsx ACTIVE_FILTER_PARAM). Spelled here, not imported: the modules that
 * define them would join the first load with everything in them (home went from 124.8 to 126.1 kB
 * gzip, over its budget). A unit test holds the spellings together
 * (tests/unit/collection-route-query.test.tsx).
 */
export const FILTERABLE_QUERY = ['filter.*', 'sort', 'q'];
export const TABBED_QUERY = ['activeFilter'];

/** Routes of this area (catalogue-and-content.md section 2), added to the table by src/app/router.tsx. */
export function createCollectionRoutes(services: RouteServices): RouteObject[] {
  return [
    {
      path: paths.collectionCards,
      handle: { title: 'Collection', head: 'collection' } satisfies RouteHandle,
      shouldRevalidate: keepDataOnNewQuery,
      loader: createCollectionLoader(services, 'cards'),
      lazy: { Component: async () => (await import('./collection-cards-screen')).CollectionCardsScreen },
    },
    {
      path: paths.collectionFilterableGrid,
      handle: { title: 'Collection', head: 'collection', query: FILTERABLE_QUERY } satisfies RouteHandle,
      shouldRevalidate: keepDataOnNewQuery,
      loader: createCollectionLoader(services, 'filterable-grid'),
      lazy: { Component: async () => (await import('./collection-filterable-screen')).CollectionFilterableScreen },
    },
    {
      path: paths.collectionSimpleGrid,
      handle: { title: 'Collection', head: 'collection' } satisfies RouteHandle,
      shouldRevalidate: keepDataOnNewQuery,
      loader: createCollectionLoader(services, 'simple-grid'),
      lazy: { Component: async () => (await import('./collection-simple-screen')).CollectionSimpleScreen },
    },
    {
      path: paths.collectionTabbedGrid,
      handle: { title: 'Collection', head: 'collection', query: TABBED_QUERY } satisfies RouteHandle,
      shouldRevalidate: keepDataOnNewQuery,
      loader: createCollectionLoader(services, 'tabbed-grid'),
      lazy: { Component: async () => (await import('./collection-tabbed-screen')).CollectionTabbedScreen },
    },
  ];
}
