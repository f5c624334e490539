import type { RouteObject } from 'react-router-dom';
import { unwrap } from '../../api/client';
import { paths } from '../../config/paths';
import type { RouteHandle } from '../../config/route-handle';
import type { RouteServices } from '../../services/route-services';

export interface ProductRegistrationData {
  /** The firearms of the catalogue, by title; null when the list could not be loaded. */
  models: { documentId: string; title: string }[] | null;
}

/**
 * /registration (shop-core.md section 2, "Product registration"; fields in decision 023): the
 * loader reads the registrable firearms (GET /Registration/product-models). A failed list still
 * shows the page, with a notice instead of an empty choice. The screen and its form load only
 * on this route.
 */
export function createProductRegistrationRoute(services: RouteServices) {
  // `satisfies`, not a RouteObject return type: the screen's data is typed from this loader.
  return {
    path: paths.productRegistration,
    handle: { title: 'Product registration', head: 'product-registration' } satisfies RouteHandle,
    loader: async (): Promise<ProductRegistrationData> => {
      if (!services.api) return { models: null };
      try {
        return { models: await unwrap(services.api.GET('/Registration/product-models')) };
      } catch {
        return { models: null };
      }
    },
    lazy: { Component: async () => (await import('./product-registration-screen')).ProductRegistrationScreen },
  } satisfies RouteObject;
}
