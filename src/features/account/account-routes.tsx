import type { RouteObject } from 'react-router-dom';
import { paths, profileChildPath } from '../../app/paths';
import type { RouteHandle } from '../../app/route-handle';
import { placeholderRoute, type RouteActors, type RouteServices } from '../../app/route-services';

function profileScreen(path: string, title: string): RouteObject {
  return placeholderRoute(profileChildPath(path), title);
}

/**
 * The account area's screens (shop-core.md section 2), children of the guarded /profile route in
 * src/app/router.tsx: the overview is the index.
 */
export function createAccountRoutes(_services: RouteServices, _actors: RouteActors): RouteObject[] {
  return [
    {
      index: true,
      handle: { title: 'My Account' } satisfies RouteHandle,
      lazy: {
        Component: async () => (await import('./account-overview-screen')).AccountOverviewScreen,
      },
    },
    profileScreen(paths.profileDetails, 'Edit personal details'),
    profileScreen(paths.profileNewsletter, 'Newsletter preference'),
    profileScreen(paths.profileAddressBook, 'Address book'),
    profileScreen(paths.profileAddress, 'Edit address'),
    profileScreen(paths.profileOrders, 'My orders'),
    profileScreen(paths.profileOrder, 'Order details'),
    profileScreen(paths.profileAccountInformation, 'Account information'),
    profileScreen(paths.profileMyReviews, 'My reviews'),
  ];
}

/** /Newsletter/verify/{token} (shop-core.md section 2): email verification. */
export function createNewsletterVerifyRoute(_services: RouteServices): RouteObject {
  return placeholderRoute(paths.newsletterVerify, 'VERIFYING EMAIL...');
}
