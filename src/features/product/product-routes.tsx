import type { RouteObject } from 'react-router-dom';
import { paths } from '../../config/paths';
import type { RouteHandle } from '../../config/route-handle';
import type { RouteServices } from '../../services/route-services';
import { createProductLoader } from './product-loader';

/**
 * Routes of this area (catalogue-and-content.md section 2), added to the table by
 * src/app/router.tsx: the three product layouts share one loader and one code-split screen, which
 * composes its sections by the layout the product's display type names.
 */
export function createProductRoutes(services: RouteServices): RouteObject[] {
  const loader = createProductLoader(services);
  const Component = async () => (await import('./product-screen')).ProductScreen;
  return [paths.productShort, paths.productShortAlt, paths.productLong].map((path) => ({
    path,
    handle: { title: 'Product', head: 'product' } satisfies RouteHandle,
    loader,
    lazy: { Component },
  }));
}
