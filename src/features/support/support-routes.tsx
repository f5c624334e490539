import type { RouteObject } from 'react-router-dom';
import { paths } from '../../app/paths';
import { placeholderRoute, type RouteServices } from '../../app/route-services';

/** Routes of this area (catalogue-and-content.md section 2), added to the table by src/app/router.tsx. */
export function createSupportRoutes(_services: RouteServices): RouteObject[] {
  return [
    placeholderRoute(paths.limitedEdition, 'Limited edition'),
    placeholderRoute(paths.mediaLibrary, 'Media library'),
    placeholderRoute(paths.support, 'Support'),
    placeholderRoute(paths.warranty, 'Warranty'),
    placeholderRoute(paths.reviews, 'Customer reviews'),
    placeholderRoute(paths.resources, 'Resources'),
  ];
}
