import type { RouteObject } from 'react-router-dom';
import { paths } from '../../config/paths';
import type { RouteHandle } from '../../config/route-handle';
import type { RouteServices } from '../../services/route-services';
import type { DealerRegistrationContent } from './dealer-registration-mappers';

/**
 * /dealer-registration (catalogue-and-content.md section 2): the loader reads the
 * `dealerregistration` cms page (title, greeting, sub_text; the session cache never throws, so
 * the form shows even without content). The form and its machine load only on this route.
 */
export function createDealerRegistrationRoute(services: RouteServices) {
  // `satisfies`, not a RouteObject return type: the screen's data is typed from this loader.
  return {
    path: paths.dealerRegistration,
    handle: { title: 'Dealer registration', head: 'dealer-registration' } satisfies RouteHandle,
    // The mapper comes beside the content, so it stays out of the first load (issue 16).
    loader: async (): Promise<DealerRegistrationContent> => {
      const [content, { mapDealerRegistrationPage }] = await Promise.all([
        services.pageContent.load('dealerregistration'),
        import('./dealer-registration-mappers'),
      ]);
      return mapDealerRegistrationPage(content);
    },
    lazy: { Component: async () => (await import('./dealer-registration-screen')).DealerRegistrationScreen },
  } satisfies RouteObject;
}
