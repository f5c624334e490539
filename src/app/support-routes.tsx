import type { RouteObject } from 'react-router-dom';
import { paths } from '../config/paths';
import type { RouteHandle } from '../config/route-handle';
import type { RouteServices } from '../services/route-services';
import { createLimitedEditionLoader } from '../features/limited-edition/limited-edition-loader';
import { createMediaLibraryLoader } from '../features/media-library/media-library-loader';
import { createReviewsLoader } from '../features/reviews/reviews-loader';
import { createResourcesLoader, createSupportLoader, createWarrantyLoader } from '../features/support/support-loaders';

/**
 * Routes of this area (catalogue-and-content.md section 2), added to the table by
 * src/app/router.tsx. Loaders are small and eager; every screen is its own lazy chunk.
 */
export function createSupportRoutes(services: RouteServices): RouteObject[] {
  return [
    {
      path: paths.limitedEdition,
      handle: { title: 'Limited Edition', head: 'limited-edition' } satisfies RouteHandle,
      loader: createLimitedEditionLoader(services.pageContent),
      lazy: { Component: async () => (await import('../features/limited-edition/limited-edition-screen')).LimitedEditionScreen },
    },
    {
      path: paths.mediaLibrary,
      handle: { title: 'Media Library', head: 'media-library' } satisfies RouteHandle,
      loader: createMediaLibraryLoader(services.pageContent),
      lazy: { Component: async () => (await import('../features/media-library/media-library-screen')).MediaLibraryScreen },
    },
    {
      path: paths.support,
      handle: { title: 'Support', head: 'support' } satisfies RouteHandle,
      loader: createSupportLoader(services.pageContent),
      lazy: { Component: async () => (await import('../features/support/support-screen')).SupportScreen },
    },
    {
      path: paths.warranty,
      handle: { title: 'Warranty', head: 'warranty' } satisfies RouteHandle,
      loader: createWarrantyLoader(services.pageContent),
      lazy: { Component: async () => (await import('../features/support/warranty-screen')).WarrantyScreen },
    },
    {
      path: paths.reviews,
      handle: { title: 'Customer Reviews', head: 'reviews' } satisfies RouteHandle,
      loader: createReviewsLoader(services.api),
      lazy: { Component: async () => (await import('../features/reviews/reviews-screen')).ReviewsScreen },
    },
    {
      path: paths.resources,
      handle: { title: 'Resources', head: 'resources' } satisfies RouteHandle,
      loader: createResourcesLoader(services.pageContent),
      lazy: { Component: async () => (await import('../features/support/resources-screen')).ResourcesScreen },
    },
  ];
}
