import type { RouteObject } from 'react-router-dom';
import { paths } from '../../config/paths';
import type { RouteHandle } from '../../config/route-handle';
import type { RouteServices } from '../../services/route-services';
import type { BuilderContent } from './map-builder';

/**
 * /3dbuilder (catalogue-and-content.md section 2; decisions 018, 019): the loader reads the
 * `builder` cms page (the session cache never throws) and the price map. The screen, and
 * Babylon.js behind it, load only on this route.
 */
export function createBuilderRoute(services: RouteServices) {
  // `satisfies`, not a RouteObject return type: the screen's data is typed from this loader.
  return {
    path: paths.builder3d,
    handle: { title: '3D builder', head: 'builder' } satisfies RouteHandle,
    loader: async (): Promise<BuilderContent> => {
      // The mapper comes beside the data, so it stays out of the first load (issue 16).
      const [page, prices, { mapBuilderPage }] = await Promise.all([
        services.pageContent.load('builder'),
        services.prices?.load() ?? Promise.resolve({}),
        import('./map-builder'),
      ]);
      return mapBuilderPage(page, prices);
    },
    lazy: { Component: async () => (await import('./builder-screen')).BuilderScreen },
  } satisfies RouteObject;
}
