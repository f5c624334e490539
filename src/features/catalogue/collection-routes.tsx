import type { RouteObject, ShouldRevalidateFunctionArgs } from 'react-router-dom';
import { paths } from '../../config/paths';
import type { RouteHandle } from '../../config/route-handle';
import type { RouteServices } from '../../services/route-services';
import { createCollectionLoader } from './collection-loader';

/**
 * A collection's data depends only on its path: filters, sort, search and the active tab live in
 * the query (decision 041) and are applied in the view, so changing them loads nothing again and
 * raises no page-loading spinner.
 */
export function shouldRevalidateCollection({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  if (formMethod && formMethod.toUpperCase() !== 'GET') return defaultShouldRevalidate;
  if (currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

/** Routes of this area (catalogue-and-content.md section 2), added to the table by src/app/router.tsx. */
export function createCollectionRoutes(services: RouteServices): RouteObject[] {
  return [
    {
      path: paths.collectionCards,
      handle: { title: 'Collection', head: 'collection' } satisfies RouteHandle,
      shouldRevalidate: shouldRevalidateCollection,
      loader: createCollectionLoader(services, 'cards'),
      lazy: { Component: async () => (await import('./collection-cards-screen')).CollectionCardsScreen },
    },
    {
      path: paths.collectionFilterableGrid,
      handle: { title: 'Collection', head: 'collection' } satisfies RouteHandle,
      shouldRevalidate: shouldRevalidateCollection,
      loader: createCollectionLoader(services, 'filterable-grid'),
      lazy: { Component: async () => (await import('./collection-filterable-screen')).CollectionFilterableScreen },
    },
    {
      path: paths.collectionSimpleGrid,
      handle: { title: 'Collection', head: 'collection' } satisfies RouteHandle,
      shouldRevalidate: shouldRevalidateCollection,
      loader: createCollectionLoader(services, 'simple-grid'),
      lazy: { Component: async () => (await import('./collection-simple-screen')).CollectionSimpleScreen },
    },
    {
      path: paths.collectionTabbedGrid,
      handle: { title: 'Collection', head: 'collection' } satisfies RouteHandle,
      shouldRevalidate: shouldRevalidateCollection,
      loader: createCollectionLoader(services, 'tabbed-grid'),
      lazy: { Component: async () => (await import('./collection-tabbed-screen')).CollectionTabbedScreen },
    },
  ];
}
