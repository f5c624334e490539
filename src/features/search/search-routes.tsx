import type { RouteObject } from 'react-router-dom';
import { paths } from '../../config/paths';
import type { RouteHandle } from '../../config/route-handle';
import type { RouteServices } from '../../services/route-services';
import { createSearchLoader } from './search-loader';

/** Routes of this area (catalogue-and-content.md section 2), added to the table by src/app/router.tsx. */
export function createSearchRoutes(services: RouteServices): RouteObject[] {
  return [
    {
      path: paths.search,
      handle: { title: 'Search results', head: 'search' } satisfies RouteHandle,
      loader: createSearchLoader(services),
      lazy: { Component: async () => (await import('./search-screen')).SearchScreen },
    },
  ];
}
