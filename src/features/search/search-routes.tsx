import type { RouteObject } from 'react-router-dom';
import { paths } from '../../app/paths';
import { placeholderRoute, type RouteServices } from '../../app/route-services';

/** Routes of this area (catalogue-and-content.md section 2), added to the table by src/app/router.tsx. */
export function createSearchRoutes(_services: RouteServices): RouteObject[] {
  return [
    placeholderRoute(paths.search, 'Search results'),
  ];
}
